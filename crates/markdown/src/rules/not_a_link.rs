//! `md/not-a-link` (error): text written as a link that is not one: `[text](claim: id)` (a space
//! in the destination), `[text]（claim:id）` or `［text］(…)` (full-width brackets or
//! parentheses): Markdown shows the brackets as typed and the claim is cited nowhere. And a link
//! whose scheme is followed by a full-width colon (`claim：id`), which would be read as a file.
//! Brackets that hold no link (`[13, 16]`, `a[i]`, `[x] (y)`) are text, and silent.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "md/not-a-link",
    severity: Severity::Error,
    stops_reading: false,
    summary: "text written as a link is not one (a space in its destination, full-width brackets, parentheses or colon)",
};

/// Why a link-shaped text is not a link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// A space in the destination.
    Space,
    /// Full-width brackets or parentheses around it.
    FullWidth,
    /// A full-width colon after the scheme (`claim：id`).
    FullWidthColon,
}

/// The diagnostic at the link-shaped text `written`.
pub fn diagnostic(span: Span, written: &str, why: Why) -> Diagnostic {
    let (what, hint) = match why {
        Why::Space => (
            "its destination holds a space, so Markdown shows it as typed",
            "remove the space (`[text](claim:ID)`); a space in an address is written `%20`",
        ),
        Why::FullWidth => (
            "it uses full-width brackets or parentheses, so Markdown shows it as typed",
            "type `[`, `]`, `(` and `)` in ASCII",
        ),
        Why::FullWidthColon => (
            "a full-width colon follows the scheme, so it would be read as a file's name",
            "type the colon in ASCII: `claim:ID`",
        ),
    };
    Diagnostic::new(&CODE, format!("`{written}` is not a link: {what}"), span).with_label("not a link").with_hint(hint)
}
