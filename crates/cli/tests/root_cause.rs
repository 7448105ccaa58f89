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
    // The claim could not be read: no error says it lacks what it only seemed to lack.
    assert!(!run.stderr.contains("missing-source") && !run.stderr.contains("missing field"), "{}", run.stderr);
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
