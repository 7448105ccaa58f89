//! `claim/weak-premise` (warning): a claim is inferred from a superseded or unresolved claim.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "claim/weak-premise",
    severity: Severity::Warning,
    stops_reading: false,
    summary: "a claim is inferred from a superseded or unresolved claim.",
};

/// The diagnostic at the reference; `why` says what is weak about the premise.
pub fn diagnostic(span: Span, id: &str, premise: &str, why: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("`{id}` depends on `{premise}`, which is {why}"), span)
        .with_label(why.to_owned())
        .with_hint("an inference is never stronger than its weakest premise: point it at the current claim or review its class")
}
