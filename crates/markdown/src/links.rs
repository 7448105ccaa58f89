//! Links of a body, found by pulldown-cmark in every Markdown run (inside divs too).

use crate::body::{Block, DivKind, Lang};
use pulldown_cmark::{Event, Options, Parser, Tag};
use std::ops::Range;

/// One link or image reference as written.
#[derive(Debug, Clone, PartialEq, Eq)]
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
}

pub(crate) fn extract_links(blocks: &[Block], text: &str, base: usize) -> Vec<Link> {
    let mut links = Vec::new();
    collect(blocks, text, base, None, &mut links);
    links
}

fn collect(blocks: &[Block], text: &str, base: usize, lang: Option<Lang>, links: &mut Vec<Link>) {
    for block in blocks {
        match block {
            Block::Markdown(range) => {
                let run = &text[range.start - base..range.end - base];
                for (event, span) in Parser::new_ext(run, options()).into_offset_iter() {
                    let (dest, image) = match event {
                        Event::Start(Tag::Link { dest_url, .. }) => (dest_url, false),
                        Event::Start(Tag::Image { dest_url, .. }) => (dest_url, true),
                        _ => continue,
                    };
                    links.push(Link {
                        dest: dest.into_string(),
                        span: range.start + span.start..range.start + span.end,
                        image,
                        lang,
                    });
                }
            }
            Block::Div(div) => {
                let inner = match div.kind {
                    DivKind::Lang(l) => Some(l),
                    DivKind::Callout(_) | DivKind::Component { .. } => lang,
                };
                collect(&div.children, text, base, inner, links);
            }
        }
    }
}

#[cfg(test)]
mod tests {
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
}
