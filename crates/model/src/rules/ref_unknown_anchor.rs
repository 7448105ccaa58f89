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

/// How many of a page's anchors an error lists.
const LISTED: usize = 8;

/// The diagnostic at the link; `lang` is the language whose page lacks the anchor; `nearest` a
/// close one; `existing` the page's heading and section anchors in that language.
pub fn diagnostic(
    span: Span,
    anchor: &str,
    page: &str,
    lang: &str,
    nearest: Option<&str>,
    existing: &[&str],
) -> Diagnostic {
    let d = Diagnostic::new(&CODE, format!("`#{anchor}` does not exist on {page} ({lang})"), span)
        .with_label("no heading or card has this ID");
    let set_one = "give a heading an ID of your own with `## Heading {#id}`";
    match (nearest, existing) {
        (Some(n), _) => d.with_hint(format!("did you mean `#{n}`? ({set_one})")),
        (None, []) => d.with_hint(format!("that page has no heading anchors in this language; {set_one}")),
        (None, existing) => {
            let mut listed: Vec<String> = existing.iter().take(LISTED).map(|a| format!("`#{a}`")).collect();
            if existing.len() > LISTED {
                listed.push(format!("and {} more", existing.len() - LISTED));
            }
            d.with_hint(format!("anchors there in this language: {}; {set_one}", listed.join(", ")))
        }
    }
}
