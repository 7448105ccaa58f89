//! Links of a body, found by pulldown-cmark in every Markdown run (inside divs too), and what a
//! destination is ([`Target`]): the one place that decides which links are claims, pages,
//! files, external or refused, for the model's checks and the renderer alike.

use crate::body::{Block, Div, DivKind, call_chain_steps};
use crate::refdefs::RefDefs;
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use shoko_vocab::Component;
use shoko_vocab::{CLAIM_SCHEME, EXTERNAL_SCHEMES, Lang};
use std::borrow::Cow;
use std::ops::Range;

/// What a link or image destination is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target<'a> {
    /// `claim:ID`.
    Claim(&'a str),
    /// `#anchor` on the same page.
    Anchor(&'a str),
    /// A Markdown page, relative to the linking file: the path with percent-escapes decoded
    /// (`a%20b.md` is `a b.md`, `a%23b.md` the page `a#b.md`), and the anchor.
    Page {
        /// The file part.
        file: Cow<'a, str>,
        /// The part after `#`, if any.
        anchor: Option<&'a str>,
    },
    /// Another file under `content/` (an image, a download), percent-escapes decoded, and the
    /// part after `#` (`paper.pdf#page=3`), if any.
    File {
        /// The file part.
        file: Cow<'a, str>,
        /// The part after `#`, if any.
        anchor: Option<&'a str>,
    },
    /// `http:`, `https:` or `mailto:` ([`EXTERNAL_SCHEMES`]).
    External,
    /// Any other scheme (`javascript:`, `vbscript:`, `data:`, `file:`, …), in any case and
    /// however it is written (entities and backslash escapes are decoded by the Markdown parser
    /// before this is asked): never published.
    Refused(String),
    /// A scheme typed with a full-width colon (`claim：id`): `md/not-a-link` reports it, and
    /// nothing is looked for under its name.
    Slip,
}

impl Target<'_> {
    /// Classify `dest` as written in a link.
    pub fn of(dest: &str) -> Target<'_> {
        if full_width_colon_after_scheme(dest) {
            return Target::Slip;
        }
        match scheme(dest) {
            Some(scheme) if scheme == CLAIM_SCHEME => Target::Claim(&dest[dest.find(':').map_or(0, |i| i + 1)..]),
            Some(scheme) if EXTERNAL_SCHEMES.contains(&scheme.as_str()) => Target::External,
            Some(scheme) => Target::Refused(scheme),
            None => {
                if let Some(anchor) = dest.strip_prefix('#') {
                    return Target::Anchor(anchor);
                }
                let (file, anchor) = dest.split_once('#').map_or((dest, None), |(f, a)| (f, Some(a)));
                // A query has no meaning for a file of the site.
                let file = file.split_once('?').map_or(file, |(f, _)| f);
                let file = percent_encoding::percent_decode_str(file).decode_utf8().unwrap_or(Cow::Borrowed(file));
                if file.ends_with(".md") { Target::Page { file, anchor } } else { Target::File { file, anchor } }
            }
        }
    }
}

/// Whether `dest` has a scheme that is never published (what [`Target::of`] calls
/// [`Target::Refused`], without decoding the rest).
pub fn refused(dest: &str) -> bool {
    scheme(dest).is_some_and(|s| s != CLAIM_SCHEME && !EXTERNAL_SCHEMES.contains(&s.as_str()))
}

/// The scheme of `dest` as a browser reads it, lowercased: leading spaces and controls are
/// ignored and tabs and line breaks anywhere removed (WHATWG URL parsing); `None` for a
/// relative reference.
pub fn scheme(dest: &str) -> Option<String> {
    let mut scheme = String::new();
    let trimmed = dest.trim_start_matches(|c: char| c <= ' ');
    for c in trimmed.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')) {
        match c {
            ':' => return (!scheme.is_empty()).then_some(scheme),
            c if c.is_ascii_alphabetic() => scheme.push(c.to_ascii_lowercase()),
            c if !scheme.is_empty() && (c.is_ascii_digit() || matches!(c, '+' | '-' | '.')) => scheme.push(c),
            _ => return None,
        }
    }
    None
}

/// One link or image reference as written.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Link {
    /// The destination as written, e.g. `claim:ggml-fatbin`, `../gpu/index.md#phase-d`.
    pub dest: String,
    /// Byte range of the whole link in the file.
    pub span: Range<usize>,
    /// Whether it is an image (`![alt](src)`).
    pub image: bool,
    /// The language div it is written in, or `None` in shared text (both languages).
    pub lang: Option<Lang>,
}

/// The pulldown-cmark options every part of the project uses.
pub(crate) fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_MATH
}

/// What one pass of the Markdown parser over a body finds besides its structure.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Found {
    /// Every link and image, in order.
    pub(crate) links: Vec<Link>,
    /// Raw HTML (blocks and inline tags, not comments), with byte ranges in the file.
    pub(crate) raw_html: Vec<Range<usize>>,
    /// Headings with attributes other than `{#id .class}`: the heading's range and the names.
    pub(crate) heading_attributes: Vec<(Range<usize>, Vec<String>)>,
    /// The `{#id}` of every heading that has one, in order.
    pub(crate) heading_ids: Vec<HeadingId>,
    /// Reference-style links that no definition their text sees resolves.
    pub(crate) undefined: Vec<Range<usize>>,
    /// The first element nested deeper than [`MAX_MARKDOWN_DEPTH`] (quotes, lists, emphasis, …).
    pub(crate) too_deep: Option<Range<usize>>,
    /// Text written as a link that is not one (`md/not-a-link`), as written, and why.
    pub(crate) not_links: Vec<(Range<usize>, crate::rules::not_a_link::Why)>,
    /// Formulas that do not parse (`md/bad-math`), and why.
    pub(crate) bad_math: Vec<(Range<usize>, String)>,
}

/// A heading's own `{#id}`, as the author wrote it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HeadingId {
    /// The ID.
    pub id: String,
    /// The heading, as a byte range in the file.
    pub span: Range<usize>,
    /// Its language; `None` outside the language divs (the heading is in both).
    pub lang: Option<Lang>,
}

/// The deepest nesting of Markdown elements a body may have: a quote in a list item holding
/// emphasis and a link is six levels; thousands of `>` would make every walk of the HTML (the
/// sanitiser's above all) grow with the square of the depth.
pub(crate) const MAX_MARKDOWN_DEPTH: usize = 64;

pub(crate) fn scan(blocks: &[Block], text: &str, base: usize, refs: &RefDefs) -> Found {
    let mut found = Found::default();
    each_run(blocks, text, base, None, &mut |run, start, lang| scan_run(run, start, lang, refs, &mut found));
    found
}

/// Hand `visit` every Markdown run of `blocks` as it is parsed (its text, its offset in the file,
/// its language: `None` in shared text), in order.
pub(crate) fn each_run(
    blocks: &[Block],
    text: &str,
    base: usize,
    lang: Option<Lang>,
    visit: &mut dyn FnMut(&str, usize, Option<Lang>),
) {
    for block in blocks {
        match block {
            Block::Markdown(range) => visit(&text[range.start - base..range.end - base], range.start, lang),
            // A call chain is rendered step by step (one Markdown run each), so it is read so.
            Block::Div(Div { kind: DivKind::Component { component: Component::CallChain, .. }, inner, .. }) => {
                for (at, step) in call_chain_steps(&text[inner.start - base..inner.end - base]) {
                    visit(step, inner.start + at, lang);
                }
            }
            Block::Div(div) => {
                let inner = match div.kind {
                    DivKind::Lang(l) => Some(l),
                    DivKind::Callout(_) | DivKind::Component { .. } | DivKind::Unknown(_) => lang,
                };
                each_run(&div.children, text, base, inner, visit);
            }
        }
    }
}

/// Scan one Markdown run, the text `run` that starts at byte `start` of the file.
fn scan_run(run: &str, start: usize, lang: Option<Lang>, refs: &RefDefs, found: &mut Found) {
    // A block's range ends after its line break; a diagnostic ends with its text.
    let at = |span: Range<usize>| {
        let end = span.start + run[span.clone()].trim_end().len();
        start + span.start..start + end
    };
    // An HTML block arrives line by line: its text is judged whole.
    let mut html_block: Option<(Range<usize>, String)> = None;
    let mut depth = 0usize;
    // Where text stayed text (not code, not inside a link or image): a link-shaped text there
    // did not parse as a link.
    let (mut plain, mut code_block, mut in_link) = (Vec::new(), false, 0usize);
    // Where the text just before ended with a `$` (see `math::unclosed`).
    let mut dollar: Option<usize> = None;
    let mut undefined = Vec::new();
    let parser = Parser::new_with_broken_link_callback(run, options(), Some(refs.callback(lang, &mut undefined)));
    for (event, span) in parser.into_offset_iter() {
        match &event {
            Event::Start(_) => {
                depth += 1;
                if depth > MAX_MARKDOWN_DEPTH && found.too_deep.is_none() {
                    found.too_deep = Some(start + span.start..start + span.start);
                }
            }
            Event::End(_) => depth = depth.saturating_sub(1),
            _ => {}
        }
        match &event {
            Event::Start(Tag::CodeBlock(_)) => code_block = true,
            Event::End(TagEnd::CodeBlock) => code_block = false,
            Event::Start(Tag::Link { .. } | Tag::Image { .. }) => in_link += 1,
            Event::End(TagEnd::Link | TagEnd::Image) => in_link = in_link.saturating_sub(1),
            Event::Text(_) if !code_block && in_link == 0 => plain.push(span.clone()),
            _ => {}
        }
        if let Event::InlineMath(tex) | Event::DisplayMath(tex) = &event
            && let Err(why) = crate::math::to_mathml(tex, matches!(event, Event::DisplayMath(_)))
        {
            found.bad_math.push((at(span.clone()), why));
        }
        // A `$` before a TeX command in plain text is a formula that never closed (pulldown-cmark
        // does not close one inside an unclosed `{`): readers would see the TeX as typed. The
        // parser hands a lone `$` as a text of its own, so the text before counts too.
        let open_dollar = match &event {
            Event::Text(text) if !code_block => {
                let here = crate::math::unclosed(text).map(|at| start + span.start + at.min(span.len()));
                let after = dollar
                    .filter(|_| text.starts_with('\\') && text[1..].starts_with(|c: char| c.is_ascii_alphabetic()));
                if let Some(from) = here.or(after) {
                    found
                        .bad_math
                        .push((from..from + 1, "it never closes (a `{` without its `}`, or no closing `$`)".into()));
                }
                text.ends_with('$').then(|| start + span.end.max(span.start + 1) - 1)
            }
            _ => None,
        };
        dollar = open_dollar;
        let (dest, image) = match event {
            Event::Start(Tag::Link { dest_url, .. }) => {
                if full_width_colon_after_scheme(&dest_url) {
                    found.not_links.push((at(span.clone()), crate::rules::not_a_link::Why::FullWidthColon));
                }
                (dest_url, false)
            }
            Event::Start(Tag::Image { dest_url, .. }) => (dest_url, true),
            Event::Start(Tag::HtmlBlock) => {
                html_block = Some((at(span), String::new()));
                continue;
            }
            Event::Html(html) => {
                if let Some((_, block)) = &mut html_block {
                    block.push_str(&html);
                }
                continue;
            }
            Event::End(TagEnd::HtmlBlock) => {
                if let Some((span, block)) = html_block.take()
                    && !is_comment(&block)
                {
                    found.raw_html.push(span);
                }
                continue;
            }
            Event::InlineHtml(html) => {
                // A closing tag carries nothing; its opening tag is what is reported.
                if !is_comment(&html) && !html.starts_with("</") {
                    found.raw_html.push(at(span));
                }
                continue;
            }
            Event::Start(Tag::Heading { id, attrs, .. }) => {
                if let Some(id) = id {
                    found.heading_ids.push(HeadingId { id: id.to_string(), span: at(span.clone()), lang });
                }
                if !attrs.is_empty() {
                    let names = attrs.iter().map(|(name, _)| name.to_string()).collect();
                    found.heading_attributes.push((at(span), names));
                }
                continue;
            }
            _ => continue,
        };
        found.links.push(Link { dest: dest.into_string(), span: at(span), image, lang });
    }
    found.undefined.extend(undefined.into_iter().map(|r| start + r.start..start + r.end));
    for (range, why) in link_shaped(run, &plain) {
        found.not_links.push((start + range.start..start + range.end, why));
    }
}

/// Whether a link's destination is a scheme followed by a full-width colon (`claim：id`).
fn full_width_colon_after_scheme(dest: &str) -> bool {
    dest.split_once('：').is_some_and(|(scheme, _)| {
        scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    })
}

/// Text shaped like a link, `[text](destination)` on one line, whose `](` stayed text (`plain`:
/// ranges of text events, in order) and that holds a space in its destination or full-width
/// brackets or parentheses: ranges in `run`, and why each is not a link. Each bracket is looked
/// at within [`LINK_SHAPE_REACH`] bytes, so a run of any length costs what its brackets cost.
fn link_shaped(run: &str, plain: &[Range<usize>]) -> Vec<(Range<usize>, crate::rules::not_a_link::Why)> {
    use crate::rules::not_a_link::Why;
    let is_plain = |at: usize| {
        let i = plain.partition_point(|r| r.end <= at);
        plain.get(i).is_some_and(|r| r.contains(&at))
    };
    // The text within reach before `at` (from a char boundary), and after it.
    let before = |at: usize| {
        let mut from = at.saturating_sub(LINK_SHAPE_REACH);
        while !run.is_char_boundary(from) {
            from += 1;
        }
        from
    };
    let mut out: Vec<(Range<usize>, Why)> = Vec::new();
    for (close, bracket) in run.match_indices([']', '］']) {
        let after = close + bracket.len();
        let Some(paren) = run[after..].chars().next().filter(|c| matches!(c, '(' | '（')) else { continue };
        if !is_plain(close) || out.last().is_some_and(|(r, _)| r.end > close) {
            continue;
        }
        let reach = before(close);
        let Some(open) = run[reach..close].rfind(['[', '［', '\n']).map(|i| reach + i) else { continue };
        if run[open..].starts_with('\n') || run[open..close].contains([']', '］']) {
            continue;
        }
        let inner = after + paren.len_utf8();
        let mut until = (inner + LINK_SHAPE_REACH).min(run.len());
        while !run.is_char_boundary(until) {
            until -= 1;
        }
        let Some(end) = run[inner..until].find([')', '）', '\n']).map(|i| inner + i) else { continue };
        if run[end..].starts_with('\n') {
            continue;
        }
        let closing = run[end..].chars().next().map_or(1, char::len_utf8);
        let opening = run[open..].chars().next().map_or(1, char::len_utf8);
        let full_width = [&run[open..open + opening], bracket, &run[after..inner], &run[end..end + closing]]
            .iter()
            .any(|s| !s.is_ascii());
        let why = if full_width {
            Why::FullWidth
        } else if run[inner..end].trim().contains(char::is_whitespace) {
            Why::Space
        } else {
            continue;
        };
        out.push((open..end + closing, why));
    }
    out
}

/// How far from a `](` its brackets and parenthesis are looked for: a link's text and address
/// are shorter.
const LINK_SHAPE_REACH: usize = 2048;

/// Whether raw HTML is nothing but comments (`<!-- … -->`), which are notes for authors: allowed,
/// and left out of the built pages.
pub(crate) fn is_comment(html: &str) -> bool {
    let mut rest = html.trim();
    while !rest.is_empty() {
        let Some(inner) = rest.strip_prefix("<!--") else { return false };
        let Some(end) = inner.find("-->") else { return false };
        rest = inner[end + 3..].trim_start();
    }
    true
}

#[cfg(test)]
mod tests {
    use super::{Target, is_comment, scheme};
    use crate::parse_body;
    use shoko_diagnostics::FileId;

    #[test]
    fn links_inside_divs_have_file_offsets() {
        let body = "intro [a](x.md)\n\n:::ja\n観測 [主張](claim:q4k-live)\n:::\n:::en\nSee ![fig](img.png)\n:::\n";
        let file = format!("---\ntitle: t\n---\n{body}");
        let base = file.find("intro").unwrap();
        let (parsed, _) = parse_body(body, base, FileId(0));
        let found: Vec<(&str, &str, bool)> =
            parsed.links.iter().map(|l| (l.dest.as_str(), &file[l.span.clone()], l.image)).collect();
        let langs: Vec<Option<crate::Lang>> = parsed.links.iter().map(|l| l.lang).collect();
        assert_eq!(langs, [None, Some(crate::Lang::Ja), Some(crate::Lang::En)]);
        assert_eq!(
            found,
            [
                ("x.md", "[a](x.md)", false),
                ("claim:q4k-live", "[主張](claim:q4k-live)", false),
                ("img.png", "![fig](img.png)", true)
            ]
        );
    }

    #[test]
    fn schemes_are_read_as_browsers_read_them() {
        for (dest, expected) in [
            ("javascript:alert(1)", Some("javascript")),
            ("JaVaScRiPt:alert(1)", Some("javascript")),
            ("  \u{1}java\tscr\nipt:x", Some("javascript")),
            ("vbscript:x", Some("vbscript")),
            ("data:text/html,x", Some("data")),
            ("https://example.org", Some("https")),
            ("a.md", None),
            ("a:b/c.md", Some("a")),
            ("./a:b.md", None),
            ("#x:y", None),
            ("%6Aavascript:x", None),
        ] {
            assert_eq!(scheme(dest).as_deref(), expected, "{dest}");
        }
    }

    #[test]
    fn destinations_are_classified_once_for_everyone() {
        assert_eq!(Target::of("claim:q4k"), Target::Claim("q4k"));
        assert_eq!(Target::of("#top"), Target::Anchor("top"));
        assert_eq!(Target::of("a%20b.md#x"), Target::Page { file: "a b.md".into(), anchor: Some("x") });
        assert_eq!(Target::of("a%23b.md"), Target::Page { file: "a#b.md".into(), anchor: None });
        assert_eq!(
            Target::of("../figures/a%20b.png"),
            Target::File { file: "../figures/a b.png".into(), anchor: None }
        );
        assert_eq!(Target::of("paper.pdf#page=3"), Target::File { file: "paper.pdf".into(), anchor: Some("page=3") });
        assert_eq!(Target::of("HTTPS://x.org/a.md"), Target::External);
        assert_eq!(Target::of("mailto:a@b.c"), Target::External);
        assert_eq!(Target::of("Javascript:alert(1)"), Target::Refused("javascript".into()));
    }

    #[test]
    fn raw_html_and_heading_attributes_are_found_but_comments_are_notes() {
        let body = "<!-- a note -->\n\n<div onclick=x>\n\nHello <b>bold</b> <!-- inline note -->\n\n## Title {#t .c onclick=x}\n\n## Plain {#p .q}\n";
        let (parsed, _) = parse_body(body, 0, FileId(0));
        let found = super::scan(&parsed.blocks, body, 0, &parsed.refs);
        let html: Vec<&str> = found.raw_html.iter().map(|r| body[r.clone()].trim()).collect();
        assert_eq!(html, ["<div onclick=x>", "<b>"]);
        assert_eq!(found.heading_attributes.len(), 1);
        assert_eq!(found.heading_attributes[0].1, ["onclick"]);
        assert!(is_comment("<!-- a --> <!-- b -->"));
        assert!(!is_comment("<!-- a --><script>x</script>"));
        assert!(!is_comment("<!-- a"));
    }
}
