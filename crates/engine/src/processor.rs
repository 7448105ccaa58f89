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

    #[test]
    fn a_thread_counts_its_own_work_and_the_process_counts_it_too() {
        let now = || thread_time().expect("a thread clock on Linux");
        let (process, thread) = (process_time().expect("a process clock on Linux"), now());
        // Busy until the thread's clock has moved 30 ms (a wall-clock bound in case it never does).
        let began = std::time::Instant::now();
        let mut x = 0u64;
        while now() - thread < Duration::from_millis(30) {
            assert!(began.elapsed() < Duration::from_secs(20), "the thread's processor time does not move");
            for _ in 0..10_000 {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
            }
        }
        let (thread_took, process_took) = (now() - thread, process_time().expect("a process clock") - process);
        assert!(process_took >= thread_took, "{process_took:?} for the process, {thread_took:?} for the thread");
        // A sleeping thread takes no processor time.
        let before = now();
        std::thread::sleep(Duration::from_millis(50));
        assert!(now() - before < Duration::from_millis(20));
    }
}
