//! `fm/missing-field` (error): a required field is missing, or a field's text is empty or
//! only spaces (no text: a required one is missing, an optional one is better left out).

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "fm/missing-field",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a required field is missing, or a field's text is empty or only spaces.",
};

/// The diagnostic at the mapping that lacks the field.
pub fn diagnostic(span: Span, container: &str, field: &str) -> Diagnostic {
    let place = if container.is_empty() { String::from("front-matter") } else { format!("`{container}`") };
    Diagnostic::new(&CODE, format!("{place} is missing the required field `{field}`"), span)
        .with_label(format!("`{field}` missing here"))
        .with_hint(format!("add `{field}: …`; see `shoko schema` for its shape"))
}

/// The diagnostic at a text that is empty or only spaces, at `field`.
pub fn blank(span: Span, field: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("`{field}` is empty: a blank text is no text"), span)
        .with_label("no text here")
        .with_hint("write what it says; an optional field with nothing to say is left out")
}
