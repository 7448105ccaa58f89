//! `claim/missing-premise` (error): an inferred claim does not say what it is inferred from.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "claim/missing-premise",
    severity: Severity::Error,
    stops_reading: false,
    summary: "an inferred claim does not say what it is inferred from.",
};

/// The diagnostic at the class of the claim.
pub fn diagnostic(span: Span, id: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("inferred claim `{id}` has no premise"), span)
        .with_label("inferred needs `depends_on`")
        .with_hint("add `depends_on: [ID, …]` naming the claims it is derived from")
}
