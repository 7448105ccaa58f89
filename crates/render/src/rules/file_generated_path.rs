//! `file/generated-path` (error): a file under `static/` would be written where the build
//! writes a page or a file of its own (see [`crate::generated_at`]), and one would silently
//! replace the other.

use crate::Generated;
use shoko_diagnostics::{Code, Diagnostic, Severity, Span};
use shoko_vocab::layout::STATIC_DIR;

/// The code.
pub static CODE: Code = Code {
    name: "file/generated-path",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a file under static/ has the path of a page or file the build generates.",
};

/// The diagnostic at the start of the static file `path` (from `static/`).
pub fn diagnostic(span: Span, path: &str, owner: &Generated<'_>) -> Diagnostic {
    Diagnostic::new(&CODE, format!("{STATIC_DIR}/{path} has the path of {owner}"), span)
        .with_hint("rename or move the file: the build writes this path itself, and one of the two would be lost")
}
