//! What the built search index finds, read from its files as the browser reads them: a claim by
//! a target only its scope names, a glossary term (and the page that explains the glossary) by
//! its name, a section that writes a term by the term's `readings`, an inflected English word by
//! its stem, and a Japanese token's places in a document (the bits the browser chains to match
//! a Japanese run only where its bigrams stand next to each other).

mod common;

use common::{build_site, copy_tree, fixture, write};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// One language's index: each document's address by ID, and each token's postings as
/// `(ID, weight, places)` (places 0 for a word).
struct Index {
    urls: BTreeMap<u64, String>,
    tokens: BTreeMap<String, Vec<(u64, u64, u64)>>,
}

/// The data of an index file: `shokoSearch("NAME",DATA);`.
fn data(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).expect("an index file");
    let start = text.find(',').expect("shokoSearch(NAME,") + 1;
    let end = text.rfind(");").expect("a closing );");
    serde_json::from_str(&text[start..end]).expect("JSON data")
}

fn index(dir: &Path) -> Index {
    let entry = data(&dir.join("entry.js"));
    let stride = entry["s"].as_u64().expect("stride");
    let mut urls = BTreeMap::new();
    let mut tokens = BTreeMap::new();
    for file in std::fs::read_dir(dir).expect("the index folder").map(|e| e.expect("entry").path()) {
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_owned();
        if let Some(bucket) = name.strip_prefix("d-").and_then(|n| n.strip_suffix(".js")) {
            let bucket: u64 = bucket.parse().expect("a bucket number");
            for (i, doc) in data(&file).as_array().expect("documents").iter().enumerate() {
                urls.insert(bucket * stride + i as u64, doc[0].as_str().expect("url").to_owned());
            }
        } else if name.starts_with("t-") {
            for (token, list) in data(&file).as_object().expect("tokens") {
                let list: Vec<u64> =
                    list.as_array().expect("postings").iter().map(|n| n.as_u64().expect("n")).collect();
                // Kana and kanji: the fixture's Japanese tokens.
                let japanese = token.chars().next().is_some_and(|c| ('\u{3040}'..='\u{9FFF}').contains(&c));
                let step = if japanese { 3 } else { 2 };
                let mut id = 0;
                let postings = list[1..]
                    .chunks(step)
                    .map(|p| {
                        id += p[0];
                        (id, p[1], if japanese { p[2] } else { 0 })
                    })
                    .collect();
                tokens.insert(token.clone(), postings);
            }
        }
    }
    Index { urls, tokens }
}

impl Index {
    /// The addresses of the documents `token` lists.
    fn found(&self, token: &str) -> Vec<&str> {
        let postings = self.tokens.get(token).map(Vec::as_slice).unwrap_or_default();
        postings.iter().map(|(id, _, _)| self.urls.get(id).map(String::as_str).unwrap_or("?")).collect()
    }

    /// The bits of `token`'s places in the document at `url`.
    fn places(&self, token: &str, url: &str) -> u64 {
        let id = self.urls.iter().find(|(_, u)| u.as_str() == url).map(|(id, _)| *id).expect(url);
        self.tokens[token].iter().find(|p| p.0 == id).map(|p| p.2).expect(token)
    }
}

#[test]
fn the_index_finds_scopes_terms_readings_stems_and_keeps_japanese_places() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let root = tmp.path().join("site");
    copy_tree(&fixture("valid"), &root);
    write(
        &root,
        "content/_data/glossary.yaml",
        r#"terms:
  - id: kernel
    term: { ja: "カーネル", en: "kernel" }
    readings: [カーネル関数]
    gloss: { ja: "GPU が実行する仕事の単位。", en: "A unit of work the GPU runs." }
  - id: fatbin
    term: { ja: "fatbin", en: "fatbin" }
    readings: [ファットバイナリ]
    gloss: { ja: "複数の GPU 向けコードを束ねたバイナリ。", en: "A binary bundling code for several GPUs." }
"#,
    );
    let out = tmp.path().join("out");
    build_site(&root, &out, &[]);
    let en = index(&out.join("search/en"));
    let ja = index(&out.join("search/ja"));

    // A claim whose text does not name its target is found by it (its scope).
    assert!(en.found("gfx1201").iter().any(|u| u.ends_with("#claim-base")), "{:?}", en.found("gfx1201"));
    // The glossary page by its name, each term at its anchor by its name and its readings.
    assert!(ja.found("用語").contains(&"ja/glossary/index.html"), "{:?}", ja.found("用語"));
    assert!(en.found("fatbin").iter().any(|u| u.ends_with("glossary/index.html#term-fatbin")));
    assert!(ja.found("ファ").iter().any(|u| u.ends_with("glossary/index.html#term-fatbin")));
    // A section that writes `fatbin` is found by the term's reading too (`ファットバイナリ`),
    // in both languages; one that does not is not.
    let guide = |index: &Index| index.found("ファ").iter().any(|u| u.contains("guide/index.html"));
    assert!(guide(&en) && guide(&ja), "en {:?} ja {:?}", en.found("ファ"), ja.found("ファ"));
    assert!(!en.found("ファ").iter().any(|u| u.ends_with("en/media/index.html")), "{:?}", en.found("ファ"));
    // `kernels` is indexed with its stem, which the browser makes of `kernel` and `kernels`.
    assert!(en.found("kernel").iter().any(|u| u.contains("guide/index.html")));
    // Places: in the term's record `ファットバイナリ` runs ファ, ァッ, ット… at successive places,
    // so the bit of each next bigram is the one after (modulo 16) of the one before.
    let url = "ja/glossary/index.html#term-fatbin";
    let (fa, ttsu) = (ja.places("ファ", url), ja.places("ァッ", url));
    assert_ne!(fa, 0);
    assert_ne!(((fa << 1) | (fa >> 15)) & 0xFFFF & ttsu, 0, "ファ {fa:b} then ァッ {ttsu:b}");
}
