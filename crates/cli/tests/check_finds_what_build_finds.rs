//! `check` finds everything `build` finds (check ⊇ build): it renders into an output that keeps
//! nothing, so a template that fails only while rendering fails `check` too. The mutations: a
//! failing expression put into each template of the real site in turn (a filter on a value of
//! the wrong type), and a UI string looked up through a variable; `check` must exit as `build`
//! does and report every error code `build` reports.

mod common;

use common::{copy_tree, repo, shoko_in, walk};
use std::collections::BTreeSet;
use std::path::Path;

/// The error codes a run printed (`error[CODE]`).
fn error_codes(stderr: &str) -> BTreeSet<String> {
    stderr
        .match_indices("error[")
        .filter_map(|(at, _)| {
            let rest = &stderr[at + "error[".len()..];
            rest.find(']').map(|end| rest[..end].to_owned())
        })
        .collect()
}

/// Run `check` and `build` on the site at `root`; both exit codes and error codes must agree.
fn agree(root: &Path, what: &str) -> (i32, BTreeSet<String>) {
    let out = tempfile::tempdir().expect("temp dir");
    let check = shoko_in(root, &["check", "--root", "."]);
    let build = shoko_in(root, &["build", "--root", ".", "--out", &out.path().display().to_string()]);
    let (checked, built) = (error_codes(&check.stderr), error_codes(&build.stderr));
    assert_eq!(
        check.code, build.code,
        "{what}: check exits as build does\ncheck:\n{}\nbuild:\n{}",
        check.stderr, build.stderr
    );
    assert!(built.is_subset(&checked), "{what}: build found {built:?}, check {checked:?}\n{}", check.stderr);
    (build.code, built)
}

/// A copy of the real site with its templates.
fn site() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("temp dir");
    for dir in ["content", "templates"] {
        copy_tree(&repo().join(dir), &tmp.path().join(dir));
    }
    tmp
}

#[test]
fn a_template_failing_while_rendering_fails_check_as_it_fails_build() {
    let templates = repo().join("templates");
    let files: Vec<String> = walk(&templates)
        .into_iter()
        .filter_map(|p| Some(p.strip_prefix(&templates).ok()?.display().to_string()))
        .collect();
    assert!(files.len() >= 20, "the real templates: {files:?}");
    let mut failed = 0;
    for rel in &files {
        let tmp = site();
        let path = tmp.path().join("templates").join(rel);
        let text = std::fs::read_to_string(&path).expect("read");
        // After `{% extends … %}` or a `{% block %}` opening, where a child template renders.
        let at = ["{% block content %}", "{% block rail %}", "{% block head %}"]
            .iter()
            .filter_map(|b| text.find(b).map(|i| i + b.len()))
            .min()
            .unwrap_or(0);
        let broken = format!("{}{{{{ 1 | upper }}}}{}", &text[..at], &text[at..]);
        std::fs::write(&path, broken).expect("write");
        let (code, built) = agree(tmp.path(), rel);
        if code != 0 {
            assert!(built.contains("template/error"), "{rel}: build failed for the template: {built:?}");
            failed += 1;
        }
    }
    // Most templates render on some page of the real site; a partial no page uses may not fail.
    assert!(failed >= files.len() - 3, "only {failed} of {} broken templates failed the build", files.len());
}

#[test]
fn a_ui_string_looked_up_through_a_variable_fails_check_as_it_fails_build() {
    let tmp = site();
    let path = tmp.path().join("templates/page.html");
    let text = std::fs::read_to_string(&path).expect("read");
    // The page's language code is no string's key: found only while rendering.
    let broken = text.replacen("<article class=\"page\">", "<article class=\"page\">{{ ui[layout.lang] }}", 1);
    assert_ne!(broken, text);
    std::fs::write(&path, broken).expect("write");
    let (code, built) = agree(tmp.path(), "a UI string through a variable");
    assert_eq!(code, 1);
    assert!(built.contains("template/error"), "{built:?}");
}
