//! What the server holds: the last good build in memory, the current errors, and the channel
//! that tells open pages what changed.

use shoko_diagnostics::{ColorChoice, render_human, render_json};
use shoko_engine::{BuildOptions, Change, Engine, MemoryOutput, Rebuilt};
use std::io::IsTerminal;
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use tokio::sync::{Mutex, broadcast};

/// Settings of a preview.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// The site root.
    pub root: PathBuf,
    /// Address to listen on.
    pub bind: IpAddr,
    /// First port to try (0: any free port).
    pub port: u16,
    /// Sub-path to serve under, overriding `shoko.yaml`'s `base_path`.
    pub base_path: Option<String>,
    /// Today's date, for the "not in the future" rules.
    pub today: jiff::civil::Date,
    /// Whether to read the content's git history for translation drift.
    pub history: bool,
    /// Whether to print diagnostics to the terminal.
    pub print: bool,
    /// How the overlay links a diagnostic to the author's editor: a URL with `{path}` (absolute),
    /// `{line}` and `{column}`; `None` for no link.
    pub editor: Option<String>,
    /// What one client may hold of the server.
    pub limits: crate::Limits,
}

/// Why a rebuild failed.
#[derive(Debug, Clone)]
pub struct Report {
    /// The diagnostics as JSON, for the in-page overlay.
    pub json: String,
    /// The same for the terminal.
    pub human: String,
    /// The failure, in one line, when it is not about content (I/O) but content errors.
    pub io: Option<String>,
}

/// The result of one rebuild.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// New pages are served; these URL paths changed.
    Built(Vec<String>),
    /// The last good pages stay.
    Failed(Report),
}

/// A message to open pages.
#[derive(Debug, Clone)]
pub enum LiveEvent {
    /// These URL paths changed: pages showing one of them reload.
    Reload(Vec<String>),
    /// The build failed: show these diagnostics (JSON).
    Errors(String),
    /// The build is good again: hide the overlay.
    Clear,
}

/// Output path → bytes, shared with the session's last good render (a persistent map: taking
/// it after a rebuild is one pointer).
type Files = shoko_engine::MemoryFiles;

struct Snapshot {
    files: Files,
    errors: Option<String>,
    base_path: String,
}

/// Shared by the routes and the watcher.
pub struct State {
    options: ServeOptions,
    snapshot: RwLock<Snapshot>,
    events: broadcast::Sender<LiveEvent>,
    rebuilds: AtomicU64,
    engine: Arc<Mutex<(Engine, MemoryOutput)>>,
    stopping: tokio::sync::watch::Sender<bool>,
    /// The warnings the terminal was last shown (see [`Warnings::key`]), so that a build prints
    /// them when they change.
    warned: std::sync::Mutex<Vec<String>>,
    /// The site root as reached from the working folder, before each path the terminal shows.
    shown_root: String,
    /// Whether the server has started (before, an I/O failure is the caller's to print).
    serving: std::sync::atomic::AtomicBool,
}

impl State {
    /// A state with nothing built yet.
    pub fn new(options: ServeOptions) -> Self {
        let base_path = options.base_path.clone().unwrap_or_else(|| String::from("/"));
        let (events, _) = broadcast::channel(64);
        let build_options = BuildOptions {
            today: options.today,
            base_url: None,
            base_path: options.base_path.clone(),
            served: true,
            history: options.history,
            drafts: true,
        };
        let engine = Arc::new(Mutex::new((Engine::new(&options.root, build_options), MemoryOutput::default())));
        let shown_root = shoko_files::from_working_folder(&options.root);
        State {
            shown_root,
            serving: std::sync::atomic::AtomicBool::new(false),
            options,
            snapshot: RwLock::new(Snapshot { files: Files::new(), errors: None, base_path }),
            events,
            rebuilds: AtomicU64::new(0),
            engine,
            stopping: tokio::sync::watch::channel(false).0,
            warned: std::sync::Mutex::new(Vec::new()),
        }
    }

    /// The site root.
    pub fn root(&self) -> &std::path::Path {
        &self.options.root
    }

    /// Whether the content's git history is read (translation drift).
    pub fn history(&self) -> bool {
        self.options.history
    }

    /// Rebuilds so far.
    pub fn rebuilds(&self) -> u64 {
        self.rebuilds.load(Ordering::SeqCst)
    }

    /// The sub-path the site is served under (`/` or `/name/`).
    pub fn base_path(&self) -> String {
        self.read().base_path.clone()
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, Snapshot> {
        self.snapshot.read().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The bytes of output file `path` (relative to the site root) of the last good build.
    pub fn file(&self, path: &str) -> Option<Arc<[u8]>> {
        self.read().files.get(path).cloned()
    }

    /// The current errors as JSON, if the last build failed.
    pub fn errors(&self) -> Option<String> {
        self.read().errors.clone()
    }

    /// Tell open event streams to end (they would otherwise keep a graceful shutdown waiting).
    pub fn stop_streams(&self) {
        self.stopping.send_replace(true);
    }

    /// Whether the server is stopping, as a watch channel.
    pub fn stopping(&self) -> tokio::sync::watch::Receiver<bool> {
        self.stopping.subscribe()
    }

    /// A receiver of live events.
    pub fn subscribe(&self) -> broadcast::Receiver<LiveEvent> {
        self.events.subscribe()
    }

    /// Say the server has started: from now on every failure is printed here.
    pub(crate) fn started(&self) {
        self.serving.store(true, Ordering::SeqCst);
    }

    /// Rebuild now (one at a time) after `change` and tell open pages what changed.
    pub async fn rebuild_now(self: &Arc<Self>, change: Change) -> Outcome {
        let started = std::time::Instant::now();
        let what = self.describe(&change);
        let engine = Arc::clone(&self.engine);
        let mut engine = engine.lock_owned().await;
        let shown_root = self.shown_root.clone();
        let result = tokio::task::spawn_blocking(move || {
            let (engine_now, output) = &mut *engine;
            let result = rebuild(engine_now, output, &change, &shown_root);
            (engine, result)
        })
        .await;
        self.rebuilds.fetch_add(1, Ordering::SeqCst);
        let result = match result {
            Ok((_, result)) => result,
            Err(join) => {
                let message = format!("the build stopped unexpectedly: {join}");
                Err(Report { json: io_json(&message), human: io_human(&message), io: Some(message) })
            }
        };
        let took = started.elapsed().as_millis();
        match result {
            Ok((files, changed, base_path, warnings)) => {
                let html = changed.iter().filter(|p| p.ends_with(".html")).count();
                let (changed, had_errors) = self.replace(files, &changed, base_path);
                if self.options.print {
                    let pages = match html {
                        0 => "nothing to update".to_owned(),
                        1 => "1 page updated".to_owned(),
                        n => format!("{n} pages updated"),
                    };
                    eprintln!("{what}: {pages} in {took} ms");
                    // The errors printed last are gone: said once, so the terminal's last word
                    // is not a count of errors that no longer exist.
                    if had_errors {
                        eprintln!("no errors now");
                    }
                    // Warnings (drift, claims to review, …) are printed when they change, not
                    // after every save.
                    let mut warned = self.warned.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                    if *warned != warnings.key {
                        match warnings.key.is_empty() {
                            true => eprintln!("no warnings now"),
                            false => eprint!("{}", warnings.text),
                        }
                        *warned = warnings.key;
                    }
                }
                Outcome::Built(changed)
            }
            Err(report) => {
                if self.options.print {
                    let kept = if self.read().files.is_empty() {
                        "nothing is served until it builds"
                    } else {
                        "the last good pages are still served"
                    };
                    eprintln!("{what}: not built ({took} ms); {kept}");
                }
                self.fail(&report);
                Outcome::Failed(report)
            }
        }
    }

    /// What a rebuild was for, in a few words: the first changed path and how many more.
    fn describe(&self, change: &Change) -> String {
        match change {
            Change::Everything => "everything read".to_owned(),
            Change::Paths(paths) => {
                let root = self.options.root.canonicalize().unwrap_or_else(|_| self.options.root.clone());
                let shown = |p: &std::path::PathBuf| {
                    let rel = p.strip_prefix(&root).unwrap_or(p);
                    shoko_diagnostics::printable(&rel.display().to_string()).into_owned()
                };
                match paths.as_slice() {
                    [] => "the repository's HEAD moved".to_owned(),
                    [one] => format!("{} changed", shown(one)),
                    [first, rest @ ..] => format!("{} and {} more changed", shown(first), rest.len()),
                }
            }
        }
    }

    /// Serve `files` (when there are new ones) under `base_path`, and tell open pages: the
    /// addresses that changed, and whether the errors shown until now are gone.
    fn replace(&self, files: Option<Files>, changed: &[String], base_path: String) -> (Vec<String>, bool) {
        let mut snapshot = self.snapshot.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        let base = self.options.base_path.clone().unwrap_or(base_path);
        let changed = changed_urls(changed, &base);
        let had_errors = snapshot.errors.take().is_some();
        if let Some(files) = files {
            snapshot.files = files;
        }
        snapshot.base_path = base;
        drop(snapshot);
        if had_errors {
            let _ = self.events.send(LiveEvent::Clear);
        }
        if !changed.is_empty() {
            let _ = self.events.send(LiveEvent::Reload(changed.clone()));
        }
        (changed, had_errors)
    }

    fn fail(&self, report: &Report) {
        // Before the server runs, an I/O failure ends `start`, whose error the caller prints.
        if self.options.print && (report.io.is_none() || self.serving.load(Ordering::SeqCst)) {
            eprint!("{}", report.human);
        }
        let json = self.with_editor(&report.json);
        let mut snapshot = self.snapshot.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        snapshot.errors = Some(json.clone());
        drop(snapshot);
        let _ = self.events.send(LiveEvent::Errors(json));
    }

    /// The overlay's report with what it needs to link each diagnostic to the author's editor:
    /// the pattern (`vscode://file/{path}:{line}:{column}` by default) and the site root.
    fn with_editor(&self, json: &str) -> String {
        let Some(pattern) = self.options.editor.as_deref().filter(|p| !p.is_empty()) else { return json.to_owned() };
        let Ok(mut report) = serde_json::from_str::<serde_json::Value>(json) else { return json.to_owned() };
        let root = self.options.root.canonicalize().unwrap_or_else(|_| self.options.root.clone());
        report["editor"] = serde_json::json!({ "pattern": pattern, "root": root.display().to_string() });
        report.to_string()
    }
}

/// What a good rebuild hands the server: the new output (when anything changed), the changed
/// output paths, the configured base path and its warnings.
type Fresh = (Option<Files>, Vec<String>, String, Warnings);

/// The warnings of a good build.
struct Warnings {
    /// Each one's code, file and message, without its place: a line added above a warning does
    /// not make it another one.
    key: Vec<String>,
    /// All of them as the terminal shows them.
    text: String,
}

/// Rebuild into `output`, or the report of why not (its paths after `shown_root`, the site root
/// as reached from the working folder).
fn rebuild(engine: &mut Engine, output: &mut MemoryOutput, change: &Change, shown_root: &str) -> Result<Fresh, Report> {
    let color = if std::io::stderr().is_terminal() { ColorChoice::Always } else { ColorChoice::Never };
    match engine.rebuild(change, output) {
        Ok(Rebuilt::Rendered { .. }) => {
            let changed = output.changed().to_vec();
            let files = (!changed.is_empty()).then(|| output.files().clone());
            let base = engine.config().map_or_else(|| String::from("/"), |c| c.base_path.clone());
            // A build that succeeds has warnings at most.
            let empty = shoko_diagnostics::SourceMap::new();
            let (found, sources) = (engine.diagnostics(), engine.sources().unwrap_or(&empty));
            let file =
                |d: &shoko_diagnostics::Diagnostic| d.primary.as_ref().map(|l| sources.file(l.span.file).path.clone());
            let warnings = Warnings {
                key: found
                    .iter()
                    .map(|d| format!("{} {} {}", d.code.name, file(d).unwrap_or_default(), d.message))
                    .collect(),
                text: if found.is_empty() { String::new() } else { render_human(found, sources, color, shown_root) },
            };
            Ok((files, changed, base, warnings))
        }
        Ok(Rebuilt::Failed) => {
            let empty = shoko_diagnostics::SourceMap::new();
            let sources = engine.sources().unwrap_or(&empty);
            Err(Report {
                json: render_json(engine.diagnostics(), sources, shown_root),
                human: render_human(engine.diagnostics(), sources, color, shown_root),
                io: None,
            })
        }
        Err(e) => {
            let message = e.to_string();
            Err(Report { json: io_json(&message), human: io_human(&message), io: Some(message) })
        }
    }
}

/// A failure that is not about content, for the terminal.
fn io_human(message: &str) -> String {
    format!("error: {}\n", shoko_diagnostics::printable(message))
}

/// The overlay payload for a failure that is not about content.
fn io_json(message: &str) -> String {
    serde_json::json!({ "diagnostics": [{ "code": "io", "severity": "error", "message": message }] }).to_string()
}

/// URL paths (under `base`) of the changed output files; an `index.html` also counts under its
/// folder's URL.
fn changed_urls(changed: &[String], base: &str) -> Vec<String> {
    let mut urls = Vec::new();
    for key in changed {
        urls.push(format!("{base}{key}"));
        if let Some(folder) = key.strip_suffix(shoko_vocab::layout::INDEX_PAGE) {
            urls.push(format!("{base}{folder}"));
        }
    }
    urls
}

#[cfg(test)]
mod tests {
    use super::changed_urls;

    #[test]
    fn changed_files_become_urls_with_their_folders() {
        let changed = ["css/x.css".to_owned(), "ja/index.html".to_owned()];
        assert_eq!(changed_urls(&changed, "/site/"), ["/site/css/x.css", "/site/ja/index.html", "/site/ja/"]);
        assert!(changed_urls(&[], "/").is_empty());
    }
}
