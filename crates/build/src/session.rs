//! Incremental rebuilds, for `serve`. A [`Session`] keeps everything of the last run: the texts
//! (with stable file ids), each file's validation, the linked site, the compiled templates and
//! the output of the last good render. When only content files changed it re-reads just those
//! files, re-validates just those documents, links again, and re-renders only the jobs that
//! [`shoko_render::affected_jobs`] names. Anything else — templates, strings, configuration,
//! static files, images, files added or removed — rebuilds everything.
//!
//! The output map changes only when a render succeeds, so a broken edit keeps the last good
//! pages, and the next good one is compared with them (not with the broken state).

use crate::IoError;
use crate::images::Images;
use crate::load::{Decoded, read_text};
use crate::pipeline::{
    Inputs, Timings, Validated, image_source, link_validated, load_static, read_inputs, validate_all,
};
use rayon::prelude::*;
use shoko_diagnostics::{Diagnostic, Severity, SourceMap};
use shoko_model::surface::surface;
use shoko_model::{DocId, SiteModel};
use shoko_render::{Job, RenderInput, affected_jobs, render_jobs};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What changed since the last rebuild.
#[derive(Debug, Clone)]
pub enum Change {
    /// Unknown: read everything again.
    Everything,
    /// These paths (absolute, or relative to the working folder) were created, changed or removed.
    Paths(Vec<PathBuf>),
}

/// The result of one rebuild.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rebuilt {
    /// New output: these output paths were added, changed or removed.
    Rendered {
        /// Output paths (relative to the output root) whose bytes differ from the last good render.
        changed: Vec<String>,
        /// How many render jobs ran.
        jobs: usize,
        /// Whether everything was read and rendered again.
        full: bool,
    },
    /// Errors: the last good output stays; see [`Session::diagnostics`].
    Failed,
}

/// Everything read and computed by the last rebuild.
struct Current {
    inputs: Inputs,
    validated: Vec<Validated>,
    /// Diagnostics of the link stage and the images.
    linked: Vec<Diagnostic>,
    site: Arc<SiteModel>,
    static_files: Vec<(String, Vec<u8>)>,
    images: Option<Arc<Images>>,
    /// Content path → index in `inputs.loaded.content`.
    index: BTreeMap<String, usize>,
    /// Text hash of each content file, by path (kept up to date as files are re-read).
    hashes: BTreeMap<String, blake3::Hash>,
    /// Hash of the inputs read only on a full rebuild: templates, strings, config, static files.
    inputs_hash: blake3::Hash,
}

/// What the last good render was made from, and what it made.
struct Good {
    site: Arc<SiteModel>,
    /// Text hash of each content file, by path.
    hashes: BTreeMap<String, blake3::Hash>,
    /// Hash of everything else the render read: templates, strings, config, static files, images.
    global: blake3::Hash,
    files: BTreeMap<String, Arc<[u8]>>,
}

/// An incremental builder for one site root.
pub struct Session {
    root: PathBuf,
    options: crate::BuildOptions,
    current: Option<Current>,
    good: Option<Good>,
    diagnostics: Vec<Diagnostic>,
    timings: Timings,
}

impl Session {
    /// A session for the site under `root`; nothing is read until [`Session::rebuild`].
    pub fn new(root: &Path, options: crate::BuildOptions) -> Self {
        let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        Session { root, options, current: None, good: None, diagnostics: Vec::new(), timings: Timings::default() }
    }

    /// The diagnostics of the last rebuild, sorted.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The texts the diagnostics point into.
    pub fn sources(&self) -> Option<&SourceMap> {
        self.current.as_ref().map(|c| &c.inputs.loaded.sources)
    }

    /// The site configuration of the last rebuild.
    pub fn config(&self) -> Option<&shoko_model::config::Config> {
        self.current.as_ref().map(|c| &c.inputs.config)
    }

    /// The output of the last good render (output path → bytes).
    pub fn files(&self) -> Option<&BTreeMap<String, Arc<[u8]>>> {
        self.good.as_ref().map(|g| &g.files)
    }

    /// How long each stage of the last rebuild took.
    pub fn timings(&self) -> &Timings {
        &self.timings
    }

    /// Bring the output up to date with `change`.
    pub fn rebuild(&mut self, change: &Change) -> Result<Rebuilt, IoError> {
        self.timings = Timings::start();
        let refreshed = match (change, self.current.as_mut()) {
            (Change::Paths(paths), Some(current)) => refresh(&self.root, current, paths)?,
            _ => None,
        };
        let full = refreshed.is_none();
        match refreshed {
            Some(changed) => self.revalidate(&changed)?,
            None => self.read_everything()?,
        }
        let Some(current) = self.current.as_mut() else { return Ok(Rebuilt::Failed) };
        let has_errors = self.diagnostics.iter().any(|d| d.severity() == Severity::Error);
        let (Some(templates), Some(ui), false) = (&current.inputs.templates, &current.inputs.ui, has_errors) else {
            return Ok(Rebuilt::Failed);
        };
        let source = image_source(&self.root, &current.inputs);
        let used = crate::images::used_paths(source, &current.site);
        let images = match &current.images {
            Some(images) if images.info.keys().eq(used.iter()) => Arc::clone(images),
            _ => Arc::new(crate::images::process(source, &current.site)?),
        };
        if !images.diagnostics.is_empty() {
            self.diagnostics.extend(images.diagnostics.iter().cloned());
            Diagnostic::sort(&mut self.diagnostics, &current.inputs.loaded.sources);
            return Ok(Rebuilt::Failed);
        }
        current.images = Some(Arc::clone(&images));
        let hashes = current.hashes.clone();
        let global = images_hash(current.inputs_hash, &images);
        let every = Job::all(&current.site);
        let jobs = match &self.good {
            Some(good) if !full && good.global == global && good.hashes.keys().eq(hashes.keys()) => {
                let changed: BTreeSet<DocId> = current
                    .site
                    .docs
                    .iter()
                    .enumerate()
                    .filter(|(_, d)| good.hashes.get(&d.path) != hashes.get(&d.path))
                    .map(|(i, _)| DocId(i))
                    .collect();
                affected_jobs(&good.site, &current.site, &changed)
            }
            _ => every.clone(),
        };
        self.timings.lap("plan");
        let schema_json = serde_json::to_string_pretty(&shoko_model::schema::json_schema()).unwrap_or_default();
        let input = RenderInput {
            site: &current.site,
            sources: &current.inputs.loaded.sources,
            templates,
            ui,
            static_files: &current.static_files,
            images: &images.info,
            media: &images.files,
            schema_json: &schema_json,
            base_url: self.options.base_url.as_deref().or(current.inputs.config.base_url.as_deref()),
        };
        let rendered = render_jobs(&input, &jobs);
        // A UI string the generator asked for and the files lack: not served.
        let missed = ui.take_missed();
        let plan = match rendered.and_then(|plan| if missed.is_empty() { Ok(plan) } else { Err(missed) }) {
            Ok(plan) => plan,
            Err(errors) => {
                self.diagnostics.extend(errors);
                Diagnostic::sort(&mut self.diagnostics, &current.inputs.loaded.sources);
                return Ok(Rebuilt::Failed);
            }
        };
        self.timings.lap("render");
        let all = jobs.len() == every.len();
        // The last good output is taken, not copied (it is replaced below either way): a partial
        // render updates it in place, a full one starts afresh and drops what was not rendered.
        let mut previous = self.good.take().map(|g| g.files).unwrap_or_default();
        let mut changed = Vec::new();
        let files = if all {
            let mut files = BTreeMap::new();
            for (path, bytes) in plan.files {
                if previous.get(&path).is_none_or(|old| **old != *bytes) {
                    changed.push(path.clone());
                }
                files.insert(path, Arc::from(bytes));
            }
            changed.extend(previous.into_keys().filter(|p| !files.contains_key(p)));
            files
        } else {
            for (path, bytes) in plan.files {
                let bytes: Arc<[u8]> = Arc::from(bytes);
                if previous.get(&path).is_none_or(|old| *old != bytes) {
                    changed.push(path.clone());
                }
                previous.insert(path, bytes);
            }
            previous
        };
        changed.sort();
        self.good = Some(Good { site: Arc::clone(&current.site), hashes, global, files });
        self.timings.lap("merge");
        Ok(Rebuilt::Rendered { changed, jobs: jobs.len(), full: full || all })
    }

    /// Read and validate everything.
    fn read_everything(&mut self) -> Result<(), IoError> {
        let inputs = read_inputs(&self.root, &mut self.timings)?;
        let validated = validate_all(&inputs, self.options.today);
        self.timings.lap("validate");
        let static_files = load_static(&self.root)?;
        let index = inputs.loaded.content.iter().enumerate().map(|(i, c)| (c.path.clone(), i)).collect();
        let (site, linked) = link_validated(&self.root, &inputs, &validated)?;
        self.timings.lap("link");
        let hashes = inputs
            .loaded
            .content
            .par_iter()
            .map(|c| (c.path.clone(), blake3::hash(inputs.loaded.sources.file(c.file).text.as_bytes())))
            .collect();
        let inputs_hash = inputs_hash(&inputs, &static_files);
        let site = Arc::new(site);
        let current =
            Current { inputs, validated, linked, site, static_files, images: None, index, hashes, inputs_hash };
        self.diagnostics = all_diagnostics(&current);
        self.current = Some(current);
        Ok(())
    }

    /// Validate the content files at `changed` (index and text before the change) again and
    /// link — unless every changed file is a page whose surface stayed the same and the link
    /// stage had nothing to say about it, in which case the site keeps its indexes and only the
    /// documents are swapped.
    fn revalidate(&mut self, changed: &[(usize, String)]) -> Result<(), IoError> {
        let Some(current) = self.current.as_mut() else { return self.read_everything() };
        let today = self.options.today;
        let inputs = &current.inputs;
        let loaded = &inputs.loaded;
        let fresh: Vec<(usize, Validated)> =
            changed.par_iter().map(|(i, _)| (*i, crate::pipeline::validate_one(inputs, *i, today))).collect();
        self.timings.lap("validate");
        let mut swapped = Some(Arc::clone(&current.site));
        for ((i, old_text), (_, (new, _))) in changed.iter().zip(&fresh) {
            let file = loaded.content[*i].file;
            let quiet =
                !current.linked.iter().any(|d| d.primary.iter().chain(&d.secondary).any(|l| l.span.file == file));
            let same = match (&current.validated[*i].0, new, swapped.as_ref()) {
                (Some(old), Some(new), Some(site)) if quiet => {
                    let before = surface(old, site, old_text);
                    before.is_some() && before == surface(new, site, &loaded.sources.file(file).text)
                }
                _ => false,
            };
            swapped = match (same, swapped, new, site_id(&current.site, &loaded.content[*i].path)) {
                (true, Some(site), Some(new), Some(id)) => Some(Arc::new(site.with_document(id, Arc::clone(new)))),
                _ => None,
            };
        }
        for (i, v) in fresh {
            current.validated[i] = v;
        }
        match swapped {
            Some(site) => current.site = site,
            None => {
                let (site, linked) = link_validated(&self.root, &current.inputs, &current.validated)?;
                current.site = Arc::new(site);
                current.linked = linked;
            }
        }
        self.diagnostics = all_diagnostics(current);
        self.timings.lap("link");
        Ok(())
    }
}

/// The document id of the page at content path `path`.
fn site_id(site: &SiteModel, path: &str) -> Option<DocId> {
    site.pages.get(path).copied()
}

/// Every diagnostic of the current state, sorted.
fn all_diagnostics(current: &Current) -> Vec<Diagnostic> {
    let mut diagnostics: Vec<Diagnostic> = current.inputs.diagnostics.clone();
    diagnostics.extend(current.validated.iter().flat_map(|(_, d)| d.iter().cloned()));
    diagnostics.extend(current.linked.iter().cloned());
    Diagnostic::sort(&mut diagnostics, &current.inputs.loaded.sources);
    diagnostics.dedup();
    diagnostics
}

/// Re-read the changed content files in place. `Some(index and previous text of each file whose
/// text changed)` when only known content files changed; `None` when anything else did (the
/// caller reads everything).
fn refresh(root: &Path, current: &mut Current, paths: &[PathBuf]) -> Result<Option<Vec<(usize, String)>>, IoError> {
    let content = root.join(shoko_vocab::layout::CONTENT_DIR);
    let mut changed = BTreeMap::new();
    for path in paths {
        // Absolute and without `.` parts; a path that does not fall under the (canonical) root
        // even so is treated as a change to something else, which rebuilds everything.
        let path = std::path::absolute(path).map_err(|e| IoError::new("resolve", path, e))?;
        let Ok(rel) = path.strip_prefix(&content) else { return Ok(None) };
        let rel = rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
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
                if old != text {
                    changed.entry(i).or_insert_with(|| old.clone());
                    current.inputs.loaded.sources.replace(file, text);
                    current.hashes.insert(rel, blake3::hash(text.as_bytes()));
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

/// Whether the folder `rel` (relative to `content/`) holds files of the last read.
fn holds_known_files(current: &Current, rel: &str) -> bool {
    let prefix = format!("{rel}/");
    current.inputs.loaded.files.range(prefix.clone()..).next().is_some_and(|f| f.starts_with(&prefix))
}

/// Hash of the inputs other than content: templates, strings, config, static files.
fn inputs_hash(inputs: &Inputs, static_files: &[(String, Vec<u8>)]) -> blake3::Hash {
    let mut h = blake3::Hasher::new();
    let content: BTreeSet<_> = inputs.loaded.content.iter().map(|c| c.file).collect();
    for (id, file) in inputs.loaded.sources.files() {
        if !content.contains(&id) {
            h.update(file.path.as_bytes()).update(&[0]).update(file.text.as_bytes()).update(&[0]);
        }
    }
    for (path, bytes) in static_files {
        h.update(path.as_bytes()).update(&[0]).update(bytes).update(&[0]);
    }
    h.finalize()
}

/// `inputs` combined with the processed images.
fn images_hash(inputs: blake3::Hash, images: &Images) -> blake3::Hash {
    let mut h = blake3::Hasher::new();
    h.update(inputs.as_bytes());
    for (path, bytes) in &images.files {
        h.update(path.as_bytes()).update(&[0]).update(bytes).update(&[0]);
    }
    h.finalize()
}
