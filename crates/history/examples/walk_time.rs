//! Times `History::read` on a site root (a measurement aid, used by `bench/history.sh`:
//! `cargo run --release -p shoko-history --example walk_time -- ROOT [RUNS]`).
fn main() {
    let root = std::env::args().nth(1).unwrap_or_else(|| ".".into());
    let runs: usize = std::env::args().nth(2).and_then(|r| r.parse().ok()).unwrap_or(5);
    let root = std::path::Path::new(&root);
    for _ in 0..runs {
        let t = std::time::Instant::now();
        let history = shoko_history::History::read(root, shoko_model::config::DEFAULT_MAX_FILE_BYTES).expect("history");
        println!("read {:?} ({} commits)", t.elapsed(), history.commits.len());
    }
}
