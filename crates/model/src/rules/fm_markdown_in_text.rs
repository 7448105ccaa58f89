//! `fm/markdown-in-text` (warning): a front-matter text (a title, a claim's statement, a reason,
//! …) holds Markdown: a link, emphasis, a code span (`shoko_markdown::first_markup`). These texts
//! are plain: the markup is shown as typed, and a `claim:` link there cites nothing and is never
//! checked.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "fm/markdown-in-text",
    severity: Severity::Warning,
    stops_reading: false,
    summary: "a front-matter text holds Markdown (a link, emphasis, a code span), which is shown as typed (these texts are plain).",
};

/// The diagnostic at the text of `field`, which holds the markup `markup` as written.
pub fn diagnostic(span: Span, field: &str, markup: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("`{field}` is plain text: `{markup}` is shown as typed, not as Markdown"), span)
        .with_label("Markdown in a front-matter text")
        .with_hint(
            "write the words without the markup; links, `claim:` citations, emphasis and code work in the page's body",
        )
}
