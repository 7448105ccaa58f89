//! `fm/wrong-type` (error): a field has the wrong type (e.g. a list where text is expected).

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "fm/wrong-type",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a field has the wrong type (e.g. a list where text is expected).",
};

/// The diagnostic at the value. `found` and `expected` come from the deserializer.
pub fn diagnostic(span: Span, field: &str, found: &str, expected: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("`{field}` is {found}, expected {expected}"), span)
        .with_label(format!("expected {expected}"))
        .with_hint("see `shoko schema` for the shape of every field")
}
