//! SVG figures are published as they are and open on the site's own origin (click to enlarge),
//! where a browser runs whatever scripts they hold. So an SVG is read as XML (`roxmltree`, which
//! refuses DTDs and with them entity expansion) and refused when it holds anything that runs or
//! fetches: `<script>`, `<foreignObject>` (HTML inside an SVG), frames and embeds, event-handler
//! attributes (`onload`, …), animations that rewrite a link, and links or references with a
//! scheme other than the ones pages may use (or, outside `<a>`, any reference off the site).

use shoko_markdown::scheme;
use shoko_vocab::EXTERNAL_SCHEMES;

/// Elements that run code or embed other documents.
const FORBIDDEN_ELEMENTS: [&str; 7] = ["script", "foreignObject", "iframe", "embed", "object", "handler", "listener"];

/// Attributes that hold a URL.
const URL_ATTRIBUTES: [&str; 3] = ["href", "src", "action"];

/// Why `text` may not be published, with its line and column in the SVG, or `None` when it is
/// safe; `Err` when it is not an SVG at all.
pub(crate) fn unsafe_part(text: &str) -> Result<Option<String>, String> {
    let options = roxmltree::ParsingOptions { allow_dtd: false, ..roxmltree::ParsingOptions::default() };
    let doc = roxmltree::Document::parse_with_options(text, options).map_err(|e| format!("not an SVG: {e}"))?;
    if doc.root_element().tag_name().name() != "svg" {
        return Err(String::from("no <svg> root element"));
    }
    for node in doc.descendants().filter(roxmltree::Node::is_element) {
        let name = node.tag_name().name();
        let at = || {
            let pos = doc.text_pos_at(node.range().start);
            format!("line {}, column {}", pos.row, pos.col)
        };
        if FORBIDDEN_ELEMENTS.iter().any(|f| f.eq_ignore_ascii_case(name)) {
            return Ok(Some(format!("it holds a <{name}> element ({})", at())));
        }
        let animates_a_link = matches!(name, "set" | "animate")
            && node.attributes().any(|a| a.name() == "attributeName" && a.value().ends_with("href"));
        if animates_a_link {
            return Ok(Some(format!("its <{name}> rewrites a link ({})", at())));
        }
        for attribute in node.attributes() {
            let key = attribute.name();
            if key.len() > 2 && key[..2].eq_ignore_ascii_case("on") {
                return Ok(Some(format!("<{name}> has the event handler `{key}` ({})", at())));
            }
            if !URL_ATTRIBUTES.contains(&key) {
                continue;
            }
            match scheme(attribute.value()) {
                Some(s) if !EXTERNAL_SCHEMES.contains(&s.as_str()) => {
                    return Ok(Some(format!("<{name} {key}> uses the scheme `{s}:` ({})", at())));
                }
                Some(_) if name != "a" => {
                    return Ok(Some(format!("<{name} {key}> loads a file from outside the site ({})", at())));
                }
                _ => {}
            }
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::unsafe_part;

    const NS: &str = r#"xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink""#;

    fn check(inner: &str) -> Result<Option<String>, String> {
        unsafe_part(&format!("<svg {NS} viewBox=\"0 0 10 10\">\n{inner}\n</svg>"))
    }

    #[test]
    fn a_drawing_with_text_links_and_gradients_is_safe() {
        let figure = r##"<defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs>
<rect fill="url(#g)" style="font-family: sans-serif" width="5" height="5"/><text x="1" y="2">観測</text>
<use href="#g"/><a href="https://example.org/"><text>link</text></a><image href="inside.png"/>"##;
        assert_eq!(check(figure), Ok(None));
    }

    #[test]
    fn anything_that_runs_or_fetches_is_refused_with_its_place() {
        for (inner, says) in [
            ("<script>alert(1)</script>", "<script> element (line 2, column 1)"),
            ("<rect onload=\"alert(1)\"/>", "event handler `onload`"),
            ("<g><rect ONCLICK=\"x()\"/></g>", "event handler `ONCLICK`"),
            ("<foreignObject><div/></foreignObject>", "<foreignObject>"),
            ("<a href=\" JavaScript:alert(1)\"><text>x</text></a>", "scheme `javascript:`"),
            ("<a xlink:href=\"data:text/html,x\"><text>x</text></a>", "scheme `data:`"),
            ("<image href=\"https://tracker.example/p.png\"/>", "from outside the site"),
            ("<a><set attributeName=\"href\" to=\"javascript:alert(1)\"/></a>", "rewrites a link"),
        ] {
            let found = check(inner).expect("an SVG").unwrap_or_default();
            assert!(found.contains(says), "{inner}: {found}");
        }
    }

    #[test]
    fn entities_and_non_svg_documents_are_not_read() {
        let bomb = "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;\">]><svg>&b;</svg>";
        assert!(unsafe_part(bomb).unwrap_err().contains("not an SVG"));
        assert!(unsafe_part("<html/>").unwrap_err().contains("no <svg>"));
        assert!(unsafe_part("<svg").is_err());
    }
}
