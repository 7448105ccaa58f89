//! Watching the site root: `content/`, `templates/`, `static/`, `i18n/` (recursively) and
//! `shoko.yaml`. notify's full debouncer merges an editor's write-to-temp-then-rename into one
//! event; the rebuild loop then waits for the saves to pause (150 ms, at most 1 s), so a burst
//! of saves costs one rebuild, or two when it spans a rebuild. Folders that vanish and come back are
//! watched again before each rebuild.

use crate::ServeError;
use crate::state::State;
use notify::{EventKind, RecursiveMode};
use notify_debouncer_full::{DebounceEventResult, Debouncer, RecommendedCache, new_debouncer};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;

/// The folders whose changes trigger a rebuild.
const WATCHED: [&str; 4] = ["content", "templates", "static", "i18n"];
/// The root-level files whose changes trigger a rebuild.
const CONFIG: &str = "shoko.yaml";
/// notify's own debounce: merges the events of one save.
const DEBOUNCE: Duration = Duration::from_millis(50);
/// Quiet time after the last save before rebuilding: a burst of saves is one rebuild.
const QUIET: Duration = Duration::from_millis(150);
/// The longest a rebuild waits for the saves to stop.
const MAX_WAIT: Duration = Duration::from_secs(1);

type Inner = Debouncer<notify::RecommendedWatcher, RecommendedCache>;

/// Keeps the watcher alive; dropping it stops watching.
pub struct Watcher {
    _debouncer: Arc<Mutex<Inner>>,
    _loop: tokio::task::JoinHandle<()>,
}

/// Start watching `state`'s root and rebuilding on changes.
pub fn start(state: Arc<State>, runtime: tokio::runtime::Handle) -> Result<Watcher, ServeError> {
    // Events carry absolute paths; compare against the canonical root.
    let root = state.root().canonicalize().unwrap_or_else(|_| state.root().to_path_buf());
    let (tx, mut rx) = mpsc::unbounded_channel::<()>();
    let filter_root = root.clone();
    let debouncer = new_debouncer(DEBOUNCE, None, move |result: DebounceEventResult| {
        let relevant = match result {
            // Reads (our own builds open every file) are not changes.
            Ok(events) => events
                .iter()
                .filter(|e| matches!(e.kind, EventKind::Create(_) | EventKind::Modify(_) | EventKind::Remove(_)))
                .any(|e| e.paths.iter().any(|p| is_watched(&filter_root, p))),
            Err(_) => true,
        };
        if relevant {
            let _ = tx.send(());
        }
    })
    .map_err(|e| ServeError(format!("cannot watch {}: {e}", root.display())))?;
    let debouncer = Arc::new(Mutex::new(debouncer));
    rewatch(&debouncer, &root);
    let looped = Arc::clone(&debouncer);
    let task = runtime.spawn(async move {
        while rx.recv().await.is_some() {
            // Wait until the saves stop for a moment (but never longer than MAX_WAIT).
            let deadline = tokio::time::Instant::now() + MAX_WAIT;
            while let Ok(Some(())) =
                tokio::time::timeout_at(deadline.min(tokio::time::Instant::now() + QUIET), rx.recv()).await
            {
            }
            rewatch(&looped, &root);
            state.rebuild_now().await;
        }
    });
    Ok(Watcher { _debouncer: debouncer, _loop: task })
}

/// (Re)establish every watch; folders that do not exist now are picked up when they appear,
/// through the watch on the root itself.
fn rewatch(debouncer: &Mutex<Inner>, root: &Path) {
    let Ok(mut debouncer) = debouncer.lock() else { return };
    let _ = debouncer.watch(root, RecursiveMode::NonRecursive);
    for dir in WATCHED {
        let path = root.join(dir);
        if path.is_dir() {
            let _ = debouncer.watch(&path, RecursiveMode::Recursive);
        }
    }
}

/// Whether a changed path is one that affects the site (`.` components are ignored).
fn is_watched(root: &Path, path: &Path) -> bool {
    let path: PathBuf = path.components().filter(|c| !matches!(c, std::path::Component::CurDir)).collect();
    let Ok(rel) = path.strip_prefix(root) else { return false };
    let first: PathBuf = rel.components().take(1).collect();
    let first = first.to_string_lossy();
    WATCHED.contains(&first.as_ref()) || first == CONFIG
}

#[cfg(test)]
mod tests {
    use super::is_watched;
    use std::path::Path;

    #[test]
    fn only_site_inputs_count() {
        let root = Path::new("/r");
        assert!(is_watched(root, Path::new("/r/content/a.md")));
        assert!(is_watched(root, Path::new("/r/content")));
        assert!(is_watched(root, Path::new("/r/shoko.yaml")));
        assert!(!is_watched(root, Path::new("/r/target/debug/x")));
        assert!(!is_watched(root, Path::new("/r/site/index.html")));
        assert!(!is_watched(root, Path::new("/elsewhere/content/a.md")));
        assert!(is_watched(root, Path::new("/r/./content/a.md")));
    }
}
