//! The behaviours the foundation issue promises, each over the real binary: the default content
//! checks clean; one run over many broken files reports every problem at its line; a failed
//! build leaves the previous output byte-for-byte untouched; output formats; `new`.

mod common;

use common::{copy_tree, fixture, repo, shoko, shoko_in, tree_bytes, write};
use std::path::Path;

#[test]
fn default_content_checks_clean() {
    let root = repo();
    let run = shoko(&["check", "--root", root.to_str().expect("utf-8")]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("0 errors, 0 warnings"), "{}", run.stderr);
}

#[test]
fn a_broken_copy_of_the_default_content_fails_with_file_line_and_column() {
    let tmp = tempfile::tempdir().expect("tmp");
    copy_tree(&repo().join("content"), &tmp.path().join("content"));
    let log = tmp.path().join("content/logs/gfx1201-investigation.yaml");
    let text = std::fs::read_to_string(&log).expect("read").replacen("class: unresolved", "class: unresolvd", 1);
    let line = text.lines().position(|l| l.contains("class: unresolvd")).expect("edited line") + 1;
    std::fs::write(&log, text).expect("write");
    let run = shoko_in(tmp.path(), &["check", "--root", "."]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let location = format!("--> content/logs/gfx1201-investigation.yaml:{line}:12");
    assert!(run.stderr.contains(&location), "expected {location} in\n{}", run.stderr);
}

/// One site with every kind of broken file the issue lists.
fn broken_site(root: &Path) {
    let claim = |id: &str| {
        format!(
            "  - id: {id}\n    class: confirmed\n    text: {{ ja: \"記述\", en: \"Statement\" }}\n    scope: {{ gfx: [gfx900] }}\n    sources:\n      - {{ basis: artifact, file: f.so, tool: t, output: o }}\n    history:\n      - {{ date: \"2026-01-01\", from: null, to: confirmed, reason: {{ ja: \"初回\", en: \"First\" }} }}\n"
        )
    };
    write(
        root,
        "content/index.md",
        "---\ntitle: { ja: \"ホーム\", en: \"Home\" }\n---\n\n:::ja\n[a](claim:ok) [b](claim:dup) [c](claim:nowhere) [d](claim:a) [e](claim:b)\n:::\n\n:::en\n[a](claim:ok) [b](claim:dup) [c](claim:nowhere) [d](claim:a) [e](claim:b)\n:::\n",
    );
    write(root, "content/a-malformed.yaml", "claims:\n  - id: x\n    text: [unclosed\n");
    write(root, "content/b-unknown-field.yaml", &format!("claims:\n{}    colour: red\n", claim("ok")));
    write(
        root,
        "content/c-wrong-class.yaml",
        &claim("wrong").replace("class: confirmed", "class: certain").replace("  - id", "claims:\n  - id"),
    );
    write(
        root,
        "content/d-missing-en.yaml",
        &format!("claims:\n{}", claim("noen").replace("en: \"Statement\"", "en: \"\"")),
    );
    write(
        root,
        "content/e-no-source.yaml",
        &format!(
            "claims:\n{}",
            claim("nosrc").replace("    sources:\n      - { basis: artifact, file: f.so, tool: t, output: o }\n", "")
        ),
    );
    write(root, "content/f-dup1.yaml", &format!("claims:\n{}", claim("dup")));
    write(root, "content/g-dup2.yaml", &format!("claims:\n{}", claim("dup")));
    let inferred = |id: &str, on: &str| {
        format!(
            "  - id: {id}\n    class: inferred\n    text: {{ ja: \"推論\", en: \"Inference\" }}\n    depends_on: [{on}]\n    history:\n      - {{ date: \"2026-01-01\", from: null, to: inferred, reason: {{ ja: \"初回\", en: \"First\" }} }}\n"
        )
    };
    write(root, "content/h-cycle.yaml", &format!("claims:\n{}{}", inferred("a", "b"), inferred("b", "a")));
    write(root, "content/i-empty.md", "");
    write(root, "content/j-only-dashes.md", "---\n");
    std::fs::write(root.join("content/k-latin1.md"), b"---\ntitle: { ja: \"caf\xe9\", en: \"cafe\" }\n---\n")
        .expect("write");
}

#[test]
fn every_problem_of_a_run_is_reported_at_its_line_without_panicking() {
    let tmp = tempfile::tempdir().expect("tmp");
    broken_site(tmp.path());
    let run = shoko(&["check", "--root", tmp.path().to_str().expect("utf-8"), "--format", "json"]);
    assert_eq!(run.code, 1, "exit code (101 would be a panic): {}", run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    let found: Vec<(String, String, u64, bool)> = report["diagnostics"]
        .as_array()
        .expect("array")
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_owned(),
                d["file"].as_str().unwrap_or("").to_owned(),
                d["line"].as_u64().unwrap_or(0),
                d["severity"].as_str() == Some("warning"),
            )
        })
        .collect();
    let expect = [
        ("fm/yaml-syntax", "content/a-malformed.yaml"),
        ("fm/unknown-field", "content/b-unknown-field.yaml"),
        ("fm/bad-value", "content/c-wrong-class.yaml"),
        ("claim/missing-text", "content/d-missing-en.yaml"),
        ("claim/missing-source", "content/e-no-source.yaml"),
        ("claim/duplicate-id", "content/g-dup2.yaml"),
        ("claim/dependency-cycle", "content/h-cycle.yaml"),
        ("ref/unknown-claim", "content/index.md"),
        ("file/empty", "content/i-empty.md"),
        ("fm/unclosed", "content/j-only-dashes.md"),
        ("file/invalid-utf8", "content/k-latin1.md"),
    ];
    for (code, file) in expect {
        assert!(found.iter().any(|(c, f, _, _)| c == code && f == file), "{code} in {file} missing from {found:#?}");
    }
    let line_of = |code: &str| found.iter().find(|(c, _, _, _)| c == code).map(|(_, _, l, _)| *l);
    assert_eq!(line_of("fm/unknown-field"), Some(10), "the `colour:` key after the 8 lines of the claim");
    assert_eq!(line_of("fm/bad-value"), Some(3), "the `class:` value");
    assert_eq!(line_of("claim/missing-text"), Some(4), "the `text:` key");
    assert_eq!(line_of("file/invalid-utf8"), Some(2), "the line with the Latin-1 byte");
    // Files that could not be read come first (what depends on them may be missing), then by
    // file, errors before warnings (a warning is never the cause of an error), then by line.
    let later = |code: &str| !shoko_engine::all_codes().iter().any(|c| c.name == code && c.stops_reading);
    let mut sorted = found.clone();
    sorted.sort_by(|a, b| (later(&a.0), &a.1, a.3, a.2).cmp(&(later(&b.0), &b.1, b.3, b.2)));
    assert_eq!(
        found.iter().map(|f| (&f.1, f.2)).collect::<Vec<_>>(),
        sorted.iter().map(|f| (&f.1, f.2)).collect::<Vec<_>>(),
        "root causes first, then sorted by file, errors first, and line"
    );
    assert!(!later(&found[0].0), "a file that could not be read is reported first");
}

#[test]
fn a_failed_build_leaves_the_previous_site_untouched() {
    let tmp = tempfile::tempdir().expect("tmp");
    copy_tree(&fixture("valid/content"), &tmp.path().join("content"));
    let root = tmp.path().to_str().expect("utf-8");
    let first = shoko(&["build", "--root", root]);
    assert_eq!(first.code, 0, "{}", first.stderr);
    let site = tmp.path().join("site");
    let before = tree_bytes(&site);
    assert!(before.iter().any(|(p, _)| p == "en/index.html"), "{:?}", before.iter().map(|b| &b.0).collect::<Vec<_>>());
    write(tmp.path(), "content/index.md", "---\ntitle: { ja: \"壊れた\", en: \"Broken\" }\nclaims: [\n---\n");
    let second = shoko(&["build", "--root", root]);
    assert_eq!(second.code, 1, "{}", second.stderr);
    assert!(second.stderr.contains("Nothing written"), "{}", second.stderr);
    assert_eq!(tree_bytes(&site), before, "site/ changed after a failed build");
}

#[test]
fn builds_of_the_same_input_are_byte_identical() {
    // The default content, and the fixture with resized images and every component.
    for root in [repo(), fixture("valid")] {
        let a = tempfile::tempdir().expect("tmp");
        let b = tempfile::tempdir().expect("tmp");
        for out in [a.path(), b.path()] {
            let dir = out.join("site");
            let run = shoko(&["build", "--root", root.to_str().expect("utf-8"), "--out", dir.to_str().expect("utf-8")]);
            assert_eq!(run.code, 0, "{}", run.stderr);
        }
        let first = tree_bytes(&a.path().join("site"));
        assert!(first.len() > 10, "{} files", first.len());
        assert!(first == tree_bytes(&b.path().join("site")), "two builds of {} differ", root.display());
    }
}

#[test]
fn timings_name_every_stage() {
    let out = tempfile::tempdir().expect("tmp");
    let root = fixture("valid");
    let dir = out.path().join("site");
    let run =
        shoko(&["build", "--timings", "--root", root.to_str().expect("utf-8"), "--out", dir.to_str().expect("utf-8")]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    for stage in ["load", "validate", "link", "render, write, record"] {
        assert!(run.stderr.contains(&format!("{stage}: ")), "no `{stage}` in {}", run.stderr);
    }
    // Processor time: the whole run's, and the search indexes' part of it.
    let ms = |label: &str| -> f64 {
        let line = run.stderr.lines().find(|l| l.trim_start().starts_with(label)).unwrap_or_else(|| {
            panic!("no `{label}` in {}", run.stderr);
        });
        let value = line.split(": ").nth(1).and_then(|v| v.split(" ms").next()).expect("a figure in ms");
        value.trim().parse().unwrap_or_else(|e| panic!("{line}: {e}"))
    };
    let (all, search) = (ms("processor time, in all"), ms("of it, the search indexes"));
    assert!(all > 0.0 && search > 0.0 && search <= all, "{search} ms of {all} ms");
    // Its share, as printed, is the one of the two figures (to the rounding of all three).
    let line = run.stderr.lines().find(|l| l.contains("of it, the search indexes")).expect("the search line");
    let share: f64 = line
        .rsplit_once('(')
        .and_then(|(_, s)| s.strip_suffix("%)"))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no share in {line}"));
    assert!((share - 100.0 * search / all).abs() < 0.2, "{share}% for {search} ms of {all} ms");
}

#[test]
fn github_format_annotates_lines() {
    let root = fixture("invalid/claim/missing-source");
    // A site in a folder of a repository (this one): the annotation names the file from the
    // repository's root, as GitHub places it, wherever the command runs.
    let from_repository = "::error file=tests/fixtures/invalid/claim/missing-source/content/logs/a.yaml,line=3,col=12,";
    let run = shoko(&["check", "--root", root.to_str().expect("utf-8"), "--format", "github"]);
    assert_eq!(run.code, 1);
    assert!(run.stdout.starts_with(from_repository), "{}", run.stdout);
    let run = shoko_in(&fixture("invalid/claim"), &["check", "--root", "missing-source", "--format", "github"]);
    assert!(run.stdout.starts_with(from_repository), "{}", run.stdout);
    // Outside any repository, from the working folder.
    let tmp = tempfile::tempdir().expect("tmp");
    copy_tree(&root, &tmp.path().join("site"));
    let run = shoko_in(tmp.path(), &["check", "--root", "site", "--format", "github"]);
    assert!(run.stdout.starts_with("::error file=site/content/logs/a.yaml,line=3,"), "{}", run.stdout);
}

#[test]
fn usage_and_io_errors_exit_2() {
    assert_eq!(shoko(&["frobnicate"]).code, 2);
    assert_eq!(shoko(&["check", "--format", "xml"]).code, 2);
    let empty = tempfile::tempdir().expect("tmp");
    let run = shoko(&["check", "--root", empty.path().to_str().expect("utf-8")]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("content"), "{}", run.stderr);
}

#[test]
fn new_scaffolds_files_that_check_clean_but_for_their_placeholders_and_never_overwrite() {
    let tmp = tempfile::tempdir().expect("tmp");
    copy_tree(&fixture("valid/content"), &tmp.path().join("content"));
    let root = tmp.path().to_str().expect("utf-8");
    let log = shoko(&["new", "log", "content/logs/new-session.yaml", "--root", root]);
    assert_eq!(log.code, 0, "{}", log.stderr);
    let page = shoko(&["new", "page", "content/guide/new.md", "--root", root]);
    assert_eq!(page.code, 0, "{}", page.stderr);
    let text = std::fs::read_to_string(tmp.path().join("content/logs/new-session.yaml")).expect("read");
    assert!(text.starts_with("# yaml-language-server: $schema=../../schema/evidence.schema.json\n"), "{text}");
    let today = jiff::Timestamp::now().to_zoned(jiff::tz::TimeZone::UTC).date().to_string();
    assert!(text.contains(&format!("date: \"{today}\"")), "{text}");
    // The page's placeholders (title, gain, a paragraph in each language) are warned about until
    // they are written; the log has none, and nothing else is said.
    let check = shoko(&["check", "--root", root]);
    assert_eq!(check.code, 0, "{}", check.stderr);
    assert!(check.stderr.contains("0 errors, 6 warnings"), "{}", check.stderr);
    assert_eq!(check.stderr.matches("warning[page/placeholder]").count(), 6, "{}", check.stderr);
    assert!(!check.stderr.contains("new-session.yaml"), "{}", check.stderr);
    // Written, they are gone.
    let path = tmp.path().join("content/guide/new.md");
    let written = std::fs::read_to_string(&path).expect("read").replace("TODO: ", "");
    std::fs::write(&path, written).expect("write");
    let check = shoko(&["check", "--root", root]);
    assert!(check.stderr.contains("0 errors, 0 warnings"), "{}", check.stderr);
    assert_eq!(shoko(&["new", "log", "content/logs/new-session.yaml", "--root", root]).code, 2, "overwrite refused");
    assert_eq!(shoko(&["new", "page", "../x.md", "--root", root]).code, 2, "outside content/ refused");
    assert_eq!(shoko(&["new", "page", "/tmp/x.md", "--root", root]).code, 2, "an absolute path refused");
    // A path from content/ itself is as good as one from the site root.
    assert_eq!(shoko(&["new", "page", "guide/other.md", "--root", root]).code, 0, "relative to content/");
    assert!(tmp.path().join("content/guide/other.md").is_file());
    assert_eq!(shoko(&["new", "page", "content/x.yaml", "--root", root]).code, 2, "wrong extension refused");
}
