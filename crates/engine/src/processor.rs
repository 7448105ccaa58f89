//! Processor time, as the kernel counts it (user and system): of this process, all threads, and
//! of the calling thread. Wall time says little about work that shares the cores with other
//! work (the search indexes are made beside the pages), so `build --timings` gives both.

use std::time::Duration;

/// The processor time of the whole process so far, where the system can tell.
pub fn process_time() -> Option<Duration> {
    cpu_time::ProcessTime::try_now().ok().map(|t| t.as_duration())
}

/// The processor time of the calling thread so far, where the system can tell.
pub(crate) fn thread_time() -> Option<Duration> {
    cpu_time::ThreadTime::try_now().ok().map(|t| t.as_duration())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Busy on the calling thread until its own clock has moved by `spent` (bounded by wall time
    /// in case the clock never moves).
    fn busy(spent: Duration) {
        let now = || thread_time().expect("a thread clock on Linux");
        let (from, began) = (now(), std::time::Instant::now());
        let mut x = 0u64;
        while now() - from < spent {
            assert!(began.elapsed() < Duration::from_secs(30), "the thread's processor time does not move");
            for _ in 0..10_000 {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
            }
        }
    }

    #[test]
    fn a_thread_counts_its_own_work_and_the_process_counts_every_thread() {
        let process = || process_time().expect("a process clock on Linux");
        let here = || thread_time().expect("a thread clock on Linux");
        // Another thread works while this one waits for it: the process's clock moves by that
        // work, this thread's does not.
        let (process_from, here_from) = (process(), here());
        std::thread::spawn(|| busy(Duration::from_millis(60))).join().expect("the busy thread");
        let (process_took, here_took) = (process() - process_from, here() - here_from);
        assert!(process_took >= Duration::from_millis(60), "the process's clock moved by {process_took:?}");
        assert!(here_took < Duration::from_millis(30), "the waiting thread's clock moved by {here_took:?}");
        // And this thread's own work is on its clock.
        let from = here();
        busy(Duration::from_millis(30));
        assert!(here() - from >= Duration::from_millis(30));
    }
}
