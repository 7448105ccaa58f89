//! The anchor space of a page: the IDs a reader can link to with `page.md#ID`, per language.
//! The render stage reserves the same IDs before numbering headings, so what `check` accepts is
//! exactly what the built page contains.

use crate::link::SiteModel;
use crate::model::{ClaimId, Document};
use shoko_markdown::{Anchors, Lang};
use shoko_vocab::{claim_anchor, question_anchor};
use std::borrow::Cow;
use std::collections::BTreeSet;

/// The ID of the page's main content (the skip link's target).
pub const MAIN_ID: &str = "main";
/// The ID of the section saying what the page gives.
pub const GAIN_ID: &str = "gain";
/// The ID of the page's evidence summary.
pub const SUMMARY_ID: &str = "summary";
/// The ID of the section listing a page's child pages.
pub const CHILDREN_ID: &str = "children";
/// The ID of the section holding a page's claim cards.
pub const CLAIMS_ID: &str = "claims";
/// The ID of the section holding a page's open questions.
pub const QUESTIONS_ID: &str = "questions";
/// The ID of the section saying what a page does not claim.
pub const DOES_NOT_CLAIM_ID: &str = "does-not-claim";

/// The ID of the search box in every page's header.
pub const SEARCH_INPUT_ID: &str = "search-input";
/// The ID of the search results under it.
pub const SEARCH_RESULTS_ID: &str = "search-results";
/// The ID of a deck's title on its first slide.
pub const DECK_TITLE_ID: &str = "deck-title";

/// IDs of the parts the page templates add around the body (a test holds the default templates
/// to this list).
pub const TEMPLATE_IDS: [&str; 10] = [
    MAIN_ID,
    GAIN_ID,
    SUMMARY_ID,
    CHILDREN_ID,
    CLAIMS_ID,
    QUESTIONS_ID,
    DOES_NOT_CLAIM_ID,
    SEARCH_INPUT_ID,
    SEARCH_RESULTS_ID,
    DECK_TITLE_ID,
];

/// What the page part with template ID `id` is, for a reader of a diagnostic.
pub fn template_part(id: &str) -> Option<&'static str> {
    Some(match id {
        MAIN_ID => "main content",
        GAIN_ID => "\"what this page gives\" section",
        SUMMARY_ID => "evidence summary",
        CHILDREN_ID => "list of its pages",
        CLAIMS_ID => "section of claim cards",
        QUESTIONS_ID => "section of open questions",
        DOES_NOT_CLAIM_ID => "\"does not claim\" section",
        SEARCH_INPUT_ID => "search box",
        SEARCH_RESULTS_ID => "search results",
        DECK_TITLE_ID => "deck title",
        _ => return None,
    })
}

/// The claims a page shows as cards: the ones it declares, then the ones it cites, each once.
pub fn card_ids(doc: &Document) -> Vec<ClaimId> {
    let mut ids: Vec<ClaimId> = doc.claims.iter().map(|c| c.id.clone()).collect();
    if let Some(page) = doc.page() {
        for r in &page.citations {
            if !ids.contains(&r.id) {
                ids.push(r.id.clone());
            }
        }
    }
    ids
}

/// A fresh anchor allocator with every non-heading ID of the page reserved.
pub fn reserved(doc: &Document, site: &SiteModel) -> Anchors {
    let cards = card_ids(doc).into_iter().filter(|id| site.claim(id).is_some());
    let slides = doc.page().map_or(0, |p| p.slides);
    reserving(part_ids(cards, doc.questions.iter().map(|q| &q.id), slides))
}

/// An anchor allocator with `ids` reserved.
pub fn reserving(ids: impl IntoIterator<Item = impl AsRef<str>>) -> Anchors {
    let mut anchors = Anchors::default();
    for id in ids {
        anchors.reserve(id.as_ref());
    }
    anchors
}

/// The IDs a page keeps for its own parts, so that no heading takes one: the template's
/// sections, the anchors of its cards (`cards`: the claims it shows) and of its open
/// `questions`, and a deck's slides, `1` (the title slide) to `slides + 1` (none when it has no
/// `##` sections: it is shown as a page).
pub fn part_ids(
    cards: impl IntoIterator<Item = impl AsRef<str>>,
    questions: impl IntoIterator<Item = impl AsRef<str>>,
    slides: usize,
) -> impl Iterator<Item = Cow<'static, str>> {
    // Every page's render and search records reserve these: the template's are not copied.
    let numbers = if slides == 0 { 1..1 } else { 1..slides + 2 };
    TEMPLATE_IDS
        .iter()
        .map(|id| Cow::Borrowed(*id))
        .chain(cards.into_iter().map(|id| claim_anchor(id).into()))
        .chain(questions.into_iter().map(|id| question_anchor(id).into()))
        .chain(numbers.map(|n| n.to_string().into()))
}

/// What the page part with ID `id` (one of [`part_ids`]) is, for a reader of a diagnostic.
pub fn part_name(id: &str) -> String {
    if let Some(part) = template_part(id) {
        return part.to_owned();
    }
    if let Some(claim) = id.strip_prefix(&claim_anchor("")) {
        return format!("card for claim `{claim}`");
    }
    if let Some(question) = id.strip_prefix(&question_anchor("")) {
        return format!("open question `{question}`");
    }
    if id.starts_with(shoko_vocab::FOOTNOTE_PREFIX) {
        return String::from("the page's footnotes");
    }
    format!("slide {id}")
}

/// Every ID a link may target on `doc` in `lang` (empty for logs), from what the page kept when
/// it was read, without its text: the template's sections, its cards, questions and slides,
/// and its headings as [`sections`] numbers them (as the render does).
pub fn kept_anchors(doc: &Document, site: &SiteModel, lang: Lang) -> BTreeSet<String> {
    if doc.page().is_none() {
        return BTreeSet::new();
    }
    let mut ids = fixed_anchors(doc, site);
    ids.extend(sections(doc, site, lang).into_iter().filter_map(|(anchor, _)| anchor));
    ids
}

/// The IDs a page has besides its headings': the template's sections it shows, its cards, its
/// questions, a deck's slides. (All the template's IDs are kept from headings, shown or not, so a
/// heading's ID does not change when a claim is added; a link may only go to those shown. The
/// list of child pages and the open questions, which may be shown for other files, count as
/// shown, and so do the cards of claims declared in files that could not be read.)
fn fixed_anchors(doc: &Document, site: &SiteModel) -> BTreeSet<String> {
    let (cards, unread): (Vec<ClaimId>, Vec<ClaimId>) =
        card_ids(doc).into_iter().partition(|id| site.claim(id).is_some());
    let page = doc.page();
    // A card of a file that could not be read would be shown: a link to the section is not a
    // second mistake.
    let shows_cards = !cards.is_empty() || unread.iter().any(|id| site.unreadable().contains(id));
    let shown = |id: &str| match id {
        SUMMARY_ID | CLAIMS_ID => shows_cards,
        // A deck or a poster shows its gain without the section (and its ID).
        GAIN_ID => page.is_some_and(|p| p.gain.is_some() && !p.layout.presents()),
        DOES_NOT_CLAIM_ID => page.is_some_and(|p| !p.does_not_claim.is_empty()),
        DECK_TITLE_ID => page.is_some_and(|p| p.slides > 0),
        _ => true,
    };
    let slides = page.map_or(0, |p| p.slides);
    let ids = part_ids(&cards, doc.questions.iter().map(|q| &q.id), slides);
    ids.filter(|id| shown(id)).map(Cow::into_owned).collect()
}

/// The plain text of `doc`'s body in `lang`, section by section (see [`shoko_markdown::sections`]),
/// each with the anchor the built page gives its heading (`None` before the first heading):
/// numbered again with the page's reserved IDs, from what the page kept when it was read.
pub fn sections<'a>(
    doc: &'a Document,
    site: &SiteModel,
    lang: Lang,
) -> Vec<(Option<String>, &'a shoko_markdown::Section)> {
    let Some(page) = doc.page() else { return Vec::new() };
    let mut anchors = reserved(doc, site);
    let index = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
    page.sections[index]
        .iter()
        .map(|section| {
            let anchor = section.anchor.as_ref().map(|_| anchors.unique(section.explicit.as_deref(), &section.heading));
            (anchor, section)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::TEMPLATE_IDS;

    #[test]
    fn every_id_the_default_page_templates_write_is_kept_from_headings() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../templates/");
        let mut found = Vec::new();
        for name in ["base.html", "page.html", "partials/summary.html"] {
            let text = std::fs::read_to_string(format!("{dir}{name}")).expect("a default template");
            for part in text.split("id=\"").skip(1) {
                let id = part.split('"').next().unwrap_or_default();
                // Written from data (`{{ claim.anchor }}`, a slide's number) or a slide's number.
                if !id.contains("{{") && !id.chars().all(|c| c.is_ascii_digit()) {
                    found.push(id.to_owned());
                }
            }
        }
        assert!(found.len() >= TEMPLATE_IDS.len(), "{found:?}");
        for id in &found {
            assert!(TEMPLATE_IDS.contains(&id.as_str()), "`{id}` is written by a template but not kept");
        }
    }
}
