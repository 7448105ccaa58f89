//! `file/symlink` (warning): a symbolic link among the site's inputs (`content/`, `templates/`,
//! `static/`, `i18n/`, `shoko.yaml`, or one of those folders itself). Links are never followed,
//! so nothing outside the site root is read: a link loop, a link to `/etc` or to a home folder
//! cannot pull files into the site or into diagnostics.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "file/symlink",
    severity: Severity::Warning,
    stops_reading: false,
    summary: "a symbolic link among the site's inputs is skipped (links are never followed).",
};

/// The diagnostic for the link at `path` (relative to the site root).
pub fn diagnostic(span: Span, path: &str) -> Diagnostic {
    let instead = if path.starts_with("content/") {
        "the file is left out of the site"
    } else {
        "the built-in default is used instead"
    };
    Diagnostic::new(&CODE, format!("{path} is a symbolic link; it was skipped and {instead}"), span)
        .with_hint("copy or move the file into the site root instead; links are never followed, so nothing outside the site root is read")
}
