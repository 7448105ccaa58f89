//! Times `History::read` on a repository (a measurement aid: `cargo run --release -p
//! shoko-history --example walk_time -- PATH`).
fn main() {
    let root = std::env::args().nth(1).unwrap_or_else(|| ".".into());
    let root = std::path::Path::new(&root);
    for _ in 0..20 {
        let t = std::time::Instant::now();
        let history = shoko_history::History::read(root).expect("history");
        println!("read {:?} ({} commits)", t.elapsed(), history.commits.len());
    }
}
