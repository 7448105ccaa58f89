//! The generated, site-wide pages: evidence legend and policy, every open question, every claim,
//! and the change log built from claim histories.

use crate::cards::{claim_view, question_view};
use crate::context::{Ctx, SitePage};
use crate::pages::summary;
use crate::view::{
    ChangeView, ChangesView, ClaimRowView, ClaimsView, EvidenceView, GlossaryView, LayoutView, QuestionGroupView,
    QuestionsView, TermView,
};
use shoko_markdown::{Lang, slug};
use shoko_model::schema::Class;
use shoko_model::{Claim, DocId};
use std::collections::BTreeMap;

fn layout<'a>(cx: &'a Ctx<'a>, page: SitePage, lang: Lang, title_key: &str) -> LayoutView<'a> {
    let here = Ctx::site_page_dir(page, lang);
    let other = Ctx::site_page_dir(page, lang.other());
    let home = cx.site.pages.get("index.md").map(|d| cx.page_link(&here, *d, lang));
    cx.layout(
        lang,
        &here,
        &other,
        cx.t(lang, title_key),
        true,
        String::from("{}"),
        Some(page),
        home.into_iter().collect(),
    )
}

/// The evidence legend and policy.
pub fn evidence<'a>(cx: &'a Ctx<'a>, lang: Lang) -> EvidenceView<'a> {
    EvidenceView {
        layout: layout(cx, SitePage::Evidence, lang, "evidence-title"),
        classes: Class::ALL
            .iter()
            .map(|&c| (cx.badge(c, lang), cx.t(lang, &format!("meaning-{}", c.as_str()))))
            .collect(),
    }
}

/// Every open question, grouped by GPU target (questions without one last), then by page.
pub fn questions<'a>(cx: &'a Ctx<'a>, lang: Lang) -> QuestionsView<'a> {
    let here = Ctx::site_page_dir(SitePage::Questions, lang);
    let mut groups: BTreeMap<(bool, String), Vec<(DocId, usize)>> = BTreeMap::new();
    for (d, doc) in cx.site.docs.iter().enumerate() {
        for (i, q) in doc.questions.iter().enumerate() {
            if q.gfx.is_empty() {
                groups.entry((true, String::new())).or_default().push((DocId(d), i));
            }
            for gfx in &q.gfx {
                groups.entry((false, gfx.clone())).or_default().push((DocId(d), i));
            }
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
                    let q = &cx.site.docs[d.0].questions[i];
                    let page = cx.site.docs[d.0].page().map(|_| cx.page_link(&here, d, lang));
                    let mut view = question_view(cx, q, &here, lang, page);
                    // A question listed under several targets keeps `q-ID` in its first group.
                    if !seen.insert(q.id.clone()) {
                        view.anchor = format!("{anchor}-{}", view.anchor);
                    }
                    view
                })
                .collect();
            QuestionGroupView { title, anchor, questions }
        })
        .collect();
    QuestionsView { layout: layout(cx, SitePage::Questions, lang, "all-questions-title"), groups }
}

/// Every claim with where it is shown and declared.
pub fn claims<'a>(cx: &'a Ctx<'a>, lang: Lang) -> ClaimsView<'a> {
    let here = Ctx::site_page_dir(SitePage::Claims, lang);
    let all: Vec<(DocId, &Claim)> =
        cx.site.claims.values().map(|d| (d.doc, &cx.site.docs[d.doc.0].claims[d.index])).collect();
    let refs: Vec<&Claim> = all.iter().map(|(_, c)| *c).collect();
    let rows = all
        .iter()
        .map(|(doc, claim)| ClaimRowView {
            claim: claim_view(cx, claim, &here, lang),
            shown_on: cx
                .site
                .shown_on
                .get(&claim.id)
                .map_or_else(Vec::new, |pages| pages.iter().map(|p| cx.page_link(&here, *p, lang)).collect()),
            declared_in: format!("content/{}", cx.site.docs[doc.0].path),
        })
        .collect();
    ClaimsView {
        layout: layout(cx, SitePage::Claims, lang, "all-claims-title"),
        summary: summary(cx, &refs, lang),
        rows,
    }
}

/// Every history event of every claim, newest first.
pub fn changes<'a>(cx: &'a Ctx<'a>, lang: Lang) -> ChangesView<'a> {
    let here = Ctx::site_page_dir(SitePage::Claims, lang);
    let page_here = Ctx::site_page_dir(SitePage::Changes, lang);
    let mut changes: Vec<ChangeView> = Vec::new();
    for d in cx.site.claims.values() {
        let claim = &cx.site.docs[d.doc.0].claims[d.index];
        let card = claim_view(cx, claim, &here, lang);
        let pages: Vec<_> = cx
            .site
            .shown_on
            .get(&claim.id)
            .map_or_else(Vec::new, |p| p.iter().map(|p| cx.page_link(&page_here, *p, lang)).collect());
        for event in card.history {
            changes.push(ChangeView {
                date: event.date.clone(),
                claim: cx.claim_link(&page_here, &claim.id.0, lang),
                text: card.text.clone(),
                event,
                pages: pages.clone(),
            });
        }
    }
    changes.sort_by(|a, b| b.date.cmp(&a.date).then_with(|| a.claim.href.cmp(&b.claim.href)));
    ChangesView { layout: layout(cx, SitePage::Changes, lang, "changes-title"), changes }
}

/// The glossary.
pub fn glossary<'a>(cx: &'a Ctx<'a>, lang: Lang) -> GlossaryView<'a> {
    let terms = cx
        .site
        .glossary
        .iter()
        .map(|t| TermView {
            anchor: format!("term-{}", t.id),
            term: t.term.get(lang).to_owned(),
            other: t.term.get(lang.other()).to_owned(),
            gloss: t.gloss.get(lang).to_owned(),
        })
        .collect();
    GlossaryView { layout: layout(cx, SitePage::Glossary, lang, "glossary-title"), terms }
}
