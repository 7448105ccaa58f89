//! The link stage: all validated documents → one [`SiteModel`], with every rule that needs more
//! than one claim: unique IDs, references, supersession pairs, dependency cycles, weak or
//! retracted premises, citations of non-current claims, uncited claims and links between pages.
//!
//! The model is plain data with explicit dependencies ([`SiteModel::shown_on`]: which pages show
//! which claim), so `serve` can work out what a change affects.
//!
//! Here: the model, its accessors and the stage itself; the rules between claims in [`claims`],
//! those about pages, their links, files and data in [`pages`], what published documents may
//! not point at in [`drafts`].

mod changes;
mod claims;
mod drafts;
mod pages;

pub(crate) use claims::premise_reported;
use claims::{check_citations, check_cycles, check_premises, check_references, check_supersession};
use pages::{check_callouts, check_files, check_page_links, collect_data};
pub use pages::{is_page_link_problem, page_link_problems};

use crate::model::{Claim, ClaimId, DocId, Document, Question, Target, Term};
use crate::rules;
use rayon::prelude::*;
use shoko_diagnostics::{Diagnostic, Span};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// Where a claim or question is declared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Declared {
    /// The document.
    pub doc: DocId,
    /// Index in the document's `claims` (or `questions`).
    pub index: usize,
    /// Position among all claims (or questions) in ID order, which decides the part of a paged
    /// index the claim is listed on.
    pub ordinal: usize,
}

/// The whole site as data. The large indexes are shared (`Arc`), so a copy with one document
/// replaced costs little (see `SiteModel::with_document`). Only the link stage builds it; every
/// other crate reads it through the accessors.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct SiteModel {
    /// Every document, sorted by path (not serialized: a saved site is stored with its
    /// documents apart, and they are put back with [`SiteModel::with_documents`]).
    #[serde(skip)]
    pub(crate) docs: Vec<Arc<Document>>,
    /// Claims by ID (the first declaration when an ID is duplicated).
    pub(crate) claims: Arc<BTreeMap<ClaimId, Declared>>,
    /// Open questions by ID.
    pub(crate) questions: Arc<BTreeMap<ClaimId, Declared>>,
    /// Pages by source path relative to `content/`.
    pub(crate) pages: Arc<BTreeMap<String, DocId>>,
    /// IDs declared in elements that could not be read.
    pub(crate) unreadable: Arc<BTreeSet<ClaimId>>,
    /// For each claim, the pages that show it (declare it in front-matter or cite it).
    pub(crate) shown_on: Arc<BTreeMap<ClaimId, BTreeSet<DocId>>>,
    /// GPU targets, in the order of `_data/targets.yaml`.
    pub(crate) targets: Vec<Target>,
    /// Glossary terms, in the order of `_data/glossary.yaml`.
    pub(crate) glossary: Vec<Term>,
    /// History events of all claims (the first declaration of each ID): the rows of the change
    /// log, counted once here so paging it needs no pass over every claim.
    pub(crate) events: usize,
    /// The claims that need review, and why (see [`crate::review`]).
    pub(crate) needs_review: Arc<BTreeMap<ClaimId, crate::review::NeedsReview>>,
    /// The sides of language pairs that are behind, by document (read from history by the
    /// engine and set with [`SiteModel::with_drift`]; empty when history is not read).
    pub(crate) drift: Arc<BTreeMap<DocId, Vec<crate::pairs::Drift>>>,
    /// Whether history was read for `drift` (otherwise nothing is known to be behind), or why not.
    pub(crate) history: crate::pairs::HistoryState,
    /// Documents whose pairs history could not check (a version over the size limit), with why:
    /// nothing about them is known to be up to date.
    pub(crate) drift_unchecked: Arc<BTreeMap<DocId, String>>,
    /// Sources whose cited lines changed upstream since their pinned commit (verified against
    /// local clones by the engine, set with [`SiteModel::with_upstream`]).
    pub(crate) upstream: Arc<BTreeMap<crate::upstream::SourceAt, crate::upstream::UpstreamChange>>,
    /// Claims looked at again after a premise's change of the same day, as the engine read
    /// from history (see [`SiteModel::with_looked_after`]): `(claim, premise)`.
    pub(crate) looked_after: Arc<BTreeSet<(ClaimId, ClaimId)>>,
    /// When each document last changed, as the engine read from history (see
    /// [`crate::last_change`]; empty when history is not read).
    pub(crate) changes: Arc<BTreeMap<DocId, crate::FileChange>>,
}

impl SiteModel {
    /// Every document, sorted by path.
    pub fn docs(&self) -> &[Arc<Document>] {
        &self.docs
    }

    /// Document `id`.
    pub fn doc(&self, id: DocId) -> &Document {
        &self.docs[id.0]
    }

    /// Claims by ID (the first declaration when an ID is duplicated).
    pub fn claims(&self) -> &BTreeMap<ClaimId, Declared> {
        &self.claims
    }

    /// Open questions by ID.
    pub fn questions(&self) -> &BTreeMap<ClaimId, Declared> {
        &self.questions
    }

    /// Pages by source path relative to `content/`.
    pub fn pages(&self) -> &BTreeMap<String, DocId> {
        &self.pages
    }

    /// IDs declared in elements that could not be read.
    pub fn unreadable(&self) -> &BTreeSet<ClaimId> {
        &self.unreadable
    }

    /// For each claim, the pages that show it (declare it in front-matter or cite it).
    pub fn shown_on(&self) -> &BTreeMap<ClaimId, BTreeSet<DocId>> {
        &self.shown_on
    }

    /// The page that holds claim `id`'s card for links from elsewhere (indexes, search, data
    /// for other tools): the first page to read (in path order) that shows it, else the first
    /// deck or poster that does. `None` when no page shows it.
    pub fn home(&self, id: &ClaimId) -> Option<DocId> {
        let pages = self.shown_on.get(id)?;
        let to_read = |d: &&DocId| self.docs[d.0].page().is_some_and(|p| !p.layout.presents());
        pages.iter().find(to_read).or_else(|| pages.first()).copied()
    }

    /// The pages that show claim `id`: its [`SiteModel::home`] first, then the others in path
    /// order (what lists them, for readers and for other tools, leads with the card to read).
    pub fn shown_home_first(&self, id: &ClaimId) -> Vec<DocId> {
        let home = self.home(id);
        let rest = self.shown_on.get(id).into_iter().flatten().filter(|d| Some(**d) != home);
        home.into_iter().chain(rest.copied()).collect()
    }

    /// GPU targets, in the order of `_data/targets.yaml`.
    pub fn targets(&self) -> &[Target] {
        &self.targets
    }

    /// Glossary terms, in the order of `_data/glossary.yaml`.
    pub fn glossary(&self) -> &[Term] {
        &self.glossary
    }

    /// History events of all claims (the rows of the change log).
    pub fn events(&self) -> usize {
        self.events
    }

    /// The claims that need review, and why.
    pub fn needs_review(&self) -> &BTreeMap<ClaimId, crate::review::NeedsReview> {
        &self.needs_review
    }

    /// The sides of language pairs that are behind, by document.
    pub fn drift(&self) -> &BTreeMap<DocId, Vec<crate::pairs::Drift>> {
        &self.drift
    }

    /// Whether history was read for [`SiteModel::drift`].
    pub fn drift_checked(&self) -> bool {
        self.history == crate::pairs::HistoryState::Read
    }

    /// Whether history was read for [`SiteModel::drift`], or why not.
    pub fn history(&self) -> crate::pairs::HistoryState {
        self.history
    }

    /// Documents whose pairs history could not check, with why (none when history was not read
    /// at all: see [`SiteModel::drift_checked`]).
    pub fn drift_unchecked(&self) -> &BTreeMap<DocId, String> {
        &self.drift_unchecked
    }

    /// This site with `drift` as what history says of its pairs, or why history was not read.
    pub fn with_drift(&self, drift: Result<crate::pairs::DriftReport, crate::pairs::HistoryState>) -> SiteModel {
        let (report, history) = match drift {
            Ok(report) => (report, crate::pairs::HistoryState::Read),
            Err(why) => (crate::pairs::DriftReport::default(), why),
        };
        SiteModel {
            drift: Arc::new(report.behind),
            drift_unchecked: Arc::new(report.unchecked),
            history,
            ..self.clone()
        }
    }

    /// Sources whose cited lines changed upstream since their pinned commit.
    pub fn upstream(&self) -> &BTreeMap<crate::upstream::SourceAt, crate::upstream::UpstreamChange> {
        &self.upstream
    }

    /// This site with `upstream` as the sources whose lines changed upstream.
    pub fn with_upstream(
        &self,
        upstream: BTreeMap<crate::upstream::SourceAt, crate::upstream::UpstreamChange>,
    ) -> SiteModel {
        let mut site = SiteModel { upstream: Arc::new(upstream), ..self.clone() };
        // A claim resting on one whose source changed upstream needs review too.
        site.needs_review = Arc::new(crate::review::needs_review(&site));
        site
    }

    /// Claims looked at again (their last event) after a premise's change for the worse of the
    /// same day, as the history ordered the two: `(claim, premise)`.
    pub fn looked_after(&self) -> &BTreeSet<(ClaimId, ClaimId)> {
        &self.looked_after
    }

    /// This site with `looked_after` as what the history says of same-day changes (see
    /// [`crate::review::same_day`]).
    pub fn with_looked_after(&self, looked_after: BTreeSet<(ClaimId, ClaimId)>) -> SiteModel {
        let mut site = SiteModel { looked_after: Arc::new(looked_after), ..self.clone() };
        site.needs_review = Arc::new(crate::review::needs_review(&site));
        site
    }

    /// This site with document `doc` replaced by `new`, which must show other documents exactly
    /// what the old one did (same [`crate::surface`], or one whose anchors alone changed where
    /// [`page_link_problems`] finds nothing before and after); the indexes are shared, not rebuilt.
    pub fn with_document(&self, doc: DocId, new: Arc<Document>) -> SiteModel {
        debug_assert_eq!(self.docs[doc.0].path, new.path, "a document is swapped for the same file");
        let mut site = self.clone();
        site.docs[doc.0] = new;
        site
    }

    /// The site's structure (see [`Structure`]), for keeping what is worked out from it between
    /// renders.
    pub fn structure(&self) -> Structure {
        Structure(Arc::clone(&self.pages))
    }

    /// This site with `docs` as its documents: for a site read back without them. Its
    /// [`Structure`] is a new one, whatever the site was.
    pub fn with_documents(mut self, docs: Vec<Arc<Document>>) -> SiteModel {
        self.docs = docs;
        // Moved into an allocation of its own (no copy when, as after deserializing, this site
        // held the only reference).
        self.pages = Arc::new(Arc::unwrap_or_clone(self.pages));
        self
    }

    /// The claim with `id`.
    pub fn claim(&self, id: &ClaimId) -> Option<&Claim> {
        self.claims.get(id).map(|d| &self.docs[d.doc.0].claims[d.index])
    }

    /// The document that declares claim `id` (the first, when the ID is duplicated).
    pub fn declaring(&self, id: &ClaimId) -> Option<&Document> {
        self.claims.get(id).map(|d| &*self.docs[d.doc.0])
    }

    /// The question with `id`.
    pub fn question(&self, id: &ClaimId) -> Option<&Question> {
        self.questions.get(id).map(|d| &self.docs[d.doc.0].questions[d.index])
    }

    /// Every claim with the document that declares it.
    pub fn all_claims(&self) -> impl Iterator<Item = (DocId, &Claim)> {
        self.docs.iter().enumerate().flat_map(|(i, d)| d.claims.iter().map(move |c| (DocId(i), c)))
    }
}

/// What a site's documents are laid out as: which documents there are, at which [`DocId`], with
/// which paths, which of them are pages, and the weights of its pages; and, since a document is
/// only swapped for one whose surface is the same but perhaps for its anchors, the claims,
/// questions and images of every page. Two sites have equal structures when one was made from
/// the other without linking again: [`SiteModel::with_document`] swaps in a document of the same
/// path with the same surface but perhaps its anchors (the rest holds the weight, claims,
/// questions and images); `with_drift` and `with_upstream` change no document.
/// A site linked again, or read back from a cache, has a structure of its own even when nothing
/// changed: equality is the identity of the page index they share, never a comparison of the
/// documents. Holding a structure keeps that index alive, so a later site cannot be given its
/// address and pass for it.
#[derive(Debug, Clone)]
pub struct Structure(Arc<BTreeMap<String, DocId>>);

impl PartialEq for Structure {
    fn eq(&self, other: &Structure) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// One of the checks `link` runs over the whole site, writing what it finds.
type SiteCheck<'a> = dyn Fn(&mut Vec<Diagnostic>) + Sync + 'a;

/// Build the site model from validated documents and report site-wide problems (no text is
/// read: a page's anchors come from the sections it kept). Documents are shared (`Arc`), so
/// `serve` can keep the unchanged ones between rebuilds without copying them.
/// `files` are every file under `content/`, relative to it (pages that failed to parse
/// included, so links to them are not reported again).
pub fn link(mut docs: Vec<Arc<Document>>, files: &BTreeSet<String>) -> (SiteModel, Vec<Diagnostic>) {
    docs.sort_by(|a, b| a.path.cmp(&b.path));
    let mut out = Vec::new();
    let mut site = SiteModel { docs, ..SiteModel::default() };
    index_ids(&mut site, &mut out);
    // Pages by their address folded to lower case (sorted stably, so each address keeps its
    // pages in path order): the first page of an address is the site's page, a later one
    // collides with the first page of the same address as written or, differing in case only,
    // with the address's first page.
    let mut addressed: Vec<(String, String, usize)> = Vec::new();
    for (i, doc) in site.docs.iter().enumerate() {
        if doc.page().is_none() {
            continue;
        }
        if let Some(segment) = rules::page_reserved_path::reserved_segment(&doc.path) {
            out.push(rules::page_reserved_path::diagnostic(Span::file_start(doc.file), &doc.path, segment));
        }
        if rules::page_reserved_path::dot_segment(&doc.path) {
            out.push(rules::page_reserved_path::dot_diagnostic(Span::file_start(doc.file), &doc.path));
            continue;
        }
        let address = shoko_vocab::page_address(&doc.path);
        addressed.push((rules::page_url_collision::folded(&address), address, i));
    }
    addressed.sort_by(|a, b| a.0.cmp(&b.0));
    let mut pages: Vec<(String, DocId)> = Vec::with_capacity(addressed.len());
    for same in addressed.chunk_by(|a, b| a.0 == b.0) {
        let docs = &site.docs;
        let (_, _, first) = same[0];
        pages.push((docs[first].path.clone(), DocId(first)));
        // The first page of each address as written.
        let mut written: Vec<(&str, usize)> = vec![(same[0].1.as_str(), first)];
        for (_, address, i) in &same[1..] {
            let (doc, here) = (&docs[*i], Span::file_start(docs[*i].file));
            match written.iter().find(|(w, _)| w == address) {
                Some((_, at)) => {
                    let there = &docs[*at];
                    let there_span = Span::file_start(there.file);
                    out.push(rules::page_url_collision::diagnostic(here, &doc.path, &there.path, address, there_span));
                }
                None => {
                    let there = &docs[first];
                    let there_span = Span::file_start(there.file);
                    out.push(rules::page_url_collision::case_only(here, &doc.path, &there.path, there_span));
                    written.push((address, *i));
                }
            }
        }
    }
    // (`collect` sorts them by path and builds the map in one pass.)
    site.pages = Arc::new(pages.into_iter().collect());
    site.shown_on = Arc::new(shown_on(&site));
    site.events = site.claims.values().map(|d| site.docs[d.doc.0].claims[d.index].history.len()).sum();
    // The checks only read the site: they run in parallel, and their findings are joined in
    // this order (at 10,000 pages per language, linking one after the other left a core idle).
    let site_ref = &site;
    let checks: [&SiteCheck; 9] = [
        &|out| check_references(site_ref, out),
        &|out| check_supersession(site_ref, out),
        &|out| check_cycles(site_ref, out),
        &|out| check_premises(site_ref, out),
        &|out| check_citations(site_ref, out),
        &|out| check_page_links(site_ref, files, out),
        &|out| check_files(site_ref, files, out),
        &|out| check_callouts(site_ref, out),
        &|out| drafts::check_draft_references(site_ref, out),
    ];
    let found: Vec<Vec<Diagnostic>> = checks
        .par_iter()
        .map(|check| {
            let mut found = Vec::new();
            check(&mut found);
            found
        })
        .collect();
    out.extend(found.into_iter().flatten());
    site.needs_review = Arc::new(crate::review::needs_review(&site));
    out.extend(crate::review::diagnostics(&site, crate::review::Known::AtLinking));
    collect_data(&mut site, files, &mut out);
    (site, out)
}

/// Claims and questions by ID, the first declaration (in path order, a document's claims before
/// its questions) of each; every later one is a duplicate. The declarations are sorted by ID
/// (stably, so the first stays first) and the maps built from the sorted run at once, which at
/// 50,000 claims costs a fraction of searching a growing map for each.
fn index_ids(site: &mut SiteModel, out: &mut Vec<Diagnostic>) {
    site.unreadable = Arc::new(site.docs.iter().flat_map(|d| d.unreadable_ids.iter().cloned()).collect());
    let mut declared: Vec<(&ClaimId, &Span, bool, Declared)> = Vec::new();
    for (d, doc) in site.docs.iter().enumerate() {
        let at = |index| Declared { doc: DocId(d), index, ordinal: 0 };
        declared.extend(doc.claims.iter().enumerate().map(|(i, c)| (&c.id, &c.id_span, true, at(i))));
        declared.extend(doc.questions.iter().enumerate().map(|(i, q)| (&q.id, &q.id_span, false, at(i))));
    }
    declared.sort_by_cached_key(|a| (id_prefix(a.0), a.0));
    let (mut claims, mut questions) = (Vec::new(), Vec::new());
    for same in declared.chunk_by(|a, b| a.0 == b.0) {
        let (id, first_span, is_claim, first) = same[0];
        for (_, span, _, _) in &same[1..] {
            out.push(rules::claim_duplicate_id::diagnostic((*span).clone(), &id.0, first_span.clone()));
        }
        let list: &mut Vec<(ClaimId, Declared)> = if is_claim { &mut claims } else { &mut questions };
        list.push((id.clone(), Declared { ordinal: list.len(), ..first }));
    }
    // Already in ID order: the maps are built in one pass.
    site.claims = Arc::new(claims.into_iter().collect());
    site.questions = Arc::new(questions.into_iter().collect());
}

/// For each claim, the pages that show it: the declarations and citations of every page,
/// sorted by ID (stably, so each claim's pages come in order) and grouped.
fn shown_on(site: &SiteModel) -> BTreeMap<ClaimId, BTreeSet<DocId>> {
    let mut shown: Vec<(&ClaimId, DocId)> = Vec::new();
    for (d, doc) in site.docs.iter().enumerate() {
        let Some(page) = doc.page() else { continue };
        let ids = doc.claims.iter().map(|c| &c.id).chain(page.citations.iter().map(|r| &r.id));
        shown.extend(ids.map(|id| (id, DocId(d))));
    }
    shown.sort_by_cached_key(|a| (id_prefix(a.0), a.0));
    shown.chunk_by(|a, b| a.0 == b.0).map(|same| (same[0].0.clone(), same.iter().map(|(_, d)| *d).collect())).collect()
}

/// The first eight bytes of `id`, big-endian and padded with zeros: ordering by it, then by the
/// ID, is the IDs' own order, and a sort keyed so follows an ID's pointer into the documents'
/// memory only when these are equal, not on every comparison (the saving was not measured
/// apart from the rest of the link stage's changes).
fn id_prefix(id: &ClaimId) -> u64 {
    let mut bytes = [0u8; 8];
    let n = id.0.len().min(8);
    bytes[..n].copy_from_slice(&id.0.as_bytes()[..n]);
    u64::from_be_bytes(bytes)
}
