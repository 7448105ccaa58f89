//! `claim/retracted-premise` (error): a claim is inferred from a retracted claim.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "claim/retracted-premise",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a claim is inferred from a retracted claim.",
};

/// The diagnostic at the reference to the retracted premise.
pub fn diagnostic(span: Span, id: &str, premise: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("`{id}` depends on retracted claim `{premise}`"), span)
        .with_label("retracted")
        .with_hint("re-derive the claim from current claims, or retract or downgrade it as well")
}
