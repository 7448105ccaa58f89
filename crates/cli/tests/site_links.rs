//! Over the real output of `build` (the default content and the valid fixture): every internal
//! link and `#anchor` resolves, none is root-absolute, every page declares its language, and the
//! language switcher's anchor maps point at IDs that exist on the other page.

mod common;

use common::{build_site, fixture, repo, target, walk};
use scraper::{Html, Selector};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

struct Built {
    _tmp: tempfile::TempDir,
    dir: PathBuf,
}

fn build(root: &Path) -> Built {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("site");
    build_site(root, &dir, &[]);
    Built { _tmp: tmp, dir }
}

fn select(s: &str) -> Selector {
    Selector::parse(s).expect("selector")
}

/// Every HTML file of the site, parsed, by path relative to the site.
fn pages(dir: &Path) -> BTreeMap<String, Html> {
    walk(dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .map(|p| {
            let rel = p.strip_prefix(dir).expect("inside").to_string_lossy().replace('\\', "/");
            (rel, Html::parse_document(&std::fs::read_to_string(&p).expect("read")))
        })
        .collect()
}

fn ids(doc: &Html) -> BTreeSet<String> {
    doc.select(&select("[id]")).filter_map(|e| e.value().attr("id").map(str::to_owned)).collect()
}

fn check_site(root: &Path, dir: &Path) {
    let pages = pages(dir);
    assert!(pages.len() >= 10, "only {} pages", pages.len());
    let ids: BTreeMap<&String, BTreeSet<String>> = pages.iter().map(|(p, d)| (p, ids(d))).collect();
    let mut problems = Vec::new();
    let links = select("a[href], link[href], script[src], img[src]");
    for (page, doc) in &pages {
        if page == "404.html" {
            problems.extend(not_found_links(root, dir, doc));
            continue;
        }
        let lang = doc.select(&select("html")).next().and_then(|h| h.value().attr("lang"));
        if !matches!(lang, Some("ja" | "en")) {
            problems.push(format!("{page}: <html lang> is {lang:?}"));
        }
        for element in doc.select(&links) {
            let href = element.value().attr("href").or_else(|| element.value().attr("src")).unwrap_or("");
            if href.starts_with("http://") || href.starts_with("https://") || href.starts_with("mailto:") {
                continue;
            }
            if href.starts_with('/') {
                problems.push(format!("{page}: root-absolute link {href}"));
                continue;
            }
            let (file, fragment) = target(page, href);
            if !dir.join(&file).is_file() {
                problems.push(format!("{page}: {href} → missing {file}"));
                continue;
            }
            // Browsers match the percent-decoded fragment against IDs.
            let fragment = fragment.map(|f| percent_encoding::percent_decode_str(&f).decode_utf8_lossy().into_owned());
            if let Some(fragment) = fragment.filter(|f| !f.is_empty())
                && !ids.get(&file).is_some_and(|set| set.contains(&fragment))
            {
                problems.push(format!("{page}: {href} → no #{fragment} in {file}"));
            }
        }
        for switch in doc.select(&select("a[data-anchors]")) {
            let href = switch.value().attr("href").unwrap_or("");
            let (file, _) = target(page, href);
            let map: BTreeMap<String, String> =
                serde_json::from_str(switch.value().attr("data-anchors").unwrap_or("{}")).expect("anchor map is JSON");
            for (here, there) in map {
                if !ids[page].contains(&here) || !ids.get(&file).is_some_and(|s| s.contains(&there)) {
                    problems.push(format!("{page}: switcher maps #{here} to {file}#{there}, which does not exist"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{} link problems:\n{}", problems.len(), problems.join("\n"));
}

/// The links of the 404 page, which a server shows at any address: each starts at the site's
/// base path where `shoko.yaml` names one (`/ROCm-pages/` in the real site's), and is relative
/// otherwise; either way it names a file.
fn not_found_links(root: &Path, dir: &Path, doc: &Html) -> Vec<String> {
    let config = std::fs::read_to_string(root.join("shoko.yaml")).unwrap_or_default();
    let source = shoko_diagnostics::SourceFile::new("shoko.yaml", config);
    let base = shoko_model::config::parse_config(shoko_diagnostics::FileId(0), &source).0.base_path;
    let mut problems = Vec::new();
    let hrefs: Vec<&str> = doc.select(&select("a[href], link[href]")).filter_map(|e| e.value().attr("href")).collect();
    if hrefs.len() < 3 {
        problems.push(format!("404.html: {hrefs:?}, not the stylesheet and both languages"));
    }
    let prefix = if base == "/" { "" } else { base.as_str() };
    for href in hrefs {
        match href.strip_prefix(prefix) {
            Some(file) if !file.starts_with('/') && dir.join(file).is_file() => {}
            _ => problems.push(format!("404.html: {href} is not a file under `{prefix}`")),
        }
    }
    problems
}

#[test]
fn default_site_links_and_anchors_resolve() {
    check_site(&repo(), &build(&repo()).dir);
}

#[test]
fn fixture_site_links_and_anchors_resolve() {
    let built = build(&fixture("valid"));
    check_site(&fixture("valid"), &built.dir);
    for path in ["index.html", "404.html", "robots.txt", ".nojekyll", "claims.json", "schema/evidence.schema.json"] {
        assert!(built.dir.join(path).is_file(), "{path} missing");
    }
}

#[test]
fn sitemap_lists_both_languages_with_alternates_when_the_url_is_known() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("site");
    let root = fixture("valid");
    build_site(&root, &dir, &["--base-url", "https://example.org/ROCm-pages/"]);
    let sitemap = std::fs::read_to_string(dir.join("sitemap.xml")).expect("sitemap");
    assert!(sitemap.contains("<loc>https://example.org/ROCm-pages/ja/guide/</loc>"), "{sitemap}");
    assert!(sitemap.contains("hreflang=\"en\" href=\"https://example.org/ROCm-pages/en/guide/\""), "{sitemap}");
    let page = std::fs::read_to_string(dir.join("en/guide/index.html")).expect("page");
    assert!(page.contains("<link rel=\"canonical\" href=\"https://example.org/ROCm-pages/en/guide/\">"), "{page}");
    let robots = std::fs::read_to_string(dir.join("robots.txt")).expect("robots");
    assert!(robots.contains("Sitemap: https://example.org/ROCm-pages/sitemap.xml"), "{robots}");
}
