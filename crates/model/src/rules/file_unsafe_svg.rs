//! `file/unsafe-svg` (error): an SVG figure holds something that runs code or fetches files.
//!
//! SVG figures are published as they are, and opening one (click to enlarge) shows it on the
//! site's own origin, where its scripts would run. They must be drawings only: no `<script>`,
//! `<foreignObject>`, frames or embeds, no event-handler attributes, no animation that rewrites a
//! link, no link with a refused scheme and no reference to a file outside the site.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};
use shoko_vocab::ContentPath;

/// The code.
pub static CODE: Code = Code {
    name: "file/unsafe-svg",
    severity: Severity::Error,
    stops_reading: false,
    summary: "an SVG figure holds a script, event handler, embedded document or reference off the site.",
};

/// The diagnostic at the image link.
pub fn diagnostic(span: Span, path: &str, reason: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("{} is not published: {reason}", ContentPath(path)), span)
        .with_label("this figure")
        .with_hint(
            "export the drawing again as plain SVG (text as text or paths, no scripts or interactivity), or as PNG",
        )
}
