//! `claim/duplicate-id` (error): two claims or open questions share an ID; IDs are unique site-wide.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "claim/duplicate-id",
    severity: Severity::Error,
    stops_reading: true,
    summary: "two claims or open questions share an ID; IDs are unique site-wide.",
};

/// The diagnostic at one definition (the later in path order), naming the other. Which of the two
/// is new is not known here, so neither is called the first.
pub fn diagnostic(span: Span, id: &str, other: Span) -> Diagnostic {
    Diagnostic::new(&CODE, format!("ID `{id}` is defined more than once"), span)
        .with_label("defined here")
        .with_secondary(other, "and here")
        .with_hint("IDs are unique across the whole site: keep the ID on the claim its citations mean, give the other a new ID, and update the citations of that one")
}
