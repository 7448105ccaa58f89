//! The default content is the research group's real site: every seed page has a counterpart
//! that carries the seed's key figures in both languages, all four evidence classes occur, and
//! each counterpart is at most two clicks from the home page in each language.

mod common;

use common::{repo, shoko, target};
use scraper::{Html, Selector};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;

/// Seed page → (counterpart folder, key figures that must appear in both languages).
const SEEDS: [(&str, &str, &[&str]); 5] = [
    ("000 home", "", &["gfx900", "gfx1201", "gfx942", "MI25", "RX 9070 XT", "MI300X", "Ollama + ggml-hip", "CDNA 3"]),
    ("001 Vega study hub", "vega-study/", &["vega-hbmx-pages", "ROCm-docs", "13", "11", "gfx900"]),
    (
        "002 RX 9070 XT investigation",
        "gpu/gfx1201/",
        &[
            "587 MiB",
            "12",
            "ptrace_scope=1",
            "libhipblaslt.so.0.10.60303",
            "0.1479",
            "290",
            "ne11 ≤ 8",
            "LLAMA_SPLIT_MODE_LAYER",
        ],
    ),
    (
        "003 rocBLAS",
        "components/rocblas/",
        &["56", "2948", "245", "84", "230", "76–101", "81–158", "93–95", "109–111", "153–155", "Cijk_S_GA"],
    ),
    (
        "004 ggml-hip",
        "components/ggml-hip/",
        &["587 MiB", "bundle_0030", "1019", "bundle_0096", "918", "gfx1200", "flash_attn_ext_f16", "26–61"],
    ),
];

fn build() -> (tempfile::TempDir, std::path::PathBuf) {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("site");
    let root = repo();
    let run = shoko(&["build", "--root", root.to_str().expect("utf-8"), "--out", dir.to_str().expect("utf-8")]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    (tmp, dir)
}

fn main_text(dir: &Path, page: &str) -> String {
    let html = std::fs::read_to_string(dir.join(page)).unwrap_or_else(|e| panic!("{page}: {e}"));
    let doc = Html::parse_document(&html);
    let main = Selector::parse("main").expect("selector");
    doc.select(&main).flat_map(|m| m.text()).collect()
}

#[test]
fn every_seed_page_carries_its_key_figures_in_both_languages() {
    let (_tmp, dir) = build();
    let mut missing = Vec::new();
    for (seed, folder, figures) in SEEDS {
        for lang in ["ja", "en"] {
            let page = format!("{lang}/{folder}index.html");
            let text = main_text(&dir, &page);
            for figure in figures.iter().filter(|f| !text.contains(**f)) {
                missing.push(format!("{seed}: `{figure}` not on {page}"));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn all_four_evidence_classes_occur_on_the_site() {
    let (_tmp, dir) = build();
    let claims: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("claims.json")).expect("claims.json")).expect("json");
    let classes: BTreeSet<&str> =
        claims["claims"].as_array().expect("array").iter().filter_map(|c| c["class"].as_str()).collect();
    assert_eq!(classes, BTreeSet::from(["confirmed", "inferred", "limited", "unresolved"]));
    for lang in ["ja", "en"] {
        let text = std::fs::read_to_string(dir.join(format!("{lang}/claims/index.html"))).expect("claims page");
        for class in ["confirmed", "inferred", "limited", "unresolved"] {
            assert!(text.contains(&format!("badge badge-{class}")), "no {class} badge on {lang}/claims/");
        }
    }
}

/// Pages reachable from `start` in at most `depth` clicks, following internal links.
fn reachable(dir: &Path, start: &str, depth: usize) -> BTreeMap<String, usize> {
    let links = Selector::parse("a[href]").expect("selector");
    let mut seen = BTreeMap::from([(start.to_owned(), 0)]);
    let mut queue = VecDeque::from([start.to_owned()]);
    while let Some(page) = queue.pop_front() {
        let clicks = seen[&page];
        if clicks == depth {
            continue;
        }
        let Ok(html) = std::fs::read_to_string(dir.join(&page)) else { continue };
        for a in Html::parse_document(&html).select(&links) {
            let href = a.value().attr("href").unwrap_or("");
            if href.contains("://") || href.starts_with('#') {
                continue;
            }
            let (target, _) = target(&page, href);
            if !seen.contains_key(&target) {
                seen.insert(target.clone(), clicks + 1);
                queue.push_back(target);
            }
        }
    }
    seen
}

#[test]
fn every_seed_counterpart_is_at_most_two_clicks_from_home() {
    let (_tmp, dir) = build();
    for lang in ["ja", "en"] {
        let seen = reachable(&dir, &format!("{lang}/index.html"), 2);
        for (seed, folder, _) in SEEDS {
            let page = format!("{lang}/{folder}index.html");
            assert!(
                seen.get(&page).is_some_and(|c| *c <= 2),
                "{seed}: {page} is not within two clicks of {lang}/index.html"
            );
        }
    }
}
