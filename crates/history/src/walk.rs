//! The walk over the first-parent chain (see the crate documentation): which content files each
//! commit added, changed, removed or renamed, and what that did to each side of each pair.
//!
//! Commits are compared tree by tree, descending only into folders whose tree changed, so a
//! commit costs what it touched, not the size of the site. A file's first version is parsed
//! only when a later commit changes it: until then its state is "as added" ([`FileState::Added`]),
//! which has nothing behind, and the engine compares it with the working tree by blob id.

use crate::{Commit, End, FileState, History, PairState, Unavailable};
use gix::ObjectId;
use shoko_model::SourceKind;
use shoko_model::pairs::{self, Pairs};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

/// The trailer that marks a change as not affecting the meaning (the other side stays current).
const UNAFFECTED: (&str, &str) = ("translation", "unaffected");

pub(crate) fn unreadable(e: impl std::fmt::Display) -> Unavailable {
    Unavailable::Unreadable(e.to_string())
}

/// One file a commit touched: its blob before and after (`None`: absent).
struct Change {
    path: String,
    old: Option<ObjectId>,
    new: Option<ObjectId>,
}

pub(crate) fn read(
    root: &Path,
    kind: &dyn Fn(&str) -> Option<SourceKind>,
    since: Option<&History>,
    limit: u64,
) -> Result<History, Unavailable> {
    let repo = gix::discover(root).map_err(|_| Unavailable::NoRepository)?;
    if repo.is_shallow().map_err(unreadable)? {
        return Err(Unavailable::Shallow);
    }
    let workdir = repo.workdir().ok_or(Unavailable::NoRepository)?;
    let content = content_in_repo(root, workdir)?;
    let git_dir = repo.path().to_path_buf();
    let Ok(head) = repo.head_id() else { return Ok(History { git_dir: Some(git_dir), ..History::default() }) };
    // The first-parent chain back to the root, or to the commit `since` ended at.
    // A history read with another limit is read anew: what it could not check may be checkable.
    let since = since.filter(|h| h.limit == limit);
    let until = since.and_then(|h| h.end.as_ref()).and_then(|end| ObjectId::from_hex(end.commit.as_bytes()).ok());
    let (chain, reached) = first_parents(&repo, head.detach(), until, limit)?;
    let mut history = since.filter(|_| reached).cloned().unwrap_or_default();
    history.git_dir = Some(git_dir);
    history.limit = limit;
    let mut last_tree = match history.end.as_ref().and_then(|end| end.tree.as_ref()) {
        Some(hex) => Some(ObjectId::from_hex(hex.as_bytes()).map_err(unreadable)?),
        None => None,
    };
    // Every commit already walked: a merged branch is followed back to where it left them.
    let mut seen: HashSet<ObjectId> =
        history.commits.iter().filter_map(|c| ObjectId::from_hex(c.id.as_bytes()).ok()).collect();
    seen.extend(chain.iter().map(|c| c.id));
    let content_of = |commit: &gix::Commit<'_>| -> Result<Option<ObjectId>, Unavailable> {
        let tree = commit.tree().map_err(unreadable)?;
        Ok(tree.lookup_entry_by_path(&content).map_err(unreadable)?.map(|e| e.object_id()))
    };
    let changes_between = |old: Option<ObjectId>, new: Option<ObjectId>| -> Result<Vec<Change>, Unavailable> {
        let mut changes = Vec::new();
        diff(&repo, old, new, "", &mut changes)?;
        changes.retain(|c| kind(&c.path).is_some());
        Ok(changes)
    };

    // First the commits and the content files each touched. A merge's changes are the commits
    // it merged, each with its own message and trailer, then whatever the merge itself changed
    // beyond them (a conflict resolved): a change is the commit's that made it.
    let mut steps: Vec<(usize, bool, Vec<Change>)> = Vec::new();
    for commit in &chain {
        let folder = content_of(commit)?;
        let parents: Vec<ObjectId> = commit.parent_ids().map(|p| p.detach()).collect();
        let mut applied: HashMap<String, Option<ObjectId>> = HashMap::new();
        if parents.len() > 1 && folder != last_tree {
            for merged in merged_commits(&repo, &parents[1..], &mut seen, limit)? {
                // A merge inside the branch brings in what its parents hold, which are walked.
                if merged.parent_ids().count() > 1 {
                    continue;
                }
                let before = match merged.parent_ids().next() {
                    Some(parent) => content_of(&find_commit(&repo, parent.detach(), limit)?)?,
                    None => None,
                };
                let after = content_of(&merged)?;
                if before == after {
                    continue;
                }
                let changes = changes_between(before, after)?;
                applied.extend(changes.iter().map(|c| (c.path.clone(), c.new)));
                let index = record(&mut history, &merged)?;
                steps.push((index, unaffected(&merged)?, changes));
            }
        }
        let index = record(&mut history, commit)?;
        if folder == last_tree {
            continue;
        }
        let mut changes = changes_between(last_tree, folder)?;
        note_last_changes(&mut history, index, &changes);
        changes.retain(|c| applied.get(&c.path) != Some(&c.new));
        last_tree = folder;
        steps.push((index, unaffected(commit)?, changes));
    }

    // Then, in order, what each change did to each pair.
    let mut walker = Walker { repo: &repo, departed: HashMap::new(), parsed: HashMap::new(), history, limit };
    for (index, unaffected, changes) in steps {
        walker.apply(changes, index, unaffected, kind)?;
    }
    let mut history = walker.history;
    history.end = Some(End { commit: head.to_string(), tree: last_tree.map(|t| t.to_string()) });
    Ok(history)
}

/// The first-parent chain from `head` back to the root, or to `until` (left out), oldest first;
/// whether `until` was reached.
fn first_parents(
    repo: &gix::Repository,
    head: ObjectId,
    until: Option<ObjectId>,
    limit: u64,
) -> Result<(Vec<gix::Commit<'_>>, bool), Unavailable> {
    let mut chain = Vec::new();
    let mut next = Some(head);
    while let Some(id) = next {
        if until == Some(id) {
            chain.reverse();
            return Ok((chain, true));
        }
        let commit = find_commit(repo, id, limit)?;
        next = commit.parent_ids().next().map(|p| p.detach());
        chain.push(commit);
    }
    chain.reverse();
    Ok((chain, false))
}

/// Note `changes` (between a first-parent commit, `index`, and its parent) as the files' last.
/// The day a file last changed is that of the first-parent commit that changed it, as `git log
/// --first-parent` finds it: a merge for what a branch brought (the day it was published),
/// nothing for what a merge left as the main line had it.
fn note_last_changes(history: &mut History, index: usize, changes: &[Change]) {
    for change in changes {
        match change.new {
            Some(new) => history.last.insert(change.path.clone(), (index, new.to_string())),
            None => history.last.remove(&change.path),
        };
    }
}

/// Commit `id`, refused when it is larger than `limit` (it is read whole, its message too).
pub(crate) fn find_commit(repo: &gix::Repository, id: ObjectId, limit: u64) -> Result<gix::Commit<'_>, Unavailable> {
    let size = repo.find_header(id).map_err(unreadable)?.size();
    if size > limit {
        return Err(Unavailable::Unreadable(format!("commit {} is {}", id.to_hex_with_len(7), too_large(size, limit))));
    }
    repo.find_commit(id).map_err(unreadable)
}

/// Add `commit` to the commits of `history`; its index there.
fn record(history: &mut History, commit: &gix::Commit<'_>) -> Result<usize, Unavailable> {
    let message = commit.message().map_err(unreadable)?;
    let seconds = commit.time().map_err(unreadable)?.seconds;
    let date = jiff::Timestamp::from_second(seconds).map_err(unreadable)?.to_zoned(jiff::tz::TimeZone::UTC).date();
    history.commits.push(Commit { id: commit.id.to_string(), date, subject: message.summary().to_string() });
    Ok(history.commits.len() - 1)
}

/// Whether `commit` carries the trailer `Translation: unaffected`.
fn unaffected(commit: &gix::Commit<'_>) -> Result<bool, Unavailable> {
    let message = commit.message().map_err(unreadable)?;
    Ok(message.body().is_some_and(|body| {
        body.trailers().any(|t| {
            t.token.to_string().eq_ignore_ascii_case(UNAFFECTED.0)
                && t.value.to_string().trim().eq_ignore_ascii_case(UNAFFECTED.1)
        })
    }))
}

/// The commits a merge brings in through its other parents (`tips`) that were not walked yet
/// (`seen`, which they join), parents before children.
fn merged_commits<'r>(
    repo: &'r gix::Repository,
    tips: &[ObjectId],
    seen: &mut HashSet<ObjectId>,
    limit: u64,
) -> Result<Vec<gix::Commit<'r>>, Unavailable> {
    let mut order = Vec::new();
    // Depth first, a commit after its parents: (commit, whether its parents are done).
    let mut stack: Vec<(ObjectId, bool)> = tips.iter().map(|t| (*t, false)).collect();
    while let Some((id, parents_done)) = stack.pop() {
        if parents_done {
            order.push(find_commit(repo, id, limit)?);
            continue;
        }
        if !seen.insert(id) {
            continue;
        }
        stack.push((id, true));
        let commit = find_commit(repo, id, limit)?;
        for parent in commit.parent_ids().collect::<Vec<_>>().into_iter().rev() {
            if !seen.contains(&parent.detach()) {
                stack.push((parent.detach(), false));
            }
        }
    }
    Ok(order)
}

/// The site's `content/` folder as a path inside the repository's working tree.
pub(crate) fn content_in_repo(root: &Path, workdir: &Path) -> Result<PathBuf, Unavailable> {
    let root = root.canonicalize().map_err(unreadable)?;
    let workdir = workdir.canonicalize().map_err(unreadable)?;
    let inside = root.strip_prefix(&workdir).map_err(|_| Unavailable::NoRepository)?;
    Ok(inside.join(shoko_vocab::layout::CONTENT_DIR))
}

/// The entries of tree `id` (none for `None`): name → (is a tree, id).
fn entries(repo: &gix::Repository, id: Option<ObjectId>) -> Result<BTreeMap<String, (bool, ObjectId)>, Unavailable> {
    let Some(id) = id else { return Ok(BTreeMap::new()) };
    let tree = repo.find_tree(id).map_err(unreadable)?;
    let mut out = BTreeMap::new();
    for entry in tree.iter() {
        let entry = entry.map_err(unreadable)?;
        if entry.mode().is_tree() || entry.mode().is_blob() {
            out.insert(entry.filename().to_string(), (entry.mode().is_tree(), entry.oid().to_owned()));
        }
    }
    Ok(out)
}

/// The files that differ between trees `old` and `new`, with `prefix` before their paths;
/// folders with the same tree on both sides are not entered.
fn diff(
    repo: &gix::Repository,
    old: Option<ObjectId>,
    new: Option<ObjectId>,
    prefix: &str,
    out: &mut Vec<Change>,
) -> Result<(), Unavailable> {
    let (before, after) = (entries(repo, old)?, entries(repo, new)?);
    let names: std::collections::BTreeSet<&String> = before.keys().chain(after.keys()).collect();
    for name in names {
        let (a, b) = (before.get(name).copied(), after.get(name).copied());
        if a == b {
            continue;
        }
        let path = format!("{prefix}{name}");
        let tree = |side: Option<(bool, ObjectId)>| side.filter(|(t, _)| *t).map(|(_, id)| id);
        let blob = |side: Option<(bool, ObjectId)>| side.filter(|(t, _)| !*t).map(|(_, id)| id);
        if tree(a).is_some() || tree(b).is_some() {
            diff(repo, tree(a), tree(b), &format!("{path}/"), out)?;
        }
        if blob(a) != blob(b) {
            out.push(Change { path, old: blob(a), new: blob(b) });
        }
    }
    Ok(())
}

/// Why a blob or commit of `size` bytes is not read: its size, over `limit` (`max_file_kib`).
pub(crate) fn too_large(size: u64, limit: u64) -> String {
    let kib = shoko_model::rules::kib;
    format!("{}, over the limit of {} (`max_file_kib` in shoko.yaml)", kib(size), kib(limit))
}

/// The bytes of blob `blob`, or why they are not read: its size, taken from the object's header
/// before anything is inflated, is over `limit`.
pub(crate) fn blob_within(
    repo: &gix::Repository,
    blob: ObjectId,
    limit: u64,
) -> Result<Result<Vec<u8>, String>, Unavailable> {
    let size = repo.find_header(blob).map_err(unreadable)?.size();
    if size > limit {
        return Ok(Err(format!("a version of it in the history is {}", too_large(size, limit))));
    }
    Ok(Ok(repo.find_blob(blob).map_err(unreadable)?.detach().data))
}

/// The pairs of blob `blob` as a file of kind `kind`, or why it is not read (see
/// [`blob_within`]).
pub(crate) fn parse(
    repo: &gix::Repository,
    blob: ObjectId,
    kind: SourceKind,
    limit: u64,
) -> Result<Result<Pairs, String>, Unavailable> {
    Ok(blob_within(repo, blob, limit)?.map(|data| pairs::of_file(kind, &String::from_utf8_lossy(&data))))
}

/// The state of every pair of a version, as first seen (nothing behind).
pub(crate) fn first_state(pairs: &Pairs) -> BTreeMap<String, PairState> {
    pairs
        .iter()
        .map(|pair| (pair.name.to_owned(), PairState::next(None, [pair.sides[0].hash, pair.sides[1].hash], 0, false)))
        .collect()
}

struct Walker<'a> {
    repo: &'a gix::Repository,
    /// The states of pairs with a side behind in the files the current commit touches, by their
    /// sides' hashes (see [`Walker::apply`]).
    departed: HashMap<[shoko_model::pairs::TextHash; 2], PairState>,
    /// Pairs of versions already parsed, by blob and kind (or why the blob was not read).
    parsed: HashMap<(ObjectId, SourceKind), Result<Pairs, String>>,
    history: History,
    /// The most bytes a blob is read of.
    limit: u64,
}

impl Walker<'_> {
    /// The pairs of a version, or why it was not read.
    fn pairs(&mut self, blob: ObjectId, kind: SourceKind) -> Result<Result<&Pairs, String>, Unavailable> {
        if !self.parsed.contains_key(&(blob, kind)) {
            let pairs = parse(self.repo, blob, kind, self.limit)?;
            self.parsed.insert((blob, kind), pairs);
        }
        Ok(self.parsed[&(blob, kind)].as_ref().map_err(Clone::clone))
    }

    /// The lines of a version, or why it was not read.
    fn lines(&self, blob: ObjectId) -> Result<Result<HashSet<Vec<u8>>, String>, Unavailable> {
        Ok(blob_within(self.repo, blob, self.limit)?
            .map(|data| data.split(|b| *b == b'\n').map(<[u8]>::to_vec).collect()))
    }

    /// Apply the `changes` of commit `index`.
    fn apply(
        &mut self,
        changes: Vec<Change>,
        index: usize,
        unaffected: bool,
        kind: &dyn Fn(&str) -> Option<SourceKind>,
    ) -> Result<(), Unavailable> {
        let removed: Vec<(&String, ObjectId)> =
            changes.iter().filter(|c| c.new.is_none()).filter_map(|c| Some((&c.path, c.old?))).collect();
        let added: Vec<(&String, ObjectId)> =
            changes.iter().filter(|c| c.old.is_none()).filter_map(|c| Some((&c.path, c.new?))).collect();
        let (renames, unsure) = self.renames(&removed, &added)?;
        // Pairs with a side behind, in the files this commit touches: one that leaves its page and
        // appears, both texts unchanged, on another is the same pair (its drift moves with it).
        self.departed = changes
            .iter()
            .filter_map(|c| match self.history.files.get(&c.path) {
                Some(FileState::Changed(map)) => Some(map),
                _ => None,
            })
            .flat_map(|map| map.values())
            .filter(|state| state.behind.is_some())
            .map(|state| (state.hashes, *state))
            .collect();
        // Where each touched path's state comes from: itself, or the file it was renamed from.
        let mut from: HashMap<&String, (Option<FileState>, Option<ObjectId>)> = HashMap::new();
        for (old_path, to) in &renames {
            let blob = removed.iter().find(|(p, _)| *p == old_path).map(|(_, b)| *b);
            let state = self.history.files.remove(old_path);
            if let Some(to) = added.iter().map(|(p, _)| *p).find(|p| *p == to) {
                from.insert(to, (state, blob));
            }
        }
        for change in &changes {
            if change.new.is_none() {
                self.history.files.remove(&change.path);
            }
        }
        for change in &changes {
            let Some(new) = change.new else { continue };
            let Some(file_kind) = kind(&change.path) else { continue };
            let (state, old_blob) = match from.remove(&change.path) {
                Some(renamed) => renamed,
                None => (self.history.files.remove(&change.path), change.old),
            };
            let state = match (state, old_blob) {
                // Not known to be new: it may be a file renamed whose versions were not read.
                (None, _) if unsure.contains_key(&change.path) => {
                    FileState::Unchecked { why: unsure[&change.path].clone() }
                }
                // Added: nothing to compare with yet, unless pairs that are behind left another
                // page in this commit and may be here.
                (None, _) if !self.departed.is_empty() => self.arrived(new, file_kind)?,
                (None, _) => FileState::Added { blob: new.to_string() },
                // What could not be checked once stays so: its pairs' past is not known.
                (Some(unchecked @ FileState::Unchecked { .. }), _) => unchecked,
                // Renamed without an edit.
                (Some(state), Some(old)) if old == new => state,
                (Some(state), _) => self.changed(state, new, file_kind, index, unaffected)?,
            };
            self.history.files.insert(change.path.clone(), state);
        }
        Ok(())
    }

    /// The state of a file added as `new` in a commit from whose other files pairs that are
    /// behind departed: those of them found here, unchanged, keep their state; the file is
    /// "as added" when none is.
    fn arrived(&mut self, new: ObjectId, kind: SourceKind) -> Result<FileState, Unavailable> {
        let departed = std::mem::take(&mut self.departed);
        let state = match self.pairs(new, kind)? {
            Err(why) => FileState::Unchecked { why },
            Ok(pairs) if pairs.iter().any(|p| departed.contains_key(&[p.sides[0].hash, p.sides[1].hash])) => {
                let mut map = first_state(pairs);
                for pair in pairs.iter() {
                    if let Some(state) = departed.get(&[pair.sides[0].hash, pair.sides[1].hash]) {
                        map.insert(pair.name.to_owned(), *state);
                    }
                }
                FileState::Changed(map)
            }
            Ok(_) => FileState::Added { blob: new.to_string() },
        };
        self.departed = departed;
        Ok(state)
    }

    /// The state of a file whose state was `state` after version `new` (committed as `index`).
    fn changed(
        &mut self,
        state: FileState,
        new: ObjectId,
        kind: SourceKind,
        index: usize,
        unaffected: bool,
    ) -> Result<FileState, Unavailable> {
        let old = match state {
            FileState::Added { blob } => {
                let blob = ObjectId::from_hex(blob.as_bytes()).map_err(unreadable)?;
                match self.pairs(blob, kind)? {
                    Ok(pairs) => first_state(pairs),
                    Err(why) => return Ok(FileState::Unchecked { why }),
                }
            }
            FileState::Changed(map) => map,
            unchecked @ FileState::Unchecked { .. } => return Ok(unchecked),
        };
        let departed = std::mem::take(&mut self.departed);
        let pairs = match self.pairs(new, kind)? {
            Ok(pairs) => pairs,
            Err(why) => {
                self.departed = departed;
                return Ok(FileState::Unchecked { why });
            }
        };
        let state = FileState::Changed(
            pairs
                .iter()
                .map(|pair| {
                    let hashes = [pair.sides[0].hash, pair.sides[1].hash];
                    let previous = PairState::previous(&old, &pair).or_else(|| departed.get(&hashes).copied());
                    let next = PairState::next(previous, hashes, index, unaffected);
                    (pair.name.to_owned(), next)
                })
                .collect(),
        );
        self.departed = departed;
        Ok(state)
    }

    /// Removed paths followed to added ones: the same bytes first, then at least half the lines
    /// in common; and the added paths that may have been renamed from a file whose lines could
    /// not be compared (a version over the size limit), with why.
    #[allow(clippy::type_complexity)]
    fn renames(
        &self,
        removed: &[(&String, ObjectId)],
        added: &[(&String, ObjectId)],
    ) -> Result<(BTreeMap<String, String>, BTreeMap<String, String>), Unavailable> {
        let mut renames = BTreeMap::new();
        let mut unsure = BTreeMap::new();
        let mut taken = HashSet::new();
        for (from, blob) in removed {
            if let Some((to, _)) = added.iter().find(|(to, b)| b == blob && !taken.contains(*to)) {
                taken.insert(*to);
                renames.insert((*from).clone(), (*to).clone());
            }
        }
        let mut unread_removed = None;
        for (from, blob) in removed {
            if renames.contains_key(*from) {
                continue;
            }
            let old = match self.lines(*blob)? {
                Ok(lines) => lines,
                Err(why) => {
                    unread_removed.get_or_insert(format!("it may be `{from}` renamed, and {why}"));
                    continue;
                }
            };
            let mut best: Option<(&String, usize)> = None;
            for (to, b) in added.iter().filter(|(to, _)| !taken.contains(*to)) {
                let new = match self.lines(*b)? {
                    Ok(lines) => lines,
                    Err(why) => {
                        unsure.insert((*to).clone(), why);
                        continue;
                    }
                };
                let shared = old.intersection(&new).count();
                if shared * 2 >= old.len().max(new.len()) && best.is_none_or(|(_, s)| shared > s) {
                    best = Some((to, shared));
                }
            }
            if let Some((to, _)) = best {
                taken.insert(to);
                renames.insert((*from).clone(), to.clone());
            }
        }
        if let Some(why) = unread_removed {
            for (to, _) in added.iter().filter(|(to, _)| !taken.contains(*to)) {
                unsure.entry((*to).clone()).or_insert_with(|| why.clone());
            }
        }
        for to in renames.values() {
            unsure.remove(to);
        }
        Ok((renames, unsure))
    }
}
