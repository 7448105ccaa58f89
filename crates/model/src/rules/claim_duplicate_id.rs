//! `claim/duplicate-id` (error): two claims or open questions share an ID; IDs are unique site-wide.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "claim/duplicate-id",
    severity: Severity::Error,
    stops_reading: false,
    summary: "two claims or open questions share an ID; IDs are unique site-wide.",
};

/// The diagnostic at the second definition, pointing back at the first.
pub fn diagnostic(span: Span, id: &str, first: Span) -> Diagnostic {
    Diagnostic::new(&CODE, format!("ID `{id}` is defined more than once"), span)
        .with_label("defined again here")
        .with_secondary(first, "first defined here")
        .with_hint("IDs are unique across the whole site: rename one of them and update its citations")
}
