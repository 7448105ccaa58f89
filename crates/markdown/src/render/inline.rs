//! One Markdown run of a body, event by event: headings numbered with their slots, code
//! highlighted, links resolved and badged, glossary terms linked, footnotes numbered, formulas
//! made MathML, raw HTML sanitised; in the text walk, the plain text under each heading.

use super::{Mode, Renderer, Section, escape};
use crate::anchors::{Heading, Slot};
use crate::highlight::highlight;
use crate::links::{is_comment, options, refused};
use pulldown_cmark::{CodeBlockKind, CowStr, Event, Parser, Tag, TagEnd, html};

impl Renderer<'_> {
    pub(super) fn markdown(&mut self, markdown: &str) {
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
