//! `ref/unknown-target` (error): a GPU target named by a component is not in
//! `content/_data/targets.yaml`.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "ref/unknown-target",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a GPU target named in the body is not defined in content/_data/targets.yaml.",
};

/// The diagnostic at the component's fence.
pub fn diagnostic(span: Span, gfx: &str, known: &[&str]) -> Diagnostic {
    Diagnostic::new(&CODE, format!("unknown GPU target `{gfx}`"), span)
        .with_label("not in content/_data/targets.yaml")
        .with_hint(if known.is_empty() {
            String::from("add it to content/_data/targets.yaml")
        } else {
            format!("known targets: {}", known.join(", "))
        })
}
