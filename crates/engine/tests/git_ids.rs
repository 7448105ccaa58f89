//! The git id of each content file (what the drift check compares with the committed version, so
//! that a file unchanged since it was committed needs no reading of its history): noted for a
//! site in a repository, also for a file edited under a living engine, and not worked out for a
//! site outside one, where nothing reads it (hashing every file was 2.5% of a cold build).

use shoko_engine::{BuildOptions, Change, Engine, MemoryOutput};
use std::path::Path;
use std::process::Command;

fn options() -> BuildOptions {
    BuildOptions { history: true, ..BuildOptions::on(jiff::civil::date(2026, 11, 21)) }
}

fn page(text: &str) -> String {
    format!("---\ntitle: {{ ja: \"題\", en: \"Title\" }}\n---\n\n:::ja\n{text}\n:::\n\n:::en\n{text}\n:::\n")
}

fn git(repo: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .args(["-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "init.defaultBranch=main"])
        .args(args)
        .current_dir(repo)
        .output()
        .expect("git runs");
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8").trim().to_owned()
}

/// The git id each document of `engine`'s site was given.
fn ids(engine: &Engine) -> Vec<Option<String>> {
    engine.site().expect("a site").docs().iter().map(|d| d.source_id.clone()).collect()
}

#[test]
fn files_get_their_git_ids_inside_a_repository_only() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path();
    std::fs::create_dir_all(root.join("content")).expect("folder");
    std::fs::write(root.join("content/index.md"), page("Home.")).expect("write");

    let mut outside = Engine::new(root, options());
    outside.rebuild(&Change::Everything, &mut MemoryOutput::default()).expect("readable");
    assert_eq!(ids(&outside), [None], "outside a repository no file is hashed");

    git(root, &["init", "-q"]);
    git(root, &["add", "."]);
    git(root, &["commit", "-q", "-m", "first"]);
    let mut inside = Engine::new(root, options());
    let mut out = MemoryOutput::default();
    inside.rebuild(&Change::Everything, &mut out).expect("readable");
    assert_eq!(ids(&inside), [Some(git(root, &["hash-object", "content/index.md"]))]);

    // An edit under the living engine, which knows the history is readable.
    let edited = root.join("content/index.md");
    std::fs::write(&edited, page("Home, edited.")).expect("write");
    inside.rebuild(&Change::Paths(vec![edited]), &mut out).expect("readable");
    assert_eq!(ids(&inside), [Some(git(root, &["hash-object", "content/index.md"]))]);
}
