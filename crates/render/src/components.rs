//! Data-driven components placed in a body with `::: NAME ARGS`: the generation table (from
//! `_data/targets.yaml`), "can show / cannot show" and the case study's three layers (derived
//! from claims), the phase grid, the timeline and hub cards (from front-matter). Each is a typed
//! view rendered by `templates/partials/NAME.html`.

use crate::context::Ctx;
use crate::view::BadgeView;
use serde::Serialize;
use shoko_markdown::Lang;
use shoko_model::{CardLink, Claim, Page, Question};
use shoko_model::{Class, Lifecycle, PhaseStatus, TargetStatus};
use shoko_vocab::{claim_anchor, question_anchor};

/// A row of the generation table.
#[derive(Debug, Serialize)]
pub struct GenerationRow {
    /// Short generation label.
    pub generation: String,
    /// LLVM target.
    pub gfx: String,
    /// Family.
    pub family: String,
    /// Products, comma-separated.
    pub products: String,
    /// Observation worldview.
    pub worldview: String,
    /// Status name (CSS class).
    pub status: &'static str,
    /// Status label.
    pub status_label: String,
    /// Status in words.
    pub status_text: String,
    /// Link to the generation's page.
    pub href: Option<String>,
}

/// One entry of "can show / cannot show".
#[derive(Debug, Serialize)]
pub struct ShowItem {
    /// What can or cannot be shown.
    pub text: String,
    /// Link to the claim's card.
    pub href: String,
    /// The claim's badge.
    pub badge: BadgeView,
}

/// A row of the phase grid.
#[derive(Debug, Serialize)]
pub struct PhaseRow {
    /// Label.
    pub id: String,
    /// What we wanted to know.
    pub question: String,
    /// What was done.
    pub action: String,
    /// Expected.
    pub expected: String,
    /// Actual.
    pub actual: String,
    /// Status name (CSS class).
    pub status: &'static str,
    /// Status label.
    pub status_label: String,
}

/// A timeline entry.
#[derive(Debug, Serialize)]
pub struct TimelineRow {
    /// Day.
    pub date: String,
    /// What happened.
    pub text: String,
}

/// The view of one component: its rows. (The UI strings of the page language are the template
/// variable `ui`, beside the view.)
#[derive(Debug, Serialize)]
pub struct ComponentView<T: Serialize> {
    /// The rows (named per template: `rows`, `entries`, `can`/`cannot`).
    #[serde(flatten)]
    pub data: T,
}

/// Rows of the generation table: every target, or the ones named in `args`, in data order.
pub fn generations(cx: &Ctx<'_>, args: &str, here: &str, lang: Lang) -> Vec<GenerationRow> {
    let wanted: Vec<&str> = args.split_whitespace().collect();
    cx.site
        .targets()
        .iter()
        .filter(|t| wanted.is_empty() || wanted.contains(&t.gfx.as_str()))
        .map(|t| {
            let status = match t.status {
                TargetStatus::Active => "active",
                TargetStatus::Ongoing => "ongoing",
                TargetStatus::Scaffold => "scaffold",
            };
            GenerationRow {
                generation: t.generation.clone(),
                gfx: t.gfx.clone(),
                family: t.family.clone(),
                products: t.products.join(", "),
                worldview: t.worldview.get(lang).to_owned(),
                status,
                status_label: cx.t(lang, &format!("status-{status}")),
                status_text: t.status_text.get(lang).to_owned(),
                href: t
                    .page
                    .as_ref()
                    .and_then(|(p, _)| cx.site.pages().get(p))
                    .map(|d| cx.page_link(here, *d, lang).href),
            }
        })
        .collect()
}

/// The claims named in a component's `args` that exist.
fn named_claims<'a>(cx: &Ctx<'a>, args: &str) -> Vec<&'a Claim> {
    args.split_whitespace().filter_map(|id| cx.site.claim(&shoko_model::ClaimId(id.to_owned()))).collect()
}

/// The claims in force among `named`, else among the page's `cards`.
fn in_force<'a, 'b>(cards: &'b [&'a Claim], named: &'b [&'a Claim]) -> impl Iterator<Item = &'a Claim> + 'b {
    let claims = if named.is_empty() { cards } else { named };
    claims.iter().copied().filter(|c| c.lifecycle == Lifecycle::Current)
}

/// An item of a derived list: `text` linked to claim `c`'s card on the page, with its badge.
fn show_item(cx: &Ctx<'_>, c: &Claim, text: String, lang: Lang) -> ShowItem {
    ShowItem {
        text,
        href: crate::urls::href("", crate::urls::Target::Here(&claim_anchor(&c.id))),
        badge: cx.badge(c.class, lang),
    }
}

/// "Can show": current confirmed claims. "Cannot show": what limited claims' tools cannot show
/// and what blocks unresolved claims. From the claims named in `args`, else the page's cards.
pub fn can_show(cx: &Ctx<'_>, cards: &[&Claim], args: &str, lang: Lang) -> (Vec<ShowItem>, Vec<ShowItem>) {
    let named = named_claims(cx, args);
    let item = |c: &Claim, text: String| show_item(cx, c, text, lang);
    let mut can = Vec::new();
    let mut cannot = Vec::new();
    for c in in_force(cards, &named) {
        match c.class {
            Class::Confirmed => can.push(item(c, c.text.get(lang).to_owned())),
            Class::Limited => {
                for l in &c.limitations {
                    cannot.push(item(c, format!("{}: {}", l.tool, l.detail.get(lang))));
                }
            }
            Class::Unresolved => {
                let detail = c.blocked_by.as_ref().map_or("", |b| b.detail.get(lang));
                cannot.push(item(c, format!("{} — {}", c.text.get(lang), detail)));
            }
            Class::Inferred => {}
        }
    }
    (can, cannot)
}

/// A row of a claim table.
#[derive(Debug, Serialize)]
pub struct ClaimRow {
    /// The claim's badge.
    pub badge: BadgeView,
    /// The statement.
    pub text: String,
    /// Link to the claim's card on the page.
    pub href: String,
    /// GPU targets of its scope.
    pub gfx: String,
    /// Whether the claim is superseded or retracted.
    pub stale: bool,
}

/// Rows of a claim table: the claims named in `args`, in that order.
pub fn claim_table(cx: &Ctx<'_>, args: &str, lang: Lang) -> Vec<ClaimRow> {
    args.split_whitespace()
        .filter_map(|id| cx.site.claim(&shoko_model::ClaimId(id.to_owned())))
        .map(|c| ClaimRow {
            badge: cx.badge(c.class, lang),
            text: c.text.get(lang).to_owned(),
            href: crate::urls::href("", crate::urls::Target::Here(&claim_anchor(&c.id))),
            gfx: c.scope.as_ref().map_or_else(String::new, |s| s.gfx.join(", ")),
            stale: c.lifecycle != Lifecycle::Current,
        })
        .collect()
}

/// Rows of the phase grid.
pub fn phases(cx: &Ctx<'_>, page: &Page, lang: Lang) -> Vec<PhaseRow> {
    page.phases
        .iter()
        .map(|p| {
            let status = match p.status {
                PhaseStatus::Done => "done",
                PhaseStatus::Partial => "partial",
                PhaseStatus::Pending => "pending",
            };
            PhaseRow {
                id: p.id.clone(),
                question: p.question.get(lang).to_owned(),
                action: p.action.get(lang).to_owned(),
                expected: p.expected.get(lang).to_owned(),
                actual: p.actual.get(lang).to_owned(),
                status,
                status_label: cx.t(lang, &format!("phase-{status}")),
            }
        })
        .collect()
}

/// Timeline entries in date order.
pub fn timeline(page: &Page, lang: Lang) -> Vec<TimelineRow> {
    let mut rows: Vec<TimelineRow> =
        page.timeline.iter().map(|e| TimelineRow { date: e.date.clone(), text: e.text.get(lang).to_owned() }).collect();
    rows.sort_by(|a, b| a.date.cmp(&b.date));
    rows
}

/// A hub card.
#[derive(Debug, Serialize)]
pub struct CardView {
    /// Kind label.
    pub kind: String,
    /// Title.
    pub title: String,
    /// What it is.
    pub description: String,
    /// What it offers.
    pub bullets: Vec<String>,
    /// Where it leads.
    pub href: String,
    /// Whether it leads to another site.
    pub external: bool,
}

/// The hub cards of group `args` (all when empty), in the front-matter's order, with hrefs from
/// the page folder `here`.
pub fn cards(cx: &Ctx<'_>, page: &Page, args: &str, here: &str, lang: Lang) -> Vec<CardView> {
    let group = args.trim();
    page.cards
        .iter()
        .filter(|c| group.is_empty() || c.group == group)
        .map(|c| {
            let (href, external) = match &c.link {
                CardLink::External(url) => (url.clone(), true),
                CardLink::Page { target, anchor } => {
                    let page = cx.site.pages().get(target).map(|d| cx.page_dir(*d, lang));
                    let to = |page| match anchor {
                        Some(anchor) => crate::urls::Target::Element(page, anchor),
                        None => crate::urls::Target::Path(page),
                    };
                    (page.map_or_else(String::new, |p| crate::urls::href(here, to(p))), false)
                }
            };
            CardView {
                kind: c.kind.get(lang).to_owned(),
                title: c.title.get(lang).to_owned(),
                description: c.description.get(lang).to_owned(),
                bullets: c.bullets.iter().map(|b| b.get(lang).to_owned()).collect(),
                href,
                external,
            }
        })
        .collect()
}

/// The three layers of a case study.
#[derive(Debug, Serialize)]
pub struct CaseStudy {
    /// What was seen: confirmed claims, and limited ones (seen in part).
    pub facts: Vec<ShowItem>,
    /// What is read from it: inferred claims.
    pub interpretations: Vec<ShowItem>,
    /// What is not known: unresolved claims with their blockers, and open questions.
    pub open: Vec<ShowItem>,
}

/// The case study of the claims named in `args` (else the page's cards) in force, by class, and
/// of `questions` (those about a named claim, else all of them).
pub fn case_study(cx: &Ctx<'_>, cards: &[&Claim], questions: &[&Question], args: &str, lang: Lang) -> CaseStudy {
    let named = named_claims(cx, args);
    let item = |c: &Claim, text: String| show_item(cx, c, text, lang);
    let mut study = CaseStudy { facts: Vec::new(), interpretations: Vec::new(), open: Vec::new() };
    for c in in_force(cards, &named) {
        let text = c.text.get(lang).to_owned();
        match c.class {
            Class::Confirmed | Class::Limited => study.facts.push(item(c, text)),
            Class::Inferred => study.interpretations.push(item(c, text)),
            Class::Unresolved => {
                let text = match &c.blocked_by {
                    Some(b) => format!("{text} — {}", b.detail.get(lang)),
                    None => text,
                };
                study.open.push(item(c, text));
            }
        }
    }
    let about_named = |q: &&&Question| named.is_empty() || q.about.iter().any(|r| named.iter().any(|c| c.id == r.id));
    for q in questions.iter().filter(about_named) {
        study.open.push(ShowItem {
            text: q.text.get(lang).to_owned(),
            href: crate::urls::href("", crate::urls::Target::Here(&question_anchor(&q.id))),
            badge: cx.question_badge(lang),
        });
    }
    study
}
