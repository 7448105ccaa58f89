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

/// Wrappers the body renderer puts around a language's blocks (a drift notice, a fallback to the
/// other language): a heading inside one still starts a slide, and the wrapper is closed at the
/// cut and opened again after it.
const WRAPPERS: [&str; 2] = ["div class=\"drift\"", "div class=\"fallback\""];

/// `html` cut before each top-level `<h2`: the part before the first (possibly empty), then
/// one part per heading.
pub fn sections(html: &str) -> (String, Vec<String>) {
    // Each cut: where, and the wrappers open there (their opening tags).
    let mut cuts: Vec<(usize, Vec<&str>)> = Vec::new();
    // Open elements: whether each is a wrapper, and its opening tag.
    let mut open: Vec<(bool, &str)> = Vec::new();
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
                open.pop();
            }
        } else if !tag.starts_with('!') {
            let name: String =
                tag.chars().take_while(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_lowercase();
            if name == "h2" && open.iter().all(|(wrapper, _)| *wrapper) {
                cuts.push((start, open.iter().map(|(_, tag)| *tag).collect()));
            }
            if !name.is_empty() && !VOID.contains(&name.as_str()) && !tag.ends_with('/') {
                open.push((WRAPPERS.iter().any(|w| tag.starts_with(w)), &html[start..end]));
            }
        }
        at = end;
        if at >= html.len() {
            break;
        }
    }
    let closing = |wrappers: &[&str]| "</div>".repeat(wrappers.len());
    let mut parts = Vec::with_capacity(cuts.len());
    for (i, (cut, wrappers)) in cuts.iter().enumerate() {
        let (next, after) = cuts.get(i + 1).map_or((html.len(), &[][..]), |(n, w)| (*n, w.as_slice()));
        let part = format!("{}{}{}", wrappers.concat(), &html[*cut..next], closing(after));
        parts.push(part.trim().to_owned());
    }
    let (first, wrappers) = cuts.first().map_or((html.len(), &[][..]), |(c, w)| (*c, w.as_slice()));
    let before = format!("{}{}", &html[..first], closing(wrappers)).trim().to_owned();
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
    fn a_heading_inside_a_notice_wrapper_starts_a_slide_and_the_wrapper_is_split() {
        let html = "<h2>A</h2><p>a</p>\n<div class=\"drift\">\n<p>notice</p>\n<h2>B</h2><p>b</p><h2>C</h2><aside><h2>no</h2></aside></div>\n<h2>D</h2>";
        let (before, parts) = sections(html);
        assert_eq!(before, "");
        assert_eq!(parts.len(), 4, "{parts:?}");
        assert_eq!(parts[0], "<h2>A</h2><p>a</p>\n<div class=\"drift\">\n<p>notice</p>\n</div>");
        assert_eq!(parts[1], "<div class=\"drift\"><h2>B</h2><p>b</p></div>");
        assert_eq!(parts[2], "<div class=\"drift\"><h2>C</h2><aside><h2>no</h2></aside></div>");
        assert_eq!(parts[3], "<h2>D</h2>");
    }

    #[test]
    fn a_body_without_headings_is_all_before() {
        let (before, parts) = sections("<p>only</p>");
        assert_eq!((before.as_str(), parts.len()), ("<p>only</p>", 0));
    }
}
