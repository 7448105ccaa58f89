//! `claim/missing-scope` (error): a confirmed claim has no scope (gfx targets, versions, date),
//! or an empty one (`scope: {}`).

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "claim/missing-scope",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a confirmed claim has no scope (gfx targets, versions, date).",
};

/// The diagnostic at the class of the claim.
pub fn diagnostic(span: Span, id: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("confirmed claim `{id}` has no scope"), span)
        .with_label("confirmed needs a scope")
        .with_hint("add `scope: { gfx: [gfx1201], observed: \"YYYY-MM-DD\" }`: a confirmed fact about one target says nothing about another")
}
