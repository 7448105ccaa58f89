//! One language's index as files: `entry.js` (what exists), one `t-KEY.js` per shard of tokens
//! (postings: document and weight), and `d-N.js` per bucket of documents (what a result shows).
//! Each file is a script calling `shokoSearch(NAME, DATA)`, so a page loads it with a `<script>`
//! element: that works from `file://`, where `fetch` does not. The set of files depends only on
//! the number of buckets, so an incremental build never leaves a stale one behind.

use crate::tokens::{all_shard_keys, index_tokens, shard_key};
use serde::Serialize;
use std::collections::BTreeMap;

/// What a search result is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Kind {
    /// A section of a content page (the part under one heading).
    Page,
    /// A claim's card.
    Claim,
    /// An open question.
    Question,
}

impl Kind {
    fn code(self) -> u8 {
        match self {
            Kind::Page => 0,
            Kind::Claim => 1,
            Kind::Question => 2,
        }
    }
}

/// One searchable thing.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    /// Its address relative to the site root, with the anchor (`ja/gpu/gfx900/#claim-x`).
    pub url: String,
    /// The page title, or the claim's ID.
    pub title: String,
    /// The heading of the section, or the claim's page title.
    pub section: Option<String>,
    /// What it is.
    pub kind: Kind,
    /// The evidence class of a claim (`confirmed`, …), or `unresolved` for a question.
    pub class: Option<String>,
    /// The GPU targets it concerns.
    pub gfx: Vec<String>,
    /// Its text.
    pub text: String,
}

/// Tokens of what names a record weigh this much more than tokens of its text.
const TITLE_WEIGHT: u32 = 3;
/// Characters of text a result shows.
const EXCERPT_CHARS: usize = 220;

/// The number of document buckets for a site of `things` pages, claims and questions: about
/// sixteen of them per bucket (a page's sections share its bucket), a power of two.
pub fn buckets_for(things: usize) -> usize {
    (things / 16).max(1).next_power_of_two().min(4096)
}

/// The files of the index of `records` in `buckets` buckets, by name (relative to the index's
/// folder, e.g. `t-g.js`); `folder` is the index's folder from the site root (`search/ja`), the
/// prefix of every name the files announce themselves with.
pub fn build(folder: &str, records: &[Record], buckets: usize) -> BTreeMap<String, Vec<u8>> {
    let buckets = buckets.max(1);
    // Documents ordered by bucket, so a bucket is a range of IDs.
    let mut order: Vec<(usize, usize)> = records
        .iter()
        .enumerate()
        .map(|(i, r)| ((fnv(page_of(&r.url).as_bytes()) % buckets as u64) as usize, i))
        .collect();
    order.sort();
    let mut starts = vec![0usize; buckets + 1];
    for (bucket, _) in &order {
        starts[bucket + 1] += 1;
    }
    for b in 0..buckets {
        starts[b + 1] += starts[b];
    }
    let mut postings: BTreeMap<String, BTreeMap<String, Vec<u32>>> = BTreeMap::new();
    let mut docs: Vec<Vec<serde_json::Value>> = vec![Vec::new(); buckets];
    let mut gfx: Vec<String> = Vec::new();
    for (id, &(bucket, i)) in order.iter().enumerate() {
        let record = &records[i];
        // What names the record weighs more: a section's heading (the page title, for the part
        // before the first heading), a claim's or question's ID; the page a section, claim or
        // question is on counts like its text.
        let (title, section) = match (record.kind, &record.section) {
            (Kind::Page, Some(_)) => (1, TITLE_WEIGHT),
            (Kind::Page, None) => (TITLE_WEIGHT, 0),
            (Kind::Claim | Kind::Question, _) => (TITLE_WEIGHT, 1),
        };
        let mut weights: BTreeMap<String, u32> = BTreeMap::new();
        let parts =
            [(record.title.as_str(), title), (record.section.as_deref().unwrap_or(""), section), (&record.text, 1)];
        for (text, weight) in parts {
            for token in index_tokens(text) {
                *weights.entry(token).or_default() += weight;
            }
        }
        for (token, weight) in weights {
            let list = postings.entry(shard_key(&token)).or_default().entry(token).or_default();
            list.extend([id as u32, weight]);
        }
        for g in &record.gfx {
            if !gfx.contains(g) {
                gfx.push(g.clone());
            }
        }
        docs[bucket].push(serde_json::json!([
            record.url,
            record.title,
            record.section,
            record.kind.code(),
            record.class,
            record.gfx,
            excerpt(&record.text),
        ]));
    }
    gfx.sort();
    let mut files = BTreeMap::new();
    for key in all_shard_keys() {
        let name = format!("t-{key}");
        let data = postings.get(&key).map_or_else(|| "{}".to_owned(), json);
        files.insert(format!("{name}.js"), script(folder, &name, &data));
    }
    for (n, bucket) in docs.iter().enumerate() {
        let name = format!("d-{n}");
        files.insert(format!("{name}.js"), script(folder, &name, &json(bucket)));
    }
    let version = files.values().fold(0xcbf2_9ce4_8422_2325u64, |h, bytes| fnv_from(h, bytes));
    let entry = serde_json::json!({
        "v": format!("{version:016x}"),
        "n": records.len(),
        "b": starts,
        "k": postings.keys().collect::<Vec<_>>(),
        "g": gfx,
    });
    files.insert("entry.js".to_owned(), script(folder, "entry", &entry.to_string()));
    files
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("index data is plain JSON")
}

/// `shokoSearch("search/ja/t-g", {...});` — the file announces its own name.
fn script(folder: &str, name: &str, data: &str) -> Vec<u8> {
    // `</` cannot end a script in a file loaded by `src`, but the data stays inert anyway.
    let data = data.replace("</", "<\\/");
    format!("shokoSearch({},{data});\n", json(&format!("{folder}/{name}"))).into_bytes()
}

/// The first characters of `text`, whitespace collapsed.
fn excerpt(text: &str) -> String {
    let mut out = String::new();
    for word in text.split_whitespace() {
        if out.chars().count() >= EXCERPT_CHARS {
            out.push('…');
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// A URL without its anchor: the sections of a page share a bucket.
fn page_of(url: &str) -> &str {
    url.split('#').next().unwrap_or(url)
}

fn fnv(bytes: &[u8]) -> u64 {
    fnv_from(0xcbf2_9ce4_8422_2325, bytes)
}

fn fnv_from(start: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(start, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(url: &str, title: &str, text: &str) -> Record {
        Record {
            url: url.into(),
            title: title.into(),
            section: None,
            kind: Kind::Page,
            class: None,
            gfx: vec!["gfx1201".into()],
            text: text.into(),
        }
    }

    fn data(file: &[u8]) -> serde_json::Value {
        let text = std::str::from_utf8(file).expect("utf-8");
        let inner = text.trim().strip_prefix("shokoSearch(").and_then(|t| t.strip_suffix(");")).expect("a call");
        let (_, data) = inner.split_once(',').expect("name, data");
        serde_json::from_str(data).expect("JSON data")
    }

    #[test]
    fn a_token_points_at_every_document_holding_it_with_its_weight() {
        let records = [record("ja/a/", "観測", "gfx1201 の mul_mat_vec_q"), record("ja/b/", "別", "mul_mat_q")];
        let files = build("search/ja", &records, 2);
        assert_eq!(files.len(), all_shard_keys().len() + 2 + 1, "fixed set: shards, buckets, entry");
        let entry = data(&files["entry.js"]);
        assert_eq!(entry["n"], 2);
        let starts: Vec<usize> = serde_json::from_value(entry["b"].clone()).expect("starts");
        let m = data(&files["t-m.js"]);
        // `mul` is in both documents, `mul_mat_vec_q` in one.
        assert_eq!(m["mul"].as_array().expect("list").len(), 4);
        assert_eq!(m["mul_mat_vec_q"].as_array().expect("list").len(), 2);
        // The title weighs more than the text.
        let k = data(&files[&format!("t-{}.js", shard_key("観測"))]);
        assert_eq!(k["観測"][1], TITLE_WEIGHT);
        // Each document is found in the bucket its ID falls in.
        let id = m["mul_mat_vec_q"][0].as_u64().expect("id") as usize;
        let bucket = (0..2).find(|b| starts[*b] <= id && id < starts[b + 1]).expect("a bucket");
        let docs = data(&files[&format!("d-{bucket}.js")]);
        assert_eq!(docs[id - starts[bucket]][0], "ja/a/");
    }

    #[test]
    fn nothing_in_a_record_can_end_the_script() {
        let files = build("search/en", &[record("en/a/", "</script><script>alert(1)</script>", "x")], 1);
        for bytes in files.values() {
            assert!(!String::from_utf8_lossy(bytes).contains("</script"));
        }
    }

    #[test]
    fn buckets_grow_with_the_site_in_powers_of_two() {
        assert_eq!(buckets_for(0), 1);
        assert_eq!(buckets_for(100), 8);
        assert_eq!(buckets_for(20_000), 2048);
        assert_eq!(buckets_for(10_000_000), 4096);
    }
}
