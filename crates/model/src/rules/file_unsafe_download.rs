//! `file/unsafe-download` (error): a page links a file under `content/` whose name a browser
//! opens as a page, a script or a style sheet (`.html`, `.xhtml`, `.xml`, `.js`, `.css`, …):
//! published as it is, it would run on the site's own origin, past every check a page gets.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};
use shoko_vocab::ContentPath;

/// The code.
pub static CODE: Code = Code {
    name: "file/unsafe-download",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a page links a file whose name a browser would run as a page or script of the site (.html, .xml, .js, …).",
};

/// The diagnostic at the link to `path`.
pub fn diagnostic(span: Span, path: &str) -> Diagnostic {
    let name = path.rsplit('/').next().unwrap_or(path);
    Diagnostic::new(&CODE, format!("{} would be served as a page or script of the site", ContentPath(path)), span)
        .with_label("not published")
        .with_hint(format!(
            "link a page by its `.md` source; to offer the file itself, give it a name that downloads (`{name}.txt`)"
        ))
}
