//! The walk over the first-parent chain (see the crate documentation): which content files each
//! commit changed, added, removed or renamed, and what that did to each side of each pair.

use crate::{Commit, End, History, PairState, Unavailable};
use gix::ObjectId;
use shoko_model::SourceKind;
use shoko_model::pairs::{self, Pairs};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

/// The trailer that marks a change as not affecting the meaning (the other side stays current).
const UNAFFECTED: (&str, &str) = ("translation", "unaffected");

/// Path (relative to `content/`) → blob.
type Listing = BTreeMap<String, ObjectId>;

fn unreadable(e: impl std::fmt::Display) -> Unavailable {
    Unavailable::Unreadable(e.to_string())
}

pub(crate) fn read(
    root: &Path,
    kind: &dyn Fn(&str) -> Option<SourceKind>,
    since: Option<&History>,
) -> Result<History, Unavailable> {
    let repo = gix::discover(root).map_err(|_| Unavailable::NoRepository)?;
    if repo.is_shallow().map_err(unreadable)? {
        return Err(Unavailable::Shallow);
    }
    let workdir = repo.workdir().ok_or(Unavailable::NoRepository)?;
    let content = content_in_repo(root, workdir)?;
    let Ok(head) = repo.head_id() else { return Ok(History::default()) };
    // The first-parent chain back to the root, or to the commit `since` ended at.
    let until = since.and_then(|h| h.end.as_ref()).and_then(|end| ObjectId::from_hex(end.commit.as_bytes()).ok());
    let mut chain = Vec::new();
    let mut next = Some(head.detach());
    let mut base = None;
    while let Some(id) = next {
        if until == Some(id) {
            base = since;
            break;
        }
        let commit = repo.find_commit(id).map_err(unreadable)?;
        next = commit.parent_ids().next().map(|p| p.detach());
        chain.push(commit);
    }
    chain.reverse();
    let base = base.cloned().unwrap_or_default();
    let parse = |hex: &String| ObjectId::from_hex(hex.as_bytes()).map_err(unreadable);
    let (mut last_tree, mut listing) = match &base.end {
        Some(end) => (
            end.tree.as_ref().map(parse).transpose()?,
            end.listing.iter().map(|(p, b)| Ok((p.clone(), parse(b)?))).collect::<Result<Listing, Unavailable>>()?,
        ),
        None => (None, Listing::new()),
    };
    let offset = base.commits.len();

    let mut walker = Walker { repo: &repo, trees: HashMap::new(), parsed: HashMap::new(), history: base };
    // First the commits and what their content folder held (only the files that can hold pairs).
    let mut steps: Vec<(usize, bool, Listing)> = Vec::new();
    for (i, commit) in chain.iter().enumerate() {
        let index = offset + i;
        let message = commit.message().map_err(unreadable)?;
        let unaffected = message.body().is_some_and(|body| {
            body.trailers().any(|t| {
                t.token.to_string().eq_ignore_ascii_case(UNAFFECTED.0)
                    && t.value.to_string().trim().eq_ignore_ascii_case(UNAFFECTED.1)
            })
        });
        let seconds = commit.time().map_err(unreadable)?.seconds;
        let date = jiff::Timestamp::from_second(seconds).map_err(unreadable)?.to_zoned(jiff::tz::TimeZone::UTC).date();
        walker.history.commits.push(Commit { id: commit.id.to_string(), date, subject: message.summary().to_string() });
        let tree = commit.tree().map_err(unreadable)?;
        let folder = tree.lookup_entry_by_path(&content).map_err(unreadable)?.map(|e| e.object_id());
        if folder == last_tree {
            continue;
        }
        last_tree = folder;
        let mut now = match folder {
            Some(id) => walker.list(id, "")?,
            None => Listing::new(),
        };
        now.retain(|path, _| kind(path).is_some());
        steps.push((index, unaffected, now));
    }
    // Then the pairs of every version that differs from the one before it.
    let mut before = &listing;
    for (_, _, after) in &steps {
        for (path, blob) in after {
            let Some(kind) = kind(path).filter(|_| before.get(path) != Some(blob)) else { continue };
            if let std::collections::hash_map::Entry::Vacant(slot) = walker.parsed.entry((*blob, kind)) {
                let data = repo.find_blob(*blob).map_err(unreadable)?;
                slot.insert(pairs::of_file(kind, &String::from_utf8_lossy(&data.data)));
            }
        }
        before = after;
    }
    // Then, in order, what each version did to each pair.
    for (index, unaffected, now) in steps {
        walker.apply(&listing, &now, index, unaffected, kind)?;
        listing = now;
    }
    walker.history.end = Some(End {
        commit: head.to_string(),
        tree: last_tree.map(|t| t.to_string()),
        listing: listing.iter().map(|(p, b)| (p.clone(), b.to_string())).collect(),
    });
    Ok(walker.history)
}

/// The site's `content/` folder as a path inside the repository's working tree.
fn content_in_repo(root: &Path, workdir: &Path) -> Result<PathBuf, Unavailable> {
    let root = root.canonicalize().map_err(unreadable)?;
    let workdir = workdir.canonicalize().map_err(unreadable)?;
    let inside = root.strip_prefix(&workdir).map_err(|_| Unavailable::NoRepository)?;
    Ok(inside.join(shoko_vocab::layout::CONTENT_DIR))
}

struct Walker<'a> {
    repo: &'a gix::Repository,
    /// Listings of trees already seen (most folders stay the same from commit to commit).
    trees: HashMap<ObjectId, Listing>,
    /// The pairs of every version a commit changed, by blob and kind.
    parsed: HashMap<(ObjectId, SourceKind), Pairs>,
    history: History,
}

impl Walker<'_> {
    /// Every content file under tree `id`, with `prefix` before its path.
    fn list(&mut self, id: ObjectId, prefix: &str) -> Result<Listing, Unavailable> {
        if let Some(known) = self.trees.get(&id) {
            return Ok(known.iter().map(|(p, b)| (format!("{prefix}{p}"), *b)).collect());
        }
        let tree = self.repo.find_tree(id).map_err(unreadable)?;
        let mut here = Listing::new();
        for entry in tree.iter() {
            let entry = entry.map_err(unreadable)?;
            let name = entry.filename().to_string();
            if entry.mode().is_tree() {
                here.extend(self.list(entry.oid().to_owned(), &format!("{name}/"))?);
            } else if entry.mode().is_blob() {
                here.insert(name, entry.oid().to_owned());
            }
        }
        let listed = here.iter().map(|(p, b)| (format!("{prefix}{p}"), *b)).collect();
        self.trees.insert(id, here);
        Ok(listed)
    }

    fn lines(&self, blob: ObjectId) -> Result<HashSet<Vec<u8>>, Unavailable> {
        let data = self.repo.find_blob(blob).map_err(unreadable)?;
        Ok(data.data.split(|b| *b == b'\n').map(<[u8]>::to_vec).collect())
    }

    /// Bring the pair states from listing `before` to listing `after`, changed in commit `index`.
    fn apply(
        &mut self,
        before: &Listing,
        after: &Listing,
        index: usize,
        unaffected: bool,
        kind: &dyn Fn(&str) -> Option<SourceKind>,
    ) -> Result<(), Unavailable> {
        let removed: Vec<(&String, &ObjectId)> = before.iter().filter(|(p, _)| !after.contains_key(*p)).collect();
        let added: Vec<(&String, &ObjectId)> = after.iter().filter(|(p, _)| !before.contains_key(*p)).collect();
        let renames = self.renames(&removed, &added)?;
        for (path, _) in &removed {
            let state = self.history.files.remove(*path);
            if let (Some(state), Some(to)) = (state, renames.get(*path)) {
                self.history.files.insert(to.clone(), state);
            }
        }
        let renamed_from: HashMap<&String, &String> = renames.iter().map(|(from, to)| (to, from)).collect();
        for (path, blob) in after {
            let old_blob = before.get(path).or_else(|| renamed_from.get(path).and_then(|from| before.get(*from)));
            if old_blob == Some(blob) {
                continue;
            }
            let none = Pairs::default();
            let pairs = kind(path).and_then(|k| self.parsed.get(&(*blob, k))).unwrap_or(&none);
            let old = self.history.files.remove(path).unwrap_or_default();
            let state = pairs
                .iter()
                .map(|pair| {
                    let hashes = [pair.sides[0].hash, pair.sides[1].hash];
                    let next = PairState::next(old.get(pair.name).copied(), hashes, index, unaffected);
                    (pair.name.to_owned(), next)
                })
                .collect();
            self.history.files.insert(path.clone(), state);
        }
        Ok(())
    }

    /// Removed paths followed to added ones: the same bytes first, then at least half the lines
    /// in common.
    fn renames(
        &self,
        removed: &[(&String, &ObjectId)],
        added: &[(&String, &ObjectId)],
    ) -> Result<BTreeMap<String, String>, Unavailable> {
        let mut renames = BTreeMap::new();
        let mut taken = HashSet::new();
        for (from, blob) in removed {
            if let Some((to, _)) = added.iter().find(|(to, b)| b == blob && !taken.contains(*to)) {
                taken.insert(*to);
                renames.insert((*from).clone(), (*to).clone());
            }
        }
        for (from, blob) in removed {
            if renames.contains_key(*from) {
                continue;
            }
            let old = self.lines(**blob)?;
            let mut best: Option<(&String, usize)> = None;
            for (to, b) in added.iter().filter(|(to, _)| !taken.contains(*to)) {
                let new = self.lines(**b)?;
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
        Ok(renames)
    }
}
