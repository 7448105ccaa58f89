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
    /// HTML for the first use; `{glossary}` is replaced by the page's href to the glossary page,
    /// then `{}` by the spelling as written.
    pub html: String,
}

/// The glossary of one language, made once per render and shared by every page: the terms and
/// the automaton that finds them (building it per page was a tenth of a build's instructions).
#[derive(Debug)]
pub struct Glossary {
    pub(crate) terms: Vec<Gloss>,
    pub(crate) finder: Option<Finder>,
}

impl Glossary {
    /// The glossary of `terms`.
    pub fn new(terms: Vec<Gloss>) -> Self {
        let finder = Finder::new(&terms);
        Glossary { terms, finder }
    }
}

/// Every spelling of every term of a page, found in one pass: an Aho-Corasick automaton over all
/// of them (ASCII letters matched without regard to case), with the term of each spelling.
#[derive(Debug)]
pub(crate) struct Finder {
    automaton: aho_corasick::AhoCorasick,
    /// Term index and spelling length of each pattern.
    patterns: Vec<(usize, usize)>,
}

impl Finder {
    /// The finder for `terms`, or `None` when there is nothing to look for.
    pub(crate) fn new(terms: &[Gloss]) -> Option<Finder> {
        let mut spellings = Vec::new();
        let mut patterns = Vec::new();
        for (i, term) in terms.iter().enumerate() {
            for spelling in term.spellings.iter().filter(|s| !s.is_empty()) {
                spellings.push(spelling.as_str());
                patterns.push((i, spelling.len()));
            }
        }
        let automaton = aho_corasick::AhoCorasick::builder().ascii_case_insensitive(true).build(&spellings).ok()?;
        (!patterns.is_empty()).then_some(Finder { automaton, patterns })
    }
}

impl<'e> Renderer<'_> {
    /// Push `text`, with the first use on this page of each glossary term replaced by its gloss:
    /// from left to right, the longest spelling where several start, ASCII spellings as whole
    /// words only. Every occurrence is found in one pass, so the cost follows the text, not the
    /// number of terms times their uses.
    pub(crate) fn gloss(&mut self, text: CowStr<'e>, events: &mut Vec<Event<'e>>) {
        let Some((glossary, href)) = self.glossary else {
            events.push(Event::Text(text));
            return;
        };
        let Some(finder) = &glossary.finder else {
            events.push(Event::Text(text));
            return;
        };
        let mut found: Vec<(usize, usize, usize)> = finder
            .automaton
            .find_overlapping_iter(&*text)
            .map(|m| {
                let (term, len) = finder.patterns[m.pattern().as_usize()];
                (m.start(), len, term)
            })
            .collect();
        found.sort_by_key(|(start, len, _)| (*start, std::cmp::Reverse(*len)));
        let mut pieces: Vec<Event<'e>> = Vec::new();
        let mut cursor = 0;
        for (start, len, term) in found {
            let term = &glossary.terms[term];
            let written = &text[start..start + len];
            if start < cursor
                || self.glossed.contains(&term.id)
                || (written.is_ascii() && !whole_word(&text, start, len))
            {
                continue;
            }
            pieces.push(Event::Text(CowStr::from(text[cursor..start].to_owned())));
            let html = term.html.replace("{glossary}", href).replace("{}", &escape(written));
            pieces.push(Event::InlineHtml(CowStr::from(html)));
            self.glossed.insert(term.id.clone());
            cursor = start + len;
        }
        if pieces.is_empty() {
            events.push(Event::Text(text));
            return;
        }
        pieces.push(Event::Text(CowStr::from(text[cursor..].to_owned())));
        events.extend(pieces.into_iter().filter(|e| !matches!(e, Event::Text(t) if t.is_empty())));
    }
}

/// Whether `text[start..start + len]` stands as a word of its own: no letter, digit or `_` of
/// ASCII right before or after it.
fn whole_word(text: &str, start: usize, len: usize) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
    !word(text[..start].chars().next_back()) && !word(text[start + len..].chars().next())
}

#[cfg(test)]
mod gloss_tests {
    use crate::parse_body;
    use crate::render::{Resolved, render_html};
    use crate::{Anchors, Gloss, Glossary, Lang, RenderContext};
    use shoko_diagnostics::FileId;

    /// A context whose only part is a glossary per language (`Lang::ALL` order).
    struct Cx([Glossary; 2]);

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
        fn glossary(&self, lang: Lang) -> Option<(&Glossary, &str)> {
            Some((&self.0[usize::from(lang == Lang::En)], ""))
        }
    }

    fn render(cx: &Cx, text: &str, lang: Lang) -> String {
        let (body, _) = parse_body(text, 0, FileId(0));
        render_html(body.source(text, 0), lang, cx, &mut Anchors::default()).html
    }

    fn kernel() -> Cx {
        Cx(Lang::ALL.map(|lang| {
            let (spelling, gloss) = match lang {
                Lang::Ja => ("カーネル", "（GPU の仕事の単位）"),
                Lang::En => ("kernel", " (a unit of GPU work)"),
            };
            Glossary::new(vec![Gloss {
                id: "kernel".into(),
                spellings: vec![spelling.into()],
                html: format!("<dfn>{{}}</dfn>{gloss}"),
            }])
        }))
    }

    #[test]
    fn many_terms_each_used_once_cost_what_the_text_costs() {
        // 2,000 terms each used once: found in one pass, each glossed at its first use.
        let terms = (0..2000)
            .map(|i| Gloss { id: format!("t{i}"), spellings: vec![format!("term{i}x")], html: "<b>{}</b>".into() })
            .collect();
        let cx = Cx([Glossary::new(Vec::new()), Glossary::new(terms)]);
        let text: String = (0..2000).map(|i| format!("term{i}x ")).collect();
        let html = render(&cx, &text, Lang::En);
        assert_eq!(html.matches("<b>").count(), 2000);
        assert!(html.contains("<b>term1999x</b>") && !html.contains("<b>term1x</b>9"), "{}", &html[..200]);
    }

    #[test]
    fn first_use_only_never_in_headings_links_or_code() {
        let cx = kernel();
        let en = render(
            &cx,
            "# The kernel\n\nA [kernel](x.md) and `kernel` then the Kernel, then kernels and kernel.\n",
            Lang::En,
        );
        assert!(en.contains("<h1 id=\"the-kernel\">The kernel</h1>"), "{en}");
        assert!(en.contains("<a href=\"x.md\">kernel</a>"), "{en}");
        assert!(en.contains("<code>kernel</code>"), "{en}");
        assert!(en.contains("the <dfn>Kernel</dfn> (a unit of GPU work), then kernels and kernel."), "{en}");
        let ja = render(&cx, ":::ja\nカーネルとカーネル\n:::\n:::en\nx\n:::\n", Lang::Ja);
        assert!(ja.contains("<dfn>カーネル</dfn>（GPU の仕事の単位）とカーネル"), "{ja}");
    }
}
