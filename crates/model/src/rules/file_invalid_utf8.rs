//! `file/invalid-utf8` (error): a content file is not valid UTF-8.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "file/invalid-utf8",
    severity: Severity::Error,
    stops_reading: true,
    summary: "a content file is not valid UTF-8.",
};

/// The diagnostic at the first invalid byte.
pub fn diagnostic(span: Span) -> Diagnostic {
    Diagnostic::new(&CODE, "file is not valid UTF-8", span)
        .with_label("invalid byte sequence starts here")
        .with_hint("save the file as UTF-8 (without legacy encodings such as Shift_JIS)")
}
