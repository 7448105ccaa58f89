//! `file/too-large` (error): a content file is larger than the limit (`max_file_kib` in
//! `shoko.yaml`, 16 MiB by default); it is not read.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "file/too-large",
    severity: Severity::Error,
    stops_reading: true,
    summary: "a content file is larger than the limit (`max_file_kib`, 16 MiB by default) and is not read.",
};

/// The diagnostic for a file of `size` bytes over a limit of `limit` bytes.
pub fn diagnostic(span: Span, size: u64, limit: u64) -> Diagnostic {
    Diagnostic::new(
        &CODE,
        format!("file is {}, over the limit of {}; it was not read", super::kib(size), super::kib(limit)),
        span,
    )
    .with_hint(
        "split it into several pages or logs, or raise `max_file_kib` in shoko.yaml if it really must be this large",
    )
}
