//! `source/lines-out-of-range` (error): a `source_code` source's line range ends past the end of
//! the file at the commit read.

use crate::upstream::Read;
use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "source/lines-out-of-range",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a source's line range ends past the end of the file at the commit read.",
};

/// The diagnostic at the line range.
pub fn diagnostic(span: Span, path: &str, lines: [u32; 2], read: &Read, len: u32) -> Diagnostic {
    Diagnostic::new(
        &CODE,
        format!("lines {}–{} are past the end of `{path}`, which has {len} lines at {read}", lines[0], lines[1]),
        span,
    )
    .with_label(format!("the file ends at line {len}"))
    .with_hint("correct the range, or pin the commit the lines were read at (`shoko pin`)")
}
