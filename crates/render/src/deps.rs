//! What a change affects: given the site as last rendered and as it is now, and the documents
//! whose text changed, the [`Job`]s whose output may differ. `serve` re-runs only those.
//!
//! The rules (ARCHITECTURE.md shows them as a table):
//! - a changed page re-renders itself, in both languages;
//! - a changed data file (`_data/targets.yaml`, `_data/glossary.yaml`) re-renders everything;
//! - a changed title or weight re-renders the pages that show it: the parent (its list of
//!   children), its siblings (previous/next links), the pages below it (breadcrumbs), every page
//!   under its parent (the section tree), and the generated pages and feeds;
//! - a changed claim or question (added, removed, or any field) re-renders every page that
//!   mentions its ID — declares it, cites it, lists it in a component, or points at it from a
//!   card (premise, successor) or a question — and the generated pages and feeds; a question of
//!   a log also re-renders the pages that show a claim it is about (it is shown there);
//! - a page whose language pairs fell behind or caught up (see `shoko-history`) re-renders
//!   itself, for its notices, and the translation status page does, as it does when a changed
//!   document gains or loses pairs or a missing side; a claim whose text fell behind or caught
//!   up counts as a changed claim (its card carries the notice wherever it is shown);
//! - a source whose cited lines moved or changed upstream (or no longer do) counts as a change
//!   of its claim;
//! - a file whose last change (as history says) moved re-renders the pages made of it (see
//!   `SiteModel::made_of`): itself, those showing a claim or question it declares or a claim
//!   one of its questions is about, and, for a data file, every page;
//! - changed citations re-render the generated pages and feeds (they say where claims are shown);
//! - a claim whose home moved (the first page to read that shows it: a page started or stopped
//!   showing it, or became a deck or poster, or stopped being one) counts as changed;
//! - a changed document re-builds the search index of each language whose records it changes:
//!   both for a changed claim, question, title or citation, else those whose sections, summary
//!   or environment changed; one whose number of files changes (the site gained or lost enough
//!   pages, claims or questions) re-renders everything;
//! - a claim that moves to another page of the claims index (others were added or removed before
//!   it) counts as changed, since links to it change; an index that gains or loses a page
//!   re-renders everything.
//!
//! The caller re-renders everything instead when templates, strings, configuration, static files
//! or the set of files changed. A test checks the rules against full rebuilds.

use crate::context::{INDEX_PAGE_SIZE, SitePage, SitePageExt};
use crate::plan::Job;
use crate::search;
use crate::shape::Tree;
use shoko_markdown::Lang;
use shoko_model::anchors::sections;
use shoko_model::pairs::{self, Drift};
use shoko_model::{Claim, ClaimId, DocId, DocKind, Document, LocalizedText, Question, SiteModel};
use std::collections::{BTreeMap, BTreeSet};

/// The jobs to re-run after the documents `changed` (ids valid in both `old` and `new`, which
/// have the same documents in the same order) changed.
pub fn affected_jobs(old: &SiteModel, new: &SiteModel, changed: &BTreeSet<DocId>) -> Vec<Job> {
    let mut found = Affected::default();
    for &d in changed {
        if found.document(old, new, d).is_err() {
            return Job::all(new);
        }
    }
    let drifted = found.site_wide(old, new);
    found.last_changes(old, new);
    let pair_counts =
        |doc: &Document| (doc.pairs.len(), doc.pairs.iter().filter(|p| p.sides.iter().any(|s| s.empty)).count());
    if drifted
        || old.history() != new.history()
        || old.drift_unchecked() != new.drift_unchecked()
        || changed.iter().any(|d| pair_counts(old.doc(*d)) != pair_counts(new.doc(*d)))
    {
        found.jobs.extend(Lang::ALL.map(|lang| Job::Site(SitePage::Translations, lang, 0)));
    }
    if SitePage::ALL.iter().any(|p| p.parts(old) != p.parts(new)) || search::files(old) != search::files(new) {
        // An index gained or lost a page, or a search index a file: its old file must go,
        // which a full render does.
        return Job::all(new);
    }
    found.finish(old, new, changed)
}

/// What a change affects, gathered rule by rule (see the module documentation).
#[derive(Default)]
struct Affected {
    jobs: BTreeSet<Job>,
    /// Claims that count as changed: every page mentioning one re-renders.
    ids: BTreeSet<ClaimId>,
    /// Whether the generated pages, the feeds and both search indexes change.
    indexes: bool,
}

/// A change that only a whole render follows (a data file changed).
struct Everything;

impl Affected {
    /// What document `d`'s change affects.
    fn document(&mut self, old: &SiteModel, new: &SiteModel, d: DocId) -> Result<(), Everything> {
        let (before, after) = (old.doc(d), new.doc(d));
        if before.is_data() || after.is_data() {
            return Err(Everything);
        }
        if after.page().is_some() {
            self.jobs.insert(Job::Page(d));
        }
        if heading(before) != heading(after) {
            self.indexes = true;
            let tree = Tree::of(new);
            // Its parent lists it; its siblings name it in their previous/next links (and a
            // weight reorders them); the pages below it show it in their breadcrumbs; and every
            // page under its parent shows it in the section tree (the parent's whole subtree).
            // A page outside the tree (no index page above it) shows the home page's level, so
            // a change at the top re-renders every page.
            let top = tree.parent(d).unwrap_or(d);
            let at_top = new.pages().get(shoko_vocab::FOLDER_PAGE).is_none_or(|home| *home == top);
            if new.doc(top).page().is_some() {
                self.jobs.insert(Job::Page(top));
            }
            self.jobs.extend(
                new.pages().values().filter(|p| at_top || tree.ancestors(**p).contains(&top)).map(|p| Job::Page(*p)),
            );
        }
        let changed_ids = changed_ids(before, after);
        self.indexes |= !changed_ids.is_empty() || citations(before) != citations(after);
        // A claim whose home ([`SiteModel::home`]) moved, because this page stopped or started
        // showing it or became a deck or poster (or stopped being one), is found by search on
        // another page: it counts as changed, so both pages re-render.
        let moved: Vec<ClaimId> = mentions(old, before)
            .into_iter()
            .chain(mentions(new, after))
            .filter(|id| old.home(id) != new.home(id))
            .cloned()
            .collect();
        self.indexes |= !moved.is_empty();
        self.ids.extend(moved);
        self.ids.extend(changed_ids);
        Ok(())
    }

    /// What changed for the whole site beside the documents: reviews, sources upstream, drift.
    /// Whether some page's drift changed.
    fn site_wide(&mut self, old: &SiteModel, new: &SiteModel) -> bool {
        // A claim whose review state changed shows it on its card, and the evidence page lists
        // them: a premise's change reaches claims that rest on it through others.
        let reviewed = differing_reviews(old, new);
        self.indexes |= !reviewed.is_empty();
        self.ids.extend(reviewed);
        // A source whose lines changed upstream shows a notice on its claim's card, wherever it is.
        let (a, b) = (old.upstream(), new.upstream());
        let upstream: BTreeSet<ClaimId> =
            a.keys().chain(b.keys()).filter(|at| a.get(*at) != b.get(*at)).map(|at| at.claim.clone()).collect();
        self.indexes |= !upstream.is_empty();
        self.ids.extend(upstream);
        // A page whose translation fell behind or caught up shows or drops its notices; the
        // translation status page counts pairs and lists what is behind.
        let (a, b) = (old.drift(), new.drift());
        let drifted: Vec<DocId> = a.keys().chain(b.keys()).filter(|d| a.get(*d) != b.get(*d)).copied().collect();
        self.jobs.extend(drifted.iter().filter(|d| new.doc(**d).page().is_some()).map(|d| Job::Page(*d)));
        // A claim card carries the notice of its text wherever it is shown (pages that cite it,
        // the claims index), so a claim whose text drift changed counts as changed.
        let text_drift = |drift: Option<&Vec<Drift>>, claim: &Claim| {
            let name = pairs::claim_text(&claim.id.0);
            drift.and_then(|all| all.iter().find(|d| d.pair == name)).cloned()
        };
        for d in &drifted {
            let drifting: Vec<ClaimId> = new
                .doc(*d)
                .claims
                .iter()
                .filter(|c| text_drift(a.get(d), c) != text_drift(b.get(d), c))
                .map(|c| c.id.clone())
                .collect();
            self.indexes |= !drifting.is_empty();
            self.ids.extend(drifting);
        }
        !drifted.is_empty()
    }

    /// The pages made of a file whose last change (as history says) moved.
    fn last_changes(&mut self, old: &SiteModel, new: &SiteModel) {
        let (a, b) = (old.changes(), new.changes());
        let moved: BTreeSet<DocId> = a.keys().chain(b.keys()).filter(|d| a.get(*d) != b.get(*d)).copied().collect();
        if moved.is_empty() {
            return;
        }
        // Every page shows the data files; a claim or question shows its file's day wherever it
        // is shown, and so does a log's question about a claim a page shows.
        let data = moved.iter().any(|d| new.doc(*d).is_data());
        let ids: BTreeSet<&ClaimId> = moved
            .iter()
            .map(|d| new.doc(*d))
            .flat_map(|doc| {
                let questions =
                    doc.questions.iter().flat_map(|q| std::iter::once(&q.id).chain(q.about.iter().map(|r| &r.id)));
                doc.claims.iter().map(|c| &c.id).chain(questions)
            })
            .collect();
        for &d in new.pages().values() {
            if data || moved.contains(&d) || mentions(new, new.doc(d)).iter().any(|id| ids.contains(id)) {
                self.jobs.insert(Job::Page(d));
            }
        }
    }

    /// The jobs: with the search indexes, the pages mentioning a changed claim, the generated
    /// pages and the feeds where they change.
    fn finish(mut self, old: &SiteModel, new: &SiteModel, changed: &BTreeSet<DocId>) -> Vec<Job> {
        // A changed claim, question, title or citation may change what is found in both
        // languages (and where); otherwise a page's records change only with its sections,
        // summary and environment in each language, so an edit of one language's text leaves
        // the other's index as it is.
        if self.indexes || !self.ids.is_empty() {
            self.jobs.extend(Lang::ALL.map(Job::Search));
        } else {
            for &d in changed {
                let (before, after) = (old.doc(d), new.doc(d));
                let differs = |lang: &Lang| searched(old, before, *lang) != searched(new, after, *lang);
                self.jobs.extend(Lang::ALL.iter().filter(|lang| differs(lang)).map(|lang| Job::Search(*lang)));
            }
        }
        if !self.ids.is_empty() {
            // Added or removed claims move others to another page of the claims index, which
            // changes the links to them.
            self.ids.extend(
                new.claims()
                    .iter()
                    .filter(|(id, d)| {
                        old.claims().get(*id).map(|o| o.ordinal / INDEX_PAGE_SIZE) != Some(d.ordinal / INDEX_PAGE_SIZE)
                    })
                    .map(|(id, _)| id.clone()),
            );
            for site in [old, new] {
                for (&d, doc) in site.pages().values().map(|d| (d, site.doc(*d))) {
                    if mentions(site, doc).iter().any(|id| self.ids.contains(*id)) {
                        self.jobs.insert(Job::Page(d));
                    }
                }
            }
        }
        if self.indexes {
            self.jobs.extend(Job::site_pages(new));
            self.jobs.insert(Job::Feeds);
        }
        self.jobs.into_iter().collect()
    }
}

/// The claims whose review state differs between `old` and `new`.
fn differing_reviews(old: &SiteModel, new: &SiteModel) -> BTreeSet<ClaimId> {
    let (a, b) = (&old.needs_review(), &new.needs_review());
    a.keys().chain(b.keys()).filter(|id| a.get(*id) != b.get(*id)).cloned().collect()
}

/// What other pages show of a document: its title and place among its siblings.
fn heading(doc: &Document) -> (Option<&LocalizedText>, i64) {
    match &doc.kind {
        DocKind::Page(p) => (Some(&p.title), p.weight),
        DocKind::Log { title } => (title.as_ref(), 0),
        DocKind::Targets { .. } | DocKind::Glossary(_) => (None, 0),
    }
}

/// What of a document a search index in `lang` reads besides its claims, questions and title:
/// its sections, summary and environment (see `search::section_records`).
fn searched<'a>(site: &SiteModel, doc: &'a Document, lang: Lang) -> Option<impl PartialEq + use<'a>> {
    let page = doc.page()?;
    Some((sections(doc, site, lang), page.gain.as_ref().map(|g| g.get(lang)), &page.env))
}

/// The IDs cited in a page body, in order.
fn citations(doc: &Document) -> Vec<&ClaimId> {
    doc.page().map_or_else(Vec::new, |p| p.citations.iter().map(|r| &r.id).collect())
}

/// IDs of claims and questions that were added, removed or changed in any field.
fn changed_ids(before: &Document, after: &Document) -> BTreeSet<ClaimId> {
    let mut changed = differing(&before.claims, &after.claims, |c: &Claim| &c.id);
    let questions = differing(&before.questions, &after.questions, |q: &Question| &q.id);
    // A question of a log is shown on the pages that show a claim it is about: those claims
    // count as changed, so their pages render again (before and after the edit).
    if matches!(after.kind, DocKind::Log { .. }) {
        for q in before.questions.iter().chain(&after.questions).filter(|q| questions.contains(&q.id)) {
            changed.extend(q.about.iter().map(|r| r.id.clone()));
        }
    }
    changed.extend(questions);
    changed
}

/// The IDs whose items differ between `before` and `after` (an item added, removed or changed;
/// a duplicated ID compares all its items).
fn differing<T: PartialEq>(before: &[T], after: &[T], id: impl Fn(&T) -> &ClaimId) -> BTreeSet<ClaimId> {
    let mut by_id: BTreeMap<&ClaimId, (Vec<&T>, Vec<&T>)> = BTreeMap::new();
    for item in before {
        by_id.entry(id(item)).or_default().0.push(item);
    }
    for item in after {
        by_id.entry(id(item)).or_default().1.push(item);
    }
    let same = |(b, a): &(Vec<&T>, Vec<&T>)| b.len() == a.len() && b.iter().all(|x| a.contains(x));
    by_id.into_iter().filter(|(_, pair)| !same(pair)).map(|(id, _)| id.clone()).collect()
}

/// Every claim or question ID whose text, class or existence shows on `doc`'s page.
fn mentions<'a>(site: &'a SiteModel, doc: &'a Document) -> Vec<&'a ClaimId> {
    let mut ids: Vec<&ClaimId> = Vec::new();
    for c in &doc.claims {
        ids.push(&c.id);
        ids.extend(c.depends_on.iter().chain(&c.supersedes).chain(&c.superseded_by).map(|r| &r.id));
    }
    for q in &doc.questions {
        ids.push(&q.id);
        ids.extend(q.about.iter().map(|r| &r.id));
    }
    if let Some(page) = doc.page() {
        for r in &page.citations {
            ids.push(&r.id);
            if let Some(c) = site.claim(&r.id) {
                ids.extend(c.depends_on.iter().chain(&c.supersedes).chain(&c.superseded_by).map(|r| &r.id));
            }
        }
        for component in &page.components {
            for arg in component.args.split_whitespace() {
                if let Some((id, _)) = site.claims().get_key_value(&ClaimId(arg.to_owned())) {
                    ids.push(id);
                }
            }
        }
    }
    // A card that needs review links every claim of its chain, not only its own premises.
    let chains: Vec<&ClaimId> =
        ids.iter().filter_map(|id| site.needs_review().get(*id)).flat_map(|r| &r.chain).collect();
    ids.extend(chains);
    ids
}
