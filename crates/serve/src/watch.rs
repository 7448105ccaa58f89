//! Watching the site root: `content/`, `templates/`, `static/`, `i18n/` (recursively) and
//! `shoko.yaml`, and, when history is read, where git records which commit `HEAD` is (a commit or
//! a checkout changes what is behind without touching a content file). notify's full debouncer merges an editor's write-to-temp-then-rename into one
//! event; the rebuild loop then waits for the saves to pause (30 ms after a single save, 150 ms
//! once a burst shows, at most 1 s), so a burst of saves costs one rebuild, or two when it
//! spans a rebuild. The changed paths go to the session, which re-reads only those. Folders that vanish and come back are
//! watched again before each rebuild.

use crate::ServeError;
use crate::state::State;
use notify::{EventKind, RecursiveMode};
use notify_debouncer_full::{DebounceEventResult, Debouncer, RecommendedCache, new_debouncer};
use shoko_engine::Change;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;

/// The folders whose changes trigger a rebuild: the ones a build reads.
const WATCHED: [&str; 4] = shoko_engine::INPUT_DIRS;
/// The root-level file whose changes trigger a rebuild.
const CONFIG: &str = shoko_engine::CONFIG_FILE;
/// notify's own debounce: merges the events of one save (an editor's write-then-rename comes
/// within microseconds).
const DEBOUNCE: Duration = Duration::from_millis(10);
/// Quiet time after a single save before rebuilding.
const QUIET_FIRST: Duration = Duration::from_millis(30);
/// Quiet time once a second save came within [`QUIET_FIRST`]: a burst of saves is one rebuild.
const QUIET: Duration = Duration::from_millis(150);
/// A save this soon after the last rebuild finished continues a burst: it waits [`QUIET`].
const BURST_GAP: Duration = Duration::from_millis(200);
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
    // `None`: the watcher lost track (an error, or events it could not keep up with).
    let (tx, mut rx) = mpsc::unbounded_channel::<Option<Vec<PathBuf>>>();
    let filter_root = root.clone();
    // Found once: a repository made after `serve` started is seen at the next start.
    let refs = state.history().then(|| shoko_history::RefPlaces::of(&root)).flatten().map(Arc::new);
    let filter_refs = refs.clone();
    let debouncer = new_debouncer(DEBOUNCE, None, move |result: DebounceEventResult| {
        let changed = match result {
            // Reads (our own builds open every file) are not changes.
            Ok(events) => {
                let mut lost = false;
                let paths: Vec<PathBuf> = events
                    .iter()
                    .inspect(|e| lost |= e.need_rescan())
                    .filter(|e| matches!(e.kind, EventKind::Create(_) | EventKind::Modify(_) | EventKind::Remove(_)))
                    .flat_map(|e| e.paths.iter())
                    .filter(|p| is_watched(&filter_root, p) || filter_refs.as_ref().is_some_and(|r| r.moves_head(p)))
                    .cloned()
                    .collect();
                if lost { Some(None) } else { (!paths.is_empty()).then_some(Some(paths)) }
            }
            Err(_) => Some(None),
        };
        if let Some(changed) = changed {
            let _ = tx.send(changed);
        }
    })
    .map_err(|e| ServeError(format!("cannot watch {}: {e}", root.display())))?;
    let debouncer = Arc::new(Mutex::new(debouncer));
    rewatch(&debouncer, &root);
    if let (Some(refs), Ok(mut watching)) = (&refs, debouncer.lock()) {
        for (folder, recursive) in refs.folders() {
            let mode = if recursive { RecursiveMode::Recursive } else { RecursiveMode::NonRecursive };
            let _ = watching.watch(&folder, mode);
        }
    }
    let looped = Arc::clone(&debouncer);
    let task = runtime.spawn(async move {
        let mut last_done: Option<tokio::time::Instant> = None;
        while let Some(first) = rx.recv().await {
            // Wait until the saves stop for a moment (but never longer than MAX_WAIT), collecting
            // what they touched. A save right after a rebuild is part of a burst (a formatter,
            // a checkout), however the machine's load spaced its events.
            let mut change = first;
            let deadline = tokio::time::Instant::now() + MAX_WAIT;
            let mut quiet = if last_done.is_some_and(|t| t.elapsed() < BURST_GAP) { QUIET } else { QUIET_FIRST };
            while let Ok(Some(more)) =
                tokio::time::timeout_at(deadline.min(tokio::time::Instant::now() + quiet), rx.recv()).await
            {
                quiet = QUIET;
                change = match (change, more) {
                    (Some(mut paths), Some(more)) => {
                        paths.extend(more);
                        Some(paths)
                    }
                    _ => None,
                };
            }
            // Re-watching walks every watched folder (notify keeps a file id per file): done only
            // when a folder may have come or gone, not for the edit of a file.
            let settled = change.as_ref().is_some_and(|paths| paths.iter().all(|p| p.is_file()));
            if !settled {
                rewatch(&looped, &root);
            }
            let change = change.map_or(Change::Everything, |mut paths| {
                // `HEAD` moved: no content file to re-read, but the engine reads the history
                // again whenever `HEAD` differs, so an update with no paths brings the drift up.
                paths.retain(|p| !refs.as_ref().is_some_and(|r| r.moves_head(p)));
                paths.sort();
                paths.dedup();
                Change::Paths(paths)
            });
            state.rebuild_now(change).await;
            last_done = Some(tokio::time::Instant::now());
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
        // A linked input folder is not read (links are never followed), so it is not watched.
        if shoko_engine::inputs::entry(root, Path::new(dir)).is_ok_and(|e| e == shoko_engine::inputs::Entry::Folder) {
            let _ = debouncer.watch(root.join(dir), RecursiveMode::Recursive);
        }
    }
}

/// Whether a changed path is one that affects the site (`.` components are ignored): not a
/// hidden file under `content/`, which a build never reads (an editor's swap file or lock).
fn is_watched(root: &Path, path: &Path) -> bool {
    let path: PathBuf = path.components().filter(|c| !matches!(c, std::path::Component::CurDir)).collect();
    let Ok(rel) = path.strip_prefix(root) else { return false };
    let first: PathBuf = rel.components().take(1).collect();
    let first = first.to_string_lossy();
    if first == shoko_vocab::layout::CONTENT_DIR
        && let Ok(inside) = rel.strip_prefix(shoko_vocab::layout::CONTENT_DIR)
        && shoko_vocab::layout::is_hidden(&inside.to_string_lossy())
    {
        return false;
    }
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
        assert!(!is_watched(root, Path::new("/r/content/.a.md.swp")), "a swap file");
        assert!(!is_watched(root, Path::new("/r/content/.trash/a.md")), "a trash folder");
        assert!(!is_watched(root, Path::new("/r/content/logs/.#probe.yaml")), "a lock");
        assert!(is_watched(root, Path::new("/r/static/.well-known/security.txt")), "only content/ hides");
    }
}
