//! `file/bad-image` (error): an image a page shows cannot be decoded.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};
use shoko_vocab::ContentPath;

/// The code.
pub static CODE: Code = Code {
    name: "file/bad-image",
    severity: Severity::Error,
    stops_reading: false,
    summary: "an image a page shows cannot be decoded (corrupt, or not the format its name says).",
};

/// The diagnostic at the image link.
pub fn diagnostic(span: Span, path: &str, reason: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("{} cannot be read as an image: {reason}", ContentPath(path)), span)
        .with_hint("re-export the image as PNG, JPEG, WebP, GIF or SVG")
}
