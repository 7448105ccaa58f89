//! One language's index as files, each a script calling `shokoSearch(NAME, DATA)` so a page
//! loads it with a `<script>` element (that works from `file://`, where `fetch` does not):
//! - `entry.js`: the version, the number of files of each kind, the GPU targets;
//! - `t-N.js`: the tokens whose [`shard_hash`] falls in file N, each with its postings;
//! - `d-N.js`: what a result shows (address, title, section, kind, class, targets, excerpt) for
//!   the documents of bucket N (a page's sections and cards share its bucket);
//! - `f.js`: each document's class and targets, for the facets (loaded when one is chosen).
//!
//! The number of files of each kind follows the number of pages, claims and questions
//! ([`files_for`]), not the text, so an edit rewrites the same set of files and never leaves a
//! stale one behind. A token found in more than [`MAX_POSTINGS`] documents keeps the ones where
//! it weighs most, with its real document frequency, so no file grows with the site.

use crate::tokens::{for_each_index_token, shard_hash};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

/// What a search result is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Kind {
    /// A section of a content page (the part under one heading, or before the first).
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
    /// Its address relative to the site root, with the anchor (`ja/gpu/index.html#claim-x`).
    pub url: String,
    /// The page title, or the claim's or question's ID.
    pub title: String,
    /// The heading of the section (`None` for a page's opening), or the page a card is on.
    pub section: Option<String>,
    /// What it is.
    pub kind: Kind,
    /// The evidence class of a claim (`confirmed`, …).
    pub class: Option<String>,
    /// The GPU targets it concerns.
    pub gfx: Vec<String>,
    /// Its text.
    pub text: String,
}

/// What an index was last built from, so that rebuilding it after an edit works out again only
/// what changed: each record's tokens, and each bucket file, by a hash of everything they are
/// made from. It keeps what the last build used and forgets the rest when the next build ends.
/// One memo per index.
#[derive(Debug, Default)]
pub struct Memo {
    tokens: Generations<Tokens>,
    buckets: Generations<std::sync::Arc<[u8]>>,
}

/// A record's tokens, each once with its weight, in token order.
type Tokens = std::sync::Arc<[(std::sync::Arc<str>, u32)]>;

/// Values by key: those the running build used, and those the build before used.
#[derive(Debug)]
struct Generations<V> {
    maps: std::sync::Mutex<[HashMap<u64, V>; 2]>,
}

impl<V> Default for Generations<V> {
    fn default() -> Self {
        Generations { maps: std::sync::Mutex::new([HashMap::new(), HashMap::new()]) }
    }
}

impl<V: Clone> Generations<V> {
    /// The value under `key`, kept from before or made now by `make`.
    fn get_or(&self, key: u64, make: impl FnOnce() -> V) -> V {
        let lock = || self.maps.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut maps = lock();
        if let Some(found) = maps[1].get(&key).cloned().or_else(|| maps[0].remove(&key)) {
            maps[1].insert(key, found.clone());
            return found;
        }
        drop(maps);
        let made = make();
        lock()[1].insert(key, made.clone());
        made
    }

    /// End a build: what it did not use is forgotten at the end of the next.
    fn end_build(&self) {
        let mut maps = self.maps.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let used = std::mem::take(&mut maps[1]);
        maps[0] = used;
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.maps.lock().map_or(0, |maps| maps.iter().map(HashMap::len).sum())
    }
}

/// A hash of every field of `record`.
fn record_hash(record: &Record) -> u64 {
    let kind = [record.kind.code()];
    let fields: [&[u8]; 6] = [
        record.url.as_bytes(),
        record.title.as_bytes(),
        record.section.as_deref().unwrap_or("\u{0}").as_bytes(),
        &kind,
        record.class.as_deref().unwrap_or("\u{0}").as_bytes(),
        record.text.as_bytes(),
    ];
    let h = fields.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, field| fnv_from(fnv_from(h, field), &[0xff]));
    record.gfx.iter().fold(h, |h, g| fnv_from(fnv_from(h, g.as_bytes()), &[0xfe]))
}

/// The layout of the index files: changed with it, so that browsers do not mix cached files of
/// two layouts (the version every file is fetched with includes it).
const FORMAT: &str = "shoko-search 1";

/// Tokens of what names a record weigh this much more than tokens of its text.
const TITLE_WEIGHT: u32 = 3;
/// Weights are stored ×10; the last digit is 1 for a page's opening (the part before the first
/// heading, which stands for the whole page: results rank it higher).
const SCALE: u32 = 10;
const OPENING_FLAG: u32 = 1;
/// Characters of text a result shows.
const EXCERPT_CHARS: usize = 160;
/// The most documents a token lists.
pub const MAX_POSTINGS: usize = 1000;
/// The classes, in the order of their one-letter codes in `f.js`.
const CLASSES: [&str; 4] = ["confirmed", "inferred", "unresolved", "limited"];

/// How many files an index has of each kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Files {
    /// Token files (`t-N.js`).
    pub tokens: usize,
    /// Document buckets (`d-N.js`).
    pub buckets: usize,
}

/// The files of an index for a site of `pages` pages and `things` pages, claims and questions,
/// each a power of two so that an edit rarely changes them: a token file for about 256 things
/// (some kilobytes each), a bucket for about four pages with their sections and cards.
pub fn files_for(pages: usize, things: usize) -> Files {
    let pow2 = |n: usize| n.max(1).next_power_of_two().min(8192);
    Files { tokens: pow2(things / 256), buckets: pow2(pages / 4) }
}

/// The files of the index of `records`, by name (relative to the index's folder, e.g. `t-3.js`);
/// `folder` is the index's folder from the site root (`search/ja`), the prefix of every name the
/// files announce themselves with.
pub fn build(folder: &str, records: &[Record], count: Files, memo: &Memo) -> BTreeMap<String, Vec<u8>> {
    let (files, token_files) = (count.buckets.max(1), count.tokens.max(1));
    // Document IDs: bucket × stride + place in the bucket, so a result's bucket is its ID
    // divided by the stride.
    let bucket_of: Vec<usize> =
        records.iter().map(|r| (fnv(page_of(&r.url).as_bytes()) % files as u64) as usize).collect();
    let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); files];
    for (i, b) in bucket_of.iter().enumerate() {
        buckets[*b].push(i);
    }
    let stride = buckets.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let mut id_of = vec![0u32; records.len()];
    for (b, members) in buckets.iter().enumerate() {
        for (place, &i) in members.iter().enumerate() {
            id_of[i] = u32::try_from(b * stride + place).unwrap_or(u32::MAX);
        }
    }
    // Tokens by number (each string kept once), and each token's documents with weights.
    let mut numbers: HashMap<std::sync::Arc<str>, u32, std::hash::BuildHasherDefault<Fnv>> = HashMap::default();
    let mut tokens: Vec<std::sync::Arc<str>> = Vec::new();
    let mut postings: Vec<Vec<(u32, u32)>> = Vec::new();
    let hashes: Vec<u64> = records.iter().map(record_hash).collect();
    for (i, record) in records.iter().enumerate() {
        let flag = if record.kind == Kind::Page && record.section.is_none() { OPENING_FLAG } else { 0 };
        let mine = memo.tokens.get_or(hashes[i], || merged_weights(record).into());
        for (token, weight) in mine.iter() {
            let number = match numbers.get(token) {
                Some(n) => *n,
                None => {
                    let n = u32::try_from(tokens.len()).unwrap_or(u32::MAX);
                    numbers.insert(token.clone(), n);
                    tokens.push(token.clone());
                    postings.push(Vec::new());
                    n
                }
            };
            postings[number as usize].push((id_of[i], weight * SCALE + flag));
        }
    }
    let mut gfx: Vec<&str> = records.iter().flat_map(|r| r.gfx.iter().map(String::as_str)).collect();
    gfx.sort_unstable();
    gfx.dedup();

    let mut shards: Vec<BTreeMap<&str, &mut Vec<(u32, u32)>>> = (0..token_files).map(|_| BTreeMap::new()).collect();
    for (token, list) in tokens.iter().zip(postings.iter_mut()) {
        shards[shard_hash(token) as usize % token_files].insert(token, list);
    }
    let mut out = BTreeMap::new();
    for (n, shard) in shards.into_iter().enumerate() {
        let mut data = String::from("{");
        for (token, list) in shard {
            if data.len() > 1 {
                data.push(',');
            }
            push_postings(&mut data, token, list);
        }
        data.push('}');
        out.insert(format!("t-{n}.js"), script(folder, &format!("t-{n}"), &data));
    }
    let mut facets: Vec<String> = Vec::with_capacity(files);
    for (n, members) in buckets.iter().enumerate() {
        let name = format!("d-{n}");
        let key = members
            .iter()
            .fold(fnv(format!("{folder}/{name}").as_bytes()), |h, &i| fnv_from(h, &hashes[i].to_le_bytes()));
        let bytes = memo.buckets.get_or(key, || {
            let docs: Vec<Doc<'_>> = members
                .iter()
                .map(|&i| {
                    let r = &records[i];
                    Doc(
                        &r.url,
                        &r.title,
                        r.section.as_deref(),
                        r.kind.code(),
                        r.class.as_deref(),
                        &r.gfx,
                        excerpt(&r.text),
                    )
                })
                .collect();
            script(folder, &name, &json(&docs)).into()
        });
        out.insert(format!("{name}.js"), bytes.to_vec());
        facets.push(members.iter().map(|&i| facet_code(&records[i], &gfx)).collect());
    }
    memo.tokens.end_build();
    memo.buckets.end_build();
    out.insert("f.js".to_owned(), script(folder, "f", &json(&facets)));
    // Everything the files are made of: the records in ID order and the number of files.
    let shape = format!("{FORMAT} {folder} {token_files} {files} {stride} {}", records.len());
    let version = buckets.iter().flatten().fold(fnv(shape.as_bytes()), |h, &i| fnv_from(h, &hashes[i].to_le_bytes()));
    let entry = serde_json::json!({
        "v": format!("{version:016x}"),
        "n": records.len(),
        "t": token_files,
        "f": files,
        "s": stride,
        "g": gfx,
    });
    out.insert("entry.js".to_owned(), script(folder, "entry", &entry.to_string()));
    out
}

/// What a result shows of a document, as a JSON array: address, title, section, kind, class,
/// targets, excerpt.
#[derive(Serialize)]
struct Doc<'a>(&'a str, &'a str, Option<&'a str>, u8, Option<&'a str>, &'a [String], String);

/// Each token of `record` once, with its weight (the sum over its occurrences), in token order.
fn merged_weights(record: &Record) -> Vec<(std::sync::Arc<str>, u32)> {
    let mut all: Vec<(std::sync::Arc<str>, u32)> = Vec::new();
    weights(record, &mut |token, weight| all.push((token.into(), weight)));
    all.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    let mut merged: Vec<(std::sync::Arc<str>, u32)> = Vec::with_capacity(all.len());
    for (token, weight) in all {
        match merged.last_mut() {
            Some((last, total)) if *last == token => *total += weight,
            _ => merged.push((token, weight)),
        }
    }
    merged
}

/// Each token of `record` with the weight of that occurrence, handed to `emit`.
fn weights(record: &Record, emit: &mut impl FnMut(&str, u32)) {
    // What names the record weighs more: a section's heading (the page title, for the opening),
    // a claim's or question's ID; the page a section, claim or question is on counts like text.
    let (title, section) = match (record.kind, &record.section) {
        (Kind::Page, Some(_)) => (1, TITLE_WEIGHT),
        (Kind::Page, None) => (TITLE_WEIGHT, 0),
        (Kind::Claim | Kind::Question, _) => (TITLE_WEIGHT, 1),
    };
    let parts = [(record.title.as_str(), title), (record.section.as_deref().unwrap_or(""), section), (&record.text, 1)];
    for (text, weight) in parts.into_iter().filter(|(_, w)| *w > 0) {
        for_each_index_token(text, |token| emit(token, weight));
    }
}

/// `"token":[df,id,w,Δid,w,…]`: the document frequency, then the documents where the token
/// weighs most (at most [`MAX_POSTINGS`]) in ID order, each ID after the first as the
/// difference from the one before.
fn push_postings(out: &mut String, token: &str, list: &mut Vec<(u32, u32)>) {
    let df = list.len();
    if df > MAX_POSTINGS {
        list.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        list.truncate(MAX_POSTINGS);
    }
    list.sort_unstable();
    out.push_str(&json(&token));
    let _ = write!(out, ":[{df}");
    let mut previous = 0;
    for &(id, weight) in list.iter() {
        let _ = write!(out, ",{},{weight}", id - previous);
        previous = id;
    }
    out.push(']');
}

/// A document's facets as two characters: its class (`c`, `i`, `u`, `l`, or `-`) and its GPU
/// targets as a base-36 bit mask over `gfx` (`0` for none; more than five targets share `z`).
fn facet_code(record: &Record, gfx: &[&str]) -> String {
    let class = record
        .class
        .as_deref()
        .and_then(|c| CLASSES.iter().position(|k| *k == c))
        .map_or('-', |i| CLASSES[i].chars().next().unwrap_or('-'));
    let mask =
        record.gfx.iter().filter_map(|g| gfx.iter().position(|k| k == g)).fold(0u32, |m, i| m | (1 << i.min(31)));
    let mask = char::from_digit(mask.min(35), 36).unwrap_or('z');
    format!("{class}{mask}")
}

fn json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).expect("index data is plain JSON")
}

/// `shokoSearch("search/ja/t-3",{…});` — the file announces its own name.
fn script(folder: &str, name: &str, data: &str) -> Vec<u8> {
    // `</` cannot end a script loaded by `src`, but the data stays inert anyway.
    let data = if data.contains("</") { std::borrow::Cow::Owned(data.replace("</", "<\\/")) } else { data.into() };
    format!("shokoSearch({},{data});\n", json(&format!("{folder}/{name}"))).into_bytes()
}

/// The first characters of `text`, whitespace collapsed.
fn excerpt(text: &str) -> String {
    let mut out = String::new();
    let mut chars = 0;
    for word in text.split_whitespace() {
        if chars >= EXCERPT_CHARS {
            out.push('…');
            break;
        }
        if !out.is_empty() {
            out.push(' ');
            chars += 1;
        }
        out.push_str(word);
        chars += word.chars().count();
    }
    out
}

/// FNV-1a as a `Hasher`, for the many short tokens interned per build (faster there than the
/// default hasher; the keys are the site's own text).
#[derive(Default)]
struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        self.0 = fnv_from(if self.0 == 0 { 0xcbf2_9ce4_8422_2325 } else { self.0 }, bytes);
    }
}

/// A URL without its anchor: the sections and cards of a page share its bucket.
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
            section: Some("節".into()),
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

    /// The documents a token lists: (ID, weight), IDs decoded from their differences.
    fn listed(files: &BTreeMap<String, Vec<u8>>, token: &str, n: usize) -> (u64, Vec<(u64, u64)>) {
        let shard = data(&files[&format!("t-{}.js", shard_hash(token) as usize % n)]);
        let list: Vec<u64> = serde_json::from_value(shard[token].clone()).expect("a list");
        let mut id = 0;
        let docs = list[1..].chunks(2).map(|p| {
            id += p[0];
            (id, p[1])
        });
        (list[0], docs.collect())
    }

    #[test]
    fn a_token_lists_every_document_holding_it_and_each_is_found_in_its_bucket() {
        let records = [
            record("ja/a/index.html", "観測", "gfx1201 の mul_mat_vec_q"),
            record("ja/b/index.html", "別", "mul_mat_q"),
        ];
        let files = build("search/ja", &records, Files { tokens: 4, buckets: 8 }, &Memo::default());
        assert_eq!(files.len(), 4 + 8 + 2, "token files, buckets, facets, entry");
        let entry = data(&files["entry.js"]);
        let stride = entry["s"].as_u64().expect("stride");
        let (df, docs) = listed(&files, "mul", 4);
        assert_eq!((df, docs.len()), (2, 2));
        let (_, docs) = listed(&files, "mul_mat_vec_q", 4);
        let (id, _) = docs[0];
        let bucket = data(&files[&format!("d-{}.js", id / stride)]);
        assert_eq!(bucket[(id % stride) as usize][0], "ja/a/index.html");
        // The title weighs more than the text.
        let (_, title) = listed(&files, "観測", 4);
        assert_eq!(title[0].1, u64::from(SCALE));
    }

    #[test]
    fn a_common_token_keeps_its_heaviest_documents_and_its_real_frequency() {
        let records: Vec<Record> = (0..MAX_POSTINGS + 50)
            .map(|i| {
                record(&format!("en/p{i}/index.html"), "t", if i == 7 { "kernel kernel kernel" } else { "kernel" })
            })
            .collect();
        let files = build("search/en", &records, Files { tokens: 64, buckets: 64 }, &Memo::default());
        let (df, docs) = listed(&files, "kernel", 64);
        assert_eq!((df as usize, docs.len()), (MAX_POSTINGS + 50, MAX_POSTINGS));
        assert!(docs.iter().any(|(_, w)| *w == u64::from(3 * SCALE)), "the heaviest is kept");
    }

    #[test]
    fn a_memo_gives_the_same_index_and_keeps_only_what_the_last_build_used() {
        let memo = Memo::default();
        let mut records =
            vec![record("ja/a/index.html", "観測", "gfx1201 の kernel"), record("ja/b/index.html", "別", "mul_mat_q")];
        let count = Files { tokens: 4, buckets: 4 };
        let first = build("search/ja", &records, count, &memo);
        assert_eq!(first, build("search/ja", &records, count, &Memo::default()), "the memo changes nothing");
        records[1].text = "mul_mat_vec_q".into();
        let edited = build("search/ja", &records, count, &memo);
        assert_eq!(edited, build("search/ja", &records, count, &Memo::default()), "an edited record is read again");
        build("search/ja", &records, count, &memo);
        assert_eq!(memo.tokens.len(), 2, "the old text of the edited record is forgotten");
    }

    #[test]
    fn nothing_in_a_record_can_end_the_script() {
        let files = build(
            "search/en",
            &[record("en/a/", "</script><script>alert(1)</script>", "x")],
            files_for(1, 1),
            &Memo::default(),
        );
        for bytes in files.values() {
            assert!(!String::from_utf8_lossy(bytes).contains("</script"));
        }
    }

    #[test]
    fn files_grow_with_the_site_in_powers_of_two() {
        assert_eq!(files_for(0, 0), Files { tokens: 1, buckets: 1 });
        assert_eq!(files_for(12, 100), Files { tokens: 1, buckets: 4 });
        assert_eq!(files_for(10_000, 75_000), Files { tokens: 512, buckets: 4096 });
        assert_eq!(files_for(10_000_000, 10_000_000), Files { tokens: 8192, buckets: 8192 });
    }
}
