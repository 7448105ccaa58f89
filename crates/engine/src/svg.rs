//! SVG figures are published as they are and open on the site's own origin (click to enlarge),
//! where a browser runs whatever scripts they hold. So an SVG is read as XML (`roxmltree`, which
//! refuses DTDs and with them entity expansion) and refused when it holds anything that runs or
//! fetches: a processing instruction such as `<?xml-stylesheet?>` (XSLT can write any element),
//! elements outside the SVG vocabulary's safe part (`<script>`, `<foreignObject>` with its HTML,
//! frames and embeds, anything in the XSLT namespace), event-handler attributes (`onload`, …),
//! animations that rewrite a link, links or references with a scheme other than the ones pages
//! may use, and, outside `<a>`, any reference off the site (`https:`, `//host`, CSS `@import`
//! and `url()` in styles).

use shoko_markdown::scheme;
use shoko_vocab::EXTERNAL_SCHEMES;

/// Elements that run code or embed other documents.
const FORBIDDEN_ELEMENTS: [&str; 7] = ["script", "foreignObject", "iframe", "embed", "object", "handler", "listener"];

/// Attributes that hold a URL (`xml:base` changes what every relative one means).
const URL_ATTRIBUTES: [&str; 4] = ["href", "src", "action", "base"];

/// The XSLT namespace: its elements make other elements, scripts included.
const XSLT: &str = "http://www.w3.org/1999/XSL/Transform";

/// How SVGs are read: as XML without a DTD (no entity expansion).
fn parse(text: &str) -> Result<roxmltree::Document<'_>, roxmltree::Error> {
    let options = roxmltree::ParsingOptions { allow_dtd: false, ..roxmltree::ParsingOptions::default() };
    roxmltree::Document::parse_with_options(text, options)
}

/// The size of the SVG `text` in pixels: its root's `width` and `height`, else its `viewBox`'s,
/// else 0 (a size in other units, or none, leaves the page to size it).
pub(crate) fn size(text: &str) -> (u32, u32) {
    let Ok(doc) = parse(text) else { return (0, 0) };
    let root = doc.root_element();
    let number =
        |v: &str| v.trim().trim_end_matches("px").parse::<f64>().ok().filter(|n| *n > 0.0).map(|n| n.round() as u32);
    if let (Some(w), Some(h)) = (root.attribute("width").and_then(number), root.attribute("height").and_then(number)) {
        return (w, h);
    }
    let view: Vec<u32> = root
        .attribute("viewBox")
        .map_or_else(Vec::new, |v| v.split([' ', ',']).filter(|p| !p.is_empty()).filter_map(number).collect());
    match view.as_slice() {
        [.., w, h] => (*w, *h),
        _ => (0, 0),
    }
}

/// Why `text` may not be published, with its line and column in the SVG, or `None` when it is
/// safe; `Err` when it is not an SVG at all.
pub(crate) fn unsafe_part(text: &str) -> Result<Option<String>, String> {
    let doc = parse(text).map_err(|e| format!("not an SVG: {e}"))?;
    if doc.root_element().tag_name().name() != "svg" {
        return Err(String::from("no <svg> root element"));
    }
    for node in doc.descendants() {
        let at = || {
            let pos = doc.text_pos_at(node.range().start);
            format!("line {}, column {}", pos.row, pos.col)
        };
        if let Some(pi) = node.pi() {
            return Ok(Some(format!("it holds the processing instruction <?{}?> ({})", pi.target, at())));
        }
        if node.is_text()
            && node.parent_element().is_some_and(|p| p.tag_name().name() == "style")
            && let Some(reason) = off_site_css(node.text().unwrap_or(""))
        {
            return Ok(Some(format!("its <style> {reason} ({})", at())));
        }
        if !node.is_element() {
            continue;
        }
        let name = node.tag_name().name();
        if FORBIDDEN_ELEMENTS.iter().any(|f| f.eq_ignore_ascii_case(name)) || node.tag_name().namespace() == Some(XSLT)
        {
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
            if key == "style"
                && let Some(reason) = off_site_css(attribute.value())
            {
                return Ok(Some(format!("<{name} style> {reason} ({})", at())));
            }
            if !URL_ATTRIBUTES.contains(&key) {
                continue;
            }
            let value = attribute.value().trim();
            match scheme(value) {
                Some(s) if !EXTERNAL_SCHEMES.contains(&s.as_str()) => {
                    return Ok(Some(format!("<{name} {key}> uses the scheme `{s}:` ({})", at())));
                }
                Some(_) if name != "a" || key == "base" => {
                    return Ok(Some(format!("<{name} {key}> loads a file from outside the site ({})", at())));
                }
                None if value.starts_with("//") && name != "a" => {
                    return Ok(Some(format!("<{name} {key}> loads a file from outside the site ({})", at())));
                }
                _ => {}
            }
        }
    }
    Ok(None)
}

/// What in the style sheet `css` reaches off the site, if anything: an `@import`, or a `url()`
/// with a scheme or a host.
fn off_site_css(css: &str) -> Option<&'static str> {
    let lower = css.to_ascii_lowercase();
    if lower.contains("@import") {
        return Some("imports a style sheet");
    }
    let mut rest = lower.as_str();
    while let Some(i) = rest.find("url(") {
        let target = rest[i + 4..].trim_start().trim_start_matches(['"', '\'']);
        if scheme(target).is_some() || target.starts_with("//") {
            return Some("loads a file from outside the site");
        }
        rest = &rest[i + 4..];
    }
    None
}

#[cfg(test)]
mod tests {

    use super::{size, unsafe_part};

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
            ("<image href=\"//evil.example/p.png\"/>", "from outside the site"),
            ("<style>@import url(https://evil.example/s.css);</style>", "imports a style sheet"),
            ("<style>rect { fill: url('https://evil.example/p.png') }</style>", "from outside the site"),
            ("<rect style=\"fill: url(//evil.example/p)\"/>", "from outside the site"),
            ("<g xml:base=\"javascript:alert(1)//\"><a href=\"x\"><text>x</text></a></g>", "scheme `javascript:`"),
        ] {
            let found = check(inner).expect("an SVG").unwrap_or_default();
            assert!(found.contains(says), "{inner}: {found}");
        }
    }

    #[test]
    fn stylesheets_that_transform_the_drawing_are_refused() {
        let xslt = r#"<?xml-stylesheet type="text/xsl" href="f.svg"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xsl:version="1.0">
<xsl:element name="script">x</xsl:element></svg>"#;
        let found = unsafe_part(xslt).expect("an SVG").unwrap_or_default();
        assert!(found.contains("processing instruction <?xml-stylesheet?>"), "{found}");
        let without_pi = xslt.lines().skip(1).collect::<Vec<_>>().join("\n");
        let found = unsafe_part(&without_pi).expect("an SVG").unwrap_or_default();
        assert!(found.contains("<element> element"), "{found}");
        let inside = r#"<svg xmlns="http://www.w3.org/2000/svg"><style>rect { fill: url(#g) }</style></svg>"#;
        assert_eq!(unsafe_part(inside), Ok(None), "a url() to the drawing itself is fine");
        let declared = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>";
        assert_eq!(unsafe_part(declared), Ok(None), "the XML declaration is not an instruction");
    }

    #[test]
    fn entities_and_non_svg_documents_are_not_read() {
        let bomb = "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;\">]><svg>&b;</svg>";
        assert!(unsafe_part(bomb).unwrap_err().contains("not an SVG"));
        assert!(unsafe_part("<html/>").unwrap_err().contains("no <svg>"));
        assert!(unsafe_part("<svg").is_err());
    }

    #[test]
    fn the_size_is_the_roots_width_and_height_else_its_view_box() {
        assert_eq!(size(r#"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"/>"#), (120, 60));
        assert_eq!(size(r#"<svg xmlns="http://www.w3.org/2000/svg" width='120px' height='60'/>"#), (120, 60));
        assert_eq!(size(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 400"/>"#), (800, 400));
        assert_eq!(size(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox='0,0, 800,400'/>"#), (800, 400));
        assert_eq!(size(r#"<svg xmlns="http://www.w3.org/2000/svg" width="100%"/>"#), (0, 0));
        assert_eq!(size("<svg"), (0, 0));
    }
}
