//! What the server holds: the last good build in memory, the current errors, and the channel
//! that tells open pages what changed.

use shoko_build::{BuildOptions, MemoryOutput};
use shoko_diagnostics::{ColorChoice, render_human, render_json};
use std::collections::BTreeMap;
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
    /// Whether to print diagnostics to the terminal.
    pub print: bool,
}

/// Why a rebuild failed.
#[derive(Debug, Clone)]
pub struct Report {
    /// The diagnostics as JSON, for the in-page overlay.
    pub json: String,
    /// The same for the terminal.
    pub human: String,
    /// Whether it was an I/O failure rather than content errors.
    pub is_io: bool,
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

struct Snapshot {
    files: Arc<BTreeMap<String, Vec<u8>>>,
    errors: Option<String>,
    base_path: String,
}

/// Shared by the routes and the watcher.
pub struct State {
    options: ServeOptions,
    snapshot: RwLock<Snapshot>,
    events: broadcast::Sender<LiveEvent>,
    rebuilds: AtomicU64,
    building: Mutex<()>,
    stopping: tokio::sync::watch::Sender<bool>,
}

impl State {
    /// A state with nothing built yet.
    pub fn new(options: ServeOptions) -> Self {
        let base_path = options.base_path.clone().unwrap_or_else(|| String::from("/"));
        let (events, _) = broadcast::channel(64);
        State {
            options,
            snapshot: RwLock::new(Snapshot { files: Arc::new(BTreeMap::new()), errors: None, base_path }),
            events,
            rebuilds: AtomicU64::new(0),
            building: Mutex::new(()),
            stopping: tokio::sync::watch::channel(false).0,
        }
    }

    /// The site root.
    pub fn root(&self) -> &std::path::Path {
        &self.options.root
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
    pub fn file(&self, path: &str) -> Option<Vec<u8>> {
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

    /// Rebuild now (one at a time) and tell open pages what changed.
    pub async fn rebuild_now(self: &Arc<Self>) -> Outcome {
        let _one_at_a_time = self.building.lock().await;
        let options = self.options.clone();
        let result = tokio::task::spawn_blocking(move || build(&options)).await.unwrap_or_else(|join| {
            let message = format!("the build stopped unexpectedly: {join}");
            Err(Report { json: io_json(&message), human: format!("error: {message}\n"), is_io: true })
        });
        self.rebuilds.fetch_add(1, Ordering::SeqCst);
        match result {
            Ok((files, base_path)) => Outcome::Built(self.replace(files, base_path)),
            Err(report) => {
                self.fail(&report);
                Outcome::Failed(report)
            }
        }
    }

    fn replace(&self, files: BTreeMap<String, Vec<u8>>, base_path: String) -> Vec<String> {
        let mut snapshot = self.snapshot.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        let base = self.options.base_path.clone().unwrap_or(base_path);
        let changed = changed_urls(&snapshot.files, &files, &base);
        let had_errors = snapshot.errors.take().is_some();
        snapshot.files = Arc::new(files);
        snapshot.base_path = base;
        drop(snapshot);
        if had_errors {
            let _ = self.events.send(LiveEvent::Clear);
        }
        if !changed.is_empty() {
            let _ = self.events.send(LiveEvent::Reload(changed.clone()));
        }
        changed
    }

    fn fail(&self, report: &Report) {
        if self.options.print {
            eprint!("{}", report.human);
        }
        let mut snapshot = self.snapshot.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        snapshot.errors = Some(report.json.clone());
        drop(snapshot);
        let _ = self.events.send(LiveEvent::Errors(report.json.clone()));
    }
}

/// Build into memory: the files and the configured base path, or the report of why not.
fn build(options: &ServeOptions) -> Result<(BTreeMap<String, Vec<u8>>, String), Report> {
    let mut output = MemoryOutput::default();
    let build_options = BuildOptions { today: options.today, base_url: None };
    let color = if std::io::stderr().is_terminal() { ColorChoice::Always } else { ColorChoice::Never };
    match shoko_build::build(&options.root, &mut output, &build_options) {
        Ok(report) if report.written.is_some() => Ok((output.files, report.checked.config.base_path.clone())),
        Ok(report) => {
            let checked = &report.checked;
            Err(Report {
                json: render_json(&checked.diagnostics, &checked.sources),
                human: render_human(&checked.diagnostics, &checked.sources, color),
                is_io: false,
            })
        }
        Err(e) => {
            let message = e.to_string();
            Err(Report { json: io_json(&message), human: format!("error: {message}\n"), is_io: true })
        }
    }
}

/// The overlay payload for a failure that is not about content.
fn io_json(message: &str) -> String {
    serde_json::json!({ "diagnostics": [{ "code": "io", "severity": "error", "message": message }] }).to_string()
}

/// URL paths (under `base`) of every output file that was added, removed or changed; an
/// `index.html` also counts under its folder's URL.
fn changed_urls(old: &BTreeMap<String, Vec<u8>>, new: &BTreeMap<String, Vec<u8>>, base: &str) -> Vec<String> {
    let mut urls = Vec::new();
    let keys: std::collections::BTreeSet<&String> = old.keys().chain(new.keys()).collect();
    for key in keys {
        if old.get(key) != new.get(key) {
            urls.push(format!("{base}{key}"));
            if let Some(folder) = key.strip_suffix("index.html") {
                urls.push(format!("{base}{folder}"));
            }
        }
    }
    urls
}

#[cfg(test)]
mod tests {
    use super::changed_urls;
    use std::collections::BTreeMap;

    #[test]
    fn changed_files_become_urls_with_their_folders() {
        let old =
            BTreeMap::from([("ja/index.html".to_owned(), b"a".to_vec()), ("css/x.css".to_owned(), b"c".to_vec())]);
        let new =
            BTreeMap::from([("ja/index.html".to_owned(), b"b".to_vec()), ("css/x.css".to_owned(), b"c".to_vec())]);
        assert_eq!(changed_urls(&old, &new, "/site/"), ["/site/ja/index.html", "/site/ja/"]);
        assert!(changed_urls(&new, &new, "/").is_empty());
    }
}
