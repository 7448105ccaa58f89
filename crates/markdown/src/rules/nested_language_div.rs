//! `md/nested-language-div` (error): a language div inside another language div has no meaning.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "md/nested-language-div",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a language div is nested inside another language div",
};

/// The diagnostic at the inner opening fence.
pub fn diagnostic(span: Span) -> Diagnostic {
    Diagnostic::new(&CODE, "language div inside another language div", span)
        .with_label("opened while a language div is still open")
        .with_hint("close the outer `:::ja`/`:::en` block with `:::` before opening the next one")
}
