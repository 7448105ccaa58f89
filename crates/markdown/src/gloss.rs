//! Glossing: the first use of a glossary term on a page (outside headings, links and code) is
//! replaced by the term with its short explanation, once per page and language.

use crate::render::{Renderer, escape};
use pulldown_cmark::{CowStr, Event};

/// One glossary term as the renderer looks for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gloss {
    /// Stable ID: a term is glossed once per page, whichever spelling comes first.
    pub id: String,
    /// The spellings, longest first.
    pub spellings: Vec<String>,
    /// HTML for the first use; `{}` is replaced by the spelling as written.
    pub html: String,
}

impl<'e> Renderer<'_> {
    /// Push `text`, with the first use on this page of each glossary term replaced by its gloss.
    pub(crate) fn gloss(&mut self, text: CowStr<'e>, events: &mut Vec<Event<'e>>) {
        let mut rest: &str = &text;
        let mut pieces: Vec<Event<'e>> = Vec::new();
        loop {
            let next = self
                .terms
                .iter()
                .filter(|t| !self.glossed.contains(&t.id))
                .flat_map(|t| t.spellings.iter().filter_map(move |s| find_term(rest, s).map(|i| (i, s.len(), t))))
                .min_by_key(|(i, len, _)| (*i, usize::MAX - len));
            let Some((at, len, term)) = next else { break };
            let written = &rest[at..at + len];
            pieces.push(Event::Text(CowStr::from(rest[..at].to_owned())));
            pieces.push(Event::InlineHtml(CowStr::from(term.html.replace("{}", &escape(written)))));
            self.glossed.insert(term.id.clone());
            rest = &rest[at + len..];
        }
        if pieces.is_empty() {
            events.push(Event::Text(text));
            return;
        }
        pieces.push(Event::Text(CowStr::from(rest.to_owned())));
        events.extend(pieces.into_iter().filter(|e| !matches!(e, Event::Text(t) if t.is_empty())));
    }
}

/// Where `term` occurs in `text`: ASCII terms as whole words, case-insensitively; others as is.
fn find_term(text: &str, term: &str) -> Option<usize> {
    if term.is_empty() {
        return None;
    }
    if !term.is_ascii() {
        return text.find(term);
    }
    let lower = text.to_ascii_lowercase();
    let needle = term.to_ascii_lowercase();
    lower.match_indices(&needle).map(|(i, _)| i).find(|&i| {
        let before = text[..i].chars().next_back();
        let after = text[i + needle.len()..].chars().next();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        !word(before) && !word(after)
    })
}

#[cfg(test)]
mod gloss_tests {
    use crate::parse_body;
    use crate::render::{Resolved, render_html};
    use crate::{Anchors, Gloss, Lang, RenderContext};
    use shoko_diagnostics::FileId;

    struct Cx;
    impl RenderContext for Cx {
        fn resolve(&self, _: &str, _: Lang) -> Option<Resolved> {
            None
        }
        fn fallback_notice(&self, _: Lang) -> String {
            String::new()
        }
        fn label(&self, _: &str, _: Lang) -> String {
            String::new()
        }
        fn component(&self, _: crate::Component, _: &str, _: Lang) -> String {
            String::new()
        }
        fn image(&self, _: &str, _: &str, _: Lang) -> Option<String> {
            None
        }
        fn terms(&self, lang: Lang) -> Vec<Gloss> {
            let (spelling, gloss) = match lang {
                Lang::Ja => ("カーネル", "（GPU の仕事の単位）"),
                Lang::En => ("kernel", " (a unit of GPU work)"),
            };
            vec![Gloss {
                id: "kernel".into(),
                spellings: vec![spelling.into()],
                html: format!("<dfn>{{}}</dfn>{gloss}"),
            }]
        }
    }

    fn render(text: &str, lang: Lang) -> String {
        let (body, _) = parse_body(text, 0, FileId(0));
        render_html(&body.blocks, text, 0, lang, &Cx, &mut Anchors::default()).html
    }

    #[test]
    fn first_use_only_never_in_headings_links_or_code() {
        let en = render(
            "# The kernel\n\nA [kernel](x.md) and `kernel` then the Kernel, then kernels and kernel.\n",
            Lang::En,
        );
        assert!(en.contains("<h1 id=\"the-kernel\">The kernel</h1>"), "{en}");
        assert!(en.contains("<a href=\"x.md\">kernel</a>"), "{en}");
        assert!(en.contains("<code>kernel</code>"), "{en}");
        assert!(en.contains("the <dfn>Kernel</dfn> (a unit of GPU work), then kernels and kernel."), "{en}");
        let ja = render(":::ja\nカーネルとカーネル\n:::\n:::en\nx\n:::\n", Lang::Ja);
        assert!(ja.contains("<dfn>カーネル</dfn>（GPU の仕事の単位）とカーネル"), "{ja}");
    }
}
