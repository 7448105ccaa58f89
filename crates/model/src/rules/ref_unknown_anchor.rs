//! `ref/unknown-anchor` (error): a link's `#anchor` names no heading, claim card, question or
//! section of the target page in the link's language.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "ref/unknown-anchor",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a link's #anchor does not exist on the target page in the link's language.",
};

/// The diagnostic at the link; `lang` is the language whose page lacks the anchor.
pub fn diagnostic(span: Span, anchor: &str, page: &str, lang: &str, nearest: Option<&str>) -> Diagnostic {
    let d = Diagnostic::new(&CODE, format!("`#{anchor}` does not exist on {page} ({lang})"), span)
        .with_label("no heading or card has this ID");
    match nearest {
        Some(n) => d.with_hint(format!("did you mean `#{n}`? Heading IDs are the heading text in lowercase with spaces as `-`; set one with `## Heading {{#id}}`")),
        None => d.with_hint("heading IDs are the heading text in lowercase with spaces as `-`; set one with `## Heading {#id}`"),
    }
}
