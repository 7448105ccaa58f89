//! `page/placeholder` (warning): a text still holds a placeholder `shoko new` wrote (it starts
//! with [`MARKER`]): a title, a gain or a paragraph of the body nobody has written yet would be
//! published as it is.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "page/placeholder",
    severity: Severity::Warning,
    stops_reading: false,
    summary: "a text still starts with `TODO:`, a placeholder `shoko new` wrote, and would be published as it is",
};

/// What every placeholder `shoko new` writes starts with, and what this rule looks for: a text
/// (a YAML text, or a line of a page's body) that starts with it is not written yet.
pub const MARKER: &str = "TODO:";

/// Whether `text` is a placeholder.
pub fn is_placeholder(text: &str) -> bool {
    text.trim_start().starts_with(MARKER)
}

/// The diagnostic at the placeholder.
pub fn diagnostic(span: Span) -> Diagnostic {
    Diagnostic::new(&CODE, format!("a placeholder (`{MARKER} …`) is still here and would be published as it is"), span)
        .with_label("not written yet")
        .with_hint("write the text it stands for (or remove it)")
}
