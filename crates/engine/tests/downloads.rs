//! Files a page links with a plain link (`[data](table.csv)`, a raw log, a figure) are
//! published: copied under `media/` with a fingerprint in the name (an image under its own
//! path, checked as an image), and the link points at the copy, from disk and from any address
//! the site is served at. `check` and `build` agree: a file that is not there is an error, and so
//! is one whose name a browser would run on the site's origin (`.html`, `.js`, …).

use shoko_engine::{BuildOptions, MemoryOutput};
use std::path::Path;

fn write(root: &Path, rel: &str, bytes: &[u8]) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().expect("parent")).expect("folder");
    std::fs::write(path, bytes).expect("write");
}

fn site(links: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path();
    write(root, "content/data/table.csv", b"a,b\n1,2\n");
    write(root, "content/data/v1.2/output", b"raw output, no extension\n");
    write(root, "content/figures/f.svg", br#"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"></svg>"#);
    write(
        root,
        "content/figures/bad.svg",
        br#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#,
    );
    write(root, "content/data/page.html", b"<script>alert(1)</script>");
    let page =
        format!("---\ntitle: {{ ja: \"資料\", en: \"Data\" }}\n---\n\n:::ja\n{links}\n:::\n\n:::en\n{links}\n:::\n");
    write(root, "content/notes/index.md", page.as_bytes());
    write(root, "content/index.md", b"---\ntitle: { ja: \"\xe3\x83\x9b\xe3\x83\xbc\xe3\x83\xa0\", en: \"Home\" }\n---\n\n:::ja\nx\n:::\n\n:::en\nx\n:::\n");
    tmp
}

fn build(root: &Path) -> (MemoryOutput, Vec<(String, String)>) {
    let mut out = MemoryOutput::default();
    let report =
        shoko_engine::build(root, &mut out, &BuildOptions::on(jiff::civil::date(2026, 11, 21))).expect("readable");
    let found = report.checked.diagnostics.iter().map(|d| (d.code.name.to_owned(), d.message.clone())).collect();
    (out, found)
}

#[test]
fn a_linked_file_is_published_and_the_link_points_at_its_copy() {
    let tmp = site(
        "[table](../data/table.csv) [raw](../data/v1.2/output) [figure](../figures/f.svg) [row](../data/table.csv#row=2)",
    );
    let (out, found) = build(tmp.path());
    assert!(found.is_empty(), "{found:#?}");
    let files = out.files();
    let table = files.keys().find(|p| p.starts_with("media/data/table.") && p.ends_with(".csv")).expect("the table");
    assert_eq!(&*files[table], b"a,b\n1,2\n");
    let raw = files.keys().find(|p| p.starts_with("media/data/v1.2/output.")).expect("the raw output");
    assert!(
        !raw.ends_with('.') && raw.len() == "media/data/v1.2/output.".len() + 10,
        "no extension, none added: {raw}"
    );
    assert!(files.contains_key("media/figures/f.svg"), "a linked image is published as an image");
    for lang in ["ja", "en"] {
        let html = String::from_utf8(files[&format!("{lang}/notes/index.html")].to_vec()).expect("utf-8");
        for published in [table.as_str(), raw.as_str(), "media/figures/f.svg"] {
            assert!(html.contains(&format!("href=\"../../{published}\"")), "{lang}: {published} in {html}");
        }
        assert!(html.contains(&format!("href=\"../../{table}#row=2\"")), "{lang}: the fragment is kept: {html}");
    }
}

#[test]
fn a_linked_file_a_browser_would_run_is_an_error_and_never_published() {
    let tmp = site("[page](../data/page.html) [figure](../figures/bad.svg) [gone](../data/gone.csv)");
    let (out, found) = build(tmp.path());
    let codes: Vec<&str> = found.iter().map(|(c, _)| c.as_str()).collect();
    for code in ["file/unsafe-download", "file/unsafe-svg", "ref/missing-file"] {
        assert!(codes.contains(&code), "{code} in {found:#?}");
    }
    assert!(out.files().is_empty(), "a failed build writes nothing");
}
