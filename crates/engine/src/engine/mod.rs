//! The engine: the one path from a site root to its output, for `check`, `build` and `serve`
//! alike. An [`Engine`] keeps everything of its last run: the files (with stable file ids; a
//! content file's text only until it is validated, unless a diagnostic points into it, see
//! [`texts`]), each file's validation, the linked
//! site, the compiled templates, the processed images and what the last good render was made
//! from. A first run, or a change it cannot narrow down, reads
//! and renders everything; when only content files changed it re-reads just those, re-validates
//! just those documents, links again, and re-renders only the jobs that
//! [`shoko_render::affected_jobs`] names. Anything else (templates, strings, configuration,
//! static files, images, files added or removed) renders everything.
//!
//! Rendering streams into an [`Output`]: every job at once (`Mode::Replace`, a new version of
//! the whole output, written in chunks while the next chunk renders, so memory stays bounded)
//! or the affected jobs only (`Mode::Patch`, for outputs that keep the last version, such as
//! `serve`'s memory). The output changes only when a render succeeds, so a broken edit keeps
//! the last good pages, and the next good one is compared with them.
//!
//! Reading lives in [`read`], streaming into the output in [`stream`].
//!
//! Between runs of `build` the state is kept on disk ([`persist`]): a resumed engine starts
//! from it, reads only the content files whose state changed, and leaves the texts of the
//! others unread until a render or a diagnostic needs them.

mod persist;
mod read;
mod same_day;
mod stream;
mod texts;
mod upstream;

pub use persist::cache_dir;

use crate::IoError;
use crate::images::Images;
use crate::output::{Mode, Output};
pub(crate) use crate::pipeline::Validated;
use crate::pipeline::{BuildOptions, Inputs, Timings, image_source, load_static, validation_options};
use rayon::prelude::*;
use read::refresh;
use shoko_diagnostics::{Diagnostic, FileId, Severity, SourceMap};
use shoko_history::{History, Unavailable};
use shoko_model::pairs::HistoryState;
use shoko_model::{DocId, SiteModel};
use shoko_render::{Job, RenderInput, affected_jobs};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use stream::{Streamed, stream};
use texts::{Unread, Withheld, read_texts};

/// The git history of the content, or why it could not be read.
type ReadHistory = Result<Arc<History>, Unavailable>;

/// What changed since the last run.
#[derive(Debug, Clone)]
pub enum Change {
    /// Unknown, or a first run: read everything.
    Everything,
    /// These paths (absolute, or relative to the working folder) were created, changed or removed.
    Paths(Vec<PathBuf>),
}

/// The result of one run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rebuilt {
    /// New output.
    Rendered {
        /// Output paths written by this run (every file of the site when `full`).
        written: Vec<String>,
        /// How many render jobs ran.
        jobs: usize,
        /// Whether everything was rendered again.
        full: bool,
    },
    /// Errors: the output stays as it was; see [`Engine::diagnostics`].
    Failed,
}

/// Everything read and computed by the last run.
struct Current {
    inputs: Inputs,
    validated: Vec<Validated>,
    /// Diagnostics of the link stage and the images.
    linked: Vec<Diagnostic>,
    /// The files of the drafts left out of the site: what is found in them does not stop a
    /// build (see `pipeline::Linked`).
    drafts: BTreeSet<FileId>,
    site: Arc<SiteModel>,
    /// The static files (path, bytes), read at the first render.
    statics: Option<Vec<(String, Vec<u8>)>>,
    images: Option<Arc<Images>>,
    /// The structure of the site `images` were last found right for: a site of the same
    /// structure shows the same images (they are part of each page's surface).
    images_for: Option<shoko_model::Structure>,
    /// Content path → index in `inputs.loaded.content`.
    index: BTreeMap<String, usize>,
    /// Content files (paths) re-read with a changed text since the last good render.
    dirty: BTreeSet<String>,
    /// Content files whose text is not held (a resumed engine's, or dropped once validated or
    /// rendered: see [`texts`]): an empty text stands in for it until [`read_texts`] puts it in.
    unread: Unread,
    /// For each chunk of `validated` (see [`persist`]), the hash under which the cache it was
    /// read from or saved to holds it, while it is unchanged.
    chunks: Vec<Option<persist::ChunkHash>>,
}

/// What the last good render was made from.
struct Good {
    site: Arc<SiteModel>,
    /// The drafts it left out: a draft published or a page made one changes the site's set of
    /// documents, which only a whole render follows.
    drafts: BTreeSet<FileId>,
    /// Hash of everything but the content the render read: templates, strings, config, static files, images.
    global: blake3::Hash,
    /// The version of the output it was committed to.
    output: u64,
}

/// The builder of one site root.
pub struct Engine {
    root: PathBuf,
    options: BuildOptions,
    current: Option<Current>,
    good: Option<Good>,
    diagnostics: Vec<Diagnostic>,
    timings: Timings,
    /// Stages of [`Engine::resume`], shown with the next run's.
    carried: Vec<(&'static str, std::time::Duration)>,
    /// The git history last read, under the `HEAD` it was read at.
    history: Option<(Option<String>, ReadHistory)>,
    /// Sources verified against clones before, by what they cite and the compared commit.
    memo: shoko_upstream::Memo,
    /// What the last run did not verify of the sources, in one line.
    sources_note: Option<String>,
    /// The structure of the site whose sources were last verified with no clone to read.
    verified: Option<shoko_model::Structure>,
    /// Each search index's last build (Japanese, English), so that a rebuild reads again only
    /// the pages rendered again and rewrites only the files that changed (kept while the engine
    /// lives, and in the cache between builds; a one-off build drops each once it is in the
    /// cache, see [`Engine::save_search_early`]).
    search_memos: [shoko_search::Memo; 2],
    /// Each search index's last build as a resumed engine found it in the cache, while it is not
    /// read: its memo is empty until an update of that index needs it (an edit of one language
    /// reads, and saves, only that language's).
    search_saved: [Option<persist::SavedMemo>; 2],
    /// For a one-off build: the cache folder each search index's new build is written into as
    /// soon as it is made, and dropped from memory (see [`Engine::save_search_early`]).
    spill: Option<PathBuf>,
    /// The search builds the last render wrote into the cache, by the position of their memo,
    /// for [`Engine::save`] to list (or why one could not be written).
    spilled: [Option<Result<persist::Spilled, IoError>>; 2],
    /// The site's shape (each document's folders, the pages' folder tree) as the last render
    /// worked it out: a rebuild that did not link the site again takes it as it is.
    shape: shoko_render::ShapeMemo,
}

impl Engine {
    /// An engine for the site under `root`; nothing is read until it runs.
    pub fn new(root: &Path, options: BuildOptions) -> Self {
        let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        Engine {
            root,
            options,
            current: None,
            good: None,
            diagnostics: Vec::new(),
            timings: Timings::default(),
            carried: Vec::new(),
            history: None,
            memo: shoko_upstream::Memo::default(),
            sources_note: None,
            verified: None,
            search_memos: Default::default(),
            search_saved: [None, None],
            spill: None,
            spilled: [None, None],
            shape: Default::default(),
        }
    }

    /// For a one-off build that then saves into `cache` ([`Engine::save`]): in a whole render,
    /// write each search index's build there as soon as it is made and drop it from memory,
    /// instead of holding it to the end of the render (at 10,000 pages per language, some 70 MiB
    /// of the peak). The next build of this engine builds the indexes whole; `serve` keeps them.
    /// An update of the indexes (a patch) keeps them to the save: they are small beside the
    /// render then, and dropping them there cost a one-page edit some 20 ms at 10,000 pages.
    pub fn save_search_early(&mut self, cache: &Path) {
        self.spill = Some(cache.to_path_buf());
    }

    /// The diagnostics of the last run, sorted.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Every file of the last run, with the texts the diagnostics point into (the other content
    /// files' texts are dropped once validated: see [`Engine::hold_texts`]).
    pub fn sources(&self) -> Option<&SourceMap> {
        self.current.as_ref().map(|c| &c.inputs.loaded.sources)
    }

    /// Read the texts of content `files` into [`Engine::sources`], where they are not held. Each
    /// must be the text validated: a file changed since is an error ("run again").
    pub fn hold_texts(&mut self, files: &[FileId]) -> Result<(), IoError> {
        match self.current.as_mut() {
            Some(current) => read_texts(current, files),
            None => Ok(()),
        }
    }

    /// The site configuration of the last run.
    pub fn config(&self) -> Option<&shoko_model::config::Config> {
        self.current.as_ref().map(|c| &c.inputs.config)
    }

    /// The linked site of the last run.
    pub fn site(&self) -> Option<&SiteModel> {
        self.current.as_ref().map(|c| c.site.as_ref())
    }

    /// Every file the content walk found, relative to `content/`.
    pub fn content_files(&self) -> Option<&BTreeSet<String>> {
        self.current.as_ref().map(|c| &c.inputs.loaded.files)
    }

    /// How long each stage of the last run took.
    pub fn timings(&self) -> &Timings {
        &self.timings
    }

    /// Whether any diagnostic of the last run is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.severity() == Severity::Error)
    }

    /// The drafts the last run left out of the site, in one line (none when drafts are built).
    pub fn drafts_note(&self) -> Option<String> {
        let current = self.current.as_ref()?;
        let sources = &current.inputs.loaded.sources;
        let paths: Vec<&str> = current.drafts.iter().map(|f| sources.file(*f).path.as_str()).collect();
        let n = paths.len();
        (n > 0).then(|| {
            let s = if n == 1 { "" } else { "s" };
            format!("{n} draft{s} left out of the site (--drafts builds them): {}", paths.join(", "))
        })
    }

    /// The outcome of the last run, for one-off runs (`check`, `build`).
    pub fn into_checked(self) -> crate::Checked {
        let history_notes = self.history_notes();
        let sources_note = self.sources_note.clone();
        let drafts_note = self.drafts_note();
        let (sources, site) = match self.current {
            Some(current) => (current.inputs.loaded.sources, Arc::unwrap_or_clone(current.site)),
            None => (SourceMap::new(), SiteModel::default()),
        };
        crate::Checked {
            sources,
            site,
            diagnostics: self.diagnostics,
            timings: self.timings,
            history_notes,
            sources_note,
            drafts_note,
        }
    }

    /// Read, validate and link what `change` touched, without rendering (`pin` reads the
    /// sources so; `check` renders too, into [`crate::NoOutput`], to find all `build` finds).
    pub fn validate(&mut self, change: &Change) -> Result<(), IoError> {
        self.timings = Timings::start_after(std::mem::take(&mut self.carried));
        self.update(change).map(|_| ())
    }

    /// Bring `output` up to date with `change`. Failed (errors) leaves it as it was.
    pub fn rebuild(&mut self, change: &Change, output: &mut dyn Output) -> Result<Rebuilt, IoError> {
        self.timings = Timings::start_after(std::mem::take(&mut self.carried));
        let full = self.update(change)?;
        let has_errors = self.has_errors();
        let Some(current) = self.current.as_mut() else { return Ok(Rebuilt::Failed) };
        if has_errors || current.inputs.templates.is_none() || current.inputs.ui.is_none() {
            return Ok(Rebuilt::Failed);
        }
        let images = statics_and_images(&self.root, current)?;
        self.timings.lap("static, images");
        if !images.diagnostics.is_empty() {
            report(&mut self.diagnostics, current, images.diagnostics.iter().cloned())?;
            return Ok(Rebuilt::Failed);
        }
        // What the render is made from besides the content, only for an output that can be
        // patched next time (for any other, hashing static files and images would be work for
        // nothing).
        let global = output.patch_limit().map(|_| {
            let statics = current.statics.as_deref().unwrap_or_default();
            images_hash(inputs_hash(&current.inputs, statics), &images)
        });
        let patch = self
            .good
            .as_ref()
            .filter(|good| !full && global.as_ref() == Some(&good.global) && good.drafts == current.drafts);
        let (jobs, all) = choose_jobs(patch, current, output);
        let withheld = texts_for(current, &jobs, all, &self.diagnostics)?;
        self.timings.lap("choose the jobs");
        let (Some(static_files), Some(templates), Some(ui)) =
            (&current.statics, &current.inputs.templates, &current.inputs.ui)
        else {
            if let Some(withheld) = withheld {
                withheld.finish(current);
            }
            return Ok(Rebuilt::Failed);
        };
        let schema_json = serde_json::to_string_pretty(&shoko_model::schema::json_schema()).unwrap_or_default();
        let mode = if all { Mode::Replace } else { Mode::Patch };
        if persist::read_search_memos(&mut self.search_saved, &self.search_memos, &jobs, all) {
            self.timings.lap("read the search memos");
        }
        let edit = current.inputs.config.edit.as_ref();
        let content_at = edit.map(|links| (links, crate::pipeline::content_in_repository(&self.root)));
        let input = RenderInput {
            site: &current.site,
            sources: &current.inputs.loaded.sources,
            templates,
            ui,
            static_files,
            images: &images.info,
            media: &images.files,
            schema_json: &schema_json,
            search_memos: &self.search_memos,
            shape: &self.shape,
            // A patch goes to the output this engine committed last, which holds the files of
            // the search memos' last committed builds.
            search_patch: (mode == Mode::Patch).then_some(jobs.as_slice()),
            base_url: self.options.base_url.as_deref().or(current.inputs.config.base_url.as_deref()),
            feed_id: current.inputs.config.feed_id.as_deref(),
            base_path: Some(self.options.base_path.as_deref().unwrap_or(&current.inputs.config.base_path))
                .filter(|base| self.options.served || *base != "/"),
            sources_at: content_at.as_ref().map(|(links, content)| shoko_render::SourcesAt { links, content }),
        };
        let clean = self.diagnostics.is_empty();
        // Only a whole render's indexes spill, and only when a save will write the state (see
        // `Engine::save_search_early`).
        let spill = self.spill.as_deref().filter(|_| all && persist::sound(current));
        let streamed = stream(&input, &jobs, output, mode, clean, withheld.as_ref(), spill);
        if let Some(withheld) = withheld {
            withheld.finish(current);
        }
        // The search memos keep a build only when the output took its files.
        let committed = matches!(&streamed, Ok(s) if s.errors.is_empty());
        for memo in &self.search_memos {
            if committed { memo.commit() } else { memo.discard() }
        }
        let Streamed { written, errors, search_took: search, spilled } = streamed?;
        if let Some(cache) = spill {
            keep_spilled(&mut self.spilled, spilled, cache, committed);
        }
        self.timings.lap("render, write, record");
        if let Some(took) = search {
            took.record(&mut self.timings, all);
        }
        if !errors.is_empty() {
            report(&mut self.diagnostics, current, errors)?;
            return Ok(Rebuilt::Failed);
        }
        // Only an output that keeps its version can be patched next time; for any other the
        // record of this render would only cost memory.
        self.good = output.version().zip(global).map(|(output, global)| Good {
            site: Arc::clone(&current.site),
            drafts: current.drafts.clone(),
            global,
            output,
        });
        current.dirty.clear();
        Ok(Rebuilt::Rendered { written, jobs: jobs.len(), full: full || all })
    }

    /// Read what `change` touched (everything when it cannot be narrowed down) and validate and
    /// link it; whether everything was read.
    fn update(&mut self, change: &Change) -> Result<bool, IoError> {
        let result = self.update_or_fail(change);
        if result.is_err() {
            // Part of what was read is in the state, part not: the next run reads everything.
            self.current = None;
        }
        result
    }

    fn update_or_fail(&mut self, change: &Change) -> Result<bool, IoError> {
        // The history is read (when HEAD moved) on a thread of its own while the content is
        // read, validated and linked: it needs nothing of theirs.
        let (read, history) = std::thread::scope(|scope| {
            let reader = self.options.history.then(|| {
                let root = self.root.clone();
                let known = self.history.as_ref().map(|(head, history)| (head.clone(), history.as_ref().ok().cloned()));
                scope.spawn(move || {
                    let head = shoko_history::head(&root);
                    // No commit and no version of a file is read past the configuration's limit.
                    let limit = match crate::pipeline::max_file_bytes(&root) {
                        Ok(limit) => limit,
                        Err(e) => return Some((head, Err(Unavailable::Unreadable(e.to_string())))),
                    };
                    let read = match known {
                        // A read that failed (a shallow clone since deepened) is tried again.
                        Some((known, Some(last))) if known == head && last.limit() == limit => return None,
                        // Only the commits since the last walk (all again under another limit).
                        Some((_, Some(last))) => last.update(&root, limit),
                        _ => History::read(&root, limit),
                    };
                    Some((head, read.map(Arc::new)))
                })
            });
            let read = self.read_or_revalidate(change);
            (read, reader.and_then(|r| r.join().ok()).flatten())
        });
        if let Some(history) = history {
            self.history = Some(history);
        }
        let full = read?;
        self.drift()?;
        self.verify_sources()?;
        Ok(full)
    }

    /// Read what `change` touched (everything when it cannot be narrowed down), validate and
    /// link; whether everything was read.
    fn read_or_revalidate(&mut self, change: &Change) -> Result<bool, IoError> {
        let refreshed = match (change, self.current.as_mut()) {
            (Change::Paths(paths), Some(current)) => refresh(&self.root, current, paths)?,
            _ => None,
        };
        let full = refreshed.is_none();
        match refreshed {
            Some(changed) => self.revalidate(&changed)?,
            None => self.read_everything()?,
        }
        Ok(full)
    }

    /// What translation drift was not checked for, one line each: the whole site when history
    /// is wanted but cannot be read, else each file history could not check.
    pub fn history_notes(&self) -> Vec<String> {
        if let Some(why) = self.history_unavailable() {
            return vec![format!("translation drift not checked and no page shows when it last changed: {why}")];
        }
        let Some(current) = self.current.as_ref() else { return Vec::new() };
        let site = &current.site;
        let mut notes: Vec<String> = site
            .drift_unchecked()
            .iter()
            .map(|(id, why)| {
                let path = shoko_vocab::ContentPath(&site.doc(*id).path);
                format!("translation drift not checked for {path}: {why}")
            })
            .collect();
        let unknown: Vec<String> = site
            .changes()
            .iter()
            .filter(|(_, change)| !matches!(change, shoko_model::FileChange::Committed(_)))
            .map(|(id, _)| shoko_vocab::ContentPath(&site.doc(*id).path).to_string())
            .collect();
        if let Some(first) = unknown.first() {
            let more = match unknown.len() {
                1 => String::new(),
                n => format!(" and {} more", n - 1),
            };
            notes.push(format!(
                "no page made of these files shows a last-change day, as they are not committed as they are: {first}{more}"
            ));
        }
        notes
    }

    /// Why translation drift is not reported, when history is wanted but cannot be read.
    pub fn history_unavailable(&self) -> Option<&Unavailable> {
        self.history.as_ref().and_then(|(_, h)| h.as_ref().err())
    }

    /// Report the sides of language pairs that are behind (see `shoko-history`) and set them on
    /// the site.
    fn drift(&mut self) -> Result<(), IoError> {
        let Some(current) = self.current.as_mut() else { return Ok(()) };
        let history = match self.history.as_ref().filter(|_| self.options.history) {
            Some((_, Ok(history))) => history,
            not_read => {
                let why = match not_read {
                    Some((_, Err(Unavailable::NoRepository))) => HistoryState::NoRepository,
                    Some((_, Err(Unavailable::Shallow))) => HistoryState::Shallow,
                    Some((_, Err(Unavailable::Unreadable(_)))) => HistoryState::Unreadable,
                    _ => HistoryState::Off,
                };
                if current.site.history() != why {
                    current.site = Arc::new(current.site.with_drift(Err(why)));
                }
                if !current.site.changes().is_empty() {
                    current.site = Arc::new(current.site.with_changes(BTreeMap::new()));
                }
                // Without history, a look on the day of a premise's change is not known to
                // come after it.
                if !current.site.looked_after().is_empty() {
                    current.site = Arc::new(current.site.with_looked_after(BTreeSet::new()));
                }
                let reviews = shoko_model::review::diagnostics(&current.site, shoko_model::review::Known::WithHistory);
                return report(&mut self.diagnostics, current, reviews);
            }
        };
        let looked_after =
            same_day::looked_after(&self.root, &current.site, &current.inputs, self.options.today, history.limit());
        if *current.site.looked_after() != looked_after {
            current.site = Arc::new(current.site.with_looked_after(looked_after));
        }
        let changes: BTreeMap<DocId, shoko_model::FileChange> = current
            .site
            .docs()
            .iter()
            .enumerate()
            .map(|(i, doc)| (DocId(i), history.last_change(&doc.path, doc.source_id.as_deref())))
            .collect();
        if *current.site.changes() != changes {
            current.site = Arc::new(current.site.with_changes(changes));
        }
        let docs = current.site.docs();
        let found: Vec<(DocId, Result<Vec<shoko_model::pairs::Drift>, String>)> = docs
            .par_iter()
            .enumerate()
            .map(|(i, doc)| (DocId(i), history.drift(&doc.path, &doc.pairs, doc.source_id.as_deref())))
            .filter(|(_, drift)| drift.as_ref().is_ok_and(|d| !d.is_empty()) || drift.is_err())
            .collect();
        let mut said = shoko_model::pairs::DriftReport::default();
        for (id, drift) in found {
            match drift {
                Ok(behind) => {
                    said.behind.insert(id, behind);
                }
                Err(why) => {
                    said.unchecked.insert(id, why);
                }
            }
        }
        let behind = &said.behind;
        let found: Vec<Diagnostic> = behind
            .iter()
            .flat_map(|(id, drift)| {
                let file = docs[id.0].file;
                drift.iter().map(move |d| {
                    let span = shoko_diagnostics::Span::new(file, d.span.clone());
                    shoko_model::rules::i18n_translation_drift::diagnostic(span, d)
                })
            })
            .collect();
        if !current.site.drift_checked()
            || current.site.drift() != behind
            || *current.site.drift_unchecked() != said.unchecked
        {
            current.site = Arc::new(current.site.with_drift(Ok(said)));
        }
        let reviews = shoko_model::review::diagnostics(&current.site, shoko_model::review::Known::WithHistory);
        report(&mut self.diagnostics, current, found.into_iter().chain(reviews))?;
        self.timings.lap("history");
        Ok(())
    }

    /// The options content is validated with (see `pipeline::validation_options`): the history
    /// is readable when the last read of it succeeded, or, before the first (read beside the
    /// content), when the site is in a repository. So an edit under `serve` asks the file system
    /// nothing; a site that becomes a repository gets its ids once its history is read.
    fn validation_options(&self) -> BuildOptions {
        let readable = self.options.history
            && match &self.history {
                Some((_, history)) => history.is_ok(),
                None => shoko_history::RefPlaces::of(&self.root).is_some(),
            };
        validation_options(&self.options, readable)
    }
}

/// The texts of the pages `jobs` render: a full render (`all`) takes them from the state, to
/// hand each chunk its pages' texts and drop them after (see `texts`); a patch reads the few it
/// needs now.
fn texts_for(
    current: &mut Current,
    jobs: &[Job],
    all: bool,
    shown: &[Diagnostic],
) -> Result<Option<Withheld>, IoError> {
    let pages: Vec<FileId> = jobs
        .iter()
        .filter_map(|job| match job {
            Job::Page(doc) => Some(current.site.doc(*doc).file),
            _ => None,
        })
        .collect();
    if all {
        return Ok(Some(Withheld::take(current, &pages, shown)));
    }
    read_texts(current, &pages)?;
    Ok(None)
}

/// The search builds a render wrote into the cache (`spilled`, by the position of their memo)
/// in place of those `kept` held: what an earlier render wrote is removed when this one's is
/// kept (no state lists those files), and this one's when it is not (`committed`).
fn keep_spilled(
    kept: &mut [Option<Result<persist::Spilled, IoError>>; 2],
    spilled: [Option<Result<persist::Spilled, IoError>>; 2],
    cache: &Path,
    committed: bool,
) {
    for (slot, new) in kept.iter_mut().zip(spilled) {
        if new.is_none() {
            continue;
        }
        let hash = |s: &Option<Result<persist::Spilled, IoError>>| s.as_ref()?.as_ref().ok().map(|s| s.hash);
        let same = hash(slot) == hash(&new);
        let gone = if committed { std::mem::replace(slot, new) } else { new };
        if !same {
            persist::unspill(cache, [gone.and_then(Result::ok)]);
        }
    }
}

/// The static files, read at the first render, and the images of the current site: those
/// processed last while the site shows the same ones, else processed again (kept unless they
/// have diagnostics).
fn statics_and_images(root: &Path, current: &mut Current) -> Result<Arc<Images>, IoError> {
    if current.statics.is_none() {
        current.statics = Some(load_static(root, &current.inputs.statics, current.inputs.config.max_file_bytes)?);
    }
    let source = image_source(root, &current.inputs);
    let images = match &current.images {
        Some(images) if current.images_for.as_ref() == Some(&current.site.structure()) => Arc::clone(images),
        Some(images) if images.info.keys().eq(crate::images::used_paths(source, &current.site).iter()) => {
            Arc::clone(images)
        }
        _ => Arc::new(crate::images::process(source, &current.site)?),
    };
    if images.diagnostics.is_empty() {
        current.images = Some(Arc::clone(&images));
        current.images_for = Some(current.site.structure());
    }
    Ok(images)
}

/// The jobs to render, and whether they are all of them: those of a patch of `patch`'s output
/// when it may be patched (see [`patch_jobs`]), else every job.
fn choose_jobs(patch: Option<&Good>, current: &Current, output: &dyn Output) -> (Vec<Job>, bool) {
    let every = Job::all(&current.site);
    let jobs = patch.and_then(|good| patch_jobs(good, current, output)).unwrap_or_else(|| every.clone());
    let all = jobs.len() == every.len();
    (jobs, all)
}

/// The jobs of a patch of the output `good` was committed to, made from the same inputs but
/// the content: those the changed documents affect, when they are few enough to patch and the
/// output still holds that version; else `None` (render everything).
fn patch_jobs(good: &Good, current: &Current, output: &dyn Output) -> Option<Vec<Job>> {
    // Found by path among the documents, which are sorted by it (not by reading every
    // document's path: at 10k pages that pass was a tenth of a one-page edit).
    let docs = current.site.docs();
    let changed: BTreeSet<DocId> = current
        .dirty
        .iter()
        .filter_map(|path| docs.binary_search_by(|d| d.path.as_str().cmp(path)).ok())
        .map(DocId)
        .collect();
    let jobs = affected_jobs(&good.site, &current.site, &changed);
    // The output's version last: checking a folder on disk against its record is work for
    // nothing when the change is too large to patch anyway.
    let small = output.patch_limit().is_some_and(|limit| jobs.len() <= limit);
    (small && output.version() == Some(good.output)).then_some(jobs)
}

/// `mutex` locked, even after a panic elsewhere (what it guards stays whole).
fn lock<T: ?Sized>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Every diagnostic of the current state, sorted, with the texts they point into (see
/// [`report`]).
fn all_diagnostics(current: &mut Current) -> Result<Vec<Diagnostic>, IoError> {
    let files: Vec<FileId> =
        current.validated.iter().flat_map(|(_, d)| d).chain(&current.linked).flat_map(Diagnostic::files).collect();
    read_texts(current, &files)?;
    Ok(held_diagnostics(current))
}

/// [`all_diagnostics`] for a state whose texts the caller has read (a resumed engine leaves the
/// files that changed unread).
fn held_diagnostics(current: &Current) -> Vec<Diagnostic> {
    let mut diagnostics: Vec<Diagnostic> = current.inputs.diagnostics.clone();
    diagnostics.extend(current.validated.iter().flat_map(|(_, d)| d.iter().cloned()));
    diagnostics.extend(current.linked.iter().cloned());
    for d in &mut diagnostics {
        if d.files().any(|f| current.drafts.contains(&f)) {
            d.draft = Some(shoko_diagnostics::Draft::Inside);
        }
    }
    Diagnostic::sort(&mut diagnostics, &current.inputs.loaded.sources);
    diagnostics.dedup();
    diagnostics
}

/// Add `found` to the sorted `diagnostics`, each to be shown at its line and column: the texts
/// of the files they point into are read first where they are not held (a text is dropped once
/// validated: see [`texts`]). Every finding added after validation goes in through here (the
/// validated and linked ones through [`all_diagnostics`]), so none is shown without its text.
fn report(
    diagnostics: &mut Vec<Diagnostic>,
    current: &mut Current,
    found: impl IntoIterator<Item = Diagnostic>,
) -> Result<(), IoError> {
    let found: Vec<Diagnostic> = found.into_iter().collect();
    let files: Vec<FileId> = found.iter().flat_map(Diagnostic::files).collect();
    read_texts(current, &files)?;
    diagnostics.extend(found);
    Diagnostic::sort(diagnostics, &current.inputs.loaded.sources);
    diagnostics.dedup();
    Ok(())
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
