//! Diagnostics that say what is actually wrong, at the field it is about: a value inside a
//! source that YAML re-typed (`version: 0.10`, `commit: 1234567`) is `fm/unquoted-scalar` at its
//! own line with the quoted form; a date of the right shape that is no calendar day says so; a
//! commit in upper case is named as such; every format error labels its caret; assertive words
//! are found in both languages, and a site adds its own; a link to a built page's address names
//! the source to link instead.

mod common;

use common::{shoko_in, write};

fn check(log: &str) -> String {
    let tmp = tempfile::tempdir().expect("temp dir");
    write(tmp.path(), "content/logs/a.yaml", log);
    let run = shoko_in(tmp.path(), &["check", "--root", "."]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    run.stderr
}

fn log(source: &str, date: &str) -> String {
    format!(
        "claims:\n  - id: one\n    class: confirmed\n    text: {{ ja: \"一\", en: \"One\" }}\n    scope: {{ gfx: [gfx1201], observed: \"2026-03-27\" }}\n    sources:\n{source}    history:\n      - {{ date: \"{date}\", from: null, to: confirmed, reason: {{ ja: \"初\", en: \"First\" }} }}\n"
    )
}

#[test]
fn a_retyped_value_inside_a_source_is_named_at_its_own_line() {
    let artifact = "      - basis: artifact\n        package: hipblaslt\n        version: 0.10\n        file: libx.so\n        tool: strings\n        output: x\n";
    let err = check(&log(artifact, "2026-03-27"));
    assert!(
        err.contains("error[fm/unquoted-scalar]: `claims[0].sources[0].version`: `0.10` was read as the number 0.1"),
        "{err}"
    );
    assert!(err.contains("content/logs/a.yaml:9:18") && err.contains("write `\"0.10\"`"), "{err}");

    let history = "      - basis: history\n        repo: ROCm/rocBLAS\n        commit: 1234567\n";
    let err = check(&log(history, "2026-03-27"));
    assert!(err.contains("`claims[0].sources[0].commit`: `1234567` was read as the number 1234567"), "{err}");
    assert!(err.contains("content/logs/a.yaml:9:17"), "{err}");
}

#[test]
fn dates_and_commits_say_what_is_wrong_with_them() {
    let upper = format!("      - {{ basis: history, repo: ROCm/rocBLAS, commit: \"{}\" }}\n", "ABCDEF0123".repeat(4));
    let err = check(&log(&upper, "2026-11-31"));
    assert!(err.contains("written in upper case") && err.contains("commit hashes are written in lower case"), "{err}");
    assert!(err.contains(&format!("write `\"{}\"`", "abcdef0123".repeat(4))), "{err}");
    assert!(
        err.contains("`2026-11-31`, which is not a day of the calendar") && err.contains("that month has 30 days"),
        "{err}"
    );
    let err = check(&log(&upper.replace("ABCDEF0123", "abcdef0123"), "2026-3-27"));
    assert!(err.contains("^^^^^^^^^^^ one digit where YYYY-MM-DD has two"), "the caret is labelled: {err}");
    assert!(err.contains("write the month and the day with two digits each: `\"2026-03-27\"`"), "{err}");
}

#[test]
fn assertive_words_cover_both_languages_and_a_site_adds_its_own() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let claim = "claims:\n  - id: one\n    class: unresolved\n    text: { ja: \"必ず MMQ を通る。\", en: \"It definitely takes MMQ, for sure.\" }\n    blocked_by: { kind: observer, detail: { ja: \"未\", en: \"Not yet\" } }\n    history:\n      - { date: \"2026-03-27\", from: null, to: unresolved, reason: { ja: \"初\", en: \"First\" } }\n";
    write(tmp.path(), "content/logs/a.yaml", claim);
    let words = |stderr: &str| -> Vec<String> {
        stderr
            .lines()
            .filter_map(|l| l.strip_prefix("warning[claim/assertive-wording]: `"))
            .map(|l| l.split('`').next().unwrap_or("").to_owned())
            .collect()
    };
    let run = shoko_in(tmp.path(), &["check", "--root", "."]);
    assert_eq!(words(&run.stderr), ["必ず", "definitely"], "{}", run.stderr);
    write(tmp.path(), "shoko.yaml", "assertive_words: [\"for sure\"]\n");
    let run = shoko_in(tmp.path(), &["check", "--root", "."]);
    assert_eq!(words(&run.stderr), ["必ず", "definitely", "for sure"], "{}", run.stderr);
}

#[test]
fn a_link_to_a_built_address_names_the_source_to_link() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let page = |title: &str, body: &str| {
        format!("---\ntitle: {{ ja: \"{title}\", en: \"{title}\" }}\n---\n\n:::ja\n{body}\n:::\n\n:::en\n{body}\n:::\n")
    };
    write(tmp.path(), "content/gpu/gfx942.md", &page("gfx942", "MI300X"));
    write(tmp.path(), "content/gpu/index.md", &page("GPU", "[a](gfx942.html) [b](../gpu/) [c](gfx900.html)"));
    let run = shoko_in(tmp.path(), &["check", "--root", "."]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let err = &run.stderr;
    assert!(
        err.contains("`gfx942.html` is the address of a built page") && err.contains("link the source: `gfx942.md`"),
        "{err}"
    );
    assert!(
        err.contains("`../gpu/` is the address of a built page") && err.contains("link the source: `index.md`"),
        "{err}"
    );
    assert!(
        err.contains("link to missing page `gfx900.html`")
            && err.contains("content/gpu/gfx900.md, which does not exist"),
        "{err}"
    );
}

#[test]
fn a_misspelled_page_or_anchor_gets_the_closest_or_the_list() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let other = "---\ntitle: { ja: \"他\", en: \"Other\" }\n---\n\n:::ja\n## 概要\n本文\n:::\n\n:::en\n## Heading here\nOther\n:::\n";
    write(tmp.path(), "content/other.md", other);
    let index = "---\ntitle: { ja: \"題\", en: \"Title\" }\n---\n\n:::ja\n[x](othr.md) [y](other.md#見出し)\n:::\n\n:::en\n[x](other.md) [y](other.md#heading-hre)\n:::\n";
    write(tmp.path(), "content/index.md", index);
    let run = shoko_in(tmp.path(), &["check", "--root", "."]);
    let err = &run.stderr;
    assert!(err.contains("link to missing page `othr.md`") && err.contains("did you mean `other.md`?"), "{err}");
    assert!(
        err.contains("`#見出し` does not exist") && err.contains("anchors there in this language: `#概要`"),
        "{err}"
    );
    assert!(err.contains("did you mean `#heading-here`?"), "{err}");
}

#[test]
fn a_misspelled_value_gets_the_closest_allowed_one() {
    let err = check("claims:\n  - id: one\n    class: confirmd\n    text: { ja: \"一\", en: \"One\" }\n");
    assert!(err.contains("`claims[0].class` has unknown value `confirmd`"), "{err}");
    assert!(err.contains("did you mean `confirmed`?"), "{err}");
}
