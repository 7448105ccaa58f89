//! ARCHITECTURE.md and README.md stay true to the tree: every file they name in backticks
//! (`crates/engine/src/pipeline.rs`, `tests/e2e/run.sh`, or within its crate as the text around
//! it says, `link/drafts.rs`) is a file of the repository: the path itself, or the end of one.

mod common;

use common::repo;

/// What a named path ends with, for it to be taken as one (a name like `build.rs` alone, with
/// no folder, is a module's and is left out).
const KINDS: [&str; 12] =
    [".rs", ".md", ".sh", ".py", ".mjs", ".yml", ".yaml", ".toml", ".json", ".html", ".css", ".js"];

/// Files the documents name that are not this repository's: of a built site, and of a reader's
/// own site (made by `init` and `new`, or an example).
const NOT_OURS: [&str; 5] =
    ["claims/facets.js", "content/logs/first.yaml", "content/notes/first.md", "content/logs/x.yaml", "logs/x.yaml"];

/// The files `text` names in backticks: with a folder, of a known kind, no placeholder.
fn named_paths(text: &str) -> Vec<&str> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| s.contains('/') && !s.contains([' ', '*', '{', ':', '<', '$']))
        .filter(|s| !s.starts_with('/') && !s.ends_with('/') && KINDS.iter().any(|k| s.ends_with(k)))
        // Built output (`site/…`, `LANG/…`) and a site's own addresses are not the tree's.
        .filter(|s| !s.starts_with("site/") && !s.contains("LANG") && !s.contains("NAME") && !NOT_OURS.contains(s))
        .collect()
}

/// Every file git tracks in the repository, `/` separated.
fn tracked() -> Vec<String> {
    let out = std::process::Command::new("git").args(["ls-files"]).current_dir(repo()).output().expect("git runs");
    String::from_utf8_lossy(&out.stdout).lines().map(str::to_owned).collect()
}

/// Whether `named` is a tracked file, or the end of one's path (after a `/`).
fn found(named: &str, files: &[String]) -> bool {
    let tail = format!("/{named}");
    files.iter().any(|f| f == named || f.ends_with(&tail))
}

#[test]
fn every_path_the_documents_name_exists() {
    let (root, files) = (repo(), tracked());
    for doc in ["ARCHITECTURE.md", "README.md"] {
        let text = std::fs::read_to_string(root.join(doc)).expect("read");
        let named = named_paths(&text);
        assert!(named.len() >= 10, "{doc} names paths: {named:?}");
        let missing: Vec<&str> = named.into_iter().filter(|p| !found(p, &files)).collect();
        assert!(missing.is_empty(), "{doc} names files the repository does not hold: {missing:?}");
    }
}

#[test]
fn a_named_path_that_is_gone_is_found() {
    let named = named_paths("see `crates/engine/src/gone.rs` and `model/src/link/drafts.rs`, not `a b/c.rs`");
    assert_eq!(named, ["crates/engine/src/gone.rs", "model/src/link/drafts.rs"]);
    let files = tracked();
    assert!(!found(named[0], &files) && found(named[1], &files));
}
