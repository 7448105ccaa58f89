//! The section tree beside every page: the sections under the home page, the branch to the
//! current page opened level by level, a long level cut to a window around the branch with a
//! link to the page that lists it whole, and lists that nest properly.

mod common;

use common::{copy_tree, fixture, shoko, write};
use scraper::{Html, Selector};

fn select(s: &str) -> Selector {
    Selector::parse(s).expect("selector")
}

/// A page titled `title` in both languages.
fn page(title: &str) -> String {
    format!("---\ntitle: {{ ja: \"{title}\", en: \"{title}\" }}\n---\n\n:::ja\n本文。\n:::\n\n:::en\nText.\n:::\n")
}

#[test]
fn a_long_section_shows_a_window_around_the_page_and_links_the_full_list() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path().join("root");
    copy_tree(&fixture("valid"), &root);
    write(&root, "content/many/index.md", &page("Many"));
    for i in (0..30).filter(|i| *i != 20) {
        write(&root, &format!("content/many/p{i:02}.md"), &page(&format!("Page {i:02}")));
    }
    write(&root, "content/many/p20/index.md", &page("Page 20 folder"));
    write(&root, "content/many/p20/leaf.md", &page("Leaf"));
    let out = tmp.path().join("site");
    let run = shoko(&["build", "--root", &root.display().to_string(), "--out", &out.display().to_string()]);
    assert_eq!(run.code, 0, "{}", run.stderr);

    let html = std::fs::read_to_string(out.join("en/many/p20/leaf/index.html")).expect("built page");
    let doc = Html::parse_document(&html);
    let nav = doc.select(&select("nav.sidebar")).next().expect("a section tree");
    let inner = nav.inner_html();
    assert_eq!(inner.matches("<ul>").count(), inner.matches("</ul>").count(), "lists nest: {inner}");
    assert_eq!(inner.matches("<li").count(), inner.matches("</li>").count(), "items close: {inner}");

    let labels = |sel: &str| -> Vec<String> {
        nav.select(&select(sel)).map(|a| a.text().collect::<String>().trim().to_owned()).collect()
    };
    // The first level: the fixture's pages and the long section (in path order), the section
    // opened.
    assert_eq!(labels("nav.sidebar > details > ul > li > a"), ["Guide", "Many", "Audio and PDF"]);
    // The section's level: 12 pages around the branch (the p20 folder is the 21st of 30), then
    // the link to the full list.
    let level = labels("li.depth-2 > a");
    assert_eq!(level.len(), 13, "{level:?}");
    assert_eq!(level.first().map(String::as_str), Some("Page 14"), "{level:?}");
    assert!(level.contains(&"Page 20 folder".to_owned()), "{level:?}");
    let more = nav.select(&select("li.depth-2 > a.sidebar-more")).next().expect("a link to the full list");
    assert_eq!(more.value().attr("href"), Some("../../index.html#children"));
    assert!(more.text().collect::<String>().contains("+18"), "30 pages, 12 shown");
    // The branch: the section, the folder, then the leaf, which is current.
    assert_eq!(labels("li.open > a"), ["Many", "Page 20 folder", "Leaf"]);
    let current: Vec<String> = labels("a[aria-current=\"page\"]");
    assert_eq!(current, ["Leaf"]);
    // The list it links to holds every page of the section.
    let section = Html::parse_document(&std::fs::read_to_string(out.join("en/many/index.html")).expect("section"));
    assert_eq!(section.select(&select("section.children li")).count(), 30);
}

#[test]
fn a_folder_without_an_index_page_puts_its_pages_under_the_nearest_one() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path().join("root");
    copy_tree(&fixture("valid"), &root);
    write(&root, "content/loose/orphan.md", &page("Orphan"));
    write(&root, "content/guide/deep/er/leaf.md", &page("Deep leaf"));
    let out = tmp.path().join("site");
    let run = shoko(&["build", "--root", &root.display().to_string(), "--out", &out.display().to_string()]);
    assert_eq!(run.code, 0, "{}", run.stderr);

    let labels = |page: &str, sel: &str| -> Vec<String> {
        let html = std::fs::read_to_string(out.join(page)).expect("built page");
        let doc = Html::parse_document(&html);
        doc.select(&select(sel)).map(|a| a.text().collect::<String>().trim().to_owned()).collect()
    };
    // `loose/` has no index page: its page is on the home page's level, where a reader finds it.
    let top = labels("en/loose/orphan/index.html", "nav.sidebar > details > ul > li > a");
    assert!(top.contains(&"Orphan".to_owned()), "{top:?}");
    assert_eq!(labels("en/loose/orphan/index.html", "a[aria-current=\"page\"]"), ["Orphan"]);
    // Two levels without index pages: the leaf is under the guide, the nearest index above it.
    assert_eq!(labels("en/guide/deep/er/leaf/index.html", "li.open > a"), ["Guide", "Deep leaf"]);
}
