//! The root cause first, and nothing that is only its consequence: a log that does not parse
//! still declares its IDs (read line by line), so the page citing them gets no
//! `ref/unknown-claim`; a page whose front-matter has the wrong shape still cites what its body
//! cites, so those claims are not `claim/uncited`; and a file that could not be read is listed
//! before everything else, in the terminal and in JSON. Full-width characters a Japanese input
//! method leaves in YAML syntax, and tabs in indentation, are named at their own column.

mod common;

use common::{shoko_in, write};

const LOG: &str = "claims:\n  - id: one\n    class： unresolved\n    text: { ja: \"一\", en: \"One\" }\n  - id: two\n    class: unresolved\n  - { id: three, class: unresolved }\n";

const PAGE: &str = "---\ntitle: { ja: \"題\", en: \"Title\" }\n---\n\n:::ja\n[一](claim:one) [二](claim:two) [三](claim:three)\n:::\n\n:::en\n[One](claim:one) [Two](claim:two) [Three](claim:three)\n:::\n";

#[test]
fn a_log_that_does_not_parse_gives_one_error_and_no_unknown_claims() {
    let tmp = tempfile::tempdir().expect("temp dir");
    write(tmp.path(), "content/index.md", PAGE);
    write(tmp.path(), "content/logs/z.yaml", LOG);
    let run = shoko_in(tmp.path(), &["check", "--root", "."]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stderr.matches("error[").count() + run.stderr.matches("warning[").count(), 1, "{}", run.stderr);
    assert!(run.stderr.starts_with("error[fm/yaml-syntax]"), "{}", run.stderr);
    assert!(run.stderr.contains("content/logs/z.yaml:"), "{}", run.stderr);

    // JSON lists it first too, though its file sorts after the page.
    write(tmp.path(), "content/index.md", &PAGE.replace("claim:one)", "claim:missing)"));
    let run = shoko_in(tmp.path(), &["check", "--root", ".", "--format", "json"]);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let codes: Vec<&str> =
        report["diagnostics"].as_array().expect("list").iter().filter_map(|d| d["code"].as_str()).collect();
    // One real unknown claim, cited in each language: one diagnostic for the file.
    assert_eq!(codes, ["fm/yaml-syntax", "ref/unknown-claim"], "{}", run.stdout);
}

#[test]
fn a_page_whose_front_matter_has_the_wrong_shape_still_cites_its_claims() {
    let tmp = tempfile::tempdir().expect("temp dir");
    write(tmp.path(), "content/index.md", &PAGE.replace("title: { ja: \"題\", en: \"Title\" }", "title: 3"));
    let log = "claims:\n  - id: one\n    class: unresolved\n    text: { ja: \"一\", en: \"One\" }\n    blocked_by: { kind: observer, detail: { ja: \"未\", en: \"Not yet\" } }\n    history:\n      - { date: \"2026-03-27\", from: null, to: unresolved, reason: { ja: \"初\", en: \"First\" } }\n";
    let logs = ["one", "two", "three"].map(|id| log.replace("id: one", &format!("id: {id}"))).concat();
    write(tmp.path(), "content/logs/z.yaml", &logs.replace("\nclaims:\n", "\n"));
    let run = shoko_in(tmp.path(), &["check", "--root", "."]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(!run.stderr.contains("claim/uncited"), "the broken page still cites them: {}", run.stderr);
    assert_eq!(run.stderr.matches("error[").count(), 1, "{}", run.stderr);
}

#[test]
fn input_method_slips_and_tabs_are_named_at_their_own_column() {
    let cases = [
        ("    class： unresolved\n", "3:10", "full-width colon after the key (`：`, U+FF1A)"),
        ("    class: unresolved\n\u{3000}\u{3000}\u{3000}\u{3000}text: x\n", "4:1", "the key holds full-width spaces"),
        ("\tclass: unresolved\n", "3:1", "a tab in the indentation"),
        ("    class:\u{3000}unresolved\n", "3:11", "full-width space after the key's colon"),
    ];
    for (line, at, what) in cases {
        // Each mistake makes the whole file unreadable: its error is the only one.
        let tmp = tempfile::tempdir().expect("temp dir");
        write(tmp.path(), "content/logs/a.yaml", &format!("claims:\n  - id: one\n{line}"));
        let run = shoko_in(tmp.path(), &["check", "--root", "."]);
        assert_eq!(run.code, 1, "{}", run.stderr);
        assert!(run.stderr.starts_with("error[fm/"), "{}", run.stderr);
        assert!(run.stderr.contains(what), "{what}: {}", run.stderr);
        assert!(run.stderr.contains(&format!("content/logs/a.yaml:{at}")), "{what} at {at}: {}", run.stderr);
        assert_eq!(run.stderr.matches("error[").count(), 1, "{}", run.stderr);
    }
}

#[test]
fn a_misspelled_field_gets_the_closest_allowed_name() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let log = "claims:\n  - id: one\n    class: unresolved\n    text: { ja: \"一\", en: \"One\" }\n    blocked_by: { kind: observer, detail: { ja: \"未\", en: \"Not yet\" } }\n    sourecs: []\n    history:\n      - { date: \"2026-03-27\", from: null, to: unresolved, reason: { ja: \"初\", en: \"First\" } }\n";
    write(tmp.path(), "content/logs/a.yaml", log);
    let run = shoko_in(tmp.path(), &["check", "--root", "."]);
    assert!(
        run.stderr.contains("unknown field `sourecs`") && run.stderr.contains("did you mean `sources`?"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("content/logs/a.yaml:6:5"), "{}", run.stderr);
}

#[test]
fn every_field_that_does_not_read_is_reported_and_none_twice() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let page = "---\ntitle: { ja: \"題\", en: \"Title\" }\nweight: \"3\"\nenv: gfx1201\nsurprise: 1\n---\n\n:::ja\n本文\n:::\n\n:::en\nText\n:::\n";
    write(tmp.path(), "content/index.md", page);
    let log = "claims:\n  - id: one\n    class: confirmed\n    text: { ja: \"一\", en: \"One\" }\n    depends_on: x\n    supersedes: y\n";
    write(tmp.path(), "content/logs/a.yaml", log);
    let run = shoko_in(tmp.path(), &["check", "--root", "."]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    for at in ["content/index.md:3:", "content/index.md:4:", "content/index.md:5:", "logs/a.yaml:5:", "logs/a.yaml:6:"]
    {
        assert_eq!(run.stderr.matches(at).count(), 1, "{at}, once: {}", run.stderr);
    }
    // The claim is read as it was meant, without the two fields that did not read: what it
    // really lacks is said at once (no source, no history), nothing it only seemed to lack.
    assert!(run.stderr.contains("claim/missing-source") && run.stderr.contains("claim/history"), "{}", run.stderr);
    assert!(!run.stderr.contains("missing field") && !run.stderr.contains("missing-premise"), "{}", run.stderr);
}

#[cfg(unix)]
#[test]
fn a_home_page_that_is_a_link_is_reported_as_a_link_not_as_missing() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let page = "---\ntitle: { ja: \"題\", en: \"Title\" }\n---\n\n:::ja\n本文\n:::\n\n:::en\nText\n:::\n";
    write(tmp.path(), "content/guide.md", page);
    std::os::unix::fs::symlink("guide.md", tmp.path().join("content/index.md")).expect("link");
    let run = shoko_in(tmp.path(), &["check", "--root", "."]);
    assert!(run.stderr.contains("warning[file/symlink]"), "{}", run.stderr);
    assert!(!run.stderr.contains("page/missing-home"), "{}", run.stderr);
    // Without the link the home page is missing, and said so.
    std::fs::remove_file(tmp.path().join("content/index.md")).expect("remove");
    let run = shoko_in(tmp.path(), &["check", "--root", "."]);
    assert!(run.stderr.contains("warning[page/missing-home]"), "{}", run.stderr);
}

#[test]
fn each_address_collision_names_the_page_it_collides_with() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let page = PAGE
        .replace("[一](claim:one) [二](claim:two) [三](claim:three)", "本文")
        .replace("[One](claim:one) [Two](claim:two) [Three](claim:three)", "Text");
    for path in ["content/index.md", "content/About.md", "content/about.md", "content/about/index.md"] {
        write(tmp.path(), path, &page);
    }
    let run = shoko_in(tmp.path(), &["check", "--root", ".", "--format", "json"]);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let found: Vec<(String, String)> = report["diagnostics"]
        .as_array()
        .expect("list")
        .iter()
        .filter(|d| d["code"] == "page/url-collision")
        .map(|d| (d["file"].as_str().unwrap_or("").to_owned(), d["message"].as_str().unwrap_or("").to_owned()))
        .collect();
    assert_eq!(found.len(), 2, "{}", run.stdout);
    // `about.md` differs from `About.md` in case only; `about/index.md` has `about.md`'s very
    // address, which is what it is told, though `About.md` comes first.
    assert!(found[0].0.ends_with("about.md") && found[0].1.contains("About.md"), "{found:?}");
    assert!(found[1].0.ends_with("about/index.md") && found[1].1.contains("content/about.md"), "{found:?}");
}

/// A log whose first claim holds five mistakes at once and shares its ID with the second, and
/// whose third names one unknown target twice; a page citing a missing page and image.
const MANY: &str = r#"claims:
  - id: h
    class: confirmd
    text: { ja: "大きい。", en: "" }
    scope: { gfx: [gfx9999], observed: "2026-11-2" }
    sources:
      - { basis: runtime, command: "a", output: "b" }
    history:
      - { date: "2026-03-27", from: null, to: confirmed, reason: { ja："初回計測", en: "First" } }
  - id: h
    class: confirmed
    text: { ja: "大きい。", en: "x" }
    scope: { gfx: [gfx1201], observed: "2026-03-27" }
    sources:
      - { basis: runtime, command: "a", output: "b" }
    history:
      - { date: "2026-03-27", from: null, to: confirmed, reason: { ja: "初回", en: "First" } }
  - id: k
    class: confirmed
    text: { ja: "大きい。", en: "x" }
    scope: { gfx: [gfx9999, gfx9999], observed: "2026-03-27" }
    sources:
      - { basis: runtime, command: "a", output: "b" }
    history:
      - { date: "2026-03-27", from: null, to: confirmed, reason: { ja: "初回", en: "First" } }
"#;

const TARGETS: &str = "targets:\n  - gfx: gfx1201\n    family: RDNA 4\n    generation: RDNA4\n    products: [RX 9070 XT]\n    worldview: { ja: \"観測\", en: \"Observed\" }\n    status: active\n    status_text: { ja: \"観測中\", en: \"Observing\" }\n";

/// The site of [`MANY`], in a folder `site` under a fresh one.
fn many() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("temp dir");
    let page = "---\ntitle: { ja: \"題\", en: \"Title\" }\n---\n\n:::ja\n本文 [r](claim:h) [k](claim:k) [p](nowhere.md) ![f](figur.png)\n:::\n\n:::en\nBody [r](claim:h) [k](claim:k) [p](nowhere.md) ![f](figur.png)\n:::\n";
    write(&tmp.path().join("site"), "content/index.md", page);
    write(&tmp.path().join("site"), "content/logs/a.yaml", MANY);
    write(&tmp.path().join("site"), "content/_data/targets.yaml", TARGETS);
    write(&tmp.path().join("site"), "content/figure.png", "");
    tmp
}

#[test]
fn every_error_of_a_claim_is_reported_at_once_each_at_its_own_place() {
    let tmp = many();
    let run = shoko_in(&tmp.path().join("site"), &["check", "--root", ".", "--format", "json"]);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let found: Vec<(String, u64, u64, String)> = report["diagnostics"]
        .as_array()
        .expect("list")
        .iter()
        .filter(|d| d["file"] == "content/logs/a.yaml")
        .map(|d| {
            let s = |k: &str| d[k].as_str().unwrap_or("").to_owned();
            (s("code"), d["line"].as_u64().unwrap_or(0), d["column"].as_u64().unwrap_or(0), s("hint"))
        })
        .collect();
    let at: Vec<(&str, u64)> = found.iter().map(|f| (f.0.as_str(), f.1)).collect();
    // The misspelled class no longer hides the claim: its blank text, its target, its date, its
    // full-width colon and its duplicated ID are all said, each once, at its own line.
    for expected in [
        ("claim/duplicate-id", 10),
        ("fm/bad-value", 3),
        ("claim/missing-text", 4),
        ("ref/unknown-target", 5),
        ("fm/bad-format", 5),
        ("fm/unknown-field", 9),
    ] {
        assert_eq!(at.iter().filter(|a| **a == expected).count(), 1, "{expected:?} once in {found:#?}");
    }
    // Nothing that only follows from them: the colon split, the reason has its Japanese.
    assert!(!at.iter().any(|a| a.0 == "claim/missing-text" && a.1 == 9), "{found:#?}");
    let hint = |code: &str, line: u64| found.iter().find(|f| f.0 == code && f.1 == line).map(|f| f.3.clone());
    assert_eq!(
        hint("fm/unknown-field", 9).as_deref(),
        Some(
            "the colon `：` (U+FF1A) comes from a Japanese input method, so the key and the value were read as one key: write `ja: \"初回計測\"`"
        )
    );
    assert_eq!(
        hint("fm/bad-format", 5).as_deref(),
        Some("write the month and the day with two digits each: `\"2026-11-02\"`")
    );
    // One unknown target, named three times in the file: one error.
    assert_eq!(at.iter().filter(|a| a.0 == "ref/unknown-target").count(), 1, "{found:#?}");
}

#[test]
fn hints_name_only_what_this_site_has() {
    let tmp = many();
    let run = shoko_in(&tmp.path().join("site"), &["check", "--root", "."]);
    for default_site in ["worlds.svg", "gpu/index.md"] {
        assert!(!run.stderr.contains(default_site), "{default_site} is not in this site:\n{}", run.stderr);
    }
    assert!(run.stderr.contains("did you mean `figure.png`?"), "{}", run.stderr);
}

#[test]
fn paths_open_from_where_the_command_ran() {
    let tmp = many();
    // Human output names the file as it is opened from the working folder.
    let run = shoko_in(tmp.path(), &["check", "--root", "site"]);
    assert!(run.stderr.contains("--> site/content/logs/a.yaml:"), "{}", run.stderr);
    let run = shoko_in(&tmp.path().join("site/content"), &["check", "--root", ".."]);
    assert!(run.stderr.contains("--> ../content/logs/a.yaml:"), "{}", run.stderr);
    // JSON gives both: from the site root and from the working folder.
    let run = shoko_in(tmp.path(), &["check", "--root", "site", "--format", "json"]);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let first = &report["diagnostics"][0];
    let file = first["file"].as_str().expect("file");
    assert!(file.starts_with("content/"), "{first}");
    assert_eq!(first["path"].as_str(), Some(format!("site/{file}").as_str()), "{first}");
    // GitHub annotations are from the repository's root, wherever the command ran.
    common::git(tmp.path(), &["init", "-q", "-b", "main"]);
    let run = shoko_in(&tmp.path().join("site/content"), &["check", "--root", "..", "--format", "github"]);
    assert!(run.stdout.contains("::error file=site/content/logs/a.yaml,line="), "{}", run.stdout);
}

#[test]
fn the_first_line_of_a_block_indented_apart_is_the_one_named() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let log = "claims:\n  - id: h\n    class: confirmed\n    text: { ja: \"一\", en: \"One\" }\n    scope:\n        gfx: [gfx1201]\n      observed: \"2026-03-27\"\n";
    write(tmp.path(), "content/logs/a.yaml", log);
    let run = shoko_in(tmp.path(), &["check", "--root", "."]);
    assert!(run.stderr.starts_with("error[fm/yaml-syntax]"), "{}", run.stderr);
    assert!(run.stderr.contains("--> content/logs/a.yaml:6:9"), "{}", run.stderr);
    assert!(run.stderr.contains("indent it 6 spaces like `observed`"), "{}", run.stderr);
}

#[test]
fn serve_says_once_why_it_cannot_start() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let missing = tmp.path().join("nowhere");
    let run = shoko_in(tmp.path(), &["serve", "--root", &missing.display().to_string(), "--port", "0"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(run.stderr.matches("cannot find the content folder").count(), 1, "{}", run.stderr);
    assert!(!run.stderr.contains("error: error:") && !run.stderr.contains('␊'), "{}", run.stderr);
}
