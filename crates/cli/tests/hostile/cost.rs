//! Small hostile files must not cost more than their size: nesting is refused while it is read,
//! and a diagnostic costs the same however large its file. Time is compared as a ratio between
//! two runs of the same binary (the fastest of a few each), never against a wall-clock limit.

use super::common::shoko;
use super::site;
use std::path::Path;
use std::time::{Duration, Instant};

/// The fastest of three runs of `shoko ARGS` with the site at `root`.
fn fastest(root: &Path, args: &[&str]) -> Duration {
    let root = root.display().to_string();
    (0..3)
        .map(|_| {
            let mut all = vec!["--root", root.as_str()];
            all.extend(args);
            let started = Instant::now();
            let run = shoko(&all);
            assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
            started.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// Puts a YAML value into the file it is tried in.
type Wrap = fn(&str) -> String;

#[test]
fn deep_flow_nesting_is_refused_while_it_is_read_in_logs_pages_and_config() {
    let nest = |depth: usize| format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    let places: [(&str, Wrap); 3] = [
        ("content/logs/deep.yaml", |nest| format!("title: {{ ja: \"深\", en: \"Deep\" }}\nclaims: {nest}\n")),
        ("content/deep.md", |nest| format!("---\ntitle: {nest}\n---\n\nx\n")),
        ("shoko.yaml", |nest| format!("base_path: {nest}\n")),
    ];
    for (file, text) in places {
        let small = site(&[(file, &text(&nest(1_000)))]);
        let large = site(&[(file, &text(&nest(100_000)))]);
        for tmp in [&small, &large] {
            let run = shoko(&["check", "--root", &tmp.path().display().to_string()]);
            assert_eq!(run.code, 1, "{file}: {}", run.stderr);
            assert!(run.stderr.contains("nested too deeply"), "{file}: {}", run.stderr);
        }
        let (small, large) = (fastest(small.path(), &["check"]), fastest(large.path(), &["check"]));
        // 100 times the text: refused at the same depth, so about the same time (it was 21 s
        // for the log, against a few milliseconds).
        assert!(large < small * 4, "{file}: 200 KB took {large:?}, 2 KB {small:?}");
    }
}

#[test]
fn a_human_diagnostic_costs_no_more_in_a_large_file() {
    // 3,000 claims no page shows: 3,000 warnings from one 1.3 MB log.
    let tmp = site(&[("content/logs/big.yaml", &uncited_log(3_000))]);
    let run = shoko(&["check", "--root", &tmp.path().display().to_string()]);
    assert_eq!(
        run.stderr.matches("warning[claim/uncited]").count(),
        3_000,
        "{}",
        &run.stderr[..run.stderr.len().min(2000)]
    );
    let human = fastest(tmp.path(), &["check", "--format", "human"]);
    let json = fastest(tmp.path(), &["check", "--format", "json"]);
    // The JSON format shows one line per diagnostic; the human one a few lines around it.
    // Handing the whole file to the snippet renderer for each made it 55 times slower.
    assert!(human < json * 3, "human {human:?}, json {json:?}");
    // A hundred times the claims costs about a hundred times as much: the file the warnings
    // point into is read back once, not once per warning (that held 15 GB).
    let small = site(&[("content/logs/big.yaml", &uncited_log(30))]);
    let small = fastest(small.path(), &["check", "--format", "json"]);
    assert!(json < small * 100, "3,000 claims {json:?}, 30 claims {small:?}");
}

/// A log of `n` claims that no page shows, each with a long text.
fn uncited_log(n: usize) -> String {
    let mut log = String::from("title: { ja: \"大\", en: \"Big\" }\nclaims:\n");
    for i in 0..n {
        log.push_str(&format!(
            "  - id: c{i}\n    class: unresolved\n    text: {{ ja: \"未確定の観測について長めの文を置く。{}\", en: \"An unresolved observation. {}\" }}\n    blocked_by: {{ kind: observer, detail: {{ ja: \"観測器\", en: \"Observer\" }} }}\n    history:\n      - {{ date: \"2026-03-27\", from: null, to: unresolved, reason: {{ ja: \"記録\", en: \"Recorded\" }} }}\n",
            "観測".repeat(100),
            "padding ".repeat(100)
        ));
    }
    log
}

/// A site whose page `content/p.md` has body `body`, plus `files`.
fn with_page(body: &str, files: &[(&str, &str)]) -> tempfile::TempDir {
    let page = format!("---\ntitle: {{ ja: \"頁\", en: \"Page\" }}\n---\n\n{body}");
    let mut all = vec![("content/p.md", page.as_str())];
    all.extend_from_slice(files);
    site(&all)
}

#[test]
fn a_page_of_equal_headings_costs_what_its_text_costs() {
    // Headings `x-2` … `x-N`, then N headings `x`: each `x` once searched from `x-2` upward.
    let page = |n: usize| {
        let numbered: String = (2..=n).map(|i| format!("## x-{i}\n\n")).collect();
        format!("{numbered}{}", "## x\n\n".repeat(n))
    };
    let (small, large) = (with_page(&page(500), &[]), with_page(&page(5_000), &[]));
    let (small, large) = (fastest(small.path(), &["build"]), fastest(large.path(), &["build"]));
    assert!(large < small * 30, "10 times the headings took {large:?} against {small:?}");
}

#[test]
fn a_glossary_of_many_terms_costs_what_the_text_costs() {
    let glossary = |n: usize| {
        let terms: String = (0..n)
            .map(|i| format!("  - {{ id: t{i}, term: {{ ja: \"語{i}号\", en: \"term{i}x\" }}, gloss: {{ ja: \"説明\", en: \"gloss\" }} }}\n"))
            .collect();
        format!("terms:\n{terms}")
    };
    let text = |n: usize| -> String { (0..n).map(|i| format!("term{i}x ")).collect() };
    let build_time = |n: usize| {
        let body =
            format!(":::ja\n{}\n:::\n\n:::en\n{}\n:::\n", text(n).replace("term", "語").replace("x ", "号 "), text(n));
        let tmp = with_page(&body, &[("content/_data/glossary.yaml", &glossary(n))]);
        let run = shoko(&["check", "--root", &tmp.path().display().to_string()]);
        assert_eq!(run.code, 0, "{}", &run.stderr[..run.stderr.len().min(2000)]);
        fastest(tmp.path(), &["build"])
    };
    let (small, large) = (build_time(100), build_time(800));
    // 8 times the terms, each used once: it took 8³ times as long.
    assert!(large < small * 30, "8 times the terms took {large:?} against {small:?}");
}

#[test]
fn a_human_diagnostic_on_a_very_long_line_costs_no_more() {
    let links: String = (0..20_000).map(|i| format!("[a](nope{i}.md) ")).collect();
    let tmp = with_page(&format!(":::ja\n{links}\n:::\n\n:::en\n{links}\n:::\n"), &[]);
    let human = fastest(tmp.path(), &["check", "--format", "human"]);
    let json = fastest(tmp.path(), &["check", "--format", "json"]);
    assert!(human < json * 3, "human {human:?}, json {json:?}");
}

/// A page citing `n` claims as `[r](claim:PREFIXi)` in each language, and a log declaring 100
/// claims `c0` … `c99`; with `prefix` `x`, every citation names an unknown claim of its own.
fn citing(n: usize, prefix: &str) -> tempfile::TempDir {
    let claim = |i: usize| {
        format!(
            "  - id: c{i}\n    class: confirmed\n    text: {{ ja: \"主張 {i}。\", en: \"Claim {i}.\" }}\n    scope: {{ gfx: [gfx1201], observed: \"2026-03-27\" }}\n    sources:\n      - {{ basis: runtime, command: \"x\", output: \"y\" }}\n    history:\n      - {{ date: \"2026-03-27\", from: null, to: confirmed, reason: {{ ja: \"初回\", en: \"First\" }} }}\n"
        )
    };
    let log = format!("claims:\n{}", (0..100).map(claim).collect::<String>());
    let id = |i: usize| if prefix == "c" { format!("c{}", i % 100) } else { format!("{prefix}{i}") };
    let links: String = (0..n).map(|i| format!("[r](claim:{}) ", id(i))).collect();
    let page =
        format!("---\ntitle: {{ ja: \"題\", en: \"Title\" }}\n---\n\n:::ja\n{links}\n:::\n\n:::en\n{links}\n:::\n");
    site(&[("content/logs/a.yaml", &log), ("content/many.md", &page)])
}

#[test]
fn unknown_claim_ids_cost_what_their_citations_cost() {
    let (valid, unknown, half) = (citing(20_000, "c"), citing(20_000, "x"), citing(10_000, "x"));
    let run = shoko(&["check", "--root", &unknown.path().display().to_string()]);
    assert_eq!(run.stderr.matches("error[ref/unknown-claim]").count(), 20_000, "one error per unknown ID");
    let (valid, unknown, half) =
        (fastest(valid.path(), &["check"]), fastest(unknown.path(), &["check"]), fastest(half.path(), &["check"]));
    // Grouping unknown IDs by scanning the ones found so far made this quadratic: 12,500 took
    // 0.31 s, 100,000 took 24 s.
    assert!(unknown < valid * 5, "20,000 unknown IDs took {unknown:?}, 20,000 valid ones {valid:?}");
    assert!(unknown < half * 3, "20,000 unknown IDs took {unknown:?}, 10,000 {half:?}");
}
