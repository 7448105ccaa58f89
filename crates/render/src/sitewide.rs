//! The generated, site-wide pages: evidence legend and policy, every open question, every claim,
//! and the change log built from claim histories.

use crate::cards::{CardPage, claim_view, event_view, question_view, review_view, stale_label};
use crate::context::{Ctx, INDEX_PAGE_SIZE, SitePage, SitePageExt};
use crate::urls::relative_href;
use crate::view::{
    BehindView, ChangeView, ChangesView, ClaimRowView, ClaimsView, CountView, EvidenceView, GlossaryView, LayoutView,
    LinkView, PagerLinkView, PagerView, QuestionGroupView, QuestionsView, ReviewRowView, ShownOnView, TermView,
    TranslationRowView, TranslationsView, UnresolvedView,
};
use shoko_markdown::{Lang, slug};
use shoko_model::DocId;
use shoko_model::dates::iso_date;
use shoko_model::pairs::{HistoryState, Revision};
use shoko_model::schema::Lifecycle;
use shoko_model::{Claim, Class};
use shoko_vocab::claim_anchor;
use std::collections::BTreeMap;

fn layout<'a>(cx: &'a Ctx<'a>, page: SitePage, lang: Lang, title_key: &str) -> LayoutView {
    part_layout(cx, page, lang, 0, title_key)
}

/// The layout of page `part` of a paged index.
fn part_layout<'a>(cx: &'a Ctx<'a>, page: SitePage, lang: Lang, part: usize, title_key: &str) -> LayoutView {
    let here = Ctx::site_part_dir(page, lang, part);
    let other = Ctx::site_part_dir(page, lang.other(), part);
    let home = cx.site.pages().get(shoko_vocab::FOLDER_PAGE).map(|d| cx.page_link(&here, *d, lang));
    let mut layout = cx.layout(
        lang,
        &here,
        &other,
        cx.t(lang, title_key),
        true,
        String::from("{}"),
        Some(page),
        home.into_iter().collect(),
    );
    layout.sidebar = crate::sidebar::sidebar(cx, &cx.shape.tree, &here, None, lang);
    layout
}

/// The evidence legend and policy.
pub fn evidence<'a>(cx: &'a Ctx<'a>, lang: Lang) -> EvidenceView {
    EvidenceView {
        layout: layout(cx, SitePage::Evidence, lang, "evidence-title"),
        classes: Class::ALL
            .iter()
            .map(|&c| (cx.badge(c, lang), cx.t(lang, &format!("meaning-{}", c.as_str()))))
            .collect(),
        needs_review: {
            let here = Ctx::site_page_dir(SitePage::Evidence, lang);
            cx.site
                .needs_review()
                .iter()
                .filter_map(|(id, review)| {
                    let claim = cx.site.claim(id)?;
                    Some(ReviewRowView {
                        claim: cx.claim_link(&here, &id.0, lang),
                        id: id.0.clone(),
                        badge: cx.badge(claim.class, lang),
                        review: review_view(cx, review, CardPage::generated(&here), lang),
                    })
                })
                .collect()
        },
    }
}

/// Every open question, and every current unresolved claim beside them, grouped by GPU target
/// (those without one last), in page order.
pub fn questions<'a>(cx: &'a Ctx<'a>, lang: Lang) -> QuestionsView {
    let here = Ctx::site_page_dir(SitePage::Questions, lang);
    let mut groups: BTreeMap<(bool, String), Vec<(DocId, usize)>> = BTreeMap::new();
    let mut unresolved: BTreeMap<(bool, String), Vec<UnresolvedView>> = BTreeMap::new();
    for (d, doc) in cx.site.docs().iter().enumerate() {
        for (i, q) in doc.questions.iter().enumerate() {
            if q.gfx.is_empty() {
                groups.entry((true, String::new())).or_default().push((DocId(d), i));
            }
            for gfx in &q.gfx {
                groups.entry((false, gfx.clone())).or_default().push((DocId(d), i));
            }
        }
    }
    for (_, claim) in cx.site.all_claims() {
        if claim.class != Class::Unresolved || claim.lifecycle != Lifecycle::Current {
            continue;
        }
        let gfx = claim.scope.as_ref().map_or_else(Vec::new, |s| s.gfx.clone());
        let keys: Vec<(bool, String)> =
            if gfx.is_empty() { vec![(true, String::new())] } else { gfx.into_iter().map(|g| (false, g)).collect() };
        let shown = cx.site.home(&claim.id);
        let link = match shown {
            Some(page) => LinkView {
                href: crate::urls::href(
                    &here,
                    crate::urls::Target::Element(cx.page_dir(page, lang), &claim_anchor(&claim.id)),
                ),
                label: claim.text.get(lang).to_owned(),
            },
            None => cx.claim_link(&here, &claim.id.0, lang),
        };
        let view = UnresolvedView {
            claim: link,
            id: claim.id.0.clone(),
            blocker: claim.blocked_by.as_ref().map(|b| crate::cards::blocker(cx, b, lang)),
            page: shown.map(|p| cx.page_link(&here, p, lang)),
        };
        for key in keys {
            groups.entry(key.clone()).or_default();
            unresolved.entry(key).or_default().push(view.clone());
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    let groups = groups
        .into_iter()
        .map(|((any, gfx), items)| {
            let title = if any { cx.t(lang, "no-target") } else { gfx.clone() };
            let anchor = if any { String::from("any") } else { slug(&gfx) };
            let questions = items
                .into_iter()
                .map(|(d, i)| {
                    let q = &cx.site.doc(d).questions[i];
                    let page = cx.site.doc(d).page().map(|_| cx.page_link(&here, d, lang));
                    let mut view = question_view(cx, q, CardPage::generated(&here), lang, page);
                    // A question listed under several targets keeps `q-ID` in its first group.
                    if !seen.insert(q.id.clone()) {
                        view.anchor = format!("{anchor}-{}", view.anchor);
                    }
                    view
                })
                .collect();
            let unresolved = unresolved.remove(&(any, gfx.clone())).unwrap_or_default();
            QuestionGroupView { title, anchor, questions, unresolved }
        })
        .collect();
    QuestionsView { layout: layout(cx, SitePage::Questions, lang, "all-questions-title"), groups }
}

/// How many pages on each side of the current one a pager names (besides the first and last);
/// the others are listed hidden, for the filters to show those with matches.
const PAGER_NEAR: usize = 2;

/// Links between the pages of a paged index, seen from page `part`; `None` when it has one page.
fn pager(cx: &Ctx<'_>, page: SitePage, lang: Lang, part: usize) -> Option<PagerView> {
    let parts = page.parts(cx.site);
    if parts < 2 {
        return None;
    }
    let here = Ctx::site_part_dir(page, lang, part);
    let href = |p: usize| relative_href(&here, &Ctx::site_part_dir(page, lang, p));
    Some(PagerView {
        prev: part.checked_sub(1).map(href),
        next: (part + 1 < parts).then(|| href(part + 1)),
        pages: (0..parts)
            .map(|p| {
                let always = p == part || p == 0 || p + 1 == parts;
                let near = !always && p.abs_diff(part) <= PAGER_NEAR;
                PagerLinkView { number: p + 1, href: href(p), current: p == part, near, far: !always && !near }
            })
            .collect(),
    })
}

/// The name of a lifecycle, for the filters.
fn lifecycle_name(cx: &Ctx<'_>, lifecycle: Lifecycle, lang: Lang) -> String {
    stale_label(cx, lifecycle, lang).unwrap_or_else(|| cx.t(lang, "lifecycle-current"))
}

/// Page `part` of the index of every claim, with where each is shown and declared.
pub fn claims<'a>(cx: &'a Ctx<'a>, lang: Lang, part: usize) -> ClaimsView {
    let here = Ctx::site_part_dir(SitePage::Claims, lang, part);
    let all = cx.claims_in_order();
    let rows: Vec<ClaimRowView> = cx
        .claims_on_part(part)
        .iter()
        .map(|&(doc, index)| {
            let claim = &cx.site.doc(doc).claims[index];
            // The card to read first: the row's ID links to it.
            let shown_on: Vec<ShownOnView> = cx
                .site
                .shown_home_first(&claim.id)
                .into_iter()
                .map(|p| {
                    let page = cx.page_link(&here, p, lang);
                    let href = crate::urls::at(page.href, &claim_anchor(&claim.id));
                    ShownOnView { href, label: page.label, key: cx.page_key(p) }
                })
                .collect();
            let scope = claim.scope.clone().unwrap_or_default();
            ClaimRowView {
                id: claim.id.0.clone(),
                anchor: claim_anchor(&claim.id),
                badge: cx.badge(claim.class, lang),
                text: claim.text.get(lang).to_owned(),
                stale: stale_label(cx, claim.lifecycle, lang),
                successor: successor(cx, claim, &here, lang),
                review: cx.site.needs_review().contains_key(&claim.id),
                gfx: scope.gfx,
                software: scope.software.into_iter().collect(),
                card: shown_on.is_empty().then(|| claim_view(cx, claim, CardPage::generated(&here), lang)),
                shown_on,
                lifecycle: claim.lifecycle.as_str(),
                declared_in: shoko_vocab::ContentPath(&cx.site.doc(doc).path).to_string(),
            }
        })
        .collect();
    let facets = crate::claim_facets::facets_file(cx, lang);
    ClaimsView {
        layout: part_layout(cx, SitePage::Claims, lang, part, "all-claims-title"),
        summary: Class::ALL
            .iter()
            .zip(&all.counts)
            .map(|(&class, &count)| CountView { badge: cx.badge(class, lang), count, href: None })
            .collect(),
        pager: pager(cx, SitePage::Claims, lang, part),
        // Every claim's targets: on a paged index a filter chosen here applies on every page.
        targets: match facets {
            Some(f) => f.targets.clone(),
            None => {
                let mut targets: Vec<String> = rows.iter().flat_map(|r| r.gfx.iter().cloned()).collect();
                targets.sort();
                targets.dedup();
                targets
            }
        },
        // Versioned like the search index's files: a browser never pairs a new page with an old
        // cached file.
        facets: facets.map(|f| format!("{}?v={}", relative_href(&here, &f.path), f.version)),
        lifecycles: if all.lifecycles.len() > 1 {
            all.lifecycles.iter().map(|&l| (l.as_str(), lifecycle_name(cx, l, lang))).collect()
        } else {
            Vec::new()
        },
        rows,
    }
}

/// The claim that replaced `claim`, if it was superseded, linked from the page at `here`.
fn successor(cx: &Ctx<'_>, claim: &Claim, here: &str, lang: Lang) -> Option<LinkView> {
    let by = claim.superseded_by.as_ref().filter(|_| claim.lifecycle == Lifecycle::Superseded)?;
    Some(cx.claim_link(here, &by.id.0, lang))
}

/// Page `part` of the change log: every history event of every claim, newest first.
pub fn changes<'a>(cx: &'a Ctx<'a>, lang: Lang, part: usize) -> ChangesView {
    let here = Ctx::site_part_dir(SitePage::Changes, lang, part);
    let changes = cx
        .changes()
        .iter()
        .skip(part * INDEX_PAGE_SIZE)
        .take(INDEX_PAGE_SIZE)
        .map(|&(doc, index, event)| {
            let claim = &cx.site.doc(doc).claims[index];
            let e = &claim.history[event];
            ChangeView {
                date: iso_date(e.date),
                claim: cx.claim_link(&here, &claim.id.0, lang),
                text: claim.text.get(lang).to_owned(),
                // The event that superseded the claim names what replaced it: old, then new.
                successor: (e.lifecycle == Some(Lifecycle::Superseded))
                    .then(|| successor(cx, claim, &here, lang))
                    .flatten(),
                event: event_view(cx, e, lang),
                pages: cx
                    .site
                    .shown_on()
                    .get(&claim.id)
                    .map_or_else(Vec::new, |p| p.iter().map(|p| cx.page_link(&here, *p, lang)).collect()),
            }
        })
        .collect();
    let feeds = match cx.base_url {
        Some(_) => cx
            .site
            .targets()
            .iter()
            .map(|t| LinkView {
                href: relative_href(&here, &crate::atom::feed_path(lang, Some(&t.gfx))),
                label: t.gfx.clone(),
            })
            .collect(),
        None => Vec::new(),
    };
    ChangesView {
        layout: part_layout(cx, SitePage::Changes, lang, part, "changes-title"),
        pager: pager(cx, SitePage::Changes, lang, part),
        changes,
        feeds,
    }
}

/// The glossary.
pub fn glossary<'a>(cx: &'a Ctx<'a>, lang: Lang) -> GlossaryView {
    let terms = cx
        .site
        .glossary()
        .iter()
        .map(|t| TermView {
            anchor: shoko_vocab::term_anchor(&t.id),
            term: t.term.get(lang).to_owned(),
            other: t.term.get(lang.other()).to_owned(),
            gloss: t.gloss.get(lang).to_owned(),
        })
        .collect();
    GlossaryView { layout: layout(cx, SitePage::Glossary, lang, "glossary-title"), terms }
}

/// The translation status page: pages and logs with pairs behind, missing or not checked, most
/// behind first. A pair whose history was not read is counted as not checked, never as up to
/// date.
pub fn translations<'a>(cx: &'a Ctx<'a>, lang: Lang) -> TranslationsView {
    let here = Ctx::site_page_dir(SitePage::Translations, lang);
    let read = cx.site.drift_checked();
    let (mut totals, mut current_pages, mut rows) = ((0, 0, 0, 0), 0, Vec::new());
    for (i, doc) in cx.site.docs().iter().enumerate() {
        let behind = cx.site.drift().get(&DocId(i)).map_or(&[][..], Vec::as_slice);
        let missing = doc.pairs.missing();
        let unchecked_why = cx.site.drift_unchecked().get(&DocId(i));
        let present = doc.pairs.len().saturating_sub(missing);
        let (current, unchecked) = match (read, unchecked_why) {
            (true, None) => (present.saturating_sub(behind.len()), 0),
            _ => (0, present),
        };
        totals = (totals.0 + current, totals.1 + behind.len(), totals.2 + missing, totals.3 + unchecked);
        // Not read at all: the notice at the top says so once, not a row per page.
        if behind.is_empty() && missing == 0 && unchecked_why.is_none() {
            current_pages += usize::from(unchecked == 0 && !doc.pairs.is_empty());
            continue;
        }
        let (page, linked) = match doc.page() {
            Some(_) => (cx.page_link(&here, DocId(i), lang), true),
            None => (LinkView { href: String::new(), label: shoko_vocab::ContentPath(&doc.path).to_string() }, false),
        };
        let behind = behind
            .iter()
            .map(|d| BehindView {
                what: match shoko_model::pairs::body_index(&d.pair) {
                    Some(n) => format!("{} {}", cx.t(lang, "translations-body-pair"), n + 1),
                    None => d.pair.clone(),
                },
                lang: cx.t(lang, &format!("lang-{}", d.behind.code())),
                revised_in: cx.t(lang, &format!("translations-revised-in-{}", d.behind.other().code())),
                revised: match &d.revised {
                    Revision::Commit { date, .. } => iso_date(*date),
                    Revision::WorkingTree => cx.t(lang, "drift-uncommitted"),
                },
            })
            .collect();
        let unchecked_why = unchecked_why.cloned();
        rows.push(TranslationRowView { page, linked, current, behind, missing, unchecked, unchecked_why });
    }
    rows.sort_by(|a, b| {
        (b.behind.len(), b.missing).cmp(&(a.behind.len(), a.missing)).then_with(|| a.page.label.cmp(&b.page.label))
    });
    TranslationsView {
        layout: layout(cx, SitePage::Translations, lang, "translations-title"),
        checked: read,
        not_read: match cx.site.history() {
            HistoryState::Read => String::new(),
            HistoryState::Off => cx.t(lang, "translations-unchecked"),
            HistoryState::NoRepository => cx.t(lang, "translations-unchecked-no-repository"),
            HistoryState::Shallow => cx.t(lang, "translations-unchecked-shallow"),
            HistoryState::Unreadable => cx.t(lang, "translations-unchecked-unreadable"),
        },
        totals,
        current_pages,
        rows,
    }
}
