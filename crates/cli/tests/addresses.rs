//! Page addresses come from one function (`shoko_vocab::page_address`): only a file named
//! exactly `index.md` stands for its folder, so `api-index.md` and `index-x.md` get addresses of
//! their own, and every link to them lands on the file that is written.

mod common;

use common::{shoko, target, write};

fn page(title: &str) -> String {
    format!("---\ntitle: {{ ja: \"{title}\", en: \"{title}\" }}\n---\n\n:::ja\n本文。\n:::\n\n:::en\nBody.\n:::\n")
}

#[test]
fn pages_whose_names_end_or_start_with_index_have_their_own_address() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path();
    write(root, "content/index.md", &page("Home"));
    let links = "[API](api-index.md) [X](index-x.md) [R](reindex.md)";
    let index = format!(
        "---\ntitle: {{ ja: \"部品\", en: \"Components\" }}\n---\n\n:::ja\n{links}\n:::\n\n:::en\n{links}\n:::\n"
    );
    write(root, "content/components/index.md", &index);
    for name in ["api-index", "index-x", "reindex"] {
        write(root, &format!("content/components/{name}.md"), &page(name));
    }
    let out = root.join("site");
    let run = shoko(&["build", "--root", &root.display().to_string(), "--out", &out.display().to_string()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let html = std::fs::read_to_string(out.join("en/components/index.html")).expect("index");
    for (name, href) in
        [("api-index", "api-index/index.html"), ("index-x", "index-x/index.html"), ("reindex", "reindex/index.html")]
    {
        assert!(html.contains(&format!("href=\"{href}\"")), "{name}: {html}");
        let (file, _) = target("en/components/index.html", href);
        let written = std::fs::read_to_string(out.join(&file)).unwrap_or_else(|_| panic!("{file} missing"));
        assert!(written.contains(&format!("<title>{name}")), "{file} is not the {name} page");
    }
}
