//! Reading the site into the engine: everything at once ([`Engine::read_everything`]), or only
//! the content files that changed, validated again and linked again unless their pages kept
//! their surface or changed only its anchors with every link between pages still resolving
//! ([`Engine::revalidate`], with [`refresh`] finding what changed).

use super::texts::{self, Unread};
use super::{Current, Engine, all_diagnostics, persist};
use crate::IoError;
use crate::inputs::{Decoded, read_text};
use crate::pipeline::{Left, Validated, link_validated, read_inputs, validate_all};
use rayon::prelude::*;
use shoko_model::link::{is_page_link_problem, page_link_problems};
use shoko_model::surface::{SurfaceHash, surface};
use shoko_model::{DocId, SiteModel};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

impl Engine {
    /// Read and validate everything.
    pub(super) fn read_everything(&mut self) -> Result<(), IoError> {
        // What changed since the last good render is not known after this: the next render is
        // whole.
        self.good = None;
        let mut inputs = read_inputs(&self.root, &mut self.timings)?;
        let read = validate_all(&inputs, &self.validation_options())?;
        self.timings.lap("validate");
        // Each text validated without a finding was dropped (see `texts`): unread, with its hash.
        let mut unread = Unread::new();
        let crate::Loaded { sources, content, .. } = &mut inputs.loaded;
        // A file that could not be read (not UTF-8, too large) is left out of the index, so that
        // an edit to it is read by a full read, which reports it again or reads it anew.
        let mut index = BTreeMap::new();
        let validated: Vec<Validated> = read
            .into_iter()
            .zip(content.iter())
            .enumerate()
            .map(|(i, ((validated, left), c))| {
                match left {
                    Left::Held(file) => sources.put(c.file, file),
                    Left::Dropped(hash) => {
                        unread.insert(c.file, Some(hash));
                    }
                    Left::Unreadable(file) => {
                        sources.put(c.file, file);
                        return validated;
                    }
                }
                index.insert(c.path.clone(), i);
                validated
            })
            .collect();
        let crate::pipeline::Linked { site, diagnostics: linked, drafts } =
            link_validated(&self.root, &inputs, &validated, &self.options)?;
        self.timings.lap("link");
        let site = Arc::new(site);
        let mut current = Current {
            inputs,
            validated,
            linked,
            drafts,
            site,
            statics: None,
            images: None,
            images_for: None,
            index,
            dirty: BTreeSet::new(),
            unread,
            chunks: Vec::new(),
        };
        self.diagnostics = all_diagnostics(&mut current)?;
        self.current = Some(current);
        Ok(())
    }

    /// Validate the content files at `changed` (index and the hash of the page's surface before
    /// the change, where known) again and link — unless every changed file is a page the link
    /// stage had nothing to say about and whose surface stayed the same, or changed in its
    /// anchors alone while no link between pages was or is broken; then the site keeps its
    /// indexes and only the documents are swapped.
    pub(super) fn revalidate(&mut self, changed: &[Reread]) -> Result<(), IoError> {
        let options = self.validation_options();
        let Some(current) = self.current.as_mut() else { return self.read_everything() };
        let inputs = &current.inputs;
        let loaded = &inputs.loaded;
        let fresh: Vec<(usize, Validated)> =
            changed.par_iter().map(|(i, _)| (*i, crate::pipeline::validate_one(inputs, *i, &options))).collect();
        self.timings.lap("validate");
        let mut swapped = Some(Arc::clone(&current.site));
        let mut anchors_moved = false;
        for ((i, before), (_, (new, _))) in changed.iter().zip(&fresh) {
            let file = loaded.content[*i].file;
            let quiet = !current.linked.iter().any(|d| d.files().any(|f| f == file));
            let after = new.as_ref().zip(swapped.as_ref()).and_then(|(new, site)| surface_hash(new, site));
            let (same, moved) = match (before, after) {
                (Some(before), Some(after)) if quiet => (*before == after, before.anchors_only(&after)),
                _ => (false, false),
            };
            anchors_moved |= moved;
            swapped = match (same || moved, swapped, new, site_id(&current.site, &loaded.content[*i].path)) {
                (true, Some(site), Some(new), Some(id)) => Some(Arc::new(site.with_document(id, Arc::clone(new)))),
                _ => None,
            };
        }
        // A page whose anchors alone changed (a heading renamed) links the same but for the
        // links into it: swapped in, it keeps the site when no link between pages was or is a
        // problem (at 10,000 pages per language, linking again was a heading edit's longest stage).
        let swapped = swapped.filter(|site| {
            !anchors_moved
                || (!current.linked.iter().any(is_page_link_problem)
                    && page_link_problems(site, &loaded.files).is_empty())
        });
        for (i, v) in fresh {
            current.validated[i] = v;
            persist::changed(&mut current.chunks, i);
        }
        match swapped {
            Some(site) => current.site = site,
            None => {
                let linked = link_validated(&self.root, &current.inputs, &current.validated, &self.options)?;
                current.site = Arc::new(linked.site);
                current.linked = linked.diagnostics;
                current.drafts = linked.drafts;
            }
        }
        self.diagnostics = all_diagnostics(current)?;
        self.timings.lap("link");
        Ok(())
    }
}

/// The document id of the page at content path `path`.
fn site_id(site: &SiteModel, path: &str) -> Option<DocId> {
    site.pages().get(path).copied()
}

/// A content file read again: its index and the hash of its surface before (where known).
pub(super) type Reread = (usize, Option<SurfaceHash>);

/// Re-read the changed content files in place. `Some(index and the hash of the previous surface
/// of each file whose text changed)` when only known content files changed; `None` when anything
/// else did (the caller reads everything).
pub(super) fn refresh(root: &Path, current: &mut Current, paths: &[PathBuf]) -> Result<Option<Vec<Reread>>, IoError> {
    let content = root.join(shoko_vocab::layout::CONTENT_DIR);
    let mut changed = BTreeMap::new();
    for path in paths {
        // Absolute and without `.` parts; a path that does not fall under the (canonical) root
        // even so is treated as a change to something else, which rebuilds everything.
        let path = std::path::absolute(path).map_err(|e| IoError::new("resolve", path, e))?;
        let Ok(rel) = path.strip_prefix(&content) else { return Ok(None) };
        let rel = rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
        if shoko_vocab::layout::is_hidden(&rel) {
            // An editor's or the system's own file (a swap file, a lock, a trash folder).
            continue;
        }
        let known = current.inputs.loaded.files.contains(&rel);
        match std::fs::metadata(&path) {
            // The content folder itself went away or was moved: the next read says so.
            Err(_) if rel.is_empty() => return Ok(None),
            Ok(meta) if meta.is_dir() => {
                if !rel.is_empty() && !holds_known_files(current, &rel) {
                    return Ok(None);
                }
            }
            Ok(_) if known => {
                let Some(&i) = current.index.get(&rel) else { return Ok(None) };
                // Over the limit or not UTF-8: a full read reports it.
                let Decoded::Text(text) = read_text(&path, current.inputs.config.max_file_bytes)? else {
                    return Ok(None);
                };
                let text = text.as_str();
                let file = current.inputs.loaded.content[i].file;
                let old = &current.inputs.loaded.sources.file(file).text;
                if texts::same_as_validated(&current.unread, file, old, text) {
                    // Saved again as it was: held again, without validating it again.
                    if current.unread.remove(&file).is_some() {
                        current.inputs.loaded.sources.replace(file, text);
                    }
                } else {
                    let before = current.validated[i].0.as_ref().and_then(|doc| surface_hash(doc, &current.site));
                    changed.entry(i).or_insert(before);
                    current.unread.remove(&file);
                    current.inputs.loaded.sources.replace(file, text);
                    current.dirty.insert(rel);
                }
            }
            // A new file, or a known one that is gone: the set of files changed.
            Ok(_) => return Ok(None),
            Err(_) if known || holds_known_files(current, &rel) => return Ok(None),
            // An editor's temporary file that already went away.
            Err(_) => {}
        }
    }
    Ok(Some(changed.into_iter().collect()))
}

/// The hash of [`surface`], for pages.
fn surface_hash(doc: &shoko_model::Document, site: &SiteModel) -> Option<SurfaceHash> {
    surface(doc, site).map(|s| s.hash())
}

/// Whether the folder `rel` (relative to `content/`) holds files of the last read.
fn holds_known_files(current: &Current, rel: &str) -> bool {
    let prefix = format!("{rel}/");
    current.inputs.loaded.files.range(prefix.clone()..).next().is_some_and(|f| f.starts_with(&prefix))
}
