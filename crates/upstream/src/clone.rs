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
}

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
        Ok(Opened { repo, limit, reference, head, date })
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

    /// The most bytes a cited file is read of.
    pub fn limit(&self) -> u64 {
        self.limit
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
