//! `fm/unquoted-scalar` (error): an unquoted value was re-typed by YAML (`6.10` became 6.1, `1234567` became a number); quote it.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "fm/unquoted-scalar",
    severity: Severity::Error,
    stops_reading: false,
    summary: "an unquoted value was re-typed by YAML (`6.10` became 6.1, `1234567` became a number); quote it.",
};

/// The diagnostic at the value: `raw` as written, `read` as YAML typed it.
pub fn diagnostic(span: Span, field: &str, raw: &str, read: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("`{field}`: `{raw}` was read as {read}: quote it"), span)
        .with_label("YAML re-types unquoted values")
        .with_hint(format!("write `\"{raw}\"` so it stays text exactly as written"))
}
