//! `fm/unknown-field` (error): a field that the schema does not define (often a misspelling).

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "fm/unknown-field",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a field that the schema does not define (often a misspelling).",
};

/// The diagnostic at the unknown key. `expected` is the list serde gives.
pub fn diagnostic(span: Span, field: &str, expected: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("unknown field `{field}`"), span)
        .with_label("not part of the schema")
        .with_hint(format!("allowed here: {expected}"))
}
