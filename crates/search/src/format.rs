//! What the index files look like, each a script calling `shokoSearch(NAME, DATA)` so a page
//! loads it with a `<script>` element (that works from `file://`, where `fetch` does not):
//! - `entry.js`: the version, the number of files of each kind, the GPU targets;
//! - `t-N.js`: the tokens whose [`shard_hash`](crate::tokens::shard_hash) falls in file N, each
//!   with its postings (`"token":[df,id,w,Δid,w,…]`, a Japanese token's with the bits of its
//!   places after each weight: see [`push_postings`]);
//! - `d-N.js`: what a result shows (address, title, section, kind, class, targets, text) for
//!   the documents of bucket N (a page's sections and cards share its bucket); the browser cuts
//!   the excerpt it shows out of the text, around the first match;
//! - `f.js`: each document's class and targets, for the facets (loaded when one is chosen).

use crate::index::{Kind, Record};
use crate::postings::weight_and_places;
use serde::Serialize;

/// The layout of the index files: changed with it, so that browsers do not mix cached files of
/// two layouts (the version every file is fetched with includes it).
pub(crate) const FORMAT: &str = "shoko-search 3";

/// The most characters of a document's text a bucket file keeps, for the browser to cut an
/// excerpt from around the match (a section is usually shorter; a match further on shows the
/// opening instead).
const TEXT_CHARS: usize = 600;
/// The most documents a token lists.
pub const MAX_POSTINGS: usize = 1000;
/// The classes, in the order of their one-letter codes in `f.js`.
const CLASSES: [&str; 4] = ["confirmed", "inferred", "unresolved", "limited"];

/// The name of token file `n`, without `.js` (which the file announces itself with).
pub(crate) fn token_name(n: usize) -> String {
    format!("t-{n}")
}

/// The name of bucket `n`'s file, without `.js`.
pub(crate) fn bucket_name(n: usize) -> String {
    format!("d-{n}")
}

/// `shokoSearch("search/ja/t-3",{…});`: the file announces its own name.
pub(crate) fn script(folder: &str, name: &str, data: &str) -> Vec<u8> {
    script_escaped(folder, name, escape_script(data.to_owned()).as_bytes())
}

/// JSON `data` that cannot end a script: `</` written `<\/` (the same string in JSON). A script
/// loaded by `src` cannot be ended by it anyway, but the data stays inert.
pub(crate) fn escape_script(data: String) -> String {
    if data.contains("</") { data.replace("</", "<\\/") } else { data }
}

/// [`script`] for data already passed through [`escape_script`].
pub(crate) fn script_escaped(folder: &str, name: &str, data: &[u8]) -> Vec<u8> {
    let head = script_head(folder, name);
    let mut out = Vec::with_capacity(head.len() + data.len() + SCRIPT_TAIL.len());
    out.extend_from_slice(head.as_bytes());
    out.extend_from_slice(data);
    out.extend_from_slice(SCRIPT_TAIL);
    out
}

/// What a file of the index starts with, before its data: `shokoSearch("search/ja/t-3",`.
fn script_head(folder: &str, name: &str) -> String {
    format!("shokoSearch({},", json(&format!("{folder}/{name}")))
}

/// What a file of the index ends with, after its data.
const SCRIPT_TAIL: &[u8] = b");\n";

/// Appends `"token":[df,id,w,Δid,w,…]` to `out`: the document frequency, then the documents
/// where the token weighs most (at most [`MAX_POSTINGS`]) in ID order, each ID after the first as
/// the difference from the one before; a Japanese token's postings are triples, `Δid,w,places`
/// (the bits of its places in the document modulo [`PLACES`](crate::tokens::PLACES)). `list` is
/// `(ID, value)` in ID order (see [`value`](crate::postings::value)).
pub(crate) fn push_postings(out: &mut String, token: &str, list: &[(u32, u32)]) {
    let kept: std::borrow::Cow<'_, [(u32, u32)]> = if list.len() > MAX_POSTINGS {
        // The heaviest first (the lower ID first among equals: IDs are unique, so the order is
        // total and the set kept is the same however the rest is ordered).
        let mut heaviest = list.to_vec();
        heaviest.select_nth_unstable_by(MAX_POSTINGS - 1, |a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        heaviest.truncate(MAX_POSTINGS);
        heaviest.sort_unstable();
        heaviest.into()
    } else {
        list.into()
    };
    out.push_str(&json(token));
    let mut number = itoa::Buffer::new();
    out.push_str(":[");
    out.push_str(number.format(list.len()));
    let mut previous = 0;
    let japanese = token.chars().next().is_some_and(crate::tokens::is_japanese);
    for &(id, value) in kept.iter() {
        let (weight, places) = weight_and_places(value);
        out.push(',');
        out.push_str(number.format(id - previous));
        out.push(',');
        out.push_str(number.format(weight));
        if japanese {
            out.push(',');
            out.push_str(number.format(places));
        }
        previous = id;
    }
    out.push(']');
}

/// What a result shows of a document, as a JSON array: address, title, section, kind, class,
/// targets, text.
#[derive(Serialize)]
struct Doc<'a>(&'a str, &'a str, Option<&'a str>, u8, Option<&'a str>, &'a [String], &'a str);

/// A bucket file as it is written, one document after the other, straight into its bytes:
/// `shokoSearch("…/d-N",[doc,…]);` (what [`script`] makes of the documents' JSON array).
pub(crate) struct DocFile {
    out: Vec<u8>,
    /// Where the data (the array) starts.
    data: usize,
    /// The stored text of the document being added (one buffer for them all).
    text: String,
}

impl DocFile {
    /// The file of bucket `name` of the index in `folder`, with no document yet.
    pub(crate) fn new(folder: &str, name: &str) -> DocFile {
        let head = script_head(folder, name);
        let mut out = Vec::with_capacity(16 * 1024);
        out.extend_from_slice(head.as_bytes());
        out.push(b'[');
        DocFile { data: head.len(), out, text: String::new() }
    }

    /// Add `record`'s document.
    pub(crate) fn push(&mut self, record: &Record<'_>) {
        if self.out.len() > self.data + 1 {
            self.out.push(b',');
        }
        stored_text(&record.text, &mut self.text);
        let doc = Doc(
            &record.url,
            &record.title,
            record.section.as_deref(),
            record.kind.code(),
            record.class,
            &record.gfx,
            &self.text,
        );
        serde_json::to_writer(&mut self.out, &doc).expect("index data is plain JSON");
    }

    /// The file's bytes, its data passed through [`escape_script`].
    pub(crate) fn finish(mut self) -> Vec<u8> {
        self.out.push(b']');
        if memchr::memmem::find(&self.out[self.data..], b"</").is_some() {
            let data = String::from_utf8(self.out.split_off(self.data)).expect("JSON is UTF-8");
            self.out.extend_from_slice(escape_script(data).as_bytes());
        }
        self.out.extend_from_slice(SCRIPT_TAIL);
        self.out
    }
}

/// A document's facets as two characters: its class (`c`, `i`, `u`, `l`, or `-`) and its GPU
/// targets as a base-36 bit mask over `gfx` (`0` for none; more than five targets share `z`).
pub(crate) fn push_facets(out: &mut String, record: &Record<'_>, gfx: &[String]) {
    let class = record
        .class
        .and_then(|c| CLASSES.iter().position(|k| *k == c))
        .map_or('-', |i| CLASSES[i].chars().next().unwrap_or('-'));
    let mask =
        record.gfx.iter().filter_map(|g| gfx.iter().position(|k| k == g)).fold(0u32, |m, i| m | (1 << i.min(31)));
    out.push(class);
    out.push(char::from_digit(mask.min(35), 36).unwrap_or('z'));
}

pub(crate) fn json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).expect("index data is plain JSON")
}

/// The first [`TEXT_CHARS`] or so of `text` (whole words), whitespace collapsed, into `out`:
/// `text.split_whitespace()` joined by single spaces, read by bytes (decoding every character
/// for `split_whitespace` was a sixth of the index's instructions; see docs/performance.md,
/// session of 2026-11-27, seventh). Characters are counted only once `out` has [`TEXT_CHARS`]
/// bytes: before that it cannot hold as many.
fn stored_text(text: &str, out: &mut String) {
    out.clear();
    let bytes = text.as_bytes();
    // The characters of `out[..counted]`.
    let (mut chars, mut counted) = (0, 0);
    let mut at = 0;
    loop {
        while let Some(len) = space_at(text, at) {
            at += len;
        }
        if at >= bytes.len() {
            break;
        }
        let start = at;
        loop {
            while bytes.get(at).is_some_and(|b| !MAYBE_SPACE[usize::from(*b)]) {
                at += 1;
            }
            if at >= bytes.len() || space_at(text, at).is_some() {
                break;
            }
            at += 1;
        }
        if out.len() >= TEXT_CHARS {
            chars += out[counted..].chars().count();
            counted = out.len();
            if chars >= TEXT_CHARS {
                out.push('…');
                break;
            }
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&text[start..at]);
    }
}

/// The bytes that may start a whitespace character (`char::is_whitespace`): the ASCII controls
/// and space, and the lead bytes `C2`, `E1`, `E2` and `E3` (U+0085, U+00A0, U+1680,
/// U+2000–U+205F, U+3000). Any other byte is inside a word.
static MAYBE_SPACE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b <= 0x20 {
        table[b] = true;
        b += 1;
    }
    table[0xC2] = true;
    table[0xE1] = true;
    table[0xE2] = true;
    table[0xE3] = true;
    table
};

/// The length of the whitespace character at byte `at` of `text`, if one starts there.
#[inline(always)]
fn space_at(text: &str, at: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    match *bytes.get(at)? {
        b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | b' ' => Some(1),
        // U+3000, the only space among the characters led by `E3` (so are kana and CJK
        // punctuation).
        0xE3 => (bytes.get(at + 1) == Some(&0x80) && bytes.get(at + 2) == Some(&0x80)).then_some(3),
        0xC2 | 0xE1 | 0xE2 => text.get(at..)?.chars().next().filter(|c| c.is_whitespace()).map(char::len_utf8),
        _ => None,
    }
}

impl Kind {
    /// The kind's number in a bucket file.
    pub(crate) fn code(self) -> u8 {
        match self {
            Kind::Page => 0,
            Kind::Claim => 1,
            Kind::Question => 2,
            Kind::Term => 3,
        }
    }
}

/// FNV-1a over `bytes` from `start`: the index's own hash (bucket of a page, record versions),
/// fixed so that two builds agree.
pub(crate) fn fnv_from(start: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(start, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3))
}

/// [`fnv_from`] from FNV's offset basis.
pub(crate) fn fnv(bytes: &[u8]) -> u64 {
    fnv_from(0xcbf2_9ce4_8422_2325, bytes)
}

/// A hash of every field of `record` (Fx: eight bytes at a time, for the whole site's text).
pub(crate) fn record_hash(record: &Record<'_>) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    (
        &record.url,
        &record.title,
        &record.section,
        record.kind.code(),
        &record.class,
        &record.gfx,
        &record.text,
        &record.hidden,
    )
        .hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::{Doc, DocFile, TEXT_CHARS, json, script};
    use crate::index::{Kind, Record};

    /// [`super::stored_text`] as a new string.
    fn stored_text(text: &str) -> String {
        let mut out = "left from the document before".to_owned();
        super::stored_text(text, &mut out);
        out
    }

    /// A page's record with `text`.
    fn record(text: &str) -> Record<'static> {
        Record {
            url: "ja/a/index.html#s".to_owned(),
            title: "題".into(),
            section: Some("節".into()),
            kind: Kind::Page,
            class: Some("confirmed"),
            gfx: vec!["gfx1201".to_owned()],
            text: text.to_owned().into(),
            hidden: "".into(),
        }
    }

    #[test]
    fn a_bucket_file_written_as_it_goes_is_the_script_of_its_documents_array() {
        let texts: [&[&str]; 3] = [&[], &["一つだけ"], &["a </script> in code", "改行\nと  空白", "</"]];
        for texts in texts {
            let records: Vec<Record<'_>> = texts.iter().map(|t| record(t)).collect();
            let mut file = DocFile::new("search/ja", "d-7");
            let mut docs = Vec::new();
            for record in &records {
                file.push(record);
                let mut text = String::new();
                super::stored_text(&record.text, &mut text);
                let doc =
                    Doc(&record.url, &record.title, record.section.as_deref(), 0, record.class, &record.gfx, &text);
                docs.push(serde_json::to_value(doc).expect("JSON"));
            }
            let expected = script("search/ja", "d-7", &json(&docs));
            assert_eq!(String::from_utf8(file.finish()).expect("UTF-8"), String::from_utf8(expected).expect("UTF-8"));
        }
    }

    #[test]
    fn stored_text_collapses_whitespace_and_keeps_whole_words_up_to_the_limit() {
        assert_eq!(stored_text("  a\n\tbc  d "), "a bc d");
        let long = "word ".repeat(TEXT_CHARS);
        let kept = stored_text(&long);
        assert!(kept.ends_with("word…"), "cut after a whole word and marked: {}", &kept[kept.len() - 12..]);
        let chars = kept.chars().count();
        assert!((TEXT_CHARS..TEXT_CHARS + 6).contains(&chars), "{chars} characters kept");
        assert_eq!(stored_text(&"カーネル".repeat(10)), "カーネル".repeat(10), "a short text is kept whole");
    }

    /// [`super::stored_text`] as its doc states it: the words of `split_whitespace`, joined by
    /// single spaces, up to the word after which [`TEXT_CHARS`] characters are reached.
    fn stored_text_by_the_book(text: &str) -> String {
        let mut out = String::new();
        for word in text.split_whitespace() {
            if out.chars().count() >= TEXT_CHARS {
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

    #[test]
    fn stored_text_read_by_bytes_is_the_words_of_split_whitespace() {
        // Every character, beside a word, between words and around the length limit.
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            let text = format!("a{c}b {c} c{c}{c}");
            assert_eq!(stored_text(&text), stored_text_by_the_book(&text), "U+{:04X}", c as u32);
        }
        let spaces: Vec<char> = (0..=0x10_FFFF).filter_map(char::from_u32).filter(|c| c.is_whitespace()).collect();
        assert!(spaces.len() > 20, "{spaces:?}");
        for (i, width) in ["a", "é", "観", "𠀋", "ab観é"].iter().enumerate() {
            for length in [TEXT_CHARS - 3, TEXT_CHARS - 1, TEXT_CHARS, TEXT_CHARS + 1, TEXT_CHARS * 2] {
                let words: Vec<String> = (0..length / 4 + 2).map(|n| width.repeat(1 + (n + i) % 5)).collect();
                let text = words.iter().enumerate().fold(String::new(), |mut text, (n, word)| {
                    text.push_str(word);
                    text.push(spaces[n % spaces.len()]);
                    text
                });
                let text = &text[..text.char_indices().nth(length).map_or(text.len(), |(at, _)| at)];
                assert_eq!(stored_text(text), stored_text_by_the_book(text), "{width} × {length}");
            }
            // A first word of exactly the limit, one under and one over, then another.
            for length in [TEXT_CHARS - 1, TEXT_CHARS, TEXT_CHARS + 1] {
                let text = format!("{} b c", width.repeat(length));
                assert_eq!(stored_text(&text), stored_text_by_the_book(&text), "{width} × {length} b c");
            }
        }
    }
}
