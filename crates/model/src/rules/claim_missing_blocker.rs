//! `claim/missing-blocker` (error): an unresolved claim does not say what blocks it.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "claim/missing-blocker",
    severity: Severity::Error,
    stops_reading: false,
    summary: "an unresolved claim does not say what blocks it.",
};

/// The diagnostic at the class of the claim.
pub fn diagnostic(span: Span, id: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("unresolved claim `{id}` does not say what blocks it"), span)
        .with_label("unresolved needs `blocked_by`")
        .with_hint(
            "add `blocked_by: { kind: observer | not_performed, detail: { ja: …, en: … } }`: unresolved is not \"no\"",
        )
}
