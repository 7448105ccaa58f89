//! One local clone, opened with gix: its compared ref resolved, commits looked up, files read
//! at a commit.

use gix::ObjectId;
use shoko_model::config;
use std::path::Path;

/// A file of a clone at a commit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Blob {
    /// Not a file there.
    Missing,
    /// Larger than the limit (its size in bytes, from the object's header): not read.
    TooLarge(u64),
    /// Its text (invalid UTF-8 replaced).
    Text(String),
}

impl Blob {
    /// The text, if the file was read.
    pub fn text(self) -> Option<String> {
        match self {
            Blob::Text(text) => Some(text),
            _ => None,
        }
    }
}

/// A clone, ready to be read.
pub struct Opened {
    repo: gix::Repository,
    /// The most bytes a cited file is read of (`max_source_kib`).
    limit: u64,
    /// The compared ref as configured (`HEAD` by default).
    pub reference: String,
    /// The commit it names.
    pub head: ObjectId,
    /// The day that commit was made (UTC).
    pub date: jiff::civil::Date,
    /// Every commit on a branch, remote-tracking branch or tag of the clone, once asked for;
    /// `None` past [`REACHABLE_LIMIT`] commits.
    reachable: std::cell::OnceCell<Option<std::collections::HashSet<ObjectId>>>,
}

/// The most commits looked at to say whether a pinned commit is on a branch or tag.
const REACHABLE_LIMIT: usize = 2_000_000;

impl Opened {
    /// Open the clone `clone` (its path relative to the site root `root`) and resolve its ref;
    /// why not, in words, when that fails. No cited file larger than `limit` bytes is read.
    pub fn open(root: &Path, clone: &config::Clone, limit: u64) -> Result<Opened, String> {
        let path = root.join(&clone.path);
        let repo = gix::open_opts(&path, gix::open::Options::isolated()).map_err(|e| match path.is_dir() {
            false => String::from("there is no folder there"),
            true => format!("the folder is not a git repository ({e})"),
        })?;
        let reference = clone.reference.clone().unwrap_or_else(|| "HEAD".to_owned());
        let head = match &clone.reference {
            None => repo.head_id().map_err(|e| format!("its HEAD does not name a commit ({e})"))?.detach(),
            Some(name) => resolve(&repo, name).ok_or_else(|| format!("it has no ref `{name}`"))?,
        };
        let date = date(&repo, head).ok_or_else(|| format!("its {reference} is not a readable commit"))?;
        Ok(Opened { repo, limit, reference, head, date, reachable: std::cell::OnceCell::new() })
    }

    /// The commit `hex` names, if the clone has it.
    pub fn commit(&self, hex: &str) -> Option<ObjectId> {
        let id = ObjectId::from_hex(hex.as_bytes()).ok()?;
        self.repo.find_commit(id).ok().map(|c| c.id)
    }

    /// The file at `path` in `commit`: its size is taken from the object's header before it is
    /// inflated, so a file over the limit costs no memory.
    pub fn file(&self, commit: ObjectId, path: &str) -> Blob {
        let entry = || {
            let tree = self.repo.find_commit(commit).ok()?.tree().ok()?;
            let entry = tree.lookup_entry_by_path(path.trim_start_matches('/')).ok()??;
            entry.mode().is_blob().then_some(entry)
        };
        let Some(entry) = entry() else { return Blob::Missing };
        let Ok(header) = self.repo.find_header(entry.object_id()) else { return Blob::Missing };
        if header.size() > self.limit {
            return Blob::TooLarge(header.size());
        }
        match entry.object() {
            Ok(object) => Blob::Text(String::from_utf8_lossy(&object.data).into_owned()),
            Err(_) => Blob::Missing,
        }
    }

    /// Whether `commit` is on a branch, a remote-tracking branch or a tag of the clone (a commit
    /// force-pushed away lingers until `git gc` removes it); `None` when that is not known.
    pub fn on_a_ref(&self, commit: ObjectId) -> Option<bool> {
        let reachable = self.reachable.get_or_init(|| {
            let mut tips: Vec<ObjectId> = vec![self.head];
            if let Ok(references) = self.repo.references()
                && let Ok(all) = references.all()
            {
                tips.extend(all.flatten().filter_map(|mut r| r.peel_to_id().ok().map(|id| id.detach())));
            }
            let commits = tips.into_iter().filter(|id| self.repo.find_commit(*id).is_ok()).collect::<Vec<_>>();
            let mut seen = std::collections::HashSet::new();
            for info in self.repo.rev_walk(commits).all().ok()? {
                seen.insert(info.ok()?.id);
                if seen.len() > REACHABLE_LIMIT {
                    return None;
                }
            }
            Some(seen)
        });
        reachable.as_ref().map(|seen| seen.contains(&commit))
    }

    /// The most bytes a cited file is read of.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// The path of a file of `commit` whose bytes are blob `blob` (the first in tree order,
    /// among at most `limit` files), if there is one.
    pub fn path_of_blob(&self, commit: ObjectId, blob: ObjectId, limit: usize) -> Option<String> {
        let tree = self.repo.find_commit(commit).ok()?.tree_id().ok()?.detach();
        let mut found = None;
        let mut count = 0;
        self.find_blob_in(tree, "", blob, limit, &mut count, &mut found);
        found
    }

    fn find_blob_in(
        &self,
        tree: ObjectId,
        prefix: &str,
        blob: ObjectId,
        limit: usize,
        count: &mut usize,
        found: &mut Option<String>,
    ) {
        let Ok(tree) = self.repo.find_tree(tree) else { return };
        for entry in tree.iter().flatten() {
            if found.is_some() || *count >= limit {
                return;
            }
            *count += 1;
            if entry.mode().is_tree() {
                self.find_blob_in(
                    entry.oid().to_owned(),
                    &format!("{prefix}{}/", entry.filename()),
                    blob,
                    limit,
                    count,
                    found,
                );
            } else if entry.mode().is_blob() && entry.oid() == blob.as_ref() {
                *found = Some(format!("{prefix}{}", entry.filename()));
            }
        }
    }

    /// The blob of the file at `path` in `commit`, if it is one.
    pub fn blob_id(&self, commit: ObjectId, path: &str) -> Option<ObjectId> {
        let tree = self.repo.find_commit(commit).ok()?.tree().ok()?;
        let entry = tree.lookup_entry_by_path(path.trim_start_matches('/')).ok()??;
        entry.mode().is_blob().then(|| entry.object_id())
    }

    /// Every file path of `commit`'s tree (at most `limit`).
    pub fn paths(&self, commit: ObjectId, limit: usize) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(tree) = self.repo.find_commit(commit).ok().and_then(|c| c.tree_id().ok()) {
            self.collect(tree.detach(), "", limit, &mut out);
        }
        out
    }

    fn collect(&self, tree: ObjectId, prefix: &str, limit: usize, out: &mut Vec<String>) {
        let Ok(tree) = self.repo.find_tree(tree) else { return };
        for entry in tree.iter().flatten() {
            if out.len() >= limit {
                return;
            }
            let path = format!("{prefix}{}", entry.filename());
            if entry.mode().is_tree() {
                self.collect(entry.oid().to_owned(), &format!("{path}/"), limit, out);
            } else if entry.mode().is_blob() {
                out.push(path);
            }
        }
    }
}

/// The commit a branch, tag or commit hash names.
fn resolve(repo: &gix::Repository, name: &str) -> Option<ObjectId> {
    if let Ok(id) = ObjectId::from_hex(name.as_bytes()) {
        return repo.find_commit(id).ok().map(|c| c.id);
    }
    let mut reference = repo.find_reference(name).ok()?;
    let id = reference.peel_to_id().ok()?.detach();
    repo.find_commit(id).ok().map(|c| c.id)
}

/// The day `commit` was made (UTC).
fn date(repo: &gix::Repository, commit: ObjectId) -> Option<jiff::civil::Date> {
    let seconds = repo.find_commit(commit).ok()?.time().ok()?.seconds;
    Some(jiff::Timestamp::from_second(seconds).ok()?.to_zoned(jiff::tz::TimeZone::UTC).date())
}
