//! `file/empty` (error): a content file is empty.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code =
    Code { name: "file/empty", severity: Severity::Error, stops_reading: true, summary: "a content file is empty." };

/// The diagnostic for an empty file.
pub fn diagnostic(span: Span) -> Diagnostic {
    Diagnostic::new(&CODE, "file is empty", span)
        .with_hint("a page needs front-matter with at least a `title`; run `shoko new page PATH` for a template, or delete the file")
}
