//! `fm/unclosed` (error): the front-matter opened by `---` is never closed.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "fm/unclosed",
    severity: Severity::Error,
    stops_reading: true,
    summary: "the front-matter opened by `---` is never closed.",
};

/// The diagnostic at the opening fence.
pub fn diagnostic(span: Span) -> Diagnostic {
    Diagnostic::new(&CODE, "front-matter is never closed", span)
        .with_label("opened here")
        .with_hint("add a line `---` after the last front-matter field")
}
