//! `md/unclosed-div` (error): a div is still open at the end of the body.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "md/unclosed-div",
    severity: Severity::Error,
    stops_reading: true,
    summary: "a fenced div is never closed",
};

/// The diagnostic at the opening fence.
pub fn diagnostic(span: Span) -> Diagnostic {
    Diagnostic::new(&CODE, "div is never closed", span)
        .with_label("opened here")
        .with_hint("add a line `:::` where the block ends")
}
