//! `source/too-large` (error): the file a `source_code` source cites is larger, in its clone,
//! than `max_source_kib` allows, so it is not read and the source is not verified.

use crate::upstream::Read;
use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "source/too-large",
    severity: Severity::Error,
    stops_reading: false,
    summary: "the file a source cites is larger than `max_source_kib` (64 MiB by default) and is not read.",
};

/// The diagnostic at the path: the file is `size` bytes at the commit `read`, over `limit`.
pub fn diagnostic(span: Span, repo: &str, path: &str, read: &Read, size: u64, limit: u64) -> Diagnostic {
    Diagnostic::new(
        &CODE,
        format!(
            "`{path}` is {} in {repo} at {read}, over the limit of {}: it is not read, so this source is not verified",
            super::kib(size),
            super::kib(limit)
        ),
        span,
    )
    .with_label("too large to read")
    .with_hint("cite a smaller file, or raise `max_source_kib` in shoko.yaml if this one must be read")
}
