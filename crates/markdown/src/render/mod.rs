//! HTML for one language of a body. Shared blocks are rendered for both languages; a language
//! div is rendered for its language, or, when its partner is missing, for the other language too
//! with a visible notice. Headings get unique anchors with language-independent slots; code
//! blocks are highlighted; link destinations go through a [`RenderContext`].
//!
//! The walk and its blocks live here; a Markdown run's events in [`inline`], components in
//! [`components`], the walks that make no HTML (headings, plain text) in [`plain`].

mod components;
mod inline;
mod plain;

pub use plain::{ComponentWords, headings, sections};

use crate::anchors::{Anchors, Heading};
use crate::body::{Block, DivKind};
use crate::gloss::Glossary;
use crate::pairing::partners;
use crate::refdefs::RefDefs;
use shoko_vocab::{Component, Lang};

/// What a walk of a body reads: its top-level blocks, its text (starting at file offset `base`,
/// which the blocks' ranges count from) and its link reference definitions.
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    /// The blocks to walk.
    pub blocks: &'a [Block],
    /// The body's text.
    pub text: &'a str,
    /// Its offset in the file.
    pub base: usize,
    /// Its reference definitions.
    pub refs: &'a RefDefs,
}

impl<'a> crate::Body {
    /// The source of this body, whose text `text` starts at file offset `base`.
    pub fn source(&'a self, text: &'a str, base: usize) -> Source<'a> {
        Source { blocks: &self.blocks, text, base, refs: &self.refs }
    }
}

/// A link destination as the built site should see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    /// The href.
    pub href: String,
    /// Trusted HTML placed right after the link (e.g. a claim's evidence badge).
    pub after: Option<String>,
    /// Whether the link's text is struck through (`<s>`, no longer accurate): it names a record no
    /// longer in force.
    pub struck: bool,
}

/// What the body renderer needs from the site: links, notices and labels in the page language.
pub trait RenderContext {
    /// The destination for `dest` in `lang`, or `None` to keep it as written.
    fn resolve(&self, dest: &str, lang: Lang) -> Option<Resolved>;
    /// The notice shown above a block that falls back to the other language.
    fn fallback_notice(&self, lang: Lang) -> String;
    /// A UI string (e.g. `class-inferred`, `next-title`) in `lang`.
    fn label(&self, key: &str, lang: Lang) -> String;
    /// The HTML of a component drawn from data ([`Component::from_data`]).
    fn component(&self, component: Component, args: &str, lang: Lang) -> String;
    /// The whole HTML of an image with alt text `alt`, or `None` to keep a plain `<img>`.
    fn image(&self, dest: &str, alt: &str, lang: Lang) -> Option<String>;
    /// The href of the media file a component names (`::: audio talk.ogg`) as written, or
    /// `None` when the site has no such file. None by default.
    fn media(&self, _file: &str, _lang: Lang) -> Option<String> {
        None
    }
    /// The plain text of a component drawn from data, for search (`::: cards`: the cards'
    /// words). None by default: the component adds no words.
    fn component_text(&self, _component: Component, _args: &str, _lang: Lang) -> Option<String> {
        None
    }
    /// The notice (trusted HTML) above the `lang` div whose opening fence starts at byte
    /// `open` of the file, when that div is behind its partner. None by default.
    fn drift_notice(&self, _open: usize, _lang: Lang) -> Option<String> {
        None
    }
    /// The glossary of `lang` and this page's href to the glossary page: each term's first use
    /// on the page is replaced by the term with its gloss. None by default.
    fn glossary(&self, _lang: Lang) -> Option<(&Glossary, &str)> {
        None
    }
}

/// One language of a body as HTML, with its headings.
#[derive(Debug, Clone, Default)]
pub struct RenderedBody {
    /// The HTML.
    pub html: String,
    /// Every heading, in order.
    pub headings: Vec<Heading>,
    /// How many blocks fell back to the other language.
    pub fallbacks: usize,
    /// The plain text under each heading (only when asked for, by [`sections`]).
    pub sections: Vec<Section>,
}

/// The plain text of a body under one heading (or before the first), for search.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Section {
    /// The heading's anchor as this walk numbered it; `None` for the text before the first
    /// heading. (A page's anchors also depend on the IDs its cards reserve: see [`Anchors`].)
    pub anchor: Option<String>,
    /// The heading's own `{#id}`, if it has one.
    pub explicit: Option<String>,
    /// The heading's text (empty before the first heading).
    pub heading: String,
    /// Every word of text, link text and code under it, space-separated.
    pub text: String,
}

/// What a walk of the blocks produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The HTML and the headings.
    Html,
    /// Only the headings: no code is highlighted and no HTML is produced, but the blocks are
    /// walked in the same order, so every heading gets the ID a render gives it.
    Headings,
    /// The headings and the plain text under each.
    Text,
}

pub(crate) struct Renderer<'a> {
    /// The glossary and this page's href to the glossary page.
    pub(crate) glossary: Option<(&'a Glossary, &'a str)>,
    pub(crate) glossed: std::collections::HashSet<String>,
    text: &'a str,
    base: usize,
    refs: &'a RefDefs,
    /// The language of the div the walk is in (`None`: shared text), which reference
    /// definitions it sees.
    scope: Option<Lang>,
    lang: Lang,
    cx: &'a dyn RenderContext,
    anchors: &'a mut Anchors,
    out: RenderedBody,
    unit: usize,
    nth: usize,
    mode: Mode,
    /// Each footnote's number on this page in this language, by label, in the order met
    /// (references and definitions alike, as pulldown-cmark numbers them), across the body's
    /// Markdown runs: the numbers and the anchors (`shoko_vocab::footnote_anchor`) are the page's.
    footnotes: std::collections::HashMap<String, usize>,
}

/// Render `source` for `lang`.
pub fn render_html(source: Source<'_>, lang: Lang, cx: &dyn RenderContext, anchors: &mut Anchors) -> RenderedBody {
    walk(source, lang, cx, anchors, Mode::Html)
}

/// Walk the blocks of a body for `lang`, rendering them unless only the headings are wanted.
fn walk(source: Source<'_>, lang: Lang, cx: &dyn RenderContext, anchors: &mut Anchors, mode: Mode) -> RenderedBody {
    let Source { blocks, text, base, refs } = source;
    let glossary = if mode == Mode::Html { cx.glossary(lang) } else { None };
    let glossed = std::collections::HashSet::new();
    let mut out = RenderedBody::default();
    if mode == Mode::Text {
        out.sections.push(Section::default());
    }
    let footnotes = std::collections::HashMap::new();
    let mut r = Renderer {
        glossary,
        glossed,
        text,
        base,
        refs,
        scope: None,
        lang,
        cx,
        anchors,
        out,
        unit: 0,
        nth: 0,
        mode,
        footnotes,
    };
    let partner = partners(blocks, text, base);
    for (i, block) in blocks.iter().enumerate() {
        // A language pair is one unit, numbered by its first block.
        r.unit = partner[i].map_or(i, |p| p.min(i));
        if partner[i].is_none_or(|p| p > i) {
            r.nth = 0;
        }
        r.block(block, partner[i].is_some());
    }
    r.out
}

impl Renderer<'_> {
    /// The number of the footnote labelled `label`: its own, or the next one.
    fn footnote(&mut self, label: &str) -> usize {
        let next = self.footnotes.len() + 1;
        *self.footnotes.entry(label.to_owned()).or_insert(next)
    }

    /// Add `text` to the current section (text mode); `None` ends a block of text there.
    fn push_text(&mut self, text: Option<&str>) {
        if let Some(section) = self.out.sections.last_mut() {
            match text {
                Some(text) => section.text.push_str(text),
                None if !section.text.is_empty() && !section.text.ends_with(' ') => section.text.push(' '),
                None => {}
            }
        }
    }

    fn blocks(&mut self, blocks: &[Block]) {
        let partner = partners(blocks, self.text, self.base);
        for (block, p) in blocks.iter().zip(partner) {
            self.block(block, p.is_some());
        }
    }

    /// The blocks of a div in `lang`.
    fn lang_blocks(&mut self, lang: Lang, blocks: &[Block]) {
        let outer = self.scope.replace(lang);
        self.blocks(blocks);
        self.scope = outer;
    }

    fn block(&mut self, block: &Block, paired: bool) {
        match block {
            Block::Markdown(range) => {
                let markdown = &self.text[range.start - self.base..range.end - self.base];
                self.markdown(markdown);
            }
            Block::Div(div) => match &div.kind {
                DivKind::Lang(l) if *l == self.lang => match self.cx.drift_notice(div.open.start, self.lang) {
                    Some(notice) => {
                        self.out.html.push_str(&format!("<div class=\"drift\">\n{notice}\n"));
                        self.lang_blocks(*l, &div.children);
                        self.out.html.push_str("</div>\n");
                    }
                    None => self.lang_blocks(*l, &div.children),
                },
                DivKind::Lang(l) if !paired => {
                    self.out.fallbacks += 1;
                    let notice = escape(&self.cx.fallback_notice(self.lang));
                    self.out.html.push_str(&format!(
                        "<div class=\"fallback\" lang=\"{}\">\n<p class=\"fallback-notice\" lang=\"{}\">{notice}</p>\n",
                        l.code(),
                        self.lang.code()
                    ));
                    self.lang_blocks(*l, &div.children);
                    self.out.html.push_str("</div>\n");
                }
                DivKind::Lang(_) => {}
                DivKind::Callout(class) => {
                    let class = escape(class);
                    let title = escape(&self.cx.label(&format!("class-{class}"), self.lang));
                    self.out.html.push_str(&format!(
                        "<aside class=\"callout callout-{class}\">\n<p class=\"callout-title\"><span class=\"badge badge-{class}\">{title}</span></p>\n"
                    ));
                    self.blocks(&div.children);
                    self.out.html.push_str("</aside>\n");
                }
                DivKind::Component { component, args } => self.component(div, *component, args),
                // Reported as an error, so never published; its contents render in place.
                DivKind::Unknown(_) => self.blocks(&div.children),
            },
        }
    }
}

/// Escape text for HTML content and attribute values (pulldown-cmark's escaper: `&`, `<`, `>`
/// and both quotes).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    // Writing into a `String` cannot fail.
    let _ = pulldown_cmark_escape::escape_html(&mut out, text);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_body;
    use shoko_diagnostics::FileId;

    struct Cx;
    impl RenderContext for Cx {
        fn resolve(&self, dest: &str, lang: Lang) -> Option<Resolved> {
            if let Some(id) = dest.strip_prefix("claim:") {
                return Some(Resolved {
                    href: format!("#{}", shoko_vocab::claim_anchor(id)),
                    after: Some("<span class=\"badge\">B</span>".into()),
                    struck: id.starts_with("old-"),
                });
            }
            dest.strip_suffix(".md").map(|p| Resolved {
                href: format!("../{}/{p}/", lang.code()),
                after: None,
                struck: false,
            })
        }
        fn fallback_notice(&self, lang: Lang) -> String {
            format!("untranslated ({})", lang.code())
        }
        fn label(&self, key: &str, _: Lang) -> String {
            key.trim_start_matches("class-").to_uppercase()
        }
        fn component(&self, component: Component, args: &str, lang: Lang) -> String {
            format!("<div class=\"{}\">{args} {}</div>\n", component.name(), lang.code())
        }
        fn image(&self, _: &str, _: &str, _: Lang) -> Option<String> {
            None
        }
    }

    fn render(text: &str, lang: Lang) -> RenderedBody {
        let (body, _) = parse_body(text, 0, FileId(0));
        render_html(body.source(text, 0), lang, &Cx, &mut Anchors::default())
    }

    #[test]
    fn references_resolve_across_runs_in_each_language_and_its_fallback() {
        let text = ":::ja\n[ソース][src] と [日本語][own]\n\n::::callout inferred\n中\n::::\n\n[own]: ja.md\n:::\n:::en\n[Source][src]\n:::\n\n:::ja\n片方 [だけ][own]\n:::\n\n[src]: other.md\n";
        let ja = render(text, Lang::Ja).html;
        assert!(ja.contains(r#"<a href="../ja/other/">ソース</a> と <a href="../ja/ja/">日本語</a>"#), "{ja}");
        let en = render(text, Lang::En).html;
        assert!(en.contains(r#"<a href="../en/other/">Source</a>"#), "{en}");
        // The untranslated Japanese div shown in English still sees the Japanese definitions.
        assert!(en.contains(r#"片方 <a href="../en/ja/">だけ</a>"#), "{en}");
    }

    #[test]
    fn footnotes_have_anchors_of_their_own_numbered_across_the_runs_of_a_language() {
        let text = ":::ja\n## 計測\n\n値[^measurements]。\n\n[^measurements]: 三回の平均。\n:::\n:::en\n## Measurements\n\nA value[^measurements].\n\n[^measurements]: The mean of three runs.\n:::\n\n:::en\nAgain[^2].\n\n[^2]: Slide two is not this.\n:::\n";
        let en = render(text, Lang::En);
        assert!(en.html.contains(r#"<h2 id="measurements">"#), "{}", en.html);
        assert!(en.html.contains(r##"<a href="#fn:1">1</a>"##) && en.html.contains(r#"id="fn:1""#), "{}", en.html);
        // The next run goes on counting; `[^2]` is not the anchor `2` (a deck's slide 2).
        assert!(en.html.contains(r##"<a href="#fn:2">2</a>"##) && en.html.contains(r#"id="fn:2""#), "{}", en.html);
        assert!(!en.html.contains(r#"id="measurements" class="footnote"#) && !en.html.contains(r#"id="2""#));
        // A heading's own `{#fn:1}` is taken: it gets another ID, and `md/heading-id` says so.
        let mut anchors = Anchors::default();
        assert_eq!(anchors.unique(Some("fn:1"), "x"), "fn:1-2");
    }

    #[test]
    fn each_language_gets_shared_and_own_blocks() {
        let text = "Shared [x](other.md)\n\n:::ja\n日本語\n:::\n:::en\nEnglish\n:::\n\n:::ja\n片方だけ\n:::\n";
        let en = render(text, Lang::En);
        insta::assert_snapshot!(en.html, @r#"
        <p>Shared <a href="../en/other/">x</a></p>
        <p>English</p>
        <div class="fallback" lang="ja">
        <p class="fallback-notice" lang="en">untranslated (en)</p>
        <p>片方だけ</p>
        </div>
        "#);
        assert_eq!(en.fallbacks, 1);
        let ja = render(text, Lang::Ja);
        assert!(
            ja.html.contains("<p>日本語</p>") && ja.html.contains("<p>片方だけ</p>") && !ja.html.contains("English")
        );
        assert_eq!(ja.fallbacks, 0);
    }

    #[test]
    fn headings_alone_get_the_ids_a_render_gives_them() {
        let text = "# Setup {#setup}\n\n```rust\nfn main() {}\n```\n\n## Setup\n\n:::ja\n## 観測 `code`\n:::\n\n::::callout inferred\n## Setup\n::::\n\n:::en\n### Only [English](other.md)\n:::\n\n::: call-chain\n1. `a()`\n:::\n\n## Setup\n";
        let (body, _) = parse_body(text, 0, FileId(0));
        for lang in Lang::ALL {
            let rendered = render(text, lang).headings;
            let alone = headings(body.source(text, 0), lang, &mut Anchors::default());
            assert!(rendered.len() >= 4, "{rendered:?}");
            assert_eq!(alone, rendered, "{lang:?}");
        }
    }

    #[test]
    fn headings_pair_across_languages_by_slot() {
        let text = "# 共通 Shared\n\n:::ja\n## 観測\n## 解釈\n:::\n:::en\n## Observation\n## Reading\n:::\n";
        let ja = render(text, Lang::Ja);
        let en = render(text, Lang::En);
        let pairs: Vec<(String, String)> = ja
            .headings
            .iter()
            .map(|h| {
                (h.id.clone(), en.headings.iter().find(|e| e.slot == h.slot).map(|e| e.id.clone()).unwrap_or_default())
            })
            .collect();
        assert_eq!(
            pairs,
            [
                ("共通-shared".into(), "共通-shared".into()),
                ("観測".into(), "observation".into()),
                ("解釈".into(), "reading".into())
            ]
        );
        assert!(ja.html.contains("<h2 id=\"観測\">観測</h2>"), "{}", ja.html);
    }

    #[test]
    fn claim_links_get_their_badge_and_callouts_their_title() {
        let text = "::::callout inferred\n:::ja\n[主張](claim:a)\n:::\n:::en\n[claim](claim:a)\n:::\n::::\n";
        let en = render(text, Lang::En);
        assert!(en.html.contains("<a href=\"#claim-a\">claim</a><span class=\"badge\">B</span>"), "{}", en.html);
        assert!(en.html.contains("<aside class=\"callout callout-inferred\">"), "{}", en.html);
        assert!(en.html.contains(">INFERRED</span>"), "{}", en.html);
        // A record no longer in force is struck through, its badge after the strike.
        let en = render("[Twelve kernels](claim:old-count) are in it.\n", Lang::En);
        assert!(
            en.html.contains("<s><a href=\"#claim-old-count\">Twelve kernels</a></s><span class=\"badge\">B</span>"),
            "{}",
            en.html
        );
    }

    #[test]
    fn nothing_that_runs_code_is_rendered() {
        let text = "<!-- a note for authors -->\n\nHi <b onmouseover=x>b</b><script>alert(1)</script>\n\n## T {#t onclick=x}\n\n[j](JavaScript:alert(1)) ![i](data:text/html,x) <!-- inline note -->\n";
        let en = render(text, Lang::En).html;
        for gone in ["note", "onmouseover", "<script", "alert(1)", "onclick", "javascript", "data:"] {
            assert!(!en.to_lowercase().contains(gone), "{gone} in {en}");
        }
        assert!(en.contains("<b>b</b>") && en.contains("<h2 id=\"t\">T</h2>"), "{en}");
        assert!(en.contains("<a href=\"\">j</a>"), "{en}");
    }

    #[test]
    fn code_is_highlighted_and_escaped() {
        let en = render("```rust\nlet x = \"<b>\";\n```\n\n```\n<plain>\n```\n", Lang::En);
        assert!(en.html.contains("<pre class=\"code\"><code class=\"language-rust\"><span class=\"hl-"), "{}", en.html);
        assert!(en.html.contains("&lt;plain&gt;"), "{}", en.html);
        assert!(!en.html.contains("<b>"), "{}", en.html);
    }
}
