//! `file/symlink` (warning): a symbolic link under `content/`; links are not followed, so a link
//! loop or a link out of `content/` cannot pull files into the site.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "file/symlink",
    severity: Severity::Warning,
    summary: "a symbolic link under content/ is skipped (links are not followed).",
};

/// The diagnostic for the link at `path` (relative to `content/`).
pub fn diagnostic(span: Span, path: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("content/{path} is a symbolic link; it was skipped"), span)
        .with_hint("copy or move the file into content/ instead; links are not followed, so loops and links out of content/ cannot reach the site")
}
