//! The texts of content files once they are validated. Held all at once they were the largest
//! single part of a full build's peak memory (86 MiB at 10,000 pages per language, beside the
//! model made from them), so each text is read as it is validated and dropped at once, unless a
//! diagnostic points into it (`pipeline::validate_all`); a full render hands each chunk of pages
//! its texts, read again from disk, and drops them after ([`Withheld`]). A text not held is
//! *unread*; the hash of the text the engine validated is kept where it is known, so a text read
//! again later (for a render, a patch, a diagnostic, an edit under `serve`) is known to be that
//! one, and a file saved again unchanged is not validated again. (A resumed engine validated
//! nothing itself: the states of its files were checked when it resumed, and the hash it keeps is
//! of the text it rendered.)

use super::{Current, lock};
use crate::IoError;
use crate::inputs::{Decoded, read_text};
use rayon::prelude::*;
use shoko_diagnostics::{Diagnostic, FileId};
use shoko_model::SiteModel;
use shoko_render::{Job, PageTexts, RenderPlan, Renderer};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// Content files not held in the source map, each with the hash of its validated text when it
/// is known (a resumed engine never read its files' texts).
pub(super) type Unread = BTreeMap<FileId, Option<blake3::Hash>>;

/// Whether `text` is the text of `file` as it was validated, as far as `unread` knows: an
/// unread file with no hash is never known to be the same.
pub(super) fn same_as_validated(unread: &Unread, file: FileId, held: &str, text: &str) -> bool {
    match unread.get(&file) {
        Some(Some(hash)) => blake3::hash(text.as_bytes()) == *hash,
        Some(None) => false,
        None => held == text,
    }
}

/// Put the texts of `files` that are not held into the source map.
pub(super) fn read_texts(current: &mut Current, files: &[FileId]) -> Result<(), IoError> {
    // Each file once: 3,000 findings in one file are one read, not 3,000 (a check of such a
    // log once held 15 GB).
    let wanted: BTreeMap<FileId, Option<blake3::Hash>> =
        files.iter().filter_map(|f| current.unread.get(f).map(|hash| (*f, *hash))).collect();
    let wanted: Vec<(FileId, Option<blake3::Hash>)> = wanted.into_iter().collect();
    if wanted.is_empty() {
        return Ok(());
    }
    let paths = paths_of(current);
    let limit = current.inputs.config.max_file_bytes;
    let texts = wanted
        .par_iter()
        .map(|(file, hash)| Ok((*file, read_validated(&paths[file], *hash, limit)?.0)))
        .collect::<Result<Vec<_>, IoError>>()?;
    for (file, text) in texts {
        current.inputs.loaded.sources.replace(file, text);
        current.unread.remove(&file);
    }
    Ok(())
}

/// The path on disk of each content file.
fn paths_of(current: &Current) -> BTreeMap<FileId, PathBuf> {
    current.inputs.loaded.content.iter().map(|c| (c.file, c.disk.clone())).collect()
}

/// The text of the file at `path` and its hash, which must be `hash` when that is known: the
/// file was validated when the run began, so any other text means it changed since.
fn read_validated(path: &Path, hash: Option<blake3::Hash>, limit: u64) -> Result<(String, blake3::Hash), IoError> {
    if let Decoded::Text(text) = read_text(path, limit)? {
        let found = blake3::hash(text.as_bytes());
        if hash.is_none_or(|h| h == found) {
            return Ok((text, found));
        }
    }
    Err(IoError::new("read", path, std::io::Error::other("the file changed after it was validated; run again")))
}

/// The pages' texts of one full render, handed out a chunk at a time.
pub(super) struct Withheld {
    /// Texts taken out of the source map, until their chunk takes them.
    held: Mutex<BTreeMap<FileId, String>>,
    /// The files whose texts are read from disk when their chunk renders, with their paths and
    /// the hashes their texts must have.
    unread: BTreeMap<FileId, (PathBuf, Option<blake3::Hash>)>,
    /// The size limit of a content file.
    limit: u64,
    /// The hash of each text a chunk dropped.
    dropped: Mutex<Vec<(FileId, blake3::Hash)>>,
}

impl Withheld {
    /// Take the texts of `files` (the pages a full render renders) out of `current`'s source map,
    /// but those `shown` points into (warnings are shown after the render, with their lines).
    pub(super) fn take(current: &mut Current, files: &[FileId], shown: &[Diagnostic]) -> Withheld {
        let paths = paths_of(current);
        let keep: BTreeSet<FileId> = shown.iter().flat_map(Diagnostic::files).collect();
        let (mut held, mut unread) = (BTreeMap::new(), BTreeMap::new());
        for &file in files {
            match current.unread.get(&file) {
                Some(hash) => {
                    unread.insert(file, (paths[&file].clone(), *hash));
                }
                None if keep.contains(&file) => {}
                None => {
                    held.insert(file, current.inputs.loaded.sources.take_text(file));
                    current.unread.insert(file, None);
                }
            }
        }
        Withheld {
            held: Mutex::new(held),
            unread,
            limit: current.inputs.config.max_file_bytes,
            dropped: Mutex::new(Vec::new()),
        }
    }

    /// Render `jobs` (a chunk) from their pages' texts, then drop the texts.
    pub(super) fn render(
        &self,
        renderer: &Renderer<'_>,
        site: &SiteModel,
        jobs: &[Job],
    ) -> Result<Result<RenderPlan, Vec<Diagnostic>>, IoError> {
        let files: Vec<FileId> = jobs
            .iter()
            .filter_map(|job| match job {
                Job::Page(doc) => Some(site.doc(*doc).file),
                _ => None,
            })
            .collect();
        // Those read from disk first (hashed as they are checked): should one fail, the held ones
        // stay held (and are put back by `finish`), never dropped without their hash.
        let read: Vec<(FileId, &PathBuf, Option<blake3::Hash>)> =
            files.iter().filter_map(|file| self.unread.get(file).map(|(path, hash)| (*file, path, *hash))).collect();
        let read: Vec<(FileId, (String, blake3::Hash))> = read
            .into_par_iter()
            .map(|(file, path, hash)| Ok((file, read_validated(path, hash, self.limit)?)))
            .collect::<Result<_, IoError>>()?;
        let mut hashes: Vec<(FileId, blake3::Hash)> = read.iter().map(|(file, (_, hash))| (*file, *hash)).collect();
        let mut texts: PageTexts = read.into_iter().map(|(file, (text, _))| (file, text)).collect();
        let held: Vec<(FileId, String)> = {
            let mut held = lock(&self.held);
            files.iter().filter_map(|file| held.remove(file).map(|text| (*file, text))).collect()
        };
        hashes.extend(held.iter().map(|(file, text)| (*file, blake3::hash(text.as_bytes()))));
        texts.extend(held);
        let plan = renderer.render_texts(jobs, &texts);
        lock(&self.dropped).extend(hashes);
        Ok(plan)
    }

    /// After the render: the dropped texts are unread with their hashes, and the texts no chunk
    /// took (a render that stopped early) go back into the source map.
    pub(super) fn finish(self, current: &mut Current) {
        for (file, hash) in self.dropped.into_inner().unwrap_or_else(PoisonError::into_inner) {
            current.unread.insert(file, Some(hash));
        }
        for (file, text) in self.held.into_inner().unwrap_or_else(PoisonError::into_inner) {
            current.inputs.loaded.sources.replace(file, text);
            current.unread.remove(&file);
        }
    }
}
