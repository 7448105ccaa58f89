//! `fm/missing-field` (error): a required field is missing.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "fm/missing-field",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a required field is missing.",
};

/// The diagnostic at the mapping that lacks the field.
pub fn diagnostic(span: Span, container: &str, field: &str) -> Diagnostic {
    let place = if container.is_empty() { String::from("front-matter") } else { format!("`{container}`") };
    Diagnostic::new(&CODE, format!("{place} is missing the required field `{field}`"), span)
        .with_label(format!("`{field}` missing here"))
        .with_hint(format!("add `{field}: …`; see `shoko schema` for its shape"))
}
