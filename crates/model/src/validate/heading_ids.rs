//! Headings' own `{#id}`s that are already taken (`md/heading-id`): by an earlier heading of the
//! same language, or by a part the page adds itself (the template's sections, the anchors of its
//! claim cards and open questions, a deck's slide numbers). The render would give the heading
//! `ID-2` without a word, and every link to `#ID` would land on the other one.

use crate::anchors::template_part;
use crate::rules::md_heading_id;
use shoko_diagnostics::{Diagnostic, FileId, Span};
use shoko_markdown::{Body, HeadingId, Lang, Section};
use shoko_vocab::{claim_anchor, question_anchor};
use std::collections::{BTreeMap, BTreeSet};

/// The IDs a page gives its own parts besides the template's, each with what it is.
pub(super) struct PageIds(BTreeMap<String, String>);

impl PageIds {
    /// The anchors of the page's cards (`claims`: declared, then cited), of its open
    /// `questions`, and of a deck's `slides` (1, the title, to `slides + 1`).
    pub(super) fn new<'a>(
        claims: impl IntoIterator<Item = &'a str>,
        questions: impl IntoIterator<Item = &'a str>,
        slides: usize,
    ) -> PageIds {
        let mut ids = BTreeMap::new();
        for id in claims {
            ids.entry(claim_anchor(id)).or_insert_with(|| format!("card for claim `{id}`"));
        }
        for id in questions {
            ids.entry(question_anchor(id)).or_insert_with(|| format!("open question `{id}`"));
        }
        if slides > 0 {
            for n in 1..=slides + 1 {
                ids.insert(n.to_string(), format!("slide {n}"));
            }
        }
        PageIds(ids)
    }

    /// What part of the page `id` is, if it is one.
    fn part(&self, id: &str) -> Option<String> {
        template_part(id).map(str::to_owned).or_else(|| self.0.get(id).cloned())
    }
}

/// Report every heading of `body` whose own `{#id}` is taken. `sections` are the page's in each
/// language (`Lang::ALL` order), numbered without the page's own IDs, as validation reads them.
pub(super) fn check(
    body: &Body,
    sections: &[Vec<Section>; 2],
    page: &PageIds,
    file: FileId,
    out: &mut Vec<Diagnostic>,
) {
    // A heading outside the language divs is in both languages: it is reported once.
    let mut reported = BTreeSet::new();
    for (lang, sections) in Lang::ALL.iter().zip(sections) {
        let own: Vec<&HeadingId> = body.heading_ids.iter().filter(|h| h.lang.is_none_or(|l| l == *lang)).collect();
        let explicit: Vec<&Section> = sections.iter().filter(|s| s.explicit.is_some()).collect();
        // The two walks meet the same headings in the same order; if they ever did not, no
        // heading could be named, so nothing is said.
        if own.len() != explicit.len() {
            continue;
        }
        for (k, (heading, section)) in own.iter().zip(&explicit).enumerate() {
            let span = || Span::new(file, heading.span.clone());
            if reported.contains(&heading.span.start) {
                continue;
            }
            let found = if let Some(part) = page.part(&heading.id) {
                md_heading_id::taken_by_page(span(), &heading.id, &part)
            } else if section.anchor.as_deref() != Some(heading.id.as_str()) {
                let Some(earlier) = sections.iter().find(|s| s.anchor.as_deref() == Some(heading.id.as_str())) else {
                    continue;
                };
                let first = own[..k].iter().find(|h| h.id == heading.id).map(|h| Span::new(file, h.span.clone()));
                md_heading_id::taken_by_heading(span(), &heading.id, &earlier.heading, first)
            } else {
                continue;
            };
            reported.insert(heading.span.start);
            out.push(found);
        }
    }
}
