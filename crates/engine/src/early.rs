//! Work started early on a thread of its own, for a result that may turn out not to be needed
//! (see `DiskOutput::read_version_early`). Let go unused, it is told to stop at its next check
//! and its result is dropped; a thread that cannot be made, or that panics, gives nothing, and
//! the caller does the work itself then.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

/// Whether the work is still wanted: checked by the work between its steps.
#[derive(Clone)]
pub(crate) struct Wanted(Arc<AtomicBool>);

impl Wanted {
    /// Not let go yet.
    pub(crate) fn still(&self) -> bool {
        !self.0.load(Ordering::Relaxed)
    }
}

/// A result being worked out on a thread of its own.
pub(crate) struct Early<T> {
    handle: Option<JoinHandle<Option<T>>>,
    stop: Arc<AtomicBool>,
}

impl<T: Send + 'static> Early<T> {
    /// `work` started on a thread of its own (`None` if no thread could be made). It should
    /// return `None` soon once it is no longer [`Wanted::still`].
    pub(crate) fn start(work: impl FnOnce(Wanted) -> Option<T> + Send + 'static) -> Option<Self> {
        let stop = Arc::new(AtomicBool::new(false));
        let wanted = Wanted(Arc::clone(&stop));
        let handle = std::thread::Builder::new().name("shoko-early".into()).spawn(move || work(wanted)).ok()?;
        Some(Early { handle: Some(handle), stop })
    }

    /// The result, once the work is done (`None` too when it panicked).
    pub(crate) fn result(mut self) -> Option<T> {
        self.handle.take()?.join().ok().flatten()
    }
}

impl<T> std::fmt::Debug for Early<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Early").field("wanted", &!self.stop.load(Ordering::Relaxed)).finish_non_exhaustive()
    }
}

impl<T> Drop for Early<T> {
    /// Let go: the work stops at its next check, and the thread ends on its own.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn a_result_is_given_and_work_let_go_is_told_to_stop() {
        assert_eq!(Early::start(|_| Some(7)).and_then(Early::result), Some(7));
        let (started, wait) = mpsc::channel();
        let (go, gate) = mpsc::channel::<()>();
        let (told, heard) = mpsc::channel();
        let early = Early::start(move |wanted| {
            started.send(()).ok()?;
            gate.recv().ok()?;
            told.send(wanted.still()).ok()?;
            Some(())
        })
        .expect("a thread");
        wait.recv().expect("started");
        drop(early);
        go.send(()).expect("the work waits");
        assert!(!heard.recv().expect("the work ran on"), "let go, the work is no longer wanted");
    }
}
