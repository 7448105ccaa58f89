//! The smaller findings: pages that collide on case-insensitive checkouts, links written
//! percent-encoded and pages whose names hold `#` or `?`, control characters in bodies, the
//! staging folders of killed builds in `.gitignore`, and the Pages workflow's supply chain.

use super::common::repo;
use super::{build, check, page, site};

#[test]
fn pages_that_differ_only_by_case_are_an_error() {
    let tmp = site(&[("content/GPU.md", &page("大", "Upper.")), ("content/gpu.md", &page("小", "Lower."))]);
    let (code, diags) = check(tmp.path());
    assert_eq!(code, 1);
    let (c, file, line, _, message) = &diags[0];
    assert_eq!((c.as_str(), file.as_str(), *line), ("page/url-collision", "content/gpu.md", 1));
    assert_eq!(message, "content/gpu.md and content/GPU.md differ only by case");
}

#[test]
fn percent_encoded_links_and_names_with_hash_or_question_marks_resolve() {
    let index = "---\ntitle: { ja: \"索引\", en: \"Index\" }\n---\n\n:::ja\n[空白](a%20b.md) [井桁](c%23d.md) [疑問](e%3Ff.md#%E8%A6%8B%E5%87%BA%E3%81%97)\n:::\n\n:::en\n[space](a%20b.md) [hash](c%23d.md) [question](e%3Ff.md)\n:::\n";
    let heading = "---\ntitle: { ja: \"疑\", en: \"Q\" }\n---\n\n:::ja\n## 見出し\n:::\n\n:::en\n## Heading\n:::\n";
    let tmp = site(&[
        ("content/notes/index.md", index),
        ("content/notes/a b.md", &page("空", "Space.")),
        ("content/notes/c#d.md", &page("井", "Hash.")),
        ("content/notes/e?f.md", heading),
    ]);
    let (code, diags) = check(tmp.path());
    assert_eq!((code, diags.len()), (0, 0), "{diags:?}");
    let (code, out) = build(tmp.path());
    assert_eq!(code, 0);
    let html = std::fs::read_to_string(out.join("en/notes/index.html")).expect("index");
    for (href, file) in [("a%20b/index.html", "a b"), ("c%23d/index.html", "c#d"), ("e%3Ff/index.html", "e?f")] {
        assert!(html.contains(&format!("href=\"{href}\"")), "{href} in {html}");
        assert!(out.join("en/notes").join(file).join("index.html").is_file(), "{file}");
    }
}

#[test]
fn nul_and_esc_in_bodies_are_errors_and_never_published() {
    let tmp = site(&[("content/p.md", &page("制御", "Pasted \u{1b}[2J output\u{0} here."))]);
    let (code, diags) = check(tmp.path());
    assert_eq!(code, 1);
    let found: Vec<(&str, u64, u64)> = diags.iter().map(|d| (d.0.as_str(), d.2, d.3)).collect();
    assert_eq!(found, [("md/control-character", 10, 8)], "the first of the line");
    let (code, out) = build(tmp.path());
    assert_eq!(code, 1);
    assert!(!out.exists());
}

#[test]
fn staging_folders_and_the_build_record_are_ignored_by_git() {
    let ignore = std::fs::read_to_string(repo().join(".gitignore")).expect(".gitignore");
    for pattern in ["/site", "/.site.stamp*", "/.site.new-*", "/.site.old-*"] {
        assert!(ignore.lines().any(|l| l == pattern), "{pattern} missing from .gitignore");
    }
}

#[test]
fn the_pages_workflow_pins_actions_keeps_no_credentials_and_never_cancels_a_deploy() {
    let workflow = std::fs::read_to_string(repo().join(".github/workflows/pages.yml")).expect("workflow");
    let uses: Vec<&str> = workflow.lines().filter_map(|l| l.split_once("uses: ").map(|(_, u)| u)).collect();
    assert!(uses.len() >= 5, "{uses:?}");
    for action in &uses {
        let sha = action.split_once('@').map(|(_, r)| r.split_whitespace().next().unwrap_or("")).unwrap_or("");
        assert!(sha.len() == 40 && sha.chars().all(|c| c.is_ascii_hexdigit()), "{action} is not pinned to a commit");
    }
    let checkouts = uses.iter().filter(|u| u.starts_with("actions/checkout@")).count();
    assert_eq!(workflow.matches("persist-credentials: false").count(), checkouts, "every checkout drops its token");
    assert!(
        workflow.contains("cancel-in-progress: ${{ github.event_name == 'pull_request' }}"),
        "a deploy on main is never cancelled"
    );
}

#[test]
fn a_ui_string_a_site_leaves_out_is_built_in_and_one_nobody_defines_stops_the_build() {
    // A site's own strings without `nav-home`: the built-in one is used, in both languages.
    let strip = |text: &str| text.lines().filter(|l| !l.starts_with("nav-home")).collect::<Vec<_>>().join("\n");
    let ja = strip(&std::fs::read_to_string(repo().join("i18n/ja.ftl")).expect("ja.ftl"));
    let en = strip(&std::fs::read_to_string(repo().join("i18n/en.ftl")).expect("en.ftl"));
    let tmp = site(&[("i18n/ja.ftl", &ja), ("i18n/en.ftl", &en)]);
    let (code, out) = build(tmp.path());
    assert_eq!(code, 0);
    let page = std::fs::read_to_string(out.join("en/index.html")).expect("page");
    assert!(page.contains(">Home<"), "the built-in `nav-home`");
    // A template asking for a string no file defines: the build stops and says which.
    let template = std::fs::read_to_string(repo().join("templates/page.html")).expect("page.html");
    let template = template.replacen("<article", "{{ ui[\"no-such-key\"] }}<article", 1);
    let tmp = site(&[("templates/page.html", &template)]);
    let (code, out) = build(tmp.path());
    assert_eq!(code, 1);
    assert!(!out.exists(), "nothing written");
    let run =
        super::shoko(&["build", "--root", &tmp.path().display().to_string(), "--out", &out.display().to_string()]);
    assert!(run.stderr.contains("error[i18n/unknown-key]") && run.stderr.contains("`no-such-key`"), "{}", run.stderr);
}
