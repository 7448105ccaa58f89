//! Translation drift under `serve`, from a real git repository made in the test: a Japanese
//! revision saved in the editor shows the English readers a notice at once ("not yet
//! committed"), and committing it, which changes no content file, reloads the page with the
//! notice dated by the commit.

// Test helpers panic on setup failures on purpose.
#![allow(clippy::unwrap_used)]

mod common;

use common::BASE;
use shoko_serve::Running;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .args(["-c", "user.name=Test", "-c", "user.email=test@example.org", "-c", "commit.gpgsign=false"])
        .args(args)
        .current_dir(dir)
        .env("GIT_COMMITTER_DATE", "2026-03-27T12:00:00Z")
        .env("GIT_AUTHOR_DATE", "2026-03-27T12:00:00Z")
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

fn page(ja: &str) -> String {
    format!(
        "---\ntitle: {{ ja: \"観測\", en: \"Observation\" }}\n---\n\n:::ja\n{ja}\n:::\n\n:::en\nWe observed the path.\n:::\n"
    )
}

async fn english(running: &Running) -> String {
    let url = format!("http://{}{BASE}en/index.html", running.addr);
    reqwest::get(url).await.unwrap().text().await.unwrap()
}

/// Poll the English page until `done` holds (the watcher and the rebuild take a moment).
async fn wait_for(running: &Running, what: &str, done: impl Fn(&str) -> bool) -> String {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let page = english(running).await;
        if done(&page) {
            return page;
        }
        assert!(tokio::time::Instant::now() < deadline, "{what} in time:\n{page}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edit_shows_drift_at_once_and_a_commit_dates_it() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    std::fs::create_dir_all(root.join("content")).unwrap();
    std::fs::write(root.join("content/index.md"), page("経路を観測した。")).unwrap();
    git(&root, &["init", "-q", "-b", "main"]);
    git(&root, &["add", "-A"]);
    git(&root, &["commit", "-q", "-m", "Add the page"]);
    let running = common::serve_reading(&root, shoko_serve::Limits::default(), true).await;
    assert!(!english(&running).await.contains("drift-notice"));

    std::fs::write(root.join("content/index.md"), page("二つの経路を観測した。")).unwrap();
    wait_for(&running, "the uncommitted notice", |p| p.contains("in edits not yet committed")).await;

    let before = running.rebuilds();
    git(&root, &["commit", "-q", "-am", "Revise the Japanese"]);
    let dated = wait_for(&running, "the dated notice", |p| p.contains("<time datetime=\"2026-03-27\">")).await;
    assert!(!dated.contains("in edits not yet committed"), "{dated}");
    assert!(running.rebuilds() > before, "the commit alone caused a rebuild");
    running.stop().await;
}
