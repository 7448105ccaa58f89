//! HTML for one language of a body. Shared blocks are rendered for both languages; a language
//! div is rendered for its language, or, when its partner is missing, for the other language too
//! with a visible notice. Link destinations go through a [`LinkResolver`].

use crate::body::{Block, Div, DivKind, Lang};
use crate::links::options;
use pulldown_cmark::{CowStr, Event, Parser, Tag, html};

/// Turns link destinations as written into hrefs of the built site.
pub trait LinkResolver {
    /// The href for `dest` in the page's language, or `None` to keep it as written.
    fn resolve(&self, dest: &str, lang: Lang) -> Option<String>;
    /// The notice shown above a block that falls back to the other language.
    fn fallback_notice(&self, lang: Lang) -> String;
}

/// Render the blocks of a body (whose text is `text`, starting at file offset `base`) for `lang`.
pub fn render_html(blocks: &[Block], text: &str, base: usize, lang: Lang, resolver: &dyn LinkResolver) -> String {
    let mut out = String::new();
    render_blocks(blocks, text, base, lang, resolver, &mut out);
    out
}

fn render_blocks(blocks: &[Block], text: &str, base: usize, lang: Lang, resolver: &dyn LinkResolver, out: &mut String) {
    let partners = crate::body::partners(blocks);
    for (block, partner) in blocks.iter().zip(partners) {
        match block {
            Block::Markdown(range) => render_markdown(&text[range.start - base..range.end - base], lang, resolver, out),
            Block::Div(div) => match &div.kind {
                DivKind::Lang(l) if *l == lang => render_blocks(&div.children, text, base, lang, resolver, out),
                DivKind::Lang(l) => {
                    if partner.is_none() {
                        out.push_str(&format!(
                            "<div class=\"fallback\" lang=\"{}\"><p class=\"fallback-notice\" lang=\"{}\">{}</p>\n",
                            l.code(),
                            lang.code(),
                            html_escape(&resolver.fallback_notice(lang))
                        ));
                        render_blocks(&div.children, text, base, lang, resolver, out);
                        out.push_str("</div>\n");
                    }
                }
                DivKind::Callout(class) => render_callout(div, class, text, base, lang, resolver, out),
            },
        }
    }
}

fn render_callout(
    div: &Div,
    class: &str,
    text: &str,
    base: usize,
    lang: Lang,
    resolver: &dyn LinkResolver,
    out: &mut String,
) {
    out.push_str(&format!("<aside class=\"callout callout-{}\">\n", html_escape(class)));
    render_blocks(&div.children, text, base, lang, resolver, out);
    out.push_str("</aside>\n");
}

fn render_markdown(markdown: &str, lang: Lang, resolver: &dyn LinkResolver, out: &mut String) {
    let events = Parser::new_ext(markdown, options()).map(|event| match event {
        Event::Start(Tag::Link { link_type, dest_url, title, id }) => {
            let dest_url = resolver.resolve(&dest_url, lang).map_or(dest_url, CowStr::from);
            Event::Start(Tag::Link { link_type, dest_url, title, id })
        }
        Event::Start(Tag::Image { link_type, dest_url, title, id }) => {
            let dest_url = resolver.resolve(&dest_url, lang).map_or(dest_url, CowStr::from);
            Event::Start(Tag::Image { link_type, dest_url, title, id })
        }
        other => other,
    });
    html::push_html(out, events);
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_body;
    use shoko_diagnostics::FileId;

    struct Resolver;
    impl LinkResolver for Resolver {
        fn resolve(&self, dest: &str, lang: Lang) -> Option<String> {
            dest.strip_suffix(".md").map(|p| format!("../{}/{p}/", lang.code()))
        }
        fn fallback_notice(&self, lang: Lang) -> String {
            format!("untranslated ({})", lang.code())
        }
    }

    #[test]
    fn each_language_gets_shared_and_own_blocks() {
        let text = "Shared [x](other.md)\n\n:::ja\n日本語\n:::\n:::en\nEnglish\n:::\n\n:::ja\n片方だけ\n:::\n";
        let (body, _) = parse_body(text, 0, FileId(0));
        let en = render_html(&body.blocks, text, 0, Lang::En, &Resolver);
        insta::assert_snapshot!(en, @r#"
        <p>Shared <a href="../en/other/">x</a></p>
        <p>English</p>
        <div class="fallback" lang="ja"><p class="fallback-notice" lang="en">untranslated (en)</p>
        <p>片方だけ</p>
        </div>
        "#);
        let ja = render_html(&body.blocks, text, 0, Lang::Ja, &Resolver);
        assert!(ja.contains("<p>日本語</p>") && ja.contains("<p>片方だけ</p>") && !ja.contains("English"), "{ja}");
    }
}
