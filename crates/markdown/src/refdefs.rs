//! Link reference definitions (`[label]: url "title"`) across a body's Markdown runs.
//!
//! A body is parsed a run at a time (the Markdown between fences), so a definition would
//! otherwise serve only its own run: one written below the language divs, or after a callout
//! inside one, was silently not a link. Here every run's definitions are gathered once, by
//! scope, and a reference a run does not define itself is looked up among those its language
//! sees: those written in its language's divs first, then the shared text's. Shared text sees only
//! shared definitions, so one reading holds for both languages. Scanning, validating and
//! rendering all resolve through [`RefDefs::callback`], so they agree.

use crate::links::{each_run, options};
use pulldown_cmark::{BrokenLink, CowStr, LinkType, Parser};
use shoko_vocab::Lang;
use unicase::UniCase;

/// One definition: where it applies (`None`: shared text), its label as matched, its target.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct RefDef {
    lang: Option<Lang>,
    #[serde(with = "folded")]
    label: UniCase<String>,
    dest: String,
    title: String,
}

/// Every link reference definition of a body, by the scope it is written in.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RefDefs(Vec<RefDef>);

/// A reference-style link whose label the body defines, but only where its text does not see
/// it (in the other language's divs), as a byte range of the run it is in. A label the body
/// defines nowhere is prose (`a[i][j]`), as CommonMark reads it; shortcut references (`[x]`
/// alone) are text as often as links.
pub(crate) type Undefined = std::ops::Range<usize>;

impl RefDefs {
    /// The definitions of the body whose top-level `blocks` are in `text` (at file offset `base`).
    pub(crate) fn collect(blocks: &[crate::Block], text: &str, base: usize) -> RefDefs {
        let mut defs = Vec::new();
        // A definition needs `]:`; most bodies have none and are not read again.
        if !text.contains("]:") {
            return RefDefs(defs);
        }
        each_run(blocks, text, base, None, &mut |run, _, lang| {
            let parser = Parser::new_ext(run, options());
            for (label, def) in parser.reference_definitions().iter() {
                let title = def.title.as_deref().unwrap_or_default().to_owned();
                defs.push(RefDef { lang, label: normalize(label), dest: def.dest.to_string(), title });
            }
        });
        RefDefs(defs)
    }

    /// The definition of `label` (normalized) as text in `lang` (`None`: shared text) sees it.
    fn resolve(&self, label: &UniCase<String>, lang: Option<Lang>) -> Option<&RefDef> {
        let in_scope = |scope: Option<Lang>| self.0.iter().find(|d| d.lang == scope && d.label == *label);
        lang.and_then(|l| in_scope(Some(l))).or_else(|| in_scope(None))
    }

    /// The callback that resolves a run's undefined references for text in `lang`, pushing the
    /// run-relative range of each [`Undefined`] reference onto `undefined`. A body that defines
    /// nothing costs nothing more per bracket (most bodies: `[1]` and the like are brackets too).
    pub(crate) fn callback<'d, 'u, 'i>(
        &'d self,
        lang: Option<Lang>,
        undefined: &'u mut Vec<Undefined>,
    ) -> impl FnMut(BrokenLink<'i>) -> Option<(CowStr<'i>, CowStr<'i>)> + use<'d, 'u, 'i> {
        move |link: BrokenLink<'i>| {
            if self.0.is_empty() {
                return None;
            }
            let label = normalize(&link.reference);
            if let Some(def) = self.resolve(&label, lang) {
                return Some((CowStr::from(def.dest.clone()), CowStr::from(def.title.clone())));
            }
            let elsewhere = self.0.iter().any(|d| d.label == label);
            if elsewhere && matches!(link.link_type, LinkType::Reference | LinkType::Collapsed) {
                undefined.push(link.span);
            }
            None
        }
    }
}

/// A label as CommonMark matches it: inner whitespace collapsed, ends trimmed, and compared
/// case-folded (`UniCase`, as pulldown-cmark does within a run: `[SS]` finds `[ß]`).
fn normalize(label: &str) -> UniCase<String> {
    UniCase::new(label.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// A label kept as written (`UniCase` has no serde of its own): folding happens when compared.
mod folded {
    use serde::{Deserialize, Deserializer, Serializer};
    use unicase::UniCase;

    pub(super) fn serialize<S: Serializer>(label: &UniCase<String>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(label.as_ref())
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<UniCase<String>, D::Error> {
        String::deserialize(d).map(UniCase::new)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Lang, parse_body};
    use shoko_diagnostics::FileId;

    fn dests(body: &str) -> Vec<(Option<Lang>, String)> {
        let (parsed, _) = parse_body(body, 0, FileId(0));
        parsed.links.iter().map(|l| (l.lang, l.dest.clone())).collect()
    }

    #[test]
    fn a_definition_outside_the_language_divs_serves_both() {
        let body =
            ":::ja\n[ソース][src] を読む。\n:::\n:::en\nRead [the source][SRC].\n:::\n\n[src]: https://example.org/a\n";
        assert_eq!(
            dests(body),
            [
                (Some(Lang::Ja), "https://example.org/a".to_owned()),
                (Some(Lang::En), "https://example.org/a".to_owned())
            ]
        );
    }

    #[test]
    fn labels_match_case_folded_as_within_a_run() {
        let body = ":::en\n[Straße][STRASSE] and [b][ B   c ]\n:::\n\n[straße]: s.md\n[b c]: bc.md\n";
        let found: Vec<String> = dests(body).into_iter().map(|(_, d)| d).collect();
        assert_eq!(found, ["s.md", "bc.md"]);
    }

    #[test]
    fn a_language_sees_its_own_definitions_first_and_never_the_other_languages() {
        let body = ":::ja\n[a][x]\n\n::::callout inferred\n[b][y]\n::::\n\n[x]: ja.md\n[y]: ja-y.md\n:::\n:::en\n[a][x] [b][y]\n:::\n\n[x]: shared.md\n";
        assert_eq!(
            dests(body),
            [
                (Some(Lang::Ja), "ja.md".to_owned()),
                (Some(Lang::Ja), "ja-y.md".to_owned()),
                (Some(Lang::En), "shared.md".to_owned())
            ]
        );
    }

    #[test]
    fn a_reference_defined_only_for_the_other_language_is_reported_but_prose_is_not() {
        let body = ":::ja\n[記録][log] と [これ][]。\n\n[log]: a.md\n[これ]: b.md\n:::\n:::en\nSee [the log][log] and [これ][], but a[i][j] and [1] are text.\n:::\n";
        let (parsed, diagnostics) = parse_body(body, 0, FileId(0));
        assert_eq!(parsed.links.len(), 2, "the Japanese ones resolve");
        let found: Vec<&str> =
            diagnostics.iter().filter_map(|d| d.primary.as_ref()).map(|l| &body[l.span.range.clone()]).collect();
        assert_eq!(found, ["[the log][log]", "[これ]"]);
        assert!(diagnostics.iter().all(|d| d.code.name == "md/undefined-reference"));
    }
}
