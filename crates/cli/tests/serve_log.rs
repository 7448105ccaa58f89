//! `shoko serve` in the terminal: one line per rebuild saying what changed, how many pages were
//! updated and how long it took, and a line when a save does not build (its diagnostics follow)
//! and when the next one builds again; warnings when they change.
//! The real binary, serving on 127.0.0.1.

mod common;

use std::io::BufRead;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const PAGE: &str = "---\ntitle: { ja: \"題\", en: \"Title\" }\n---\n\n:::ja\n本文\n:::\n\n:::en\nBody\n:::\n";

/// The next line of `lines` that contains `needle`, within 20 s.
fn wait_for(lines: &mpsc::Receiver<String>, needle: &str) -> String {
    until(lines, needle).pop().unwrap_or_default()
}

/// The lines of `lines` up to the next that contains `needle` (included), within 20 s.
fn until(lines: &mpsc::Receiver<String>, needle: &str) -> Vec<String> {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    let mut seen = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        let line = lines.recv_timeout(left).unwrap_or_else(|_| panic!("no line with {needle:?} in time: {seen:?}"));
        let done = line.contains(needle);
        seen.push(line);
        if done {
            return seen;
        }
    }
}

#[test]
fn each_rebuild_prints_one_line() {
    let tmp = tempfile::tempdir().expect("temp dir");
    common::write(tmp.path(), "content/index.md", PAGE);
    let mut child = Command::new(env!("CARGO_BIN_EXE_shoko"))
        .args(["serve", "--root", &tmp.path().display().to_string(), "--port", "0"])
        .env(common::NO_HISTORY_VAR, "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("serve starts");
    let (send, lines) = mpsc::channel();
    let (stdout, stderr) = (child.stdout.take().expect("stdout"), child.stderr.take().expect("stderr"));
    let forward = |stream: Box<dyn std::io::Read + Send>, send: mpsc::Sender<String>| {
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stream).lines().map_while(Result::ok) {
                let _ = send.send(line);
            }
        })
    };
    forward(Box::new(stderr), send.clone());
    forward(Box::new(stdout), send);
    let first = wait_for(&lines, "everything read");
    assert!(first.contains("pages updated in") && first.ends_with(" ms"), "{first}");
    // Printed once the watcher runs.
    wait_for(&lines, "Serving at http://127.0.0.1:");
    common::write(tmp.path(), "content/index.md", &PAGE.replace("Body", "Body, edited"));
    let edit = wait_for(&lines, "content/index.md changed");
    assert!(edit.contains("1 page updated in"), "only the English page changed: {edit}");
    common::write(tmp.path(), "content/index.md", &PAGE.replace("title: {", "title: ["));
    let failed = wait_for(&lines, "not built");
    assert!(failed.contains("the last good pages are still served"), "{failed}");
    wait_for(&lines, "error[fm/yaml-syntax]");
    // Warnings are printed when they change (not when a line above moves them), and their end
    // is said once.
    let untranslated = PAGE.replace(":::en\nBody\n:::\n", "");
    common::write(tmp.path(), "content/index.md", &untranslated);
    wait_for(&lines, "content/index.md changed");
    // The errors above are gone, and the terminal says so.
    wait_for(&lines, "no errors now");
    wait_for(&lines, "warning[i18n/missing-translation]");
    wait_for(&lines, "0 errors, 1 warning");
    common::write(tmp.path(), "content/index.md", &untranslated.replace(":::ja", "\n\n:::ja"));
    wait_for(&lines, "content/index.md changed");
    common::write(tmp.path(), "content/index.md", PAGE);
    let between = until(&lines, "no warnings now");
    assert!(!between.iter().any(|l| l.contains("warning[")), "the same warning, moved: not again: {between:?}");
    assert!(!between.iter().any(|l| l.contains("no errors now")), "said once, not after every save: {between:?}");
    let _ = child.kill();
    let _ = child.wait();
}
