//! `cargo xtask links --site DIR`: in a built site, every relative link (`href`, `src`) of every
//! HTML file points at a file that exists, and every `#anchor` at an ID on the target page. The
//! benchmark runs it on the corpus, so speed is never bought with broken links.

use percent_encoding::percent_decode_str;
use rayon::prelude::*;
use scraper::{Html, Selector};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::Path;

/// What one HTML file offers and asks for.
struct Page {
    ids: HashSet<String>,
    links: Vec<String>,
}

/// Check `site`; the number of files and links checked, or the broken links (up to 20, then a
/// count).
pub fn check(site: &Path) -> Result<(usize, usize), String> {
    let mut files = BTreeSet::new();
    for entry in walkdir::WalkDir::new(site) {
        let entry = entry.map_err(|e| e.to_string())?;
        if entry.file_type().is_file() {
            let rel = entry.path().strip_prefix(site).map_err(|e| e.to_string())?;
            files.insert(rel.to_string_lossy().replace('\\', "/"));
        }
    }
    let html: Vec<&String> = files.iter().filter(|f| f.ends_with(".html")).collect();
    let pages: HashMap<&str, Page> = html
        .par_iter()
        .map(|rel| {
            let text = std::fs::read_to_string(site.join(rel.as_str())).map_err(|e| format!("{rel}: {e}"))?;
            Ok((rel.as_str(), read_page(&text)))
        })
        .collect::<Result<_, String>>()?;
    let mut broken = Vec::new();
    let mut count = 0;
    for (from, page) in &pages {
        for link in &page.links {
            count += 1;
            if let Err(why) = resolve(from, link, &files, &pages) {
                broken.push(format!("{from}: {link}: {why}"));
            }
        }
    }
    if broken.is_empty() {
        return Ok((files.len(), count));
    }
    broken.sort();
    let more = broken.len().saturating_sub(20);
    broken.truncate(20);
    if more > 0 {
        broken.push(format!("… and {more} more"));
    }
    Err(broken.join("\n"))
}

fn read_page(text: &str) -> Page {
    static IDS: std::sync::LazyLock<Selector> = std::sync::LazyLock::new(|| selector("[id]"));
    static LINKS: std::sync::LazyLock<Selector> = std::sync::LazyLock::new(|| selector("[href], [src]"));
    let doc = Html::parse_document(text);
    let ids = doc.select(&IDS).filter_map(|e| e.value().attr("id")).map(str::to_owned).collect();
    let links = doc
        .select(&LINKS)
        .flat_map(|e| [e.value().attr("href"), e.value().attr("src")])
        .flatten()
        .filter(|l| !is_external(l))
        .map(str::to_owned)
        .collect();
    Page { ids, links }
}

fn selector(css: &str) -> Selector {
    Selector::parse(css).unwrap_or_else(|e| panic!("selector {css}: {e}"))
}

/// Links that leave the site (a scheme such as `https:` or `mailto:`, or `//host`).
fn is_external(link: &str) -> bool {
    let scheme = link.split(['/', '?', '#']).next().is_some_and(|first| first.contains(':'));
    scheme || link.starts_with("//")
}

/// Whether `link` on page `from` reaches an existing file (and anchor).
fn resolve(from: &str, link: &str, files: &BTreeSet<String>, pages: &HashMap<&str, Page>) -> Result<(), String> {
    if link.starts_with('/') {
        return Err("root-absolute (breaks under a sub-path and from disk)".into());
    }
    let (path, fragment) = link.split_once('#').unwrap_or((link, ""));
    let path = path.split('?').next().unwrap_or("");
    let target = if path.is_empty() {
        from.to_owned()
    } else {
        let decoded = percent_decode_str(path).decode_utf8().map_err(|e| e.to_string())?;
        let mut parts: Vec<&str> = from.split('/').collect();
        parts.pop();
        for segment in decoded.split('/') {
            match segment {
                "" | "." => {}
                ".." => {
                    parts.pop().ok_or("leaves the site")?;
                }
                s => parts.push(s),
            }
        }
        // A folder link (`en/a/`, or `en/a` for a folder) is served as its `index.html`.
        let target = parts.join("/");
        if files.contains(&target) && !decoded.ends_with('/') {
            target
        } else if target.is_empty() {
            "index.html".to_owned()
        } else {
            format!("{target}/index.html")
        }
    };
    if !files.contains(&target) {
        return Err(format!("no file {target}"));
    }
    let fragment = percent_decode_str(fragment).decode_utf8().map_err(|e| e.to_string())?;
    match pages.get(target.as_str()) {
        Some(page) if !fragment.is_empty() && !page.ids.contains(fragment.as_ref()) => {
            Err(format!("no id {fragment:?} on {target}"))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(files: &[(&str, &str)]) -> tempfile::TempDir {
        let tmp = tempfile::tempdir().expect("tmp");
        for (rel, text) in files {
            let path = tmp.path().join(rel);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            std::fs::write(path, text).expect("write");
        }
        tmp
    }

    #[test]
    fn good_links_pass_and_each_kind_of_broken_link_is_named() {
        let good = site(&[
            (
                "index.html",
                r#"<a href="en/a/index.html#x">a</a><a href="en/a/">dir</a><a href="https://example.org/">out</a>"#,
            ),
            (
                "en/a/index.html",
                r##"<h2 id="x">X</h2><a href="../b%20c/index.html">b</a><a href="#x">self</a><img src="../../i.png">"##,
            ),
            ("en/b c/index.html", "<p>b</p>"),
            ("i.png", ""),
        ]);
        assert_eq!(check(good.path()), Ok((4, 5)));
        let bad = site(&[
            (
                "index.html",
                r#"<a href="en/a/index.html#y">a</a><a href="missing.html">m</a><a href="/en/a/">abs</a><a href="../up.html">up</a>"#,
            ),
            ("en/a/index.html", r#"<h2 id="x">X</h2>"#),
        ]);
        let report = check(bad.path()).expect_err("broken links");
        for expected in ["no id \"y\"", "no file missing.html", "root-absolute", "leaves the site"] {
            assert!(report.contains(expected), "{expected} not in {report}");
        }
    }
}
