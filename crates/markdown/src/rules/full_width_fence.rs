//! `md/full-width-fence` (error): a fence line typed with a Japanese input method (`：：：ja`,
//! `:：:`, `：：：ｊａ`): Markdown reads it as text, so both pages would show it and the div it
//! meant would not exist. The line is read as the fence it was meant to be, so nothing else is
//! reported because of it.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "md/full-width-fence",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a fence line is typed with full-width colons or letters (`：：：ja`), which Markdown reads as text",
};

/// The diagnostic at the line, which was meant as `meant`.
pub fn diagnostic(span: Span, meant: &str) -> Diagnostic {
    Diagnostic::new(
        &CODE,
        format!("this fence is typed with full-width characters: it would be shown as text, not read as `{meant}`"),
        span,
    )
    .with_label("full-width `：` or letters")
    .with_hint(format!("type it in ASCII: `{meant}` (switch the input method off for fences)"))
}
