//! HTML for one language of a body. Shared blocks are rendered for both languages; a language
//! div is rendered for its language, or, when its partner is missing, for the other language too
//! with a visible notice. Headings get unique anchors with language-independent slots; code
//! blocks are highlighted; link destinations go through a [`RenderContext`].

use crate::anchors::{Anchors, Heading, Slot};
use crate::body::{Block, Div, DivKind, call_chain_steps};
use crate::gloss::Glossary;
use crate::highlight::highlight;
use crate::links::{is_comment, options, refused};
use crate::pairing::partners;
use crate::refdefs::RefDefs;
use pulldown_cmark::{CodeBlockKind, CowStr, Event, Parser, Tag, TagEnd, html};
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

    fn component(&mut self, div: &Div, component: Component, args: &str) {
        match component {
            Component::CallChain => {
                let inner = &self.text[div.inner.start - self.base..div.inner.end - self.base];
                self.out.html.push_str("<ol class=\"call-chain\">\n");
                // Each step goes through the same path as any Markdown (links resolved and
                // checked, raw HTML sanitised), but unglossed: a chain names calls, not prose.
                let glossary = self.glossary.take();
                for (_, step) in call_chain_steps(inner) {
                    let start = self.out.html.len();
                    self.markdown(step);
                    let html = self.out.html.split_off(start);
                    let html = html.trim().trim_start_matches("<p>").trim_end_matches("</p>");
                    self.out.html.push_str(&format!("<li>{html}</li>\n"));
                }
                self.glossary = glossary;
                self.out.html.push_str("</ol>\n");
            }
            Component::Figure => {
                // The image (shared) becomes a link to the full-size file; language divs are the caption.
                let (captions, media): (Vec<&Block>, Vec<&Block>) =
                    div.children.iter().partition(|b| matches!(b, Block::Div(d) if matches!(d.kind, DivKind::Lang(_))));
                self.out.html.push_str("<figure class=\"figure\">\n");
                for block in media {
                    self.block(block, false);
                }
                if !captions.is_empty() {
                    self.out.html.push_str("<figcaption>\n");
                    let owned: Vec<Block> = captions.into_iter().cloned().collect();
                    self.blocks(&owned);
                    self.out.html.push_str("</figcaption>\n");
                }
                self.out.html.push_str("</figure>\n");
            }
            Component::Next => {
                let title = escape(&self.cx.label("next-title", self.lang));
                self.out.html.push_str(&format!("<aside class=\"next\">\n<p class=\"next-title\">→ {title}</p>\n"));
                self.blocks(&div.children);
                self.out.html.push_str("</aside>\n");
            }
            Component::Notes => {
                let title = escape(&self.cx.label("notes-title", self.lang));
                self.out
                    .html
                    .push_str(&format!("<aside class=\"notes\" data-notes>\n<p class=\"notes-title\">{title}</p>\n"));
                self.blocks(&div.children);
                self.out.html.push_str("</aside>\n");
            }
            Component::Audio => self.audio(div, args),
            Component::Pdf => self.pdf(div, args),
            data if self.mode == Mode::Text => {
                if let Some(text) = self.cx.component_text(data, args, self.lang) {
                    // Apart from the words before and after it.
                    self.push_text(None);
                    self.push_text(Some(&text));
                    self.push_text(None);
                }
            }
            data => self.out.html.push_str(&self.cx.component(data, args, self.lang)),
        }
    }

    /// The published href of a file a component names (as written when the site has none).
    fn media_href(&self, file: &str) -> String {
        escape(&self.cx.media(file, self.lang).unwrap_or_else(|| file.to_owned()))
    }

    /// `::: audio FILE [CAPTIONS…]`: the player, a download link and the transcript (the
    /// language divs). Captions named `NAME.LANG.vtt` are in that language; the page's own (or
    /// one without a language) is on by default.
    fn audio(&mut self, div: &Div, args: &str) {
        let mut files = args.split_whitespace();
        let audio = self.media_href(files.next().unwrap_or_default());
        self.out.html.push_str(&format!(
            "<div class=\"media media-audio\">\n<audio controls preload=\"metadata\" src=\"{audio}\">"
        ));
        let mut default_given = false;
        for captions in files {
            let lang = Lang::of_file(captions);
            let (srclang, label) = match lang {
                Some(l) => {
                    (format!(" srclang=\"{}\"", l.code()), self.cx.label(&format!("lang-{}", l.code()), self.lang))
                }
                None => (String::new(), self.cx.label("media-captions", self.lang)),
            };
            let default = !default_given && lang.is_none_or(|l| l == self.lang);
            default_given |= default;
            self.out.html.push_str(&format!(
                "<track kind=\"captions\" src=\"{}\"{srclang} label=\"{}\"{}>",
                self.media_href(captions),
                escape(&label),
                if default { " default" } else { "" }
            ));
        }
        let download = escape(&self.cx.label("media-download-audio", self.lang));
        let transcript = escape(&self.cx.label("media-transcript", self.lang));
        self.out.html.push_str(&format!(
            "</audio>\n<p class=\"media-actions\"><a href=\"{audio}\" download>{download}</a></p>\n<details class=\"transcript\">\n<summary>{transcript}</summary>\n"
        ));
        self.blocks(&div.children);
        self.out.html.push_str("</details>\n</div>\n");
    }

    /// `::: pdf FILE`: the PDF in the page where the browser can show it (its fallback is a
    /// link), a download link and the caption (the language divs).
    fn pdf(&mut self, div: &Div, args: &str) {
        let file = args.split_whitespace().next().unwrap_or_default();
        let href = self.media_href(file);
        let name = escape(file.rsplit('/').next().unwrap_or(file));
        let fallback = escape(&self.cx.label("media-pdf-fallback", self.lang));
        let open = escape(&self.cx.label("media-pdf-open", self.lang));
        let download = escape(&self.cx.label("media-download-pdf", self.lang));
        // A figure's caption comes last, after the download link.
        self.out.html.push_str(&format!(
            "<figure class=\"media media-pdf\">\n<object class=\"pdf-view\" data=\"{href}\" type=\"application/pdf\" title=\"{name}\">\n<p class=\"pdf-fallback\">{fallback} <a href=\"{href}\">{open}</a></p>\n</object>\n<p class=\"media-actions\"><a href=\"{href}\" download>{download}</a></p>\n"
        ));
        if !div.children.is_empty() {
            self.out.html.push_str("<figcaption>\n");
            self.blocks(&div.children);
            self.out.html.push_str("</figcaption>\n");
        }
        self.out.html.push_str("</figure>\n");
    }

    fn markdown(&mut self, markdown: &str) {
        let mut events: Vec<Event<'_>> = Vec::new();
        let mut heading: Option<(usize, Option<String>)> = None;
        let mut code: Option<(String, String)> = None;
        let mut pending_after: Vec<(Option<String>, bool)> = Vec::new();
        // Where the badges after links are: punctuation after one stays on its line.
        let mut badges: Vec<usize> = Vec::new();
        let mut image: Option<(String, Tag<'_>)> = None;
        // Inside links and headings text is not glossed.
        let mut no_gloss = 0usize;
        // Raw HTML other than comments: the run's HTML goes through the sanitiser. An HTML block
        // arrives line by line and is judged whole.
        let mut raw = false;
        let mut html_block: Option<String> = None;
        let mut undefined = Vec::new();
        // The MathML of the run's formulas, by their placeholders' numbers.
        let mut formulas: Vec<String> = Vec::new();
        // What stays undefined was reported when the body was scanned.
        let resolve = Some(self.refs.callback(self.scope, &mut undefined));
        for event in Parser::new_with_broken_link_callback(markdown, options(), resolve) {
            match event {
                Event::Start(Tag::HtmlBlock) => html_block = Some(String::new()),
                Event::Html(html) if html_block.is_some() => {
                    if let Some(block) = &mut html_block {
                        block.push_str(&html);
                    }
                }
                Event::End(TagEnd::HtmlBlock) => {
                    if let Some(block) = html_block.take().filter(|b| !is_comment(b)) {
                        raw = true;
                        events.push(Event::Html(CowStr::from(block)));
                    }
                }
                Event::Html(html) | Event::InlineHtml(html) => {
                    if !is_comment(&html) {
                        raw = true;
                        events.push(Event::InlineHtml(html));
                    }
                }
                Event::Start(Tag::Heading { level, id, classes, .. }) => {
                    // Only `{#id .class}` is read (`md/heading-attribute`): other attributes go.
                    no_gloss += 1;
                    heading = Some((events.len(), id.map(|i| i.to_string())));
                    events.push(Event::Start(Tag::Heading { level, id: None, classes, attrs: Vec::new() }));
                }
                Event::End(TagEnd::Heading(level)) => {
                    if let Some((start, explicit)) = heading.take() {
                        let text = plain_text(&events[start + 1..]);
                        let id = self.anchors.unique(explicit.as_deref(), &text);
                        if let Event::Start(Tag::Heading { id: slot_id, .. }) = &mut events[start] {
                            *slot_id = Some(CowStr::from(id.clone()));
                        }
                        let slot = Slot { unit: self.unit, nth: self.nth };
                        self.nth += 1;
                        if self.mode == Mode::Text {
                            self.out.sections.push(Section {
                                anchor: Some(id.clone()),
                                explicit: explicit.clone(),
                                heading: text.clone(),
                                text: String::new(),
                            });
                        }
                        self.out.headings.push(Heading { level: level as u8, id, text, slot });
                        // Japanese headings break between phrases, not inside words.
                        if self.mode == Mode::Html {
                            crate::breaks::phrase_heading(&mut events[start + 1..]);
                        }
                    }
                    events.push(Event::End(TagEnd::Heading(level)));
                    no_gloss -= 1;
                }
                Event::Start(Tag::CodeBlock(kind)) => {
                    let lang = match kind {
                        CodeBlockKind::Fenced(info) => info.to_string(),
                        CodeBlockKind::Indented => String::new(),
                    };
                    code = Some((lang, String::new()));
                }
                Event::Text(t) if code.is_some() => {
                    if let Some((_, body)) = &mut code {
                        body.push_str(&t);
                    }
                }
                Event::End(TagEnd::CodeBlock) if self.mode == Mode::Text => {
                    if let Some((_, body)) = code.take() {
                        self.push_text(None);
                        self.push_text(Some(&body));
                        self.push_text(None);
                    }
                }
                Event::Text(t) | Event::Code(t) if self.mode == Mode::Text && heading.is_none() && image.is_none() => {
                    self.push_text(Some(&t));
                }
                // A formula's text is its TeX (search finds it so); on the page, its MathML (a
                // formula that does not parse was `md/bad-math` when the body was read: its TeX
                // shows as code).
                Event::InlineMath(tex) | Event::DisplayMath(tex) if self.mode == Mode::Text && image.is_none() => {
                    if heading.is_none() {
                        self.push_text(Some(&tex));
                    }
                }
                // A formula goes in as a placeholder, its MathML after the run's HTML is made (and
                // sanitised, which would drop MathML).
                Event::InlineMath(tex) if self.mode == Mode::Html => events.push(formula(tex, false, &mut formulas)),
                Event::DisplayMath(tex) if self.mode == Mode::Html => events.push(formula(tex, true, &mut formulas)),
                Event::SoftBreak
                | Event::HardBreak
                | Event::End(TagEnd::Paragraph | TagEnd::Item | TagEnd::TableCell | TagEnd::BlockQuote(_))
                    if self.mode == Mode::Text =>
                {
                    self.push_text(None);
                }
                Event::End(TagEnd::CodeBlock) => {
                    if let Some((lang, body)) = code.take().filter(|_| self.mode == Mode::Html) {
                        events.push(Event::Html(CowStr::from(code_block(&lang, &body))));
                    }
                }
                Event::Start(Tag::Link { link_type, dest_url, title, id }) => {
                    // A refused scheme is an error of its own; it never reaches an href.
                    let dest_url = if refused(&dest_url) { CowStr::from("") } else { dest_url };
                    let resolved = self.cx.resolve(&dest_url, self.lang);
                    let (dest_url, after, struck) = match resolved {
                        Some(r) => (CowStr::from(r.href), r.after, r.struck),
                        None => (dest_url, None, false),
                    };
                    pending_after.push((after, struck));
                    no_gloss += 1;
                    if struck {
                        events.push(Event::InlineHtml(CowStr::Borrowed("<s>")));
                    }
                    events.push(Event::Start(Tag::Link { link_type, dest_url, title, id }));
                }
                Event::End(TagEnd::Link) => {
                    no_gloss = no_gloss.saturating_sub(1);
                    events.push(Event::End(TagEnd::Link));
                    let (after, struck) = pending_after.pop().unwrap_or_default();
                    if struck {
                        events.push(Event::InlineHtml(CowStr::Borrowed("</s>")));
                    }
                    if let Some(after) = after {
                        badges.push(events.len());
                        events.push(Event::InlineHtml(CowStr::from(after)));
                    }
                }
                Event::Start(Tag::Image { link_type, dest_url, title, id }) => {
                    // Collect the alt text; the context may render the whole image itself.
                    let dest_url = if refused(&dest_url) { CowStr::from("") } else { dest_url };
                    image = Some((String::new(), Tag::Image { link_type, dest_url, title, id }));
                }
                Event::End(TagEnd::Image) => {
                    if let Some((alt, Tag::Image { link_type, dest_url, title, id })) = image.take() {
                        match self.cx.image(&dest_url, &alt, self.lang) {
                            Some(html) => events.push(Event::InlineHtml(CowStr::from(html))),
                            None => {
                                events.push(Event::Start(Tag::Image { link_type, dest_url, title, id }));
                                events.push(Event::Text(CowStr::from(alt)));
                                events.push(Event::End(TagEnd::Image));
                            }
                        }
                    }
                }
                Event::Text(t) | Event::Code(t) if image.is_some() => {
                    if let Some((alt, _)) = &mut image {
                        alt.push_str(&t);
                    }
                }
                _ if image.is_some() => {}
                // Footnotes carry anchors of their own kind (`fn:N`), which no heading or part
                // of the page can hold.
                Event::FootnoteReference(label) => {
                    let n = self.footnote(&label);
                    let anchor = shoko_vocab::footnote_anchor(n);
                    let html = format!("<sup class=\"footnote-reference\"><a href=\"#{anchor}\">{n}</a></sup>");
                    events.push(Event::InlineHtml(CowStr::from(html)));
                }
                Event::Start(Tag::FootnoteDefinition(label)) => {
                    let n = self.footnote(&label);
                    let anchor = shoko_vocab::footnote_anchor(n);
                    let html = format!(
                        "<div class=\"footnote-definition\" id=\"{anchor}\"><sup class=\"footnote-definition-label\">{n}</sup>"
                    );
                    events.push(Event::Html(CowStr::from(html)));
                }
                Event::End(TagEnd::FootnoteDefinition) => events.push(Event::Html(CowStr::Borrowed("</div>\n"))),
                Event::Text(t) if no_gloss == 0 && self.glossary.is_some() => self.gloss(t, &mut events),
                other => events.push(other),
            }
        }
        if self.mode != Mode::Html {
            return;
        }
        let events = crate::breaks::keep_with_badge(events, &badges);
        let start = self.out.html.len();
        if raw {
            let mut html = String::new();
            html::push_html(&mut html, events.into_iter());
            self.out.html.push_str(&crate::sanitize::sanitize(&html));
        } else {
            html::push_html(&mut self.out.html, events.into_iter());
        }
        if !formulas.is_empty() {
            let made = self.out.html.split_off(start);
            self.out.html.push_str(&crate::math::put_back(&made, &formulas));
        }
    }
}

/// A formula's event on the page: the placeholder of its MathML (kept in `formulas`), or its TeX
/// as code when it does not parse (that was `md/bad-math` when the body was read).
fn formula<'a>(tex: CowStr<'a>, display: bool, formulas: &mut Vec<String>) -> Event<'a> {
    match crate::math::to_mathml(&tex, display) {
        Ok(mathml) => {
            formulas.push(mathml);
            // Not text: a heading's ID and contents entry are made from its text alone, in every
            // mode alike.
            Event::InlineHtml(CowStr::from(crate::math::placeholder(formulas.len() - 1)))
        }
        Err(_) => Event::Code(tex),
    }
}

/// The headings of one language of a body, with exactly the IDs `render_html` gives them, for
/// anchor checks before rendering: the blocks are walked as a render walks them, without
/// highlighting code or producing HTML.
pub fn headings(source: Source<'_>, lang: Lang, anchors: &mut Anchors) -> Vec<Heading> {
    walk(source, lang, &Plain(None), anchors, Mode::Headings).headings
}

/// The plain text of one language of a body, section by section: first the text before the first
/// heading (possibly empty), then one section per heading, every heading in the order
/// `render_html` numbers them, with exactly the IDs it gives them when `anchors` is reserved as
/// for the render. The words of a component drawn from data come from `words` (component, its
/// arguments, the language; see [`RenderContext::component_text`]).
pub fn sections(source: Source<'_>, lang: Lang, words: &ComponentWords<'_>, anchors: &mut Anchors) -> Vec<Section> {
    let mut sections = walk(source, lang, &Plain(Some(words)), anchors, Mode::Text).sections;
    // The model keeps every page's text as long as the page (a large part of a big site's
    // memory); text grown by doubling holds up to twice its length.
    for section in &mut sections {
        section.text.shrink_to_fit();
    }
    sections.shrink_to_fit();
    sections
}

/// The words a component drawn from data adds to a page's text, for [`sections`].
pub type ComponentWords<'a> = dyn Fn(Component, &str, Lang) -> Option<String> + 'a;

/// A context that resolves nothing, for walks that produce no HTML; with the words of the
/// components drawn from data, when given.
struct Plain<'a>(Option<&'a ComponentWords<'a>>);

impl RenderContext for Plain<'_> {
    fn component_text(&self, component: Component, args: &str, lang: Lang) -> Option<String> {
        self.0.and_then(|words| words(component, args, lang))
    }
    fn resolve(&self, _: &str, _: Lang) -> Option<Resolved> {
        None
    }
    fn fallback_notice(&self, _: Lang) -> String {
        String::new()
    }
    fn label(&self, _: &str, _: Lang) -> String {
        String::new()
    }
    fn component(&self, _: Component, _: &str, _: Lang) -> String {
        String::new()
    }
    fn image(&self, _: &str, _: &str, _: Lang) -> Option<String> {
        None
    }
}

fn code_block(lang: &str, body: &str) -> String {
    let token = lang.split_whitespace().next().unwrap_or("");
    let class = if token.is_empty() { String::new() } else { format!(" class=\"language-{}\"", escape(token)) };
    let inner = highlight(body, token).unwrap_or_else(|| escape(body));
    format!("<pre class=\"code\"><code{class}>{inner}</code></pre>\n")
}

fn plain_text(events: &[Event<'_>]) -> String {
    let mut text = String::new();
    for event in events {
        if let Event::Text(t) | Event::Code(t) = event {
            text.push_str(t);
        }
    }
    text
}

/// Escape text for HTML content and attribute values.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
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

#[cfg(test)]
mod component_tests {
    use super::*;
    use crate::parse_body;
    use shoko_diagnostics::FileId;

    struct Cx;
    impl RenderContext for Cx {
        fn resolve(&self, _: &str, _: Lang) -> Option<Resolved> {
            None
        }
        fn image(&self, dest: &str, alt: &str, _: Lang) -> Option<String> {
            Some(format!("<a class=\"enlarge\" href=\"{dest}\"><img src=\"{dest}\" alt=\"{alt}\"></a>"))
        }
        fn fallback_notice(&self, _: Lang) -> String {
            String::new()
        }
        fn label(&self, key: &str, lang: Lang) -> String {
            format!("{key}:{}", lang.code())
        }
        fn component(&self, component: Component, args: &str, lang: Lang) -> String {
            format!("<div class=\"{}\" data-args=\"{args}\">{}</div>\n", component.name(), lang.code())
        }
    }

    fn render(text: &str, lang: Lang) -> String {
        let (body, diags) = parse_body(text, 0, FileId(0));
        assert!(diags.is_empty(), "{diags:?}");
        render_html(body.source(text, 0), lang, &Cx, &mut Anchors::default()).html
    }

    #[test]
    fn call_chain_renders_one_step_per_line() {
        let html = render("::: call-chain\n`ggml_cuda_mul_mat`\n- ne11 ≤ 8 → `mul_mat_vec_q`\n:::\n", Lang::En);
        insta::assert_snapshot!(html, @r#"
        <ol class="call-chain">
        <li><code>ggml_cuda_mul_mat</code></li>
        <li>ne11 ≤ 8 → <code>mul_mat_vec_q</code></li>
        </ol>
        "#);
    }

    #[test]
    fn figure_links_the_image_and_captions_per_language() {
        let text = "::: figure\n![worlds](worlds.png)\n\n:::ja\n三つの世代\n:::\n:::en\nThree generations\n:::\n:::\n";
        let html = render(text, Lang::Ja);
        insta::assert_snapshot!(html, @r#"
        <figure class="figure">
        <p><a class="enlarge" href="worlds.png"><img src="worlds.png" alt="worlds"></a></p>
        <figcaption>
        <p>三つの世代</p>
        </figcaption>
        </figure>
        "#);
    }

    #[test]
    fn data_components_and_next_blocks() {
        let text =
            "::: generations gfx900 gfx1201\n:::\n\n::: next\n:::ja\n[次](a.md)\n:::\n:::en\n[Next](a.md)\n:::\n:::\n";
        let html = render(text, Lang::En);
        insta::assert_snapshot!(html, @r#"
        <div class="generations" data-args="gfx900 gfx1201">en</div>
        <aside class="next">
        <p class="next-title">→ next-title:en</p>
        <p><a href="a.md">Next</a></p>
        </aside>
        "#);
    }
}
