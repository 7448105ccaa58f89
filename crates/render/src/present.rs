//! Pages made to present: slide decks (`layout: slides`) and posters (`layout: poster`). A
//! page's body is cut into slides or panels at its top-level `##` headings; what comes before
//! the first heading joins the title slide or opens the poster. The cut is made in the rendered
//! HTML, counting open elements, so a heading inside a callout or a notes block never starts a
//! slide. Each kind prints on a page size of its own.

use shoko_model::schema::PageLayout;

/// The printed page of a deck: 16:9, one slide per page (a 10-inch-wide slide).
pub const SLIDE_PAGE: &str = "254mm 142.875mm";

/// The printed page of a poster: one A0 sheet, portrait.
pub const POSTER_PAGE: &str = "841mm 1189mm";

/// The printed page size `layout` sets (`@page { size }`), for those that set one.
pub fn print_size(layout: PageLayout) -> Option<&'static str> {
    match layout {
        PageLayout::Page => None,
        PageLayout::Slides => Some(SLIDE_PAGE),
        PageLayout::Poster => Some(POSTER_PAGE),
    }
}

/// Elements that have no end tag.
const VOID: [&str; 14] =
    ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr", "param"];

/// `html` cut before each top-level `<h2`: the part before the first (possibly empty), then
/// one part per heading.
pub fn sections(html: &str) -> (String, Vec<String>) {
    let mut cuts = Vec::new();
    let mut depth = 0usize;
    let mut at = 0;
    while let Some(offset) = html[at..].find('<') {
        let start = at + offset;
        // A `<` with no `>` after it ends the scan (the renderer escapes text, so it does not
        // happen; nothing is sliced inside a character if it did).
        let Some(close) = html[start + 1..].find('>') else { break };
        let end = start + 1 + close + 1;
        let tag = &html[start + 1..end - 1];
        if let Some(name) = tag.strip_prefix('/') {
            let name = name.trim().to_ascii_lowercase();
            if !VOID.contains(&name.as_str()) {
                depth = depth.saturating_sub(1);
            }
        } else if !tag.starts_with('!') {
            let name: String =
                tag.chars().take_while(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_lowercase();
            if name == "h2" && depth == 0 {
                cuts.push(start);
            }
            if !name.is_empty() && !VOID.contains(&name.as_str()) && !tag.ends_with('/') {
                depth += 1;
            }
        }
        at = end;
        if at >= html.len() {
            break;
        }
    }
    let mut parts = Vec::with_capacity(cuts.len());
    for (i, &cut) in cuts.iter().enumerate() {
        let next = cuts.get(i + 1).copied().unwrap_or(html.len());
        parts.push(html[cut..next].trim().to_owned());
    }
    let before = html[..cuts.first().copied().unwrap_or(html.len())].trim().to_owned();
    (before, parts)
}

#[cfg(test)]
mod tests {
    use super::sections;

    #[test]
    fn top_level_headings_start_slides_and_nested_ones_do_not() {
        let html = "<p>intro<br></p>\n<h2 id=\"a\">A</h2>\n<p>one</p>\n<aside class=\"notes\"><h2>not a slide</h2><img src=\"x.png\"></aside>\n<h2 id=\"b\">B</h2><div><p>two</p></div>";
        let (before, parts) = sections(html);
        assert_eq!(before, "<p>intro<br></p>");
        assert_eq!(parts.len(), 2);
        assert!(parts[0].starts_with("<h2 id=\"a\">") && parts[0].contains("not a slide"));
        assert_eq!(parts[1], "<h2 id=\"b\">B</h2><div><p>two</p></div>");
    }

    #[test]
    fn an_unclosed_angle_bracket_after_wide_characters_ends_the_scan_without_a_panic() {
        let (before, parts) = sections("<h2>観測</h2><p>a < 観");
        assert_eq!(before, "");
        assert_eq!(parts, ["<h2>観測</h2><p>a < 観"]);
    }

    #[test]
    fn a_body_without_headings_is_all_before() {
        let (before, parts) = sections("<p>only</p>");
        assert_eq!((before.as_str(), parts.len()), ("<p>only</p>", 0));
    }
}
