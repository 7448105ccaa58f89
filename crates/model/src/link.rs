//! The link stage: all validated documents → one [`SiteModel`], with every rule that needs more
//! than one claim: unique IDs, references, supersession pairs, dependency cycles, weak or
//! retracted premises, citations of non-current claims, uncited claims and links between pages.
//!
//! The model is plain data with explicit dependencies ([`SiteModel::shown_on`]: which pages show
//! which claim), so `serve` can work out what a change affects.

use crate::anchors::kept_anchors;
use crate::model::{Claim, ClaimId, DocId, DocKind, Document, Question, Ref, Target, Term};
use crate::rules;
use crate::schema::{Class, Lifecycle};
use rayon::prelude::*;
use shoko_diagnostics::{Diagnostic, Span};
use shoko_markdown::{Component, Lang};
use std::collections::{BTreeMap, BTreeSet, HashMap};
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
}

impl SiteModel {
    /// Every document, sorted by path.
    pub fn docs(&self) -> &[Arc<Document>] {
        &self.docs
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
    let checks: [&SiteCheck; 8] = [
        &|out| check_references(site_ref, out),
        &|out| check_supersession(site_ref, out),
        &|out| check_cycles(site_ref, out),
        &|out| check_premises(site_ref, out),
        &|out| check_citations(site_ref, out),
        &|out| check_page_links(site_ref, files, out),
        &|out| check_files(site_ref, files, out),
        &|out| check_callouts(site_ref, out),
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

fn known(site: &SiteModel, r: &Ref, questions_too: bool) -> bool {
    site.claims.contains_key(&r.id)
        || site.unreadable.contains(&r.id)
        || (questions_too && site.questions.contains_key(&r.id))
}

/// Every reference to an ID that does not exist, reported once per ID: the first place (in
/// path order) carries the diagnostic, the others, in any file, are its secondary places. A
/// renamed or removed claim is one mistake however many pages cite it.
fn check_references(site: &SiteModel, out: &mut Vec<Diagnostic>) {
    // Grouped by ID through an index (a scan of the IDs found so far made 100,000 unknown
    // citations take 24 s), in the order each ID is first met.
    let mut unknown: Vec<(&ClaimId, Vec<&Ref>)> = Vec::new();
    let mut index: HashMap<&ClaimId, usize> = HashMap::new();
    for doc in &site.docs {
        let claims = doc.claims.iter().flat_map(|c| c.depends_on.iter().chain(&c.supersedes).chain(&c.superseded_by));
        let questions = doc.questions.iter().flat_map(|q| &q.about);
        let citations = doc.page().into_iter().flat_map(|p| &p.citations);
        let refs = claims.chain(questions).map(|r| (r, false)).chain(citations.map(|r| (r, true)));
        for (r, _) in refs.filter(|(r, questions_too)| !known(site, r, *questions_too)) {
            match index.get(&r.id) {
                Some(&i) => unknown[i].1.push(r),
                None => {
                    index.insert(&r.id, unknown.len());
                    unknown.push((&r.id, vec![r]));
                }
            }
        }
    }
    for (n, (id, places)) in unknown.into_iter().enumerate() {
        // "Did you mean" compares with every claim: offered for the first IDs only, so a file of
        // tens of thousands of unknown IDs costs no more than its citations.
        let nearest = (n < SUGGESTED_IDS)
            .then(|| shoko_diagnostics::closest(site.claims.keys().map(|k| k.0.as_str()), &id.0))
            .flatten();
        let first = rules::ref_unknown_claim::diagnostic(places[0].span.clone(), &id.0, nearest);
        out.push(places[1..].iter().fold(first, |d, r| d.with_secondary(r.span.clone(), "cited again here")));
    }
}

/// How many unknown claim IDs get a "did you mean" (each is compared with every claim).
const SUGGESTED_IDS: usize = 500;

fn check_supersession(site: &SiteModel, out: &mut Vec<Diagnostic>) {
    check_successor_cycles(site, out);
    for (_, claim) in site.all_claims() {
        let Some(successor_ref) = &claim.superseded_by else { continue };
        let Some(successor) = site.claim(&successor_ref.id) else { continue };
        if !successor.supersedes.iter().any(|r| r.id == claim.id) {
            out.push(rules::claim_supersession::not_listed(
                successor_ref.span.clone(),
                &claim.id.0,
                &successor.id.0,
                successor.id_span.clone(),
            ));
        }
    }
}

/// Report every chain of `superseded_by` that comes back to a claim it left, once, at the
/// successor that closes it. A claim has one successor, so each walk is a single path.
fn check_successor_cycles(site: &SiteModel, out: &mut Vec<Diagnostic>) {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        OnPath,
        Done,
    }
    let mut mark = vec![Mark::New; site.claims.len()];
    let claim_of = |d: &Declared| &site.docs[d.doc.0].claims[d.index];
    for (start, declared) in site.claims.iter() {
        let mut path: Vec<(&ClaimId, &Declared)> = Vec::new();
        let mut at = Some((start, declared));
        while let Some((id, d)) = at {
            match mark[d.ordinal] {
                Mark::Done => break,
                Mark::OnPath => {
                    let from = path.iter().position(|(c, _)| *c == id).unwrap_or(0);
                    let cycle: Vec<String> = path[from..].iter().map(|(c, _)| c.0.clone()).collect();
                    let closing = path.last().and_then(|(_, d)| claim_of(d).superseded_by.as_ref());
                    if let Some(closing) = closing {
                        out.push(rules::claim_supersession::cycle(closing.span.clone(), &cycle));
                    }
                    break;
                }
                Mark::New => {
                    mark[d.ordinal] = Mark::OnPath;
                    path.push((id, d));
                    at = claim_of(d).superseded_by.as_ref().and_then(|r| site.claims.get_key_value(&r.id));
                }
            }
        }
        for (_, d) in path {
            mark[d.ordinal] = Mark::Done;
        }
    }
}

/// Report every cycle of `depends_on` once, at the edge that closes it.
fn check_cycles(site: &SiteModel, out: &mut Vec<Diagnostic>) {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Active,
        Done,
    }
    // Marks by the claims' ordinals (their positions in ID order): no map to search for each.
    let mut mark = vec![Mark::New; site.claims.len()];
    let mut reported: BTreeSet<Vec<String>> = BTreeSet::new();
    for (start, declared) in site.claims.iter() {
        if mark[declared.ordinal] != Mark::New {
            continue;
        }
        // Iterative DFS: (claim, its ordinal, its premises, next premise index).
        let premises_of = |d: &Declared| site.docs[d.doc.0].claims[d.index].depends_on.as_slice();
        let mut stack: Vec<(&ClaimId, usize, &[Ref], usize)> =
            vec![(start, declared.ordinal, premises_of(declared), 0)];
        mark[declared.ordinal] = Mark::Active;
        while let Some(top) = stack.last_mut() {
            let Some(edge) = top.2.get(top.3) else {
                mark[top.1] = Mark::Done;
                stack.pop();
                continue;
            };
            top.3 += 1;
            let Some((target, next)) = site.claims.get_key_value(&edge.id) else { continue };
            match mark[next.ordinal] {
                Mark::New => {
                    mark[next.ordinal] = Mark::Active;
                    stack.push((target, next.ordinal, premises_of(next), 0));
                }
                Mark::Active => {
                    let from = stack.iter().position(|(c, ..)| *c == target).unwrap_or(0);
                    let cycle: Vec<String> = stack[from..].iter().map(|(c, ..)| c.0.clone()).collect();
                    let mut key = cycle.clone();
                    key.sort();
                    if reported.insert(key) {
                        out.push(rules::claim_dependency_cycle::diagnostic(edge.span.clone(), &cycle));
                    }
                }
                Mark::Done => {}
            }
        }
    }
}

/// Whether a premise is one [`check_premises`] reports where a current claim rests on it.
pub(crate) fn premise_reported(premise: &Claim) -> bool {
    premise.lifecycle != Lifecycle::Current || premise.class == Class::Unresolved
}

fn check_premises(site: &SiteModel, out: &mut Vec<Diagnostic>) {
    for (_, claim) in site.all_claims() {
        if claim.lifecycle != Lifecycle::Current {
            continue;
        }
        for r in &claim.depends_on {
            let Some(premise) = site.claim(&r.id).filter(|p| premise_reported(p)) else { continue };
            let (span, id, premise_id) = (r.span.clone(), &claim.id.0, &premise.id.0);
            out.push(match premise.lifecycle {
                Lifecycle::Retracted => rules::claim_retracted_premise::diagnostic(span, id, premise_id),
                Lifecycle::Superseded => rules::claim_weak_premise::diagnostic(span, id, premise_id, "superseded"),
                Lifecycle::Current => rules::claim_weak_premise::diagnostic(span, id, premise_id, "unresolved"),
            });
        }
    }
}

fn check_citations(site: &SiteModel, out: &mut Vec<Diagnostic>) {
    for doc in &site.docs {
        let Some(page) = doc.page() else { continue };
        for r in &page.citations {
            let Some(claim) = site.claim(&r.id) else { continue };
            let lifecycle = match claim.lifecycle {
                Lifecycle::Current => continue,
                Lifecycle::Superseded => "superseded",
                Lifecycle::Retracted => "retracted",
            };
            let successor = claim.superseded_by.as_ref().map(|s| s.id.0.as_str());
            out.push(rules::ref_non_current_claim::diagnostic(r.span.clone(), &claim.id.0, lifecycle, successor));
        }
    }
    // Both maps are in ID order: one walk along the two finds the claims shown nowhere.
    let mut shown = site.shown_on.keys().peekable();
    for (id, declared) in site.claims.iter() {
        while shown.next_if(|s| *s < id).is_some() {}
        let claim = &site.docs[declared.doc.0].claims[declared.index];
        // A blank ID is its own error (`fm/missing-field`); no page could cite it.
        if claim.lifecycle == Lifecycle::Current && shown.peek() != Some(&id) && !id.0.trim().is_empty() {
            out.push(rules::claim_uncited::diagnostic(claim.id_span.clone(), &id.0));
        }
    }
}

/// Targets and terms from the data files; each gfx and term ID once; target pages exist.
fn collect_data(site: &mut SiteModel, files: &BTreeSet<String>, out: &mut Vec<Diagnostic>) {
    let mut targets: Vec<Target> = Vec::new();
    let mut named: Vec<(&str, &Span)> = Vec::new();
    let mut unread: Vec<&str> = Vec::new();
    let mut terms: Vec<Term> = Vec::new();
    for doc in &site.docs {
        match &doc.kind {
            DocKind::Targets { observed, mentioned, unreadable } => {
                // Those that do not read were reported; their names are known all the same.
                unread.extend(unreadable.iter().map(String::as_str));
                let all = observed.iter().map(|t| (&t.gfx, &t.span)).chain(mentioned.iter().map(|m| (&m.gfx, &m.span)));
                for (gfx, span) in all {
                    match named.iter().find(|(known, _)| known == gfx) {
                        Some((_, first)) => {
                            out.push(rules::claim_duplicate_id::diagnostic(span.clone(), gfx, (*first).clone()))
                        }
                        None => named.push((gfx, span)),
                    }
                }
                for target in observed {
                    if !targets.iter().any(|t| t.gfx == target.gfx) {
                        targets.push(target.clone());
                    }
                    if let Some((page, span)) = &target.page
                        && !site.pages.contains_key(page)
                        && !files.contains(page)
                    {
                        out.push(rules::ref_unknown_page::diagnostic(span.clone(), page, page));
                    }
                }
            }
            DocKind::Glossary(list) => {
                for term in list {
                    match terms.iter().find(|t| t.id == term.id) {
                        Some(first) => out.push(rules::claim_duplicate_id::diagnostic(
                            term.span.clone(),
                            &term.id,
                            first.span.clone(),
                        )),
                        None => terms.push(term.clone()),
                    }
                }
            }
            _ => {}
        }
    }
    let named: Vec<&str> = named.into_iter().map(|(gfx, _)| gfx).collect();
    let known_all = |gfx: &str| named.contains(&gfx) || unread.contains(&gfx);
    // With no targets file there is nothing to hold a scope to (a component that needs one
    // says so below).
    let scoped = site.docs.iter().flat_map(|doc| {
        let claims = doc.claims.iter().flat_map(|c| c.scope.iter().flat_map(|s| &s.gfx).zip(&c.gfx_spans));
        claims.chain(doc.questions.iter().flat_map(|q| q.gfx.iter().zip(&q.gfx_spans)))
    });
    // One error per unknown target and file: the first place, the others as its secondary
    // places (a target misspelled in four claims of a log is one mistake, four times).
    let mut unknown: Vec<Diagnostic> = Vec::new();
    let mut index: HashMap<(&str, shoko_diagnostics::FileId), usize> = HashMap::new();
    for (gfx, span) in scoped.filter(|(gfx, _)| !named.is_empty() && !known_all(gfx)) {
        match index.get(&(gfx.as_str(), span.file)) {
            Some(&i) => {
                unknown[i]
                    .secondary
                    .push(shoko_diagnostics::Label { span: span.clone(), text: "named again here".into() });
            }
            None => {
                index.insert((gfx, span.file), unknown.len());
                unknown.push(rules::ref_unknown_target::in_scope(span.clone(), gfx, &named));
            }
        }
    }
    out.extend(unknown);
    site.targets = targets;
    site.glossary = terms;
    let known: Vec<&str> = site.targets.iter().map(|t| t.gfx.as_str()).collect();
    for doc in &site.docs {
        let Some(page) = doc.page() else { continue };
        for use_ in page.components.iter().filter(|c| c.component == Component::Generations) {
            if known.is_empty() {
                let file = shoko_vocab::layout::data_file(shoko_vocab::layout::TARGETS_FILE);
                let hint = format!("add {file} with the GPU targets");
                out.push(rules::component_missing_data::diagnostic(use_.span.clone(), Component::Generations, &hint));
            }
            for gfx in use_.args.split_whitespace().filter(|g| !known.contains(g) && !unread.contains(g)) {
                out.push(rules::ref_unknown_target::diagnostic(use_.span.clone(), gfx, &known));
            }
        }
    }
}

/// Callouts whose class is stronger than every claim they cite (claims that do not exist are
/// reported by the reference check, and leave the callout unjudged).
fn check_callouts(site: &SiteModel, out: &mut Vec<Diagnostic>) {
    for doc in &site.docs {
        for callout in doc.page().map_or(&[][..], |p| p.callouts.as_slice()) {
            // A superseded or retracted claim supports nothing, whatever its class: only current
            // ones are weighed (a callout citing none is `ref/non-current-claim` at each citation).
            let cited: Option<Vec<(String, &Claim)>> =
                callout.cites.iter().map(|id| site.claim(id).map(|c| (id.0.clone(), c))).collect();
            // A claim that does not exist is reported by the reference check, and leaves the
            // callout unjudged.
            let cited: Vec<(String, &str)> = cited
                .into_iter()
                .flatten()
                .filter(|(_, c)| c.lifecycle == Lifecycle::Current)
                .map(|(id, c)| (id, c.class.as_str()))
                .collect();
            if cited.is_empty() {
                continue;
            }
            let weaker = callout
                .cites
                .iter()
                .filter_map(|id| site.claim(id))
                .filter(|c| c.lifecycle == Lifecycle::Current)
                .all(|c| crate::review::weakens(callout.class, c.class));
            if weaker {
                let mut shown: Vec<(String, &str)> = Vec::new();
                for one in cited {
                    if !shown.contains(&one) {
                        shown.push(one);
                    }
                }
                out.push(rules::claim_overstated_callout::diagnostic(
                    callout.span.clone(),
                    callout.class.as_str(),
                    &shown,
                ));
            }
        }
    }
}

/// One of the checks `link` runs over the whole site, writing what it finds.
type SiteCheck<'a> = dyn Fn(&mut Vec<Diagnostic>) + Sync + 'a;

fn check_files(site: &SiteModel, files: &BTreeSet<String>, out: &mut Vec<Diagnostic>) {
    for doc in &site.docs {
        let Some(page) = doc.page() else { continue };
        // "Did you mean" offers only files this site has, of the same kind (extension).
        let nearest = |missing: &str| {
            let ext = missing.rsplit_once('.').map(|(_, e)| e);
            let same_kind = files.iter().filter(|f| f.rsplit_once('.').map(|(_, e)| e) == ext).map(String::as_str);
            shoko_diagnostics::closest(same_kind, missing)
        };
        for (image, span) in page.images.iter().chain(&page.media) {
            if !files.contains(image) {
                out.push(rules::ref_missing_file::diagnostic(span.clone(), image, image, nearest(image), &doc.path));
            }
        }
        for (file, dest, span) in &page.files {
            if files.contains(file) {
                // Published for download (or as an image), unless a browser would run it.
                if crate::media::active_when_served(file) {
                    out.push(rules::file_unsafe_download::diagnostic(span.clone(), file));
                }
                continue;
            }
            // A built page's address (`gfx942.html`, `gpu/`) written where its source belongs.
            let sources = source_of_address(file);
            match sources.iter().find(|md| site.pages.contains_key(*md)) {
                Some(md) => out.push(rules::ref_unknown_page::site_address(span.clone(), dest, md, &doc.path)),
                // Written as a page's address, but no page has it.
                None if is_address(file) => {
                    out.push(rules::ref_unknown_page::diagnostic(span.clone(), dest, &sources[0]))
                }
                None => {
                    out.push(rules::ref_missing_file::diagnostic(span.clone(), dest, file, nearest(file), &doc.path))
                }
            }
        }
    }
}

/// Whether `file` is written as the address of a built page (`x.html`, `x/`), not a file's name.
fn is_address(file: &str) -> bool {
    file.ends_with(".html") || file.ends_with(".htm") || file.ends_with('/') || file.is_empty()
}

/// The content pages whose address `file` may be (`x.html`, `x/index.html`, `x/` and `x`): the
/// candidates `x.md` and `x/index.md`.
fn source_of_address(file: &str) -> Vec<String> {
    let bare = file.strip_suffix(".html").or_else(|| file.strip_suffix(".htm")).unwrap_or(file).trim_end_matches('/');
    let bare = bare.strip_suffix("/index").or_else(|| (bare == "index").then_some("")).unwrap_or(bare);
    match bare {
        "" => vec![shoko_vocab::FOLDER_PAGE.to_owned()],
        bare => vec![format!("{bare}.md"), format!("{bare}/index.md")],
    }
}

/// The link stage's findings about links between pages (a page or an anchor that does not
/// exist): all a page whose anchors alone changed can alter (see
/// [`crate::surface::SurfaceHash::anchors_only`]). `files` as for [`link`].
pub fn page_link_problems(site: &SiteModel, files: &BTreeSet<String>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    check_page_links(site, files, &mut out);
    out
}

/// Whether `diagnostic` has a code [`page_link_problems`] may give. A site whose findings hold
/// none, and whose new version's `page_link_problems` are none, has the same findings.
pub fn is_page_link_problem(diagnostic: &Diagnostic) -> bool {
    [&rules::ref_unknown_page::CODE, &rules::ref_unknown_anchor::CODE]
        .iter()
        .any(|code| diagnostic.code.name == code.name)
}

fn check_page_links(site: &SiteModel, files: &BTreeSet<String>, out: &mut Vec<Diagnostic>) {
    let mut anchors: BTreeMap<(DocId, Lang), BTreeSet<String>> = BTreeMap::new();
    for doc in &site.docs {
        let Some(page) = doc.page() else { continue };
        for link in &page.page_links {
            let Some(&target) = site.pages.get(&link.target) else {
                if !files.contains(&link.target) {
                    let nearest = shoko_diagnostics::closest(site.pages.keys().map(String::as_str), &link.target);
                    let dest = link_text(link);
                    out.push(rules::ref_unknown_page::near(link.span.clone(), &dest, &link.target, nearest, &doc.path));
                }
                continue;
            };
            let Some(anchor) = &link.anchor else { continue };
            let langs = link.lang.map_or(Vec::from(Lang::ALL), |l| vec![l]);
            for lang in langs {
                let ids =
                    anchors.entry((target, lang)).or_insert_with(|| kept_anchors(&site.docs[target.0], site, lang));
                if !ids.contains(anchor) {
                    let nearest = shoko_diagnostics::closest(ids.iter().map(String::as_str), anchor);
                    let page = shoko_vocab::ContentPath(&link.target).to_string();
                    // The headings: not the template's sections, claim cards or questions (a page
                    // can hold hundreds of cards).
                    let generated = [shoko_vocab::claim_anchor(""), shoko_vocab::question_anchor("")];
                    let existing: Vec<&str> = ids
                        .iter()
                        .map(String::as_str)
                        .filter(|id| !crate::anchors::TEMPLATE_IDS.contains(id))
                        .filter(|id| !generated.iter().any(|prefix| id.starts_with(prefix.as_str())))
                        .collect();
                    out.push(rules::ref_unknown_anchor::diagnostic(
                        link.span.clone(),
                        anchor,
                        &page,
                        lang.code(),
                        nearest,
                        &existing,
                    ));
                }
            }
        }
    }
}

fn link_text(link: &crate::model::PageLink) -> String {
    match &link.anchor {
        Some(a) => format!("{}#{a}", link.target),
        None => link.target.clone(),
    }
}
