//! Sources verified against their repositories. `shoko.yaml` maps the names written in
//! `source_code.repo` to local clones (`repos:`); for every source whose repository has one, the
//! clone is read with gix (no `git` binary) and the record checked against it:
//! - the pinned commit exists ([`Finding::UnknownCommit`]);
//! - the path is a file at that commit, or, for an unpinned source, at the compared ref
//!   ([`Finding::MissingPath`], with similar paths);
//! - the line range lies inside the file ([`Finding::LinesOutOfRange`]);
//! - the quote occurs in the cited lines, whitespace-normalised ([`Finding::QuoteMismatch`],
//!   with where it does occur or the nearest line);
//! - for a pinned source, the cited lines are the same at the compared ref (the clone's `HEAD`,
//!   or a configured `ref`); if not, they moved or changed upstream ([`Finding::Changed`]).
//!
//! Sources whose repository has no clone are counted, not verified ([`Verification::unverified`]).

mod clone;
mod pin;
mod text;

pub use clone::{Blob, Opened};
pub use pin::{Edit, Pin, apply, pin_edits};

use shoko_diagnostics::{Diagnostic, FileId, Span};
use shoko_model::config;
use shoko_model::rules::{
    source_lines_out_of_range, source_missing_path, source_quote_mismatch, source_too_large, source_unknown_commit,
    source_unreachable_commit, source_upstream_changed,
};
use shoko_model::source_fields::SourceFields;
use shoko_model::upstream::{Finding, Now, Read, SourceAt, UpstreamChange};
use shoko_model::{DocId, SiteModel, Source};
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// How many of a commit's paths are compared with a missing one, at most.
const PATH_LIMIT: usize = 200_000;
/// How many similar paths a [`Finding::MissingPath`] offers.
const NEAR: usize = 3;

/// A `source_code` source's fields, as written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Cited {
    /// Repository name, as written.
    pub repo: String,
    /// The pinned commit.
    pub commit: Option<String>,
    /// File path in the repository.
    pub path: String,
    /// First and last line, 1-based.
    pub lines: Option<[u32; 2]>,
    /// Exact quote.
    pub quote: Option<String>,
}

impl Cited {
    /// The fields of `source`, if it is a `source_code` source.
    pub fn of(source: &Source) -> Option<Cited> {
        match source {
            Source::SourceCode { repo, commit, path, lines, quote } => Some(Cited {
                repo: repo.clone(),
                commit: commit.clone(),
                path: path.clone(),
                lines: *lines,
                quote: quote.clone(),
            }),
            _ => None,
        }
    }
}

/// What verifying every source of a site found.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Verification {
    /// Each source with something wrong or changed, in the document that declares its claim.
    pub found: Vec<(DocId, SourceAt, Finding)>,
    /// How many sources were verified.
    pub verified: usize,
    /// Sources not verified, by repository name: no clone is configured for it.
    pub unverified: BTreeMap<String, usize>,
    /// Clones that could not be read, by repository name, with why: their sources are not verified.
    pub unreadable: BTreeMap<String, String>,
}

impl Verification {
    /// One line about the sources not verified because no clone is configured for them, if
    /// any; `config_unread`: `shoko.yaml` did not read, so what it configures is not known.
    /// (Clones that could not be read are reported as `source/unreadable-clone`.)
    pub fn note(&self, config_unread: bool) -> Option<String> {
        let count: usize = self.unverified.values().sum();
        let why = if config_unread {
            String::from("shoko.yaml did not read (see its errors), so its `repos:` are not known")
        } else {
            let names: Vec<&str> = self.unverified.keys().map(String::as_str).collect();
            format!("no clone under `repos:` in shoko.yaml for {}", names.join(", "))
        };
        (count > 0)
            .then(|| format!("{count} source-code source{} not verified: {why}", if count == 1 { "" } else { "s" }))
    }

    /// The sources whose lines changed upstream, for their cards.
    pub fn changes(&self) -> BTreeMap<SourceAt, UpstreamChange> {
        self.found
            .iter()
            .filter_map(|(_, at, finding)| match finding {
                Finding::Changed(change) => Some((at.clone(), change.clone())),
                _ => None,
            })
            .collect()
    }
}

/// What earlier verifications found, by source, compared commit and size limit: a source
/// verified once is not read again while neither it nor its clone's ref changed (`serve`
/// verifies on every save).
#[derive(Debug, Default)]
pub struct Memo(HashMap<(Cited, String, u64), Vec<Finding>>);

/// Verify every `source_code` source of `site` against the clones `repos` (paths relative to
/// `root`), reading no cited file larger than `limit` bytes.
pub fn verify(
    root: &Path,
    repos: &BTreeMap<String, config::Clone>,
    limit: u64,
    site: &SiteModel,
    memo: &mut Memo,
) -> Verification {
    let mut verification = Verification::default();
    let mut opened: BTreeMap<&str, Option<Opened>> = BTreeMap::new();
    for (d, doc) in site.docs().iter().enumerate() {
        for claim in &doc.claims {
            for (i, source) in claim.sources.iter().enumerate() {
                let Source::SourceCode { repo, .. } = source else { continue };
                let Some((name, clone)) = repos.get_key_value(repo) else {
                    // Counted without copying the name (a site cites one repository many times).
                    match verification.unverified.get_mut(repo) {
                        Some(n) => *n += 1,
                        None => {
                            verification.unverified.insert(repo.clone(), 1);
                        }
                    }
                    continue;
                };
                let Some(cited) = Cited::of(source) else { continue };
                let clone = opened.entry(name).or_insert_with(|| match Opened::open(root, clone, limit) {
                    Ok(opened) => Some(opened),
                    Err(why) => {
                        verification.unreadable.insert(name.clone(), why);
                        None
                    }
                });
                let Some(clone) = clone else { continue };
                let key = (cited, clone.head.to_string(), limit);
                let findings = match memo.0.get(&key) {
                    Some(findings) => findings.clone(),
                    None => {
                        let findings = check(clone, &key.0);
                        memo.0.insert(key, findings.clone());
                        findings
                    }
                };
                verification.verified += 1;
                for finding in findings {
                    verification.found.push((DocId(d), SourceAt { claim: claim.id.clone(), source: i }, finding));
                }
            }
        }
    }
    verification
}

/// What is wrong with `cited` in `clone`, or changed since it was pinned, and whether its
/// pinned commit is on no branch or tag any more.
fn check(clone: &Opened, cited: &Cited) -> Vec<Finding> {
    let mut found: Vec<Finding> = check_lines(clone, cited).into_iter().collect();
    if let Some(commit) = &cited.commit
        && let Some(id) = clone.commit(commit)
        && clone.on_a_ref(id) == Some(false)
    {
        found.push(Finding::Unreachable { commit: commit.clone(), reference: clone.reference.clone() });
    }
    found
}

/// [`check`] of the file and its lines.
fn check_lines(clone: &Opened, cited: &Cited) -> Option<Finding> {
    let short = |id: gix::ObjectId| id.to_hex_with_len(7).to_string();
    let (at, read) = match &cited.commit {
        Some(hex) => match clone.commit(hex) {
            Some(id) => (id, Read { reference: None, short: short(id) }),
            None => return Some(Finding::UnknownCommit { commit: hex.clone() }),
        },
        None => (clone.head, Read { reference: Some(clone.reference.clone()), short: short(clone.head) }),
    };
    let file = match clone.file(at, &cited.path) {
        Blob::Text(file) => file,
        Blob::TooLarge(size) => return Some(Finding::TooLarge { read, size, limit: clone.limit() }),
        Blob::Missing => {
            return Some(Finding::MissingPath { near: near(&clone.paths(at, PATH_LIMIT), &cited.path), read });
        }
    };
    let lines = text::lines(&file);
    if let Some([_, last]) = cited.lines
        && last as usize > lines.len()
    {
        return Some(Finding::LinesOutOfRange { read, len: lines.len() as u32 });
    }
    if let Some(quote) = &cited.quote {
        let cited_text = cited.lines.map_or_else(|| text::normalise(&file), |range| text::span(&lines, range));
        if !cited_text.contains(&text::normalise(quote)) {
            let found = text::find_quote(&lines, quote);
            let nearest = if found.is_none() { text::nearest(&lines, quote) } else { None };
            return Some(Finding::QuoteMismatch { read, found, nearest });
        }
    }
    if cited.commit.is_none() || at == clone.head {
        return None;
    }
    let change = |now| {
        Some(Finding::Changed(UpstreamChange {
            reference: clone.reference.clone(),
            commit: clone.head.to_string(),
            date: clone.date,
            now,
        }))
    };
    let newer = match clone.file(clone.head, &cited.path) {
        Blob::Text(newer) => newer,
        Blob::TooLarge(size) => {
            let read = Read { reference: Some(clone.reference.clone()), short: short(clone.head) };
            return Some(Finding::TooLarge { read, size, limit: clone.limit() });
        }
        Blob::Missing => return change(renamed(clone, at, cited, &lines).unwrap_or(Now::Removed)),
    };
    let new_lines = text::lines(&newer);
    match (cited.lines, &cited.quote) {
        (Some(range), _) => {
            let block = text::block(&lines, range);
            if text::block(&new_lines, range) == block {
                None
            } else {
                change(text::find_block(&new_lines, &block).map_or(Now::Changed, Now::Moved))
            }
        }
        (None, Some(quote)) if text::normalise(&newer).contains(&text::normalise(quote)) => None,
        (None, _) if newer == file => None,
        (None, _) => change(Now::Changed),
    }
}

/// Where the cited text went when its file left its path between `pinned` and the compared
/// ref: the file with the same bytes (a rename), else a file of the same name holding the cited
/// lines (or the quote); `lines` are the file's lines at `pinned`.
pub fn renamed(clone: &Opened, pinned: gix::ObjectId, cited: &Cited, lines: &[&str]) -> Option<Now> {
    let blob = clone.blob_id(pinned, &cited.path)?;
    if let Some(path) = clone.path_of_blob(clone.head, blob, PATH_LIMIT) {
        return Some(Now::Renamed { path, lines: cited.lines });
    }
    let name = cited.path.rsplit('/').next()?;
    let candidates = clone.paths(clone.head, PATH_LIMIT);
    candidates.iter().filter(|p| p.rsplit('/').next() == Some(name)).find_map(|path| {
        let file = clone.file(clone.head, path).text()?;
        let now = text::lines(&file);
        match (cited.lines, &cited.quote) {
            (Some(range), _) => {
                let found = text::find_block(&now, &text::block(lines, range))?;
                Some(Now::Renamed { path: path.clone(), lines: Some(found) })
            }
            (None, Some(quote)) => {
                text::find_quote(&now, quote).map(|found| Now::Renamed { path: path.clone(), lines: Some(found) })
            }
            (None, None) => None,
        }
    })
}

/// The paths of `all` most like `path`: the same file name first, then by similarity.
fn near(all: &[String], path: &str) -> Vec<String> {
    let name = |p: &str| p.rsplit('/').next().unwrap_or(p).to_owned();
    let wanted = name(path);
    let mut scored: Vec<(bool, f64, &String)> = all
        .iter()
        .map(|p| (name(p) == wanted, strsim::normalized_levenshtein(p, path), p))
        .filter(|(same, score, _)| *same || *score > 0.7)
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.total_cmp(&a.1)).then(a.2.cmp(b.2)));
    scored.into_iter().take(NEAR).map(|(_, _, p)| p.clone()).collect()
}

/// The diagnostic for `finding` about source `at` of the document `text` (a file of kind `kind`,
/// `file` in the source map), pointing at the field it is about.
pub fn diagnostic(
    kind: shoko_model::SourceKind,
    text: &str,
    file: FileId,
    at: &SourceAt,
    cited: &Cited,
    finding: &Finding,
) -> Diagnostic {
    let fields = SourceFields::find(kind, text, &at.claim.0, at.source);
    let span = |field: &str| Span::new(file, fields.as_ref().map_or(0..0, |f| f.span(field)));
    match finding {
        Finding::UnknownCommit { commit } => source_unknown_commit::diagnostic(span("commit"), &cited.repo, commit),
        Finding::MissingPath { read, near } => {
            source_missing_path::diagnostic(span("path"), &cited.repo, &cited.path, read, near)
        }
        Finding::LinesOutOfRange { read, len } => source_lines_out_of_range::diagnostic(
            span("lines"),
            &cited.path,
            cited.lines.unwrap_or_default(),
            read,
            *len,
        ),
        Finding::QuoteMismatch { read, found, nearest } => {
            source_quote_mismatch::diagnostic(span("quote"), &cited.path, read, *found, nearest.as_ref())
        }
        Finding::Unreachable { commit, reference } => {
            source_unreachable_commit::diagnostic(span("commit"), &cited.repo, commit, reference)
        }
        Finding::TooLarge { read, size, limit } => {
            source_too_large::diagnostic(span("path"), &cited.repo, &cited.path, read, *size, *limit)
        }
        Finding::Changed(change) => {
            source_upstream_changed::diagnostic(span("commit"), &cited.path, cited.lines, change)
        }
    }
}
