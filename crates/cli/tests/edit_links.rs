//! Edit links and last-change days, in real git repositories made here: with `repository` in
//! `shoko.yaml`, each content page links to its source's edit page (its path from the
//! repository's root, so a site in a subfolder works) and each claim card to its record's line;
//! each page shows the committer day of the last commit that changed it or a file declaring a
//! claim it shows, and no day where that is not known (an uncommitted edit, history not read,
//! a shallow clone), never one nobody checked.

mod common;

use common::{shoko_in, shoko_with_history, write};
use std::path::Path;
use std::process::Command;

const TARGETS: &str = "targets:\n  - { gfx: gfx1201, family: RDNA 4, generation: RDNA4, products: [RX 9070 XT], worldview: { ja: \"混在\", en: \"mixed\" }, status: ongoing, status_text: { ja: \"調査中\", en: \"Ongoing\" } }\n";

const HOME: &str = "---\ntitle: { ja: \"ホーム\", en: \"Home\" }\n---\n\n:::ja\n[主張](claim:a-claim)。[別のページ](other.md)。\n:::\n\n:::en\n[A claim](claim:a-claim). [Another page](other.md).\n:::\n";

const OTHER: &str = "---\ntitle: { ja: \"別\", en: \"Other\" }\n---\n\n:::ja\n本文。\n:::\n\n:::en\nText.\n:::\n";

const LOG: &str = r#"claims:
  - id: first-claim
    class: confirmed
    text: { ja: "最初。", en: "First." }
    scope: { gfx: [gfx1201], observed: "2026-01-02" }
    sources: [{ basis: artifact, file: "a.txt", tool: "reading", output: "a" }]
    history: [{ date: "2026-01-02", from: null, to: confirmed, reason: { ja: "初回", en: "First" } }]
  - id: a-claim
    class: confirmed
    text: { ja: "主張。", en: "A claim." }
    scope: { gfx: [gfx1201], observed: "2026-01-02" }
    sources: [{ basis: artifact, file: "a.txt", tool: "reading", output: "a" }]
    history: [{ date: "2026-01-02", from: null, to: confirmed, reason: { ja: "初回", en: "First" } }]
"#;

/// Commit everything in `repo` on `day` (author and committer).
fn commit(repo: &Path, day: &str, message: &str) {
    git_on(repo, day, &["add", "-A"]);
    git_on(repo, day, &["commit", "-q", "-m", message]);
}

/// A repository holding a site in `site/`, committed on 2026-01-02, its log changed again on
/// 2026-03-04 (the first claim only).
fn repository(config: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("temp dir");
    let repo = tmp.path();
    common::git(repo, &["init", "-q", "-b", "main"]);
    write(repo, "site/shoko.yaml", config);
    write(repo, "site/content/_data/targets.yaml", TARGETS);
    write(repo, "site/content/index.md", HOME);
    write(repo, "site/content/other.md", OTHER);
    write(repo, "site/content/logs/a.yaml", LOG);
    commit(repo, "2026-01-02", "First version");
    write(
        repo,
        "site/content/logs/a.yaml",
        &LOG.replacen("最初。", "最初の主張。", 1).replacen("First.", "The first.", 1),
    );
    commit(repo, "2026-03-04", "Reword the first claim");
    tmp
}

fn page(out: &Path, rel: &str) -> String {
    std::fs::read_to_string(out.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The day a built page shows, if any.
fn day(html: &str) -> Option<String> {
    let at = html.find("<p class=\"page-source\">")?;
    let time = html[at..].find("<time datetime=\"").map(|i| at + i + "<time datetime=\"".len())?;
    Some(html[time..time + 10].to_owned())
}

#[test]
fn pages_link_their_source_from_the_repository_root_and_show_the_day_of_their_last_commit() {
    let tmp = repository("repository: https://github.com/owner/notes\nbranch: trunk\n");
    let site = tmp.path().join("site");
    let out = tempfile::tempdir().expect("temp dir");
    let run = shoko_with_history(&site, &["build", "--root", ".", "--out", &out.path().display().to_string()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    for lang in ["ja", "en"] {
        let home = page(out.path(), &format!("{lang}/index.html"));
        assert!(
            home.contains("href=\"https://github.com/owner/notes/edit/trunk/site/content/index.md\""),
            "{lang}: the edit link names the path from the repository's root:\n{home}"
        );
        // The claim it shows is declared in the log, which changed last on 2026-03-04.
        assert_eq!(day(&home).as_deref(), Some("2026-03-04"), "{lang}: the log's commit is the page's last change");
        let line = LOG.lines().position(|l| l.contains("id: a-claim")).expect("declared") + 1;
        let record = format!("href=\"https://github.com/owner/notes/blob/trunk/site/content/logs/a.yaml#L{line}\"");
        assert!(home.contains(&record), "{lang}: the card links its record's line {line}");
        let other = page(out.path(), &format!("{lang}/other/index.html"));
        assert_eq!(day(&other).as_deref(), Some("2026-01-02"), "{lang}: a page showing no claim: its own file's day");
        let generated = page(out.path(), &format!("{lang}/claims/index.html"));
        assert!(!generated.contains("page-source"), "{lang}: a generated page has no source to edit");
    }

    // An uncommitted edit: the page's day is not known, its link still is; the other keeps its day.
    write(&site, "content/other.md", &OTHER.replace("Text.", "Text, edited."));
    let run = shoko_with_history(&site, &["build", "--root", ".", "--out", &out.path().display().to_string()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let other = page(out.path(), "en/other/index.html");
    assert_eq!(day(&other), None, "a page changed since its last commit shows no day");
    assert!(other.contains("/edit/trunk/site/content/other.md\""), "but still its edit link");
    assert_eq!(day(&page(out.path(), "en/index.html")).as_deref(), Some("2026-03-04"));

    // History not read: no day anywhere.
    let run = shoko_in(&site, &["build", "--root", ".", "--out", &out.path().display().to_string()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(day(&page(out.path(), "en/index.html")), None, "without history no page shows a day");
}

#[test]
fn a_shallow_clone_shows_no_day_and_says_why() {
    let tmp = repository("repository: https://github.com/owner/notes\n");
    let clone = tempfile::tempdir().expect("temp dir");
    let url = format!("file://{}", tmp.path().display());
    let target = clone.path().join("c");
    let status = Command::new("git")
        .args(["clone", "-q", "--depth", "1", &url, &target.display().to_string()])
        .status()
        .expect("git runs");
    assert!(status.success());
    let site = target.join("site");
    let out = tempfile::tempdir().expect("temp dir");
    let run = shoko_with_history(&site, &["build", "--root", ".", "--out", &out.path().display().to_string()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let home = page(out.path(), "en/index.html");
    assert_eq!(day(&home), None, "a shallow clone's last commits are not the pages' last changes");
    assert!(home.contains("/edit/main/site/content/index.md\""), "the default branch is main");
    assert!(
        run.stderr.contains("no page shows when it last changed: the repository is a shallow clone"),
        "the build says why:\n{}",
        run.stderr
    );
}

#[test]
fn edit_settings_that_cannot_make_an_address_are_errors_at_their_place() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path();
    write(root, "content/index.md", OTHER);
    for (config, field) in [
        ("repository: github.com/owner/notes\n", "repository"),
        ("repository: https://github.com/o/n\nbranch: \"two words\"\n", "branch"),
        ("edit_url: https://git.example.org/edit/main/\n", "edit_url"),
    ] {
        write(root, "shoko.yaml", config);
        let run = shoko_in(root, &["check", "--root", "."]);
        assert_eq!(run.code, 1, "{config}: {}", run.stderr);
        assert!(run.stderr.contains(&format!("`{field}` is")), "{config}: {}", run.stderr);
        assert!(run.stderr.contains("--> shoko.yaml:"), "{config}: at its place: {}", run.stderr);
    }
    // Another host: claim cards link to their file's edit page.
    write(root, "shoko.yaml", "edit_url: https://git.example.org/me/notes/-/edit/main/{path}\n");
    let out = tempfile::tempdir().expect("temp dir");
    let run = shoko_in(root, &["build", "--root", ".", "--out", &out.path().display().to_string()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        page(out.path(), "en/index.html")
            .contains("href=\"https://git.example.org/me/notes/-/edit/main/content/index.md\"")
    );
}

/// Run git in `repo` on `day` (author and committer).
fn git_on(repo: &Path, day: &str, args: &[&str]) {
    let status = Command::new("git")
        .args(["-c", "user.name=Test", "-c", "user.email=test@example.org", "-c", "commit.gpgsign=false"])
        .args(args)
        .current_dir(repo)
        .env("GIT_AUTHOR_DATE", format!("{day}T12:00:00Z"))
        .env("GIT_COMMITTER_DATE", format!("{day}T12:00:00Z"))
        .status()
        .expect("git runs");
    assert!(status.success(), "git {args:?}");
}

/// A branch's change reaches the main line on the day it is merged; a merge that keeps the main
/// line's version changes nothing (as `git log --first-parent` sees it).
#[test]
fn a_merged_change_is_dated_by_its_merge_and_a_change_the_merge_left_out_by_nothing() {
    let tmp = repository("repository: https://github.com/owner/notes\n");
    let (repo, site) = (tmp.path(), tmp.path().join("site"));
    let other = |text: &str| OTHER.replace("Text.", text);
    // A branch changes `other.md` on 2026-04-01; the main line merges it on 2026-04-10.
    git_on(repo, "2026-04-01", &["checkout", "-q", "-b", "branch"]);
    write(&site, "content/other.md", &other("Changed on a branch."));
    git_on(repo, "2026-04-01", &["commit", "-q", "-am", "Branch change"]);
    git_on(repo, "2026-04-10", &["checkout", "-q", "main"]);
    git_on(repo, "2026-04-10", &["merge", "-q", "--no-ff", "-m", "Merge the branch", "branch"]);
    let out = tempfile::tempdir().expect("temp dir");
    let built = |site: &Path| {
        let run = shoko_with_history(site, &["build", "--root", ".", "--out", &out.path().display().to_string()]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        day(&page(out.path(), "en/other/index.html"))
    };
    assert_eq!(built(&site).as_deref(), Some("2026-04-10"), "published on the merge's day");
    // Another branch changes it again; the merge keeps the main line's version.
    git_on(repo, "2026-05-01", &["checkout", "-q", "-b", "second"]);
    write(&site, "content/other.md", &other("Changed on a second branch."));
    git_on(repo, "2026-05-01", &["commit", "-q", "-am", "Second branch change"]);
    git_on(repo, "2026-05-10", &["checkout", "-q", "main"]);
    git_on(repo, "2026-05-10", &["merge", "-q", "--no-ff", "-s", "ours", "-m", "Merge, keeping ours", "second"]);
    assert_eq!(built(&site).as_deref(), Some("2026-04-10"), "the page is as the first merge left it");
}

/// The data files are part of every page: a later commit of `targets.yaml` moves every page's
/// day. A page never committed gets no edit link (no such file on the branch) and no day.
#[test]
fn data_files_date_every_page_and_a_file_never_committed_has_no_edit_link() {
    let tmp = repository("repository: https://github.com/owner/notes\n");
    let (repo, site) = (tmp.path(), tmp.path().join("site"));
    write(&site, "content/_data/targets.yaml", &TARGETS.replace("混在", "混在する"));
    git_on(repo, "2026-06-01", &["commit", "-q", "-am", "Reword a target"]);
    write(&site, "content/new.md", &OTHER.replace("Other", "New"));
    let out = tempfile::tempdir().expect("temp dir");
    let run = shoko_with_history(&site, &["build", "--root", ".", "--out", &out.path().display().to_string()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(day(&page(out.path(), "en/other/index.html")).as_deref(), Some("2026-06-01"), "the data file's day");
    let new = page(out.path(), "en/new/index.html");
    assert!(!new.contains("Edit this page") && day(&new).is_none(), "a page never committed: no link, no day");
    assert!(run.stderr.contains("content/new.md"), "the note names it:\n{}", run.stderr);
}
