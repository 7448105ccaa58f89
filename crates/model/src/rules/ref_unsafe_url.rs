//! `ref/unsafe-url` (error): a link or image whose scheme is not one the site publishes.
//!
//! Links lead to pages and files of the site, to claims (`claim:`), or out with `http:`,
//! `https:` or `mailto:` ([`shoko_vocab::EXTERNAL_SCHEMES`]). Every other scheme is refused in
//! any spelling: `javascript:` and `vbscript:` run code on the site's origin, `data:` can carry a
//! whole page, `file:` points into the reader's disk.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "ref/unsafe-url",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a link or image uses a scheme other than http, https, mailto or claim.",
};

/// The diagnostic at the link.
pub fn diagnostic(span: Span, scheme: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("links with the scheme `{}:` are not published", scheme.escape_debug()), span)
        .with_label("refused scheme")
        .with_hint(
            "link to a page (its `.md` source), a file under content/, a claim (`claim:ID`) or an http, https or mailto address",
        )
}
