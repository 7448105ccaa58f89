//! `ref/unknown-page` (error): a link points to a page that does not exist under content/.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};
use shoko_vocab::ContentPath;

/// The code.
pub static CODE: Code = Code {
    name: "ref/unknown-page",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a link points to a page that does not exist under content/.",
};

/// The diagnostic at the link.
pub fn diagnostic(span: Span, dest: &str, resolved: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("link to missing page `{dest}`"), span)
        .with_label(format!("resolves to {}, which does not exist", ContentPath(resolved)))
        .with_hint("link to the `.md` source relative to this file, e.g. `../gpu/index.md`")
}

/// A link that leaves content/ with `../`.
pub fn escapes(span: Span, dest: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("link `{dest}` leaves content/"), span)
        .with_label("too many `../`")
        .with_hint("link to a page inside content/, relative to this file")
}
