//! One invalid fixture site per diagnostic code under `tests/fixtures/invalid/<code>/`: `check`
//! must report that code with a `--> file:line:col` location and the right exit code, and its
//! whole output is pinned by a snapshot. The valid fixture must check clean.

mod common;

use common::{copy_tree, fixture, git, shoko, shoko_with_history};
use shoko_diagnostics::Severity;
use std::path::{Path, PathBuf};

#[test]
fn every_code_has_a_fixture() {
    let missing: Vec<&str> = shoko_engine::all_codes()
        .iter()
        .map(|c| c.name)
        .filter(|name| !fixture(&format!("invalid/{name}")).is_dir())
        .collect();
    assert!(missing.is_empty(), "codes without a fixture under tests/fixtures/invalid/: {missing:?}");
}

#[test]
fn each_fixture_reports_its_code_with_a_location() {
    for code in shoko_engine::all_codes() {
        let root = fixture(&format!("invalid/{}", code.name));
        let with_history = root.join("history").is_dir().then(|| committed(&root));
        let with_clones = root.join("shoko.yaml").is_file().then(|| with_clones(&root)).flatten();
        let run = match (&with_history, &with_clones) {
            (Some((_tmp, repo)), _) => shoko_with_history(repo, &["check", "--root", "."]),
            (None, Some((_tmp, site))) => common::shoko_in(site, &["check", "--root", "."]),
            // Run from the site root, so the paths shown are the same wherever the tests run.
            (None, None) => common::shoko_in(&root, &["check", "--root", "."]),
        };
        let tag = format!("[{}]: ", code.name);
        let first =
            run.stderr.find(&tag).unwrap_or_else(|| panic!("{}: code not reported:\n{}", code.name, run.stderr));
        let location = run.stderr[first..].lines().nth(1).unwrap_or("");
        assert!(
            location.trim_start().starts_with("--> "),
            "{}: no location after the title:\n{}",
            code.name,
            run.stderr
        );
        let expected_exit = match code.severity {
            Severity::Error => 1,
            Severity::Warning => 0,
        };
        assert_eq!(run.code, expected_exit, "{}: exit code\n{}", code.name, run.stderr);
        insta::assert_snapshot!(code.name.replace('/', "__"), run.stderr);
    }
}

/// A fixture with a `history/` folder made into a git repository: the fixture as it is first,
/// then each folder of `history/` (sorted; named "N subject") copied over it and committed.
fn committed(fixture: &Path) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let repo = tmp.path().join("site");
    copy_tree(&fixture.join("content"), &repo.join("content"));
    git(&repo, &["init", "-q", "-b", "main"]);
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-q", "-m", "First version"]);
    add_steps(&fixture.join("history"), &repo);
    (tmp, repo)
}

/// A fixture whose `shoko.yaml` maps repositories to clones (`repos:`) copied to a temporary
/// folder, with the clones of `tests/fixtures/clones/` made beside it under `clones/` (each
/// numbered folder one commit); `None` for a fixture without `repos:`.
fn with_clones(fixture: &Path) -> Option<(tempfile::TempDir, PathBuf)> {
    let config = std::fs::read_to_string(fixture.join("shoko.yaml")).expect("shoko.yaml");
    if !config.contains("repos:") {
        return None;
    }
    let tmp = tempfile::tempdir().expect("temp dir");
    let site = tmp.path().join("site");
    copy_tree(&fixture.join("content"), &site.join("content"));
    std::fs::copy(fixture.join("shoko.yaml"), site.join("shoko.yaml")).expect("copy shoko.yaml");
    for clone in std::fs::read_dir(common::fixture("clones")).expect("clones").map(|e| e.expect("entry").path()) {
        if clone.is_dir() {
            let name = clone.file_name().expect("name").to_owned();
            commit_steps(&clone, &tmp.path().join("clones").join(name));
        }
    }
    Some((tmp, site))
}

/// A repository at `repo` made of the numbered folders of `steps` ("N subject"), one commit each;
/// when `steps` holds a file `RESET` with a number N, the branch is then reset N commits back,
/// so the commits after stay in the clone on no branch (as a force-push leaves them).
fn commit_steps(steps: &Path, repo: &Path) {
    std::fs::create_dir_all(repo).expect("mkdir");
    git(repo, &["init", "-q", "-b", "main"]);
    add_steps(steps, repo);
    if let Ok(back) = std::fs::read_to_string(steps.join("RESET")) {
        git(repo, &["reset", "-q", "--hard", &format!("HEAD~{}", back.trim())]);
    }
}

/// Each numbered folder of `steps` ("N subject"), in order, copied over `repo` and committed.
fn add_steps(steps: &Path, repo: &Path) {
    let mut folders: Vec<PathBuf> =
        std::fs::read_dir(steps).expect("steps").map(|e| e.expect("entry").path()).filter(|p| p.is_dir()).collect();
    folders.sort();
    for step in folders {
        copy_tree(&step, repo);
        let name = step.file_name().expect("name").to_string_lossy().into_owned();
        let subject = name.split_once(' ').map_or(name.as_str(), |(_, s)| s);
        git(repo, &["add", "-A"]);
        git(repo, &["commit", "-q", "-m", subject]);
    }
}

#[test]
fn valid_fixture_checks_clean() {
    let root = fixture("valid");
    let run = shoko(&["check", "--root", root.to_str().expect("utf-8 path")]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("0 errors, 0 warnings"), "{}", run.stderr);
}

#[test]
fn readme_lists_every_code() {
    let readme = std::fs::read_to_string(common::repo().join("README.md")).expect("README.md");
    let missing: Vec<&str> = shoko_engine::all_codes()
        .iter()
        .map(|c| c.name)
        .filter(|name| !readme.contains(&format!("| `{name}` |")))
        .collect();
    assert!(missing.is_empty(), "README.md's code table lacks {missing:?}");
}
