//! Headings' own `{#id}`s that are already taken (`md/heading-id`): by an earlier heading of the
//! same language, or by a part the page keeps for itself (the template's sections, the anchors
//! of its claim cards and open questions, a deck's slide numbers: `anchors::part_ids`). The
//! render would give the heading another ID without a word, and every link to `#ID` would land
//! on the other one.

use crate::anchors::part_name;
use crate::rules::md_heading_id;
use shoko_diagnostics::{Diagnostic, FileId, Span};
use shoko_markdown::{Body, HeadingId, Lang, Section};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

/// Report every heading of `body` whose own `{#id}` is taken. `sections` are the page's in each
/// language (`Lang::ALL` order), numbered with the page's own IDs (`parts`) reserved, as the
/// render numbers them: a heading whose anchor is not its own `{#id}` had it taken.
pub(super) fn check(
    body: &Body,
    sections: &[Vec<Section>; 2],
    parts: &[Cow<'static, str>],
    file: FileId,
    out: &mut Vec<Diagnostic>,
) {
    // A heading outside the language divs is in both languages: it is reported once.
    let mut reported = BTreeSet::new();
    for (lang, sections) in Lang::ALL.into_iter().zip(sections) {
        // How many headings of this language had each `{#id}` so far.
        let mut met: BTreeMap<&str, usize> = BTreeMap::new();
        for section in sections {
            let (Some(own), Some(given)) = (section.explicit.as_deref(), section.anchor.as_deref()) else { continue };
            let nth = met.entry(own).or_default();
            let this = *nth;
            *nth += 1;
            if own == given {
                continue;
            }
            let Some(at) = heading_at(body, own, this, lang) else { continue };
            if !reported.insert(at.start) {
                continue;
            }
            let span = Span::new(file, at);
            out.push(if parts.iter().any(|p| p == own) || own.starts_with(shoko_vocab::FOOTNOTE_PREFIX) {
                md_heading_id::taken_by_page(span, own, &part_name(own), given)
            } else {
                // The earlier heading that holds it, and where, when it holds it by a `{#id}`.
                let earlier = sections.iter().find(|s| s.anchor.as_deref() == Some(own));
                let name = earlier.map_or("", |s| s.heading.as_str());
                let first = earlier
                    .filter(|s| s.explicit.as_deref() == Some(own))
                    .and_then(|_| heading_at(body, own, 0, lang))
                    .map(|r| Span::new(file, r));
                md_heading_id::taken_by_heading(span, own, name, first, given)
            });
        }
    }
}

/// Where the `nth` heading of `lang` with the `{#id}` `id` is: among those in `lang`'s divs or
/// in both languages, else (a heading of the other language shown untranslated) among all.
fn heading_at(body: &Body, id: &str, nth: usize, lang: Lang) -> Option<Range<usize>> {
    let with_id = || body.heading_ids.iter().filter(move |h: &&HeadingId| h.id == id);
    let own = with_id().filter(|h| h.lang.is_none_or(|l| l == lang)).nth(nth);
    own.or_else(|| with_id().nth(nth)).map(|h| h.span.clone())
}
