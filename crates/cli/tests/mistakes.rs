//! One fixture per authoring mistake under `tests/fixtures/mistakes/<name>/`: the files the
//! mistake changes in the valid fixture (under `content/`, whole), and `mistake.txt` saying what
//! the mistake is, then `first: CODE PATH:LINE:COL`. `check` on the valid fixture with the
//! mistake laid over it must print that diagnostic first (the root cause), say at most one thing
//! per file (nothing that is only a consequence), and its whole output is pinned by a snapshot.

mod common;

use common::{copy_tree, fixture, shoko_in};
use std::collections::BTreeMap;

#[test]
fn each_mistake_reports_its_root_cause_first_and_once() {
    let mut mistakes: Vec<_> =
        std::fs::read_dir(fixture("mistakes")).expect("mistakes").map(|e| e.expect("entry").path()).collect();
    mistakes.sort();
    assert!(mistakes.len() >= 30, "{} mistakes", mistakes.len());
    for mistake in mistakes {
        let name = mistake.file_name().expect("name").to_string_lossy().into_owned();
        let told = std::fs::read_to_string(mistake.join("mistake.txt")).expect("mistake.txt");
        let first = told.lines().find_map(|l| l.strip_prefix("first: ")).expect("a `first:` line");
        let (code, at) = first.split_once(' ').expect("CODE PATH:LINE:COL");
        let site = tempfile::tempdir().expect("temp dir");
        copy_tree(&fixture("valid/content"), &site.path().join("content"));
        copy_tree(&mistake.join("content"), &site.path().join("content"));
        let run = shoko_in(site.path(), &["check", "--root", "."]);

        let title = run.stderr.lines().next().unwrap_or("");
        assert!(
            title.starts_with(&format!("error[{code}]")) || title.starts_with(&format!("warning[{code}]")),
            "{name}: the first diagnostic is not {code}:\n{}",
            run.stderr
        );
        let places: Vec<&str> = run.stderr.lines().filter_map(|l| l.trim_start().strip_prefix("--> ")).collect();
        assert_eq!(places.first().copied(), Some(at), "{name}: first place\n{}", run.stderr);
        let mut per_file: BTreeMap<&str, usize> = BTreeMap::new();
        for place in &places {
            *per_file.entry(place.split(':').next().unwrap_or(place)).or_default() += 1;
        }
        assert!(per_file.values().all(|n| *n == 1), "{name}: more than one diagnostic in a file\n{}", run.stderr);
        let expected_exit = if title.starts_with("error[") { 1 } else { 0 };
        assert_eq!(run.code, expected_exit, "{name}: exit code\n{}", run.stderr);
        insta::assert_snapshot!(format!("mistake__{name}"), run.stderr);
    }
}
