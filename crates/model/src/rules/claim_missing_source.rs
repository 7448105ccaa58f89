//! `claim/missing-source` (error): a confirmed claim names no source.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "claim/missing-source",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a confirmed claim names no source.",
};

/// The diagnostic at the class of the claim.
pub fn diagnostic(span: Span, id: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("confirmed claim `{id}` has no source"), span)
        .with_label("confirmed needs at least one source")
        .with_hint("add `sources:` with the command output, file, commit or artifact that shows it, or lower the class to what was actually observed")
}
