//! The stages of a run as functions the engine ([`crate::Engine`]) calls: read the inputs,
//! validate (in parallel), link; and `check` and `build`, a run of a fresh engine.

use crate::IoError;
use crate::engine::{Change, Engine, Rebuilt};
use crate::inputs::{Entry, Text, entry, read_input};
use crate::load::{ContentFile, Loaded, Read, find, read};
use crate::output::Output;
use rayon::prelude::*;
use shoko_diagnostics::{Diagnostic, Draft, FileId, Severity, SourceFile, SourceMap, Span};
use shoko_model::Document;
use shoko_model::SiteModel;
use shoko_model::config::{Config, parse_config};
use shoko_model::rules::claim_assertive_wording::AssertiveWords;
use shoko_model::rules::{file_symlink, file_too_large, page_missing_home, ref_draft};
use shoko_model::{DocumentInput, link, validate_document};
use shoko_render::i18n::{self, Ui};
use shoko_render::rules::file_generated_path;
use shoko_render::{Templates, compile_templates};
use shoko_vocab::ContentPath;
use shoko_vocab::Lang;
use shoko_vocab::layout::{STATIC_DIR, TEMPLATES_DIR, strings_file};
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

/// Settings of a run.
#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// Today's date, for "not in the future" rules (the clock is read by the CLI only).
    pub today: jiff::civil::Date,
    /// Public URL of the site, for canonical links (all other links stay relative).
    pub base_url: Option<String>,
    /// The sub-path the site is served under, over `shoko.yaml`'s `base_path` (`serve
    /// --base-path`).
    pub base_path: Option<String>,
    /// Whether the output is served under its base path (`serve`): the 404 page, shown at any
    /// address, then links from it even when it is `/`. A build links from it when `shoko.yaml`
    /// names one; otherwise the site may be served anywhere, and its links stay relative.
    pub served: bool,
    /// Whether to read the git history of `content/` for translation drift.
    pub history: bool,
    /// Whether drafts are built as published pages, marked (`serve`, `build --drafts`); else
    /// they are left out, and their errors do not stop the build.
    pub drafts: bool,
}

impl BuildOptions {
    /// A build on `today` with no public URL, no base path of its own, not served and without
    /// history: where tests and tools start from, changing what they need.
    pub fn on(today: jiff::civil::Date) -> Self {
        BuildOptions { today, base_url: None, base_path: None, served: false, history: false, drafts: false }
    }
}

/// The outcome of validation: the model and every diagnostic, sorted by file and position.
#[derive(Debug)]
pub struct Checked {
    /// Every file read, with the texts the diagnostics point into (content files' other texts
    /// are dropped once validated; see the engine's `texts` and `Engine::hold_texts`).
    pub sources: SourceMap,
    /// The linked site (partial when there are errors).
    pub site: SiteModel,
    /// Every diagnostic of the run, sorted.
    pub diagnostics: Vec<Diagnostic>,
    /// How long each stage took, in order.
    pub timings: Timings,
    /// What translation drift was not checked for, one line each (`Engine::history_notes`).
    pub history_notes: Vec<String>,
    /// What was not verified of the sources (no clone, a clone not read), in one line.
    pub sources_note: Option<String>,
    /// The drafts left out of the site, in one line (`Engine::drafts_note`).
    pub drafts_note: Option<String>,
}

/// Wall-clock time of each stage of a run (printed by `build --timings`).
#[derive(Debug, Default, Clone)]
pub struct Timings {
    /// Stage name and its duration, in the order they ran.
    pub stages: Vec<(&'static str, std::time::Duration)>,
    /// The processor time the search indexes took, when they were made (they share the cores
    /// with the pages, so their wall time in `stages` overstates their cost).
    pub search_processor: Option<std::time::Duration>,
    last: Option<std::time::Instant>,
}

impl Timings {
    pub(crate) fn start() -> Self {
        Self::start_after(Vec::new())
    }

    /// Start timing after `stages` that were timed already.
    pub(crate) fn start_after(stages: Vec<(&'static str, std::time::Duration)>) -> Self {
        Timings { stages, search_processor: None, last: Some(std::time::Instant::now()) }
    }

    /// Record `name` as having taken `took`, measured apart (work that ran beside a stage); the
    /// current stage goes on.
    pub(crate) fn beside(&mut self, name: &'static str, took: std::time::Duration) {
        self.stages.push((name, took));
    }

    /// Close the current stage under `name` and start the next.
    pub(crate) fn lap(&mut self, name: &'static str) {
        let now = std::time::Instant::now();
        if let Some(last) = self.last {
            self.stages.push((name, now - last));
        }
        self.last = Some(now);
    }
}

impl Checked {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.severity() == Severity::Error)
    }
}

/// Check the site under `root` as `build` would, writing nothing: validate, link and, when
/// nothing stops it, render into [`crate::NoOutput`], so a template failing on a page is found
/// here too.
pub fn check(root: &Path, options: &BuildOptions) -> Result<Checked, IoError> {
    let mut engine = Engine::new(root, options.clone());
    engine.rebuild(&Change::Everything, &mut crate::output::NoOutput)?;
    Ok(engine.into_checked())
}

/// Everything read from a site root before validation.
pub(crate) struct Inputs {
    /// The content files found and every other file read, with the texts held (see [`Loaded`]).
    pub loaded: Loaded,
    /// The compiled templates, if they compiled.
    pub templates: Option<Templates>,
    /// The UI strings, if they are complete.
    pub ui: Option<Ui>,
    /// The site configuration.
    pub config: Config,
    /// The assertive words claims are checked for (built in, and the configuration's).
    pub assertive: AssertiveWords,
    /// `content/index.md` in the source map (empty) when it does not exist, to be pointed at.
    pub missing_home: Option<FileId>,
    /// The regular files under `static/`, from it (`/` separators), sorted, each in the source
    /// map (empty) to be pointed at.
    pub statics: Vec<(String, FileId)>,
    /// Problems of the files themselves, the templates, strings and configuration.
    pub diagnostics: Vec<Diagnostic>,
}

/// One validated content file: the document, if it could be read, and its diagnostics.
pub(crate) type Validated = (Option<std::sync::Arc<shoko_model::Document>>, Vec<Diagnostic>);

/// Find the content, and read the templates, UI strings and configuration of `root`.
pub(crate) fn read_inputs(root: &Path, timings: &mut Timings) -> Result<Inputs, IoError> {
    read_inputs_with(root, timings, || find(root))
}

/// [`read_inputs`] with the content files found by `content`: found on disk, or put back by a
/// resumed engine (their texts unread either way).
pub(crate) fn read_inputs_with(
    root: &Path,
    timings: &mut Timings,
    content: impl FnOnce() -> Result<Loaded, IoError>,
) -> Result<Inputs, IoError> {
    let mut loaded = content()?;
    timings.lap("load");
    // The size limit of templates and strings comes from the configuration, which is reported
    // (and added to the source map, after them) below.
    let limit = max_file_bytes(root)?;
    let mut diagnostics = std::mem::take(&mut loaded.diagnostics);
    let mut text = |rel: &str, default: &str, diagnostics: &mut Vec<Diagnostic>| {
        add_with_default(root, &mut loaded.sources, rel, default, limit, diagnostics)
    };
    let template_files = DEFAULT_TEMPLATES
        .iter()
        .map(|(name, default)| {
            Ok(((*name).to_owned(), text(&format!("{TEMPLATES_DIR}/{name}"), default, &mut diagnostics)?))
        })
        .collect::<Result<Vec<_>, IoError>>()?;
    let [ja_file, en_file] = Lang::ALL.map(strings_file);
    let ja = text(&ja_file, DEFAULT_JA_FTL, &mut diagnostics)?;
    let en = text(&en_file, DEFAULT_EN_FTL, &mut diagnostics)?;
    let templates = compile_templates(&template_files, &loaded.sources).map_err(|e| diagnostics.extend(e)).ok();
    let ja = ftl_layers(&mut loaded.sources, ja, &ja_file, DEFAULT_JA_FTL);
    let en = ftl_layers(&mut loaded.sources, en, &en_file, DEFAULT_EN_FTL);
    let ui = i18n::load(&ja, &en, &loaded.sources).map_err(|e| diagnostics.extend(e)).ok();
    if let Some(ui) = &ui {
        diagnostics.extend(ui.check_templates(&template_files, &loaded.sources));
    }
    let config = load_config(root, &mut loaded.sources, &mut diagnostics)?;
    let statics = static_paths(root, config.max_file_bytes, &mut loaded.sources, &mut diagnostics)?;
    // Not there at all: a link there, or a file that did not read, is reported as what it is.
    let home = Path::new(shoko_vocab::layout::CONTENT_DIR).join(page_missing_home::HOME);
    let missing_home = (!loaded.files.contains(page_missing_home::HOME) && entry(root, &home)? == Entry::Missing)
        .then(|| loaded.sources.add(ContentPath(page_missing_home::HOME).to_string(), ""));
    timings.lap("templates, strings, config");
    let assertive = AssertiveWords::with(&config.assertive_words);
    Ok(Inputs { loaded, templates, ui, config, assertive, missing_home, statics, diagnostics })
}

/// How the built-in text standing for the site's file `rel` is named in diagnostics.
fn built_in(rel: &str) -> String {
    format!("{rel} (built-in)")
}

/// The files of one language's UI strings, the later over the earlier: a site's own `file`
/// (`read`, when it is the site's) goes over the built-in strings (`default`), so it need hold
/// only the strings it changes.
fn ftl_layers(sources: &mut SourceMap, read: FileId, file: &str, default: &str) -> Vec<FileId> {
    if sources.file(read).path == file { vec![sources.add(built_in(file), default), read] } else { vec![read] }
}

/// `options` as content is validated with: a file's git id (see `validate_source`) is worked
/// out only when the history is wanted and can be read (`readable`). Outside a repository,
/// hashing every file for an id nothing reads was 2.5% of a cold build's instructions.
pub(crate) fn validation_options(options: &BuildOptions, readable: bool) -> BuildOptions {
    BuildOptions { history: options.history && readable, ..options.clone() }
}

/// Validate one content file.
pub(crate) fn validate_one(inputs: &Inputs, index: usize, options: &BuildOptions) -> Validated {
    let c = &inputs.loaded.content[index];
    validate_source(inputs, c, inputs.loaded.sources.file(c.file), options)
}

/// Validate content file `c`, read as `source`.
fn validate_source(inputs: &Inputs, c: &ContentFile, source: &SourceFile, options: &BuildOptions) -> Validated {
    let (doc, diags) = validate_document(&DocumentInput {
        file: c.file,
        source,
        path: &c.path,
        kind: c.kind,
        today: options.today,
        raw_html: inputs.config.raw_html,
        assertive: &inputs.assertive,
    });
    let doc = doc.map(|mut doc| {
        // A file unchanged since it was committed needs no reading of its history: its git id
        // tells (see `shoko_history::History::drift`).
        if options.history {
            doc.source_id = Some(shoko_history::blob_id(source.text.as_bytes()));
        }
        std::sync::Arc::new(doc)
    });
    (doc, diags)
}

/// What validating a content file leaves of its text.
pub(crate) enum Left {
    /// The file, held: its own diagnostics are shown with its lines.
    Held(SourceFile),
    /// The hash of the text validated; the text itself was dropped (see the engine's `texts`).
    Dropped(blake3::Hash),
    /// The file could not be read as text (not UTF-8: the text shown with its diagnostic; too
    /// large: none), so it was not validated.
    Unreadable(SourceFile),
}

/// Read and validate every content file found (as `inputs` lists them), in parallel: each text
/// is read, validated and dropped at once unless the file has diagnostics of its own, so a big
/// site's texts are never all held (at 10,000 pages per language they are 86 MiB). (The files
/// the link stage's findings point into are read again by the engine.)
pub(crate) fn validate_all(inputs: &Inputs, options: &BuildOptions) -> Result<Vec<(Validated, Left)>, IoError> {
    let limit = inputs.config.max_file_bytes;
    inputs
        .loaded
        .content
        .par_iter()
        .map(|c| {
            let display = &inputs.loaded.sources.file(c.file).path;
            Ok(match read(c.file, display, &c.disk, limit)? {
                Read::Text(source) => {
                    let validated = validate_source(inputs, c, &source, options);
                    let left = if validated.1.is_empty() {
                        Left::Dropped(blake3::hash(source.text.as_bytes()))
                    } else {
                        Left::Held(source)
                    };
                    (validated, left)
                }
                Read::Unreadable(source, diagnostic) => ((None, vec![diagnostic]), Left::Unreadable(source)),
            })
        })
        .collect()
}

/// The validated documents linked into the site.
pub(crate) struct Linked {
    /// The site to render: without the drafts unless they are built (`BuildOptions::drafts`).
    pub site: SiteModel,
    /// The site-wide diagnostics and those of the images, unsorted (the documents' own are in
    /// `validated`).
    pub diagnostics: Vec<Diagnostic>,
    /// The files of the drafts left out: a diagnostic pointing into one does not stop the build
    /// (see `Diagnostic::draft`).
    pub drafts: BTreeSet<FileId>,
}

/// Link the validated documents into the site. Drafts left out are linked twice: with the
/// whole site, for their own findings and `ref/draft` (a published document pointing at one),
/// and without them, for the site that is published and the findings about it. A reference
/// `ref/draft` reports is not reported again as a missing page or claim of the published site,
/// and a finding both links make is reported once. While drafts are built, `ref/draft` stops
/// nothing (the preview goes on; a build without `--drafts` refuses it).
pub(crate) fn link_validated(
    root: &Path,
    inputs: &Inputs,
    validated: &[Validated],
    options: &BuildOptions,
) -> Result<Linked, IoError> {
    let loaded = &inputs.loaded;
    let docs: Vec<Arc<Document>> = validated.iter().filter_map(|(d, _)| d.clone()).collect();
    let (published, drafts) = published(&docs, options);
    let (whole, mut linked) = link(docs, &loaded.files);
    let is_draft_ref = |d: &Diagnostic| d.code.name == ref_draft::CODE.name;
    if options.drafts {
        linked.iter_mut().filter(|d| is_draft_ref(d)).for_each(|d| d.draft = Some(Draft::Referenced));
    }
    if drafts.is_empty() {
        linked.extend(site_findings(root, inputs, &whole, None)?);
        return Ok(Linked { site: whole, diagnostics: linked, drafts });
    }
    let (site, mut found) = link(published, &loaded.files);
    let home = whole.pages().get(shoko_vocab::FOLDER_PAGE).map(|d| whole.doc(*d)).filter(|d| d.draft);
    found.extend(site_findings(root, inputs, &site, home.map(|d| d.file))?);
    let touches_draft = |d: &Diagnostic| d.files().any(|f| drafts.contains(&f));
    // Images only drafts show.
    linked.extend(crate::images::probe(image_source(root, inputs), &whole)?.into_iter().filter(touches_draft));
    let drafted: Vec<&Span> =
        linked.iter().filter(|d| is_draft_ref(d)).filter_map(|d| d.primary.as_ref()).map(|l| &l.span).collect();
    found.retain(|d| d.primary.as_ref().is_none_or(|p| !drafted.contains(&&p.span)));
    // The whole site's findings about published files alone are the published site's, found again.
    linked.retain(|d| is_draft_ref(d) || touches_draft(d));
    linked.retain(|d| !found.iter().any(|f| f.code.name == d.code.name && f.primary == d.primary));
    linked.extend(found);
    Ok(Linked { site, diagnostics: linked, drafts })
}

/// What is found about the site `site` besides the link stage: its images, a home page it
/// lacks (none at all, or `draft_home`, a home page left out as a draft), static files at a
/// path it generates.
fn site_findings(
    root: &Path,
    inputs: &Inputs,
    site: &SiteModel,
    draft_home: Option<FileId>,
) -> Result<Vec<Diagnostic>, IoError> {
    let mut found = crate::images::probe(image_source(root, inputs), site)?;
    // Pages without a home to lead to (a site of logs alone is still being started).
    let home = inputs.missing_home.or(draft_home).filter(|_| !site.pages().is_empty());
    found.extend(home.map(|file| page_missing_home::diagnostic(Span::file_start(file))));
    found.extend(inputs.statics.iter().filter_map(|(path, file)| {
        let owner = shoko_render::generated_at(site, path)?;
        Some(file_generated_path::diagnostic(Span::file_start(*file), path, &owner))
    }));
    Ok(found)
}

/// Of `docs`, those the site is made of (all of them when drafts are built), and the files of
/// the drafts left out.
pub(crate) fn published(docs: &[Arc<Document>], options: &BuildOptions) -> (Vec<Arc<Document>>, BTreeSet<FileId>) {
    let left_out = |d: &Document| d.draft && !options.drafts;
    let drafts = docs.iter().filter(|d| left_out(d)).map(|d| d.file).collect();
    (docs.iter().filter(|d| !left_out(d)).cloned().collect(), drafts)
}

/// The content folder's path from the root of the repository holding the site root `root`,
/// ending in `/`: what edit links name files by. Outside a repository (an export of one) the
/// site root is taken for the repository's root; a site in a subfolder built so gets links
/// without the subfolder (README: "Edit links and last change").
pub(crate) fn content_in_repository(root: &Path) -> String {
    shoko_history::content_in_repository(root).unwrap_or_else(|| format!("{}/", shoko_vocab::layout::CONTENT_DIR))
}

/// Where the images of `inputs` are read from.
pub(crate) fn image_source<'a>(root: &'a Path, inputs: &'a Inputs) -> crate::images::Source<'a> {
    crate::images::Source { root, files: &inputs.loaded.files, max_bytes: inputs.config.max_file_bytes }
}

/// The outcome of a build.
#[derive(Debug)]
pub struct BuildReport {
    /// Validation outcome (with render diagnostics added, if rendering failed).
    pub checked: Checked,
    /// The files written (paths relative to the output folder), or `None` if nothing was
    /// written because of errors.
    pub written: Option<Vec<String>>,
}

/// Validate, render and write the site under `root` into `output`: a run of a fresh engine.
pub fn build(root: &Path, output: &mut dyn Output, options: &BuildOptions) -> Result<BuildReport, IoError> {
    let mut engine = Engine::new(root, options.clone());
    let written = match engine.rebuild(&Change::Everything, output)? {
        Rebuilt::Rendered { written, .. } => Some(written),
        Rebuilt::Failed => None,
    };
    Ok(BuildReport { checked: engine.into_checked(), written })
}

/// The default templates, used for any template a site root does not provide itself.
const DEFAULT_TEMPLATES: &[(&str, &str)] = &[
    ("base.html", include_str!("../../../templates/base.html")),
    ("page.html", include_str!("../../../templates/page.html")),
    ("root.html", include_str!("../../../templates/root.html")),
    ("404.html", include_str!("../../../templates/404.html")),
    ("evidence.html", include_str!("../../../templates/evidence.html")),
    ("questions.html", include_str!("../../../templates/questions.html")),
    ("claims.html", include_str!("../../../templates/claims.html")),
    ("changes.html", include_str!("../../../templates/changes.html")),
    ("glossary.html", include_str!("../../../templates/glossary.html")),
    ("translations.html", include_str!("../../../templates/translations.html")),
    ("partials/review.html", include_str!("../../../templates/partials/review.html")),
    ("partials/claim.html", include_str!("../../../templates/partials/claim.html")),
    ("partials/question.html", include_str!("../../../templates/partials/question.html")),
    ("partials/generations.html", include_str!("../../../templates/partials/generations.html")),
    ("partials/can_show.html", include_str!("../../../templates/partials/can_show.html")),
    ("partials/phases.html", include_str!("../../../templates/partials/phases.html")),
    ("partials/claim_table.html", include_str!("../../../templates/partials/claim_table.html")),
    ("partials/timeline.html", include_str!("../../../templates/partials/timeline.html")),
    ("partials/summary.html", include_str!("../../../templates/partials/summary.html")),
    ("partials/cards.html", include_str!("../../../templates/partials/cards.html")),
    ("partials/case_study.html", include_str!("../../../templates/partials/case_study.html")),
    ("partials/pager.html", include_str!("../../../templates/partials/pager.html")),
];

const DEFAULT_JA_FTL: &str = include_str!("../../../i18n/ja.ftl");
const DEFAULT_EN_FTL: &str = include_str!("../../../i18n/en.ftl");

/// The default static files, each used when a site root's `static/` folder does not have it.
const DEFAULT_STATIC: &[(&str, &str)] = &[
    (shoko_render::SITE_CSS, include_str!("../../../static/css/site.css")),
    (shoko_render::SITE_JS, include_str!("../../../static/js/site.js")),
    (shoko_render::SEARCH_JS, include_str!("../../../static/js/search.js")),
    (shoko_render::DECK_JS, include_str!("../../../static/js/deck.js")),
    (shoko_render::THEME_JS, include_str!("../../../static/js/theme.js")),
    (shoko_render::VIEWER_JS, include_str!("../../../static/js/viewer.js")),
    (shoko_render::FAVICON, include_str!("../../../static/favicon.svg")),
];

/// `shoko.yaml` at the site root, if there is one (a link to one is reported and not read).
/// The size limit of `root`'s configuration (`max_file_kib`), read on its own: the history and
/// the inputs besides content need it before the configuration is reported.
pub(crate) fn max_file_bytes(root: &Path) -> Result<u64, IoError> {
    Ok(load_config(root, &mut SourceMap::new(), &mut Vec::new())?.max_file_bytes)
}

fn load_config(root: &Path, sources: &mut SourceMap, diagnostics: &mut Vec<Diagnostic>) -> Result<Config, IoError> {
    let limit = shoko_model::config::DEFAULT_MAX_FILE_BYTES;
    Ok(match read_input(root, crate::CONFIG_FILE, limit)? {
        Text::Read(text) => {
            let file = sources.add(crate::CONFIG_FILE, text);
            let (config, diags) = parse_config(file, sources.file(file));
            diagnostics.extend(diags);
            config
        }
        Text::Missing => Config::default(),
        Text::Link => {
            let file = sources.add(crate::CONFIG_FILE, "");
            diagnostics.push(file_symlink::diagnostic(Span::file_start(file), crate::CONFIG_FILE));
            Config::default()
        }
        Text::TooLarge(size) => {
            let file = sources.add(crate::CONFIG_FILE, "");
            diagnostics.push(file_too_large::diagnostic(Span::file_start(file), size, limit));
            Config::default()
        }
    })
}

/// Read `root/rel` into the source map, or the built-in `default` when the file does not exist
/// or is a symbolic link (reported).
fn add_with_default(
    root: &Path,
    sources: &mut SourceMap,
    rel: &str,
    default: &str,
    limit: u64,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<FileId, IoError> {
    Ok(match read_input(root, rel, limit)? {
        Text::Read(text) => sources.add(rel, text),
        Text::Missing => sources.add(built_in(rel), default),
        Text::Link => {
            let file = sources.add(rel, "");
            diagnostics.push(file_symlink::diagnostic(Span::file_start(file), rel));
            sources.add(built_in(rel), default)
        }
        Text::TooLarge(size) => {
            let file = sources.add(rel, "");
            diagnostics.push(file_too_large::diagnostic(Span::file_start(file), size, limit));
            sources.add(built_in(rel), default)
        }
    })
}

/// The regular files under `static/` (from it), each added to `sources`, reporting the symbolic
/// links among them (`static/` itself, or entries in it) and the files over `limit`: they are
/// skipped by [`load_static`].
fn static_paths(
    root: &Path,
    limit: u64,
    sources: &mut SourceMap,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<Vec<(String, FileId)>, IoError> {
    let mut files = Vec::new();
    let mut links = Vec::new();
    match entry(root, Path::new(STATIC_DIR))? {
        Entry::Link => links.push(STATIC_DIR.to_owned()),
        Entry::Folder => {
            for (rel, entry) in walk_static(root)? {
                if entry.path_is_symlink() {
                    links.push(format!("{STATIC_DIR}/{rel}"));
                } else if entry.file_type().is_file() {
                    let file = sources.add(format!("{STATIC_DIR}/{rel}"), "");
                    let size = entry.metadata().map_err(|e| IoError::new("read", entry.path(), e.into()))?.len();
                    if size > limit {
                        diagnostics.push(file_too_large::diagnostic(Span::file_start(file), size, limit));
                    } else {
                        files.push((rel, file));
                    }
                }
            }
        }
        Entry::Missing | Entry::File(_) | Entry::Special => {}
    }
    for link in links {
        let file = sources.add(link.clone(), "");
        diagnostics.push(file_symlink::diagnostic(Span::file_start(file), &link));
    }
    Ok(files)
}

/// Every entry under `root/static/` (path relative to it, `/` separators), sorted; links are
/// listed, not followed.
fn walk_static(root: &Path) -> Result<Vec<(String, walkdir::DirEntry)>, IoError> {
    let dir = root.join(STATIC_DIR);
    let mut entries = Vec::new();
    for entry in walkdir::WalkDir::new(&dir).follow_links(false).min_depth(1).sort_by_file_name() {
        let entry = entry.map_err(|e| IoError::new("walk", &dir, e.into()))?;
        let rel = entry.path().strip_prefix(&dir).unwrap_or(entry.path());
        let rel = rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
        entries.push((rel, entry));
    }
    Ok(entries)
}

/// The bytes of the static files `statics` (as [`static_paths`] found them), then the built-in
/// files the site does not have itself.
pub(crate) fn load_static(
    root: &Path,
    statics: &[(String, FileId)],
    limit: u64,
) -> Result<Vec<(String, Vec<u8>)>, IoError> {
    let dir = root.join(STATIC_DIR);
    let mut files = Vec::with_capacity(statics.len() + DEFAULT_STATIC.len());
    for (rel, _) in statics {
        let path = dir.join(rel);
        // Found by the walk as a regular file within the limit; changed since, it is not read.
        let shoko_files::read::Bytes::Read(bytes) = shoko_files::read::bytes(&path, limit)? else {
            return Err(IoError::new("read", &path, std::io::Error::other("it changed while the site was built")));
        };
        files.push((rel.clone(), bytes));
    }
    for (path, text) in DEFAULT_STATIC {
        if !files.iter().any(|(rel, _)| rel == path) {
            files.push(((*path).to_owned(), text.as_bytes().to_vec()));
        }
    }
    Ok(files)
}
