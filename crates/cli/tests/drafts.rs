//! Drafts (`draft: true` in a page's front-matter or at the top of a log): `check` reports what
//! is wrong in them without failing for it, `build` leaves them out (its output is byte for byte
//! the build of the site without the draft files), `--drafts` checks and builds them as
//! published, marked, and a published page pointing at a draft is `ref/draft`. The mutations:
//! every content file of the real site made a draft in turn.

mod common;

use common::{copy_tree, repo, shoko_in, tree_bytes, write};
use std::path::Path;

const URL: &str = "https://example.org/site/";

const DRAFT_PAGE: &str = "---\ntitle: { ja: \"メモ\", en: \"Notes\" }\ndraft: true\n---\n\n:::ja\n書きかけ。[下書きの主張](claim:zz-draft-claim)。\n:::\n\n:::en\nIn progress. [A draft's claim](claim:zz-draft-claim).\n:::\n";

/// A draft log whose claim rests on a premise no file declares (an error, once published).
const DRAFT_LOG: &str = r#"draft: true
claims:
  - id: zz-draft-claim
    class: confirmed
    text: { ja: "下書きの主張。", en: "A draft's claim." }
    scope: { gfx: [gfx1201], observed: "2026-03-27" }
    sources:
      - { basis: artifact, file: "notes.txt", tool: "reading", output: "a line" }
    depends_on: [no-such-claim]
    history:
      - { date: "2026-03-27", from: null, to: confirmed, reason: { ja: "初回", en: "First record" } }
"#;

/// A draft whose YAML does not read: still a draft (its `draft: true` line is found unread).
const BROKEN_DRAFT: &str =
    "---\ntitle: { ja: \"壊れた\", en: \"Broken\"\ndraft: true\n---\n\n:::ja\nあ\n:::\n\n:::en\nA\n:::\n";

/// A copy of the real site.
fn real_site() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("temp dir");
    copy_tree(&repo().join("content"), &tmp.path().join("content"));
    tmp
}

fn run(root: &Path, args: &[&str]) -> common::Run {
    let mut all = vec!["--root", "."];
    all.extend(args);
    shoko_in(root, &all)
}

/// `check --format json` on the site at `root`: the run and its diagnostics.
fn findings(root: &Path) -> (common::Run, Vec<serde_json::Value>) {
    let check = run(root, &["check", "--format", "json"]);
    let report: serde_json::Value = serde_json::from_str(&check.stdout).expect("json");
    let found = report["diagnostics"].as_array().expect("list").clone();
    (check, found)
}

/// A diagnostic's code and file.
fn code_and_file(d: &serde_json::Value) -> (&str, &str) {
    (d["code"].as_str().unwrap_or(""), d["file"].as_str().unwrap_or(""))
}

fn build(root: &Path, out: &Path, extra: &[&str]) -> common::Run {
    let out = out.display().to_string();
    let mut args = vec!["build", "--out", &out, "--base-url", URL];
    args.extend(extra);
    run(root, &args)
}

#[test]
fn drafts_are_checked_left_out_of_the_published_site_and_built_marked_with_drafts() {
    let tmp = real_site();
    let root = tmp.path();
    let out = tempfile::tempdir().expect("temp dir");
    // The site without drafts, built first as the oracle.
    let bare = build(root, &out.path().join("bare"), &[]);
    assert_eq!(bare.code, 0, "{}", bare.stderr);
    write(root, "content/notes.md", DRAFT_PAGE);
    write(root, "content/logs/zz-draft.yaml", DRAFT_LOG);
    write(root, "content/broken.md", BROKEN_DRAFT);

    let check = run(root, &["check"]);
    assert_eq!(check.code, 0, "errors in drafts stop nothing:\n{}", check.stderr);
    for expected in
        ["warning[ref/unknown-claim]", "warning[fm/yaml-syntax]", "an error in a draft", "3 drafts left out"]
    {
        assert!(check.stderr.contains(expected), "check says {expected:?}:\n{}", check.stderr);
    }
    let (_, found) = findings(root);
    let premise = found.iter().find(|d| d["code"] == "ref/unknown-claim").expect("the draft's unknown premise");
    assert_eq!((&premise["severity"], &premise["draft"]), (&"warning".into(), &"inside".into()), "{premise}");
    let strict = run(root, &["check", "--drafts"]);
    assert_eq!(strict.code, 1, "--drafts counts their errors:\n{}", strict.stderr);
    assert!(strict.stderr.contains("error[ref/unknown-claim]") && strict.stderr.contains("error[fm/yaml-syntax]"));

    let published = build(root, &out.path().join("published"), &[]);
    assert_eq!(published.code, 0, "{}", published.stderr);
    assert_eq!(
        tree_bytes(&out.path().join("published")),
        tree_bytes(&out.path().join("bare")),
        "the published site is the site without its drafts, every file (pages, search, feeds, sitemap, claims.json)"
    );
    let failed = build(root, &out.path().join("drafts"), &["--drafts"]);
    assert_eq!(failed.code, 1, "--drafts builds them as published, errors and all:\n{}", failed.stderr);

    // Fixed, the drafts build with --drafts, marked.
    write(root, "content/logs/zz-draft.yaml", &DRAFT_LOG.replace("    depends_on: [no-such-claim]\n", ""));
    std::fs::remove_file(root.join("content/broken.md")).expect("remove");
    let drafts = build(root, &out.path().join("drafts"), &["--drafts"]);
    assert_eq!(drafts.code, 0, "{}", drafts.stderr);
    for lang in ["ja", "en"] {
        let page = std::fs::read_to_string(out.path().join(format!("drafts/{lang}/notes/index.html"))).expect("built");
        assert!(page.contains("class=\"draft-mark\""), "{lang}: the page is marked a draft");
        assert!(page.contains("badge-draft\">"), "{lang}: its claim's card is marked a draft");
        let home = std::fs::read_to_string(out.path().join(format!("drafts/{lang}/index.html"))).expect("built");
        assert!(!home.contains("draft-mark"), "{lang}: a published page is not marked");
    }
    let claims = std::fs::read_to_string(out.path().join("drafts/claims.json")).expect("claims.json");
    assert!(claims.contains("zz-draft-claim"), "built with --drafts, the draft's claims are the site's");
}

#[test]
fn a_published_page_pointing_at_a_draft_is_reported_once_at_the_reference() {
    let tmp = real_site();
    let root = tmp.path();
    write(root, "content/notes.md", DRAFT_PAGE);
    write(root, "content/logs/zz-draft.yaml", &DRAFT_LOG.replace("    depends_on: [no-such-claim]\n", ""));
    let home = std::fs::read_to_string(root.join("content/index.md")).expect("read");
    write(root, "content/index.md", &format!("{home}\n[Notes](notes.md), [claim](claim:zz-draft-claim)\n"));
    let (check, found) = findings(root);
    assert_eq!(check.code, 1, "{}", check.stderr);
    let errors: Vec<(&str, &str)> = found.iter().filter(|d| d["severity"] == "error").map(code_and_file).collect();
    let at_home = ("ref/draft", "content/index.md");
    assert_eq!(errors, [at_home, at_home], "the page link and the citation, nothing else");
}

/// Insert `draft: true` at the top of a content file's YAML.
fn drafted(path: &str, text: &str) -> String {
    match path.ends_with(".md") {
        true => text.replacen("---\n", "---\ndraft: true\n", 1),
        false => format!("draft: true\n{text}"),
    }
}

#[test]
fn each_file_of_the_real_site_made_a_draft_is_left_out_whole_or_its_references_are_reported() {
    let base = real_site();
    let files: Vec<String> = common::walk(&base.path().join("content"))
        .into_iter()
        .filter_map(|p| Some(p.strip_prefix(base.path()).ok()?.display().to_string()))
        .filter(|p| (p.ends_with(".md") || p.ends_with(".yaml")) && !p.contains("/_data/"))
        .collect();
    assert!(files.len() >= 10, "the real site's files: {files:?}");
    let (mut left_out, mut referenced) = (0, 0);
    for file in &files {
        let tmp = real_site();
        let root = tmp.path();
        let text = std::fs::read_to_string(root.join(file)).expect("read");
        write(root, file, &drafted(file, &text));
        let (check, found) = findings(root);
        let errors: Vec<&serde_json::Value> = found.iter().filter(|d| d["severity"] == "error").collect();
        if errors.is_empty() {
            // Left out whole: the published site is the site without the file.
            assert_eq!(check.code, 0, "{file}: {}", check.stderr);
            let out = tempfile::tempdir().expect("temp dir");
            let drafted_build = build(root, &out.path().join("drafted"), &[]);
            assert_eq!(drafted_build.code, 0, "{file}: {}", drafted_build.stderr);
            std::fs::remove_file(root.join(file)).expect("remove");
            let without = build(root, &out.path().join("without"), &[]);
            assert_eq!(without.code, 0, "{file} removed: {}", without.stderr);
            assert_eq!(
                tree_bytes(&out.path().join("drafted")),
                tree_bytes(&out.path().join("without")),
                "{file} as a draft: the published site is the site without it"
            );
            left_out += 1;
        } else {
            // Published files point at it: each such error is `ref/draft` in another file.
            for e in &errors {
                assert_eq!(e["code"], "ref/draft", "{file} as a draft: only its references are errors: {e}");
                assert_ne!(e["file"].as_str(), Some(file.as_str()), "{file}: {e}");
            }
            referenced += 1;
        }
    }
    assert!(left_out > 0 && referenced > 0, "both outcomes tried: {left_out} left out, {referenced} referenced");
}

/// A page made a draft, then published again, each time built into the same folder (the
/// engine resumed from its cache): each build equals a fresh build of the same site.
#[test]
fn a_page_made_a_draft_and_published_again_builds_as_a_fresh_build_does() {
    let tmp = real_site();
    let root = tmp.path();
    write(
        root,
        "content/notes.md",
        &DRAFT_PAGE.replace("draft: true\n", "").replace("claim:zz-draft-claim", "claim:gfx900-family"),
    );
    let out = tempfile::tempdir().expect("temp dir");
    let (kept, fresh) = (out.path().join("kept"), out.path().join("fresh"));
    for step in ["published", "a draft", "published again"] {
        let text = std::fs::read_to_string(root.join("content/notes.md")).expect("read");
        if step == "a draft" {
            write(root, "content/notes.md", &drafted("content/notes.md", &text));
        } else if step == "published again" {
            write(root, "content/notes.md", &text.replacen("draft: true\n", "", 1));
        }
        let resumed = build(root, &kept, &[]);
        assert_eq!(resumed.code, 0, "{step}: {}", resumed.stderr);
        let _ = std::fs::remove_dir_all(&fresh);
        let whole = build(root, &fresh, &[]);
        assert_eq!(whole.code, 0, "{step}: {}", whole.stderr);
        assert_eq!(tree_bytes(&kept), tree_bytes(&fresh), "{step}: the resumed build is the fresh one");
        assert_eq!(kept.join("en/notes/index.html").exists(), step != "a draft", "{step}");
    }
}

#[test]
fn drafts_built_show_a_published_link_to_a_draft_without_stopping() {
    let tmp = real_site();
    let root = tmp.path();
    write(root, "content/notes.md", DRAFT_PAGE);
    write(root, "content/logs/zz-draft.yaml", &DRAFT_LOG.replace("    depends_on: [no-such-claim]\n", ""));
    let home = std::fs::read_to_string(root.join("content/index.md")).expect("read");
    write(root, "content/index.md", &format!("{home}\n[Notes](notes.md)\n"));
    let out = tempfile::tempdir().expect("temp dir");
    let drafts = build(root, out.path(), &["--drafts"]);
    assert_eq!(drafts.code, 0, "the preview goes on:\n{}", drafts.stderr);
    assert!(
        drafts.stderr.contains("warning[ref/draft]") && drafts.stderr.contains("a build without --drafts refuses it")
    );
    assert_eq!(run(root, &["check"]).code, 1, "the published build refuses it");
}

#[test]
fn a_claim_a_draft_rewrites_under_its_id_is_still_the_published_ones() {
    let tmp = real_site();
    let root = tmp.path();
    // A draft declaring `gfx900-family` again, which published pages cite.
    write(
        root,
        "content/logs/a-rewrite.yaml",
        &DRAFT_LOG.replace("zz-draft-claim", "gfx900-family").replace("    depends_on: [no-such-claim]\n", ""),
    );
    let (check, found) = findings(root);
    let codes: Vec<&str> = found.iter().filter_map(|d| d["code"].as_str()).collect();
    assert!(!codes.contains(&"ref/draft"), "the citations lead to the published claim: {codes:?}");
    assert_eq!(check.code, 0, "the duplicate concerns the draft only: {}", check.stderr);
}

#[test]
fn a_home_page_left_out_as_a_draft_is_reported() {
    let tmp = real_site();
    let root = tmp.path();
    let home = std::fs::read_to_string(root.join("content/index.md")).expect("read");
    write(root, "content/index.md", &drafted("content/index.md", &home));
    let check = run(root, &["check"]);
    assert!(check.stderr.contains("[page/missing-home]"), "{}", check.stderr);
}

#[test]
fn a_target_page_that_is_a_draft_is_a_reference_to_a_draft() {
    let tmp = real_site();
    let root = tmp.path();
    let targets = std::fs::read_to_string(root.join("content/_data/targets.yaml")).expect("read");
    let page = targets
        .lines()
        .find_map(|l| l.split_once("page: ").map(|(_, p)| p.trim().trim_end_matches('}').trim().to_owned()));
    let page = page.expect("a target with a page");
    let path = format!("content/{page}");
    let text = std::fs::read_to_string(root.join(&path)).expect("read");
    write(root, &path, &drafted(&path, &text));
    let (check, found) = findings(root);
    let at_targets = found.iter().map(code_and_file).any(|d| d == ("ref/draft", "content/_data/targets.yaml"));
    assert!(at_targets, "the target's page is a draft: {}", check.stderr);
}

#[test]
fn a_static_file_at_a_drafts_address_stops_nothing_and_a_shared_finding_is_the_published_ones() {
    let tmp = real_site();
    let root = tmp.path();
    write(root, "content/notes.md", DRAFT_PAGE);
    write(root, "content/logs/zz-draft.yaml", &DRAFT_LOG.replace("    depends_on: [no-such-claim]\n", ""));
    // A static file where the draft's page would be written.
    write(root, "static/en/notes/index.html", "<p>mine</p>");
    let out = tempfile::tempdir().expect("temp dir");
    let built = build(root, out.path(), &[]);
    assert_eq!(built.code, 0, "the draft is not published, so nothing collides:\n{}", built.stderr);
    // A published page and a draft cite the same unknown claim: one error, at the published page.
    std::fs::remove_file(root.join("static/en/notes/index.html")).expect("remove");
    let home = std::fs::read_to_string(root.join("content/index.md")).expect("read");
    write(root, "content/index.md", &format!("{home}\n[gone](claim:no-such-claim)\n"));
    write(root, "content/notes.md", &DRAFT_PAGE.replace("In progress.", "In progress. [gone](claim:no-such-claim)"));
    let (check, found) = findings(root);
    let unknown: Vec<(&str, &str)> = found
        .iter()
        .filter(|d| d["code"] == "ref/unknown-claim")
        .map(|d| (d["file"].as_str().unwrap_or(""), d["severity"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(unknown, [("content/index.md", "error")], "{}", check.stderr);
}
