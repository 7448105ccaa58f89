//! `fm/missing` (error): a Markdown page has no YAML front-matter.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "fm/missing",
    severity: Severity::Error,
    stops_reading: true,
    summary: "a Markdown page has no YAML front-matter.",
};

/// The diagnostic at the first line of the file.
pub fn diagnostic(span: Span) -> Diagnostic {
    Diagnostic::new(&CODE, "page has no front-matter", span)
        .with_label("expected `---` here")
        .with_hint("start the file with `---`, a `title: { ja: …, en: … }` line and a closing `---`")
}
