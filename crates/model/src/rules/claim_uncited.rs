//! `claim/uncited` (warning): a current claim is shown on no page.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "claim/uncited",
    severity: Severity::Warning,
    stops_reading: false,
    summary: "a current claim is shown on no page.",
};

/// The diagnostic at the claim ID.
pub fn diagnostic(span: Span, id: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("claim `{id}` is not shown on any page"), span)
        .with_label("declared here, cited nowhere")
        .with_hint(format!(
            "cite it from a page with `[text](claim:{id})`, or mark it `lifecycle: retracted` if it no longer holds"
        ))
}
