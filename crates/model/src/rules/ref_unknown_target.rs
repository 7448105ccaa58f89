//! `ref/unknown-target` (error): a GPU target named by a component, a claim's scope or a
//! question is not in `content/_data/targets.yaml` (a scope or question may also name one
//! listed under `mentioned:`, a target the site names but does not observe).

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "ref/unknown-target",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a GPU target named in a component, a scope or a question is not in content/_data/targets.yaml.",
};

/// `content/_data/targets.yaml`, as the diagnostics name it.
fn targets_file() -> String {
    shoko_vocab::layout::data_file(shoko_vocab::layout::TARGETS_FILE)
}

/// The diagnostic at the component's fence.
pub fn diagnostic(span: Span, gfx: &str, known: &[&str]) -> Diagnostic {
    Diagnostic::new(&CODE, format!("unknown GPU target `{gfx}`"), span)
        .with_label(format!("not in {}", targets_file()))
        .with_hint(if known.is_empty() {
            format!("add it to {}", targets_file())
        } else {
            format!("known targets: {}", known.join(", "))
        })
}

/// The diagnostic at a GPU target in a claim's scope or a question's `gfx`; `named` are the
/// targets the site observes or mentions.
pub fn in_scope(span: Span, gfx: &str, named: &[&str]) -> Diagnostic {
    Diagnostic::new(&CODE, format!("unknown GPU target `{gfx}`"), span)
        .with_label(format!("not in {}", targets_file()))
        .with_hint(format!(
            "known targets: {}; a target the site names but does not observe goes under `mentioned:` there",
            named.join(", ")
        ))
}
