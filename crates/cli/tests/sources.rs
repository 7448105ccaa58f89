//! Sources verified against a local clone (`repos:` in shoko.yaml), with real git repositories
//! made in the test: a record that does not match the clone is an error at the field it is
//! about, with a hint; lines that move or change upstream after the pinned commit are a warning
//! and a notice on the card, and a commit in the clone alone rebuilds; `shoko pin` finds quotes,
//! pins unpinned sources and re-pins moved ones in place, leaving the rest of the file as it was,
//! and refuses to re-pin lines whose text changed.

mod common;

use common::{git, shoko_in, tree_bytes, write};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The handle file of the clone: line `n` is `line n` except the two cited ones.
fn handle(before: usize, cited: [&str; 2]) -> String {
    let mut lines: Vec<String> = (1..=before).map(|n| format!("// line {n}")).collect();
    lines.extend(cited.iter().map(|l| (*l).to_owned()));
    lines.extend((0..10).map(|n| format!("// tail {n}")));
    lines.join("\n") + "\n"
}

const CITED: [&str; 2] = ["rocblas_status status =", "    rocblas_create_handle(&handle);"];

struct Setup {
    _tmp: tempfile::TempDir,
    site: PathBuf,
    clone: PathBuf,
}

fn head(dir: &Path) -> String {
    let out = Command::new("git").args(["rev-parse", "HEAD"]).current_dir(dir).output().expect("git runs");
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// A clone with `library/src/handle.cpp` committed (the cited lines at 3–4) and a site that
/// maps `ROCm/rocBLAS` to it.
fn setup() -> Setup {
    let tmp = tempfile::tempdir().expect("temp dir");
    let clone = tmp.path().join("clones/rocBLAS");
    write(&clone, "library/src/handle.cpp", &handle(2, CITED));
    git(&clone, &["init", "-q", "-b", "develop"]);
    git(&clone, &["add", "-A"]);
    git(&clone, &["commit", "-q", "-m", "Add the handle"]);
    let site = tmp.path().join("site");
    write(&site, "shoko.yaml", "repos:\n  ROCm/rocBLAS: ../clones/rocBLAS\n");
    Setup { _tmp: tmp, site, clone }
}

fn claim(id: &str, source: &str) -> String {
    format!(
        "  - id: {id}\n    class: confirmed\n    text: {{ ja: \"{id} の記述。\", en: \"Statement {id}.\" }}\n    scope: {{ gfx: [gfx1201], observed: \"2026-03-27\" }}\n    sources:\n{source}    history:\n      - {{ date: \"2026-03-27\", from: null, to: confirmed, reason: {{ ja: \"初回\", en: \"First\" }} }}\n"
    )
}

fn block_source(fields: &str) -> String {
    format!("      - basis: source_code\n        repo: ROCm/rocBLAS\n{fields}")
}

fn check(site: &Path) -> common::Run {
    shoko_in(site, &["check", "--root", "."])
}

/// Line and column (1-based) of the first `needle` in `text`.
fn at(text: &str, needle: &str) -> String {
    let offset = text.find(needle).unwrap_or_else(|| panic!("{needle} in the log"));
    let line = text[..offset].matches('\n').count() + 1;
    let col = offset - text[..offset].rfind('\n').map_or(0, |i| i + 1) + 1;
    format!("content/logs/sources.yaml:{line}:{col}")
}

#[test]
fn a_record_that_does_not_match_the_clone_is_an_error_at_its_field() {
    let s = setup();
    let commit = head(&s.clone);
    let log = format!(
        "claims:\n{}{}{}{}{}",
        claim(
            "no-commit",
            &block_source(&format!("        commit: \"{}\"\n        path: library/src/handle.cpp\n", "0".repeat(40)))
        ),
        claim(
            "no-path",
            &block_source(&format!("        commit: \"{commit}\"\n        path: library/src/handel.cpp\n"))
        ),
        claim(
            "past-end",
            &block_source(&format!(
                "        commit: \"{commit}\"\n        path: library/src/handle.cpp\n        lines: [30, 40]\n"
            ))
        ),
        claim(
            "quote-elsewhere",
            &block_source(&format!(
                "        commit: \"{commit}\"\n        path: library/src/handle.cpp\n        lines: [1, 2]\n        quote: \"rocblas_status status = rocblas_create_handle(&handle);\"\n"
            ))
        ),
        claim("other-repo", "      - { basis: source_code, repo: Other/repo, path: a.c }\n"),
    );
    write(&s.site, "content/logs/sources.yaml", &log);
    let run = check(&s.site);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let err = &run.stderr;
    assert!(err.contains("error[source/unknown-commit]"), "{err}");
    assert!(err.contains(&at(&log, &format!("\"{}\"", "0".repeat(40)))), "at the commit: {err}");
    assert!(
        err.contains("error[source/missing-path]") && err.contains("did you mean `library/src/handle.cpp`?"),
        "{err}"
    );
    assert!(err.contains(&at(&log, "library/src/handel.cpp")), "at the path: {err}");
    assert!(err.contains("error[source/lines-out-of-range]") && err.contains("which has 14 lines"), "{err}");
    assert!(err.contains(&at(&log, "[30, 40]")), "at the lines: {err}");
    assert!(err.contains("error[source/quote-mismatch]") && err.contains("the quote is at lines 3–4"), "{err}");
    assert!(err.contains("1 source-code source not verified") && err.contains("Other/repo"), "{err}");
}

#[test]
fn lines_changed_upstream_warn_and_show_on_the_card_and_a_clone_commit_rebuilds() {
    let s = setup();
    let pinned = head(&s.clone);
    let source = block_source(&format!(
        "        commit: \"{pinned}\"\n        path: library/src/handle.cpp\n        lines: [3, 4]\n        quote: \"rocblas_create_handle(&handle);\"\n"
    ));
    write(&s.site, "content/logs/sources.yaml", &format!("claims:\n{}", claim("pinned", &source)));
    write(
        &s.site,
        "content/index.md",
        "---\ntitle: { ja: \"題\", en: \"Title\" }\n---\n\n:::ja\n根拠 [記録](claim:pinned)\n:::\n\n:::en\nEvidence [record](claim:pinned)\n:::\n",
    );
    let run = check(&s.site);
    assert_eq!((run.code, run.stderr.contains("warning[")), (0, false), "{}", run.stderr);
    let out = s.site.join("site");
    let build = |site: &Path| {
        let run = shoko_in(site, &["build", "--root", "."]);
        assert_eq!(run.code, 0, "{}", run.stderr);
    };
    build(&s.site);
    assert!(!std::fs::read_to_string(out.join("en/index.html")).expect("page").contains("upstream-notice"));

    // Two lines inserted above: the same text, moved.
    write(&s.clone, "library/src/handle.cpp", &handle(4, CITED));
    git(&s.clone, &["commit", "-q", "-am", "Move the handle down"]);
    let run = check(&s.site);
    assert!(
        run.stderr.contains("warning[source/upstream-changed]") && run.stderr.contains("moved to lines 5–6"),
        "{}",
        run.stderr
    );
    // The same text: `pin --write` re-pins it to the newer commit and lines.
    let pinned = head(&s.clone);
    let repinned = shoko_in(&s.site, &["pin", "--root", ".", "--write"]);
    assert_eq!(repinned.code, 0, "{}", repinned.stderr);
    let log = std::fs::read_to_string(s.site.join("content/logs/sources.yaml")).expect("log");
    assert!(log.contains(&format!("commit: \"{pinned}\"")) && log.contains("lines: [5, 6]"), "{log}");
    let run = check(&s.site);
    assert!(!run.stderr.contains("warning["), "{}", run.stderr);
    build(&s.site);

    // Then changed: the warning names it, `pin` refuses to re-pin it, the card shows it with a
    // compare link, and the build after the clone's commit (no file of the site changed)
    // equals a clean build.
    write(
        &s.clone,
        "library/src/handle.cpp",
        &handle(4, ["rocblas_status status =", "    rocblas_create_handle_v2(&handle);"]),
    );
    git(&s.clone, &["commit", "-q", "-am", "Rename the call"]);
    let newer = head(&s.clone);
    let run = check(&s.site);
    assert!(run.stderr.contains("lines 5–6 of `library/src/handle.cpp` changed at HEAD"), "{}", run.stderr);
    let refused = shoko_in(&s.site, &["pin", "--root", "."]);
    assert!(refused.code == 1 && refused.stderr.contains("the cited text changed at HEAD"), "{}", refused.stderr);
    build(&s.site);
    let en = std::fs::read_to_string(out.join("en/index.html")).expect("page");
    assert!(en.contains("class=\"upstream-notice\""), "the card shows the change");
    assert!(en.contains(&format!("https://github.com/ROCm/rocBLAS/compare/{pinned}...{newer}")), "{en}");
    let fresh = tempfile::tempdir().expect("temp dir");
    let run = shoko_in(&s.site, &["build", "--root", ".", "--out", &fresh.path().join("site").display().to_string()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(tree_bytes(&out), tree_bytes(&fresh.path().join("site")), "equals a clean build");
}

#[test]
fn pin_finds_the_quote_and_edits_only_the_fields() {
    let s = setup();
    let log = format!(
        "# Observations of the handle.\nclaims:\n{}{}",
        claim(
            "block",
            &block_source(
                "        path: \"library/src/handle.cpp\"  # the handle\n        lines: [1, 2]\n        quote: \"rocblas_create_handle(&handle);\"\n"
            )
        ),
        claim(
            "flow",
            "      - { basis: source_code, repo: ROCm/rocBLAS, path: library/src/handle.cpp, quote: \"rocblas_status status =\" }\n"
        ),
    );
    write(&s.site, "content/logs/sources.yaml", &log);
    let commit = head(&s.clone);
    let shown = shoko_in(&s.site, &["pin", "--root", "."]);
    assert_eq!(shown.code, 0, "{}", shown.stderr);
    assert!(
        shown.stderr.contains(&format!("+ commit: \"{commit}\"")) && shown.stderr.contains("~ [1, 2] → [4, 4]"),
        "{}",
        shown.stderr
    );
    let path = s.site.join("content/logs/sources.yaml");
    assert_eq!(std::fs::read_to_string(&path).expect("log"), log, "without --write nothing changes");

    let written = shoko_in(&s.site, &["pin", "--root", "."].into_iter().chain(["--write"]).collect::<Vec<_>>());
    assert_eq!(written.code, 0, "{}", written.stderr);
    let after = std::fs::read_to_string(&path).expect("log");
    let expected = log
        .replace(
            "        path: \"library/src/handle.cpp\"  # the handle\n        lines: [1, 2]\n",
            &format!("        commit: \"{commit}\"\n        path: \"library/src/handle.cpp\"  # the handle\n        lines: [4, 4]\n"),
        )
        .replace("repo: ROCm/rocBLAS, path: library/src/handle.cpp, quote:", &format!("repo: ROCm/rocBLAS, commit: \"{commit}\", path: library/src/handle.cpp, lines: [3, 3], quote:"));
    assert_eq!(after, expected, "only the fields change; the comments stay");
    let run = check(&s.site);
    assert!(!run.stderr.contains("error[") && !run.stderr.contains("not verified"), "{}", run.stderr);
}

#[test]
fn a_shoko_yaml_that_does_not_read_is_not_called_a_missing_clone() {
    let s = setup();
    write(
        &s.site,
        "content/logs/sources.yaml",
        &format!("claims:\n{}", claim("cited", &block_source("        path: a.c\n"))),
    );
    write(&s.site, "shoko.yaml", "repos:\n  ROCm/rocBLAS: [../clones/rocBLAS\n");
    let run = check(&s.site);
    let err = &run.stderr;
    assert!(err.contains("error[fm/yaml-syntax]") && err.contains("--> shoko.yaml:"), "{err}");
    assert!(err.contains("1 source-code source not verified: shoko.yaml did not read"), "{err}");
    assert!(!err.contains("no clone under"), "{err}");
}

/// The page that cites `ids` in both languages.
fn citing(ids: &[&str]) -> String {
    let links = |word: &str| ids.iter().map(|id| format!("[{word}](claim:{id})")).collect::<Vec<_>>().join(" ");
    format!(
        "---\ntitle: {{ ja: \"題\", en: \"Title\" }}\n---\n\n:::ja\n根拠 {}\n:::\n\n:::en\nEvidence {}\n:::\n",
        links("記録"),
        links("record")
    )
}

#[test]
fn a_cited_file_renamed_upstream_is_followed_and_pin_repins_its_path() {
    let s = setup();
    let pinned = head(&s.clone);
    let source = block_source(&format!(
        "        commit: \"{pinned}\"\n        path: library/src/handle.cpp\n        lines: [3, 4]\n        quote: \"rocblas_create_handle(&handle);\"\n"
    ));
    write(&s.site, "content/logs/sources.yaml", &format!("claims:\n{}", claim("pinned", &source)));
    write(&s.site, "content/index.md", &citing(&["pinned"]));
    git(&s.clone, &["mv", "library/src/handle.cpp", "library/src/handle_impl.cpp"]);
    git(&s.clone, &["commit", "-q", "-m", "Rename the handle file"]);
    let run = check(&s.site);
    assert!(
        run.stderr.contains("warning[source/upstream-changed]")
            && run.stderr.contains("moved to lines 3–4 of `library/src/handle_impl.cpp`"),
        "not \"no longer exists\": {}",
        run.stderr
    );
    let repinned = shoko_in(&s.site, &["pin", "--root", ".", "--write"]);
    assert_eq!(repinned.code, 0, "{}", repinned.stderr);
    let log = std::fs::read_to_string(s.site.join("content/logs/sources.yaml")).expect("log");
    let now = head(&s.clone);
    assert!(
        log.contains(&format!("commit: \"{now}\"")) && log.contains("path: \"library/src/handle_impl.cpp\""),
        "{log}"
    );
    let run = check(&s.site);
    assert!(!run.stderr.contains("warning[") && !run.stderr.contains("error["), "{}", run.stderr);
}

#[test]
fn a_pinned_commit_force_pushed_away_warns_and_pin_repins_it_by_its_quote() {
    let s = setup();
    write(&s.clone, "library/src/handle.cpp", &handle(4, CITED));
    git(&s.clone, &["commit", "-q", "-am", "Move the handle down"]);
    let pinned = head(&s.clone);
    let source = block_source(&format!(
        "        commit: \"{pinned}\"\n        path: library/src/handle.cpp\n        lines: [5, 6]\n        quote: \"rocblas_create_handle(&handle);\"\n"
    ));
    write(&s.site, "content/logs/sources.yaml", &format!("claims:\n{}", claim("pinned", &source)));
    write(&s.site, "content/index.md", &citing(&["pinned"]));
    assert!(!check(&s.site).stderr.contains("warning["));
    // The branch is reset to an earlier commit and rewritten: the pinned one lingers, on no branch.
    git(&s.clone, &["reset", "-q", "--hard", "HEAD~1"]);
    write(&s.clone, "library/src/handle.cpp", &handle(6, CITED));
    git(&s.clone, &["commit", "-q", "-am", "Move the handle further down"]);
    let run = check(&s.site);
    assert!(
        run.stderr.contains("warning[source/unreachable-commit]") && run.stderr.contains("on no branch or tag"),
        "{}",
        run.stderr
    );
    let repinned = shoko_in(&s.site, &["pin", "--root", ".", "--write"]);
    assert_eq!(repinned.code, 0, "{}", repinned.stderr);
    let log = std::fs::read_to_string(s.site.join("content/logs/sources.yaml")).expect("log");
    assert!(log.contains(&format!("commit: \"{}\"", head(&s.clone))) && log.contains("lines: [7, 8]"), "{log}");
    // Gone for good after `git gc`: an error until re-pinned, and `pin` re-pins by the quote.
    write(&s.site, "content/logs/sources.yaml", &format!("claims:\n{}", claim("pinned", &source)));
    git(&s.clone, &["reflog", "expire", "--expire=now", "--all"]);
    git(&s.clone, &["gc", "-q", "--prune=now"]);
    assert!(check(&s.site).stderr.contains("error[source/unknown-commit]"));
    let repinned = shoko_in(&s.site, &["pin", "--root", ".", "--write"]);
    assert_eq!(repinned.code, 0, "{}", repinned.stderr);
    // The old version is gone: the lines are where the quote is, nothing more is known.
    let log = std::fs::read_to_string(s.site.join("content/logs/sources.yaml")).expect("log");
    assert!(log.contains(&format!("commit: \"{}\"", head(&s.clone))) && log.contains("lines: [8, 8]"), "{log}");
}

#[test]
fn claims_resting_on_a_source_changed_upstream_need_review() {
    let s = setup();
    let pinned = head(&s.clone);
    let source = block_source(&format!(
        "        commit: \"{pinned}\"\n        path: library/src/handle.cpp\n        lines: [3, 4]\n"
    ));
    let derived = "  - id: derived\n    class: inferred\n    text: { ja: \"導いた。\", en: \"Derived.\" }\n    depends_on: [pinned]\n    history:\n      - { date: \"2026-03-27\", from: null, to: inferred, reason: { ja: \"初回\", en: \"First\" } }\n";
    write(&s.site, "content/logs/sources.yaml", &format!("claims:\n{}{derived}", claim("pinned", &source)));
    write(&s.site, "content/index.md", &citing(&["pinned", "derived"]));
    assert!(!check(&s.site).stderr.contains("warning["));
    write(
        &s.clone,
        "library/src/handle.cpp",
        &handle(2, ["rocblas_status status =", "    rocblas_create_handle_v2(&handle);"]),
    );
    git(&s.clone, &["commit", "-q", "-am", "Rename the call"]);
    let run = check(&s.site);
    assert!(run.stderr.contains("warning[source/upstream-changed]"), "{}", run.stderr);
    assert!(
        run.stderr.contains("warning[claim/needs-review]")
            && run.stderr.contains("`derived`")
            && run.stderr.contains("changed upstream"),
        "the claim built on it is marked too: {}",
        run.stderr
    );
    let run = shoko_in(&s.site, &["build", "--root", "."]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let en = std::fs::read_to_string(s.site.join("site/en/index.html")).expect("page");
    assert!(en.contains("badge-review") && en.contains("source changed upstream"), "the card says so");
}

#[test]
fn pin_edits_every_yaml_style_in_place_or_writes_nothing() {
    let s = setup();
    let flow_commit = "0".repeat(40);
    let log = format!(
        "claims:\n{}{}{}",
        claim(
            "block-list",
            &block_source(
                "        path: library/src/handle.cpp\n        lines:\n          - 1\n          - 2\n        quote: \"rocblas_create_handle(&handle);\"\n"
            )
        ),
        claim(
            "folded",
            &block_source(&format!(
                "        commit: >-\n          {}\n        path: library/src/handle.cpp\n        quote: \"rocblas_status status =\"\n",
                head(&s.clone)
            ))
        ),
        claim(
            "commented",
            &block_source(&format!(
                "        commit: \"{flow_commit}\"  # pinned by hand\n        path: library/src/handle.cpp\n        quote: \"rocblas_status status =\"\n"
            ))
        ),
    );
    write(&s.site, "content/logs/sources.yaml", &log);
    write(&s.site, "content/index.md", &citing(&["block-list", "folded", "commented"]));
    let written = shoko_in(&s.site, &["pin", "--root", ".", "--write"]);
    assert_eq!(written.code, 0, "{}", written.stderr);
    let after = std::fs::read_to_string(s.site.join("content/logs/sources.yaml")).expect("log");
    let now = head(&s.clone);
    assert!(
        after.contains("        lines:\n          - 4\n          - 4\n"),
        "a block list stays a block list: {after}"
    );
    assert!(after.contains(&format!("        commit: \"{now}\"  # pinned by hand\n")), "the comment stays: {after}");
    let run = check(&s.site);
    assert!(!run.stderr.contains("error[") && !run.stderr.contains("warning["), "{}", run.stderr);
}
