//! `file/bad-name` (error): a file or folder under `content/` whose name holds a character no
//! published text may hold (`shoko_vocab::publishable`), or a tab or line break: its name would
//! become a page's address and a link's text. It is not read.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};
use shoko_vocab::ContentPath;

/// The code.
pub static CODE: Code = Code {
    name: "file/bad-name",
    severity: Severity::Error,
    stops_reading: true,
    summary: "a file or folder under content/ has a control character or a noncharacter in its name and is not read.",
};

/// The diagnostic for the file or folder at `path` (relative to `content/`), whose name holds `c`.
pub fn diagnostic(span: Span, path: &str, c: char) -> Diagnostic {
    Diagnostic::new(
        &CODE,
        format!(
            "the name of {} holds U+{:04X}, {}: it is not read",
            ContentPath(path),
            u32::from(c),
            if c.is_control() { "a control character" } else { shoko_vocab::unpublishable_kind(c) }
        ),
        span,
    )
    .with_hint("rename it: a name becomes a page's address, and no address or link may hold such a character")
}
