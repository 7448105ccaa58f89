//! The language pairs of a content file, the unit in which translations drift: each pair of
//! `:::ja` / `:::en` divs and each bilingual field (title, gain, claim texts, details, reasons,
//! questions, captions). A pair has a name and, for each side, a hash of its normalised text
//! (whitespace runs count as one space) and where it is. A field's name stays put while the file
//! is edited around it; language divs are numbered in document order ([`body_pair`]), so their
//! names shift when a pair is inserted before them, and `shoko-history` follows them by text.
//! Comparing a pair's hashes across the versions of a file tells which side changed when;
//! `shoko-history` does that over git history.

use crate::frontmatter;
use crate::validate::SourceKind;
use crate::yaml::{self, Origin, YamlDoc};
use serde::{Deserialize, Serialize};
use shoko_diagnostics::{FileId, SourceFile};
use shoko_markdown::{Block, Div, DivKind, parse_body, partners};
use shoko_vocab::Lang;
use std::ops::Range;

/// Hash of a side's normalised text: the first 8 bytes of its blake3, kept small because every
/// document carries its pairs into the build cache (a chance collision between two versions of
/// one side is a 1 in 2^64 event).
pub type TextHash = u64;

/// The prefix of the names of language div pairs.
const BODY: &str = "body/";

/// The name of the `n`th pair of language divs of a body (from 0, in document order).
pub fn body_pair(n: usize) -> String {
    format!("{BODY}{n}")
}

/// Which pair of language divs the pair `name` is (see [`body_pair`]); `None` for a field.
pub fn body_index(name: &str) -> Option<usize> {
    name.strip_prefix(BODY)?.parse().ok()
}

/// The hash of an empty side (no words).
pub fn empty_hash() -> TextHash {
    static EMPTY: std::sync::LazyLock<TextHash> = std::sync::LazyLock::new(|| side("", 0..0).hash);
    *EMPTY
}

/// One side of a pair.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Side {
    /// Hash of the normalised text.
    pub hash: TextHash,
    /// Whether the text is empty (whitespace only).
    pub empty: bool,
    /// Byte range in the file: the text of a field, the opening fence line of a div.
    pub span: Range<usize>,
}

/// A Japanese text and its English partner.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pair<'a> {
    /// The pair's name in its file: `body/2` (the third pair of language divs, in document
    /// order), or a field path such as `title` or `claims[gfx1201-family].text`.
    pub name: &'a str,
    /// Japanese, then English (the order of [`Lang::ALL`]).
    pub sides: [Side; 2],
}

impl Pair<'_> {
    /// The side in `lang`.
    pub fn side(&self, lang: Lang) -> &Side {
        &self.sides[lang as usize]
    }

    /// Whether a side is empty (a translation missing, not a drift).
    pub fn is_missing(&self) -> bool {
        self.sides.iter().any(|s| s.empty)
    }
}

/// The pairs of a file, in document order, stored flat: every document carries them into the
/// build cache, and a `Vec` of structs with a `String` each took a tenth of an update's time to
/// read back at 10,000 pages.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pairs {
    /// The names, one after the other.
    names: String,
    /// For each pair: where its name ends in `names`, then for each side its hash and its span
    /// packed as `start << 32 | end << 1 | empty`.
    numbers: Vec<u64>,
}

/// Numbers per pair in [`Pairs::numbers`].
const STRIDE: usize = 5;

impl Pairs {
    /// Add a pair.
    pub fn push(&mut self, name: &str, sides: [Side; 2]) {
        self.names.push_str(name);
        self.numbers.push(self.names.len() as u64);
        for side in sides {
            let packed =
                ((side.span.start as u64) << 32) | ((side.span.end as u64 & 0x7fff_ffff) << 1) | u64::from(side.empty);
            self.numbers.extend([side.hash, packed]);
        }
    }

    /// How many pairs there are.
    pub fn len(&self) -> usize {
        self.numbers.len() / STRIDE
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.numbers.is_empty()
    }

    /// How many have a side missing.
    pub fn missing(&self) -> usize {
        self.iter().filter(Pair::is_missing).count()
    }

    /// The pairs in order.
    pub fn iter(&self) -> impl Iterator<Item = Pair<'_>> {
        let mut start = 0;
        self.numbers.chunks_exact(STRIDE).map(move |n| {
            let end = n[0] as usize;
            let name = self.names.get(start..end).unwrap_or_default();
            start = end;
            let side = |hash: u64, packed: u64| Side {
                hash,
                empty: packed & 1 == 1,
                span: (packed >> 32) as usize..((packed >> 1) & 0x7fff_ffff) as usize,
            };
            Pair { name, sides: [side(n[1], n[2]), side(n[3], n[4])] }
        })
    }
}

/// The name of the pair of claim `id`'s text (as [`in_yaml`] names it in a log or page).
pub fn claim_text(id: &str) -> String {
    format!("claims[{id}].text")
}

/// Whether the site's history was read for translation drift, and why not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, Serialize, Deserialize)]
pub enum HistoryState {
    /// Read: what is not behind is up to date (but for [`DriftReport::unchecked`]).
    Read,
    /// Not asked for (`SHOKO_NO_HISTORY`, or not read yet).
    #[default]
    Off,
    /// The site is not in a git repository.
    NoRepository,
    /// The repository is a shallow clone (`actions/checkout`'s default depth of 1).
    Shallow,
    /// The repository could not be read.
    Unreadable,
}

/// What history says of a site's language pairs (set on the site by the engine).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DriftReport {
    /// The sides that are behind, by document.
    pub behind: std::collections::BTreeMap<crate::DocId, Vec<Drift>>,
    /// Documents whose pairs could not be checked (a version in history over the size limit),
    /// with why: never "up to date".
    pub unchecked: std::collections::BTreeMap<crate::DocId, String>,
}

/// A side of a pair that fell behind: its partner changed after it last did.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Drift {
    /// The pair's name (see [`Pair::name`]).
    pub pair: String,
    /// The language that is behind.
    pub behind: Lang,
    /// Where the behind side is in the file (see [`Side::span`]).
    pub span: Range<usize>,
    /// Where the other side changed.
    pub revised: Revision,
}

/// Where a side of a pair last changed.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Revision {
    /// In a commit.
    Commit {
        /// Abbreviated hash.
        short: String,
        /// The day it was committed (UTC).
        date: jiff::civil::Date,
        /// The first line of its message.
        subject: String,
    },
    /// In the working tree, not yet committed.
    WorkingTree,
}

/// A side of `text`, at `span`.
fn side(text: &str, span: Range<usize>) -> Side {
    thread_local! {
        /// The words of a side joined by single spaces, hashed at once (a hasher fed word by word
        /// was 2% of a cold build's time).
        static WORDS: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    }
    let hash = WORDS.with_borrow_mut(|words| {
        words.clear();
        for word in text.split_whitespace() {
            if !words.is_empty() {
                words.push(' ');
            }
            words.push_str(word);
        }
        let mut first = [0; 8];
        first.copy_from_slice(&blake3::hash(words.as_bytes()).as_bytes()[..8]);
        u64::from_le_bytes(first)
    });
    Side { hash, empty: text.trim().is_empty(), span }
}

/// Add the pairs of the bilingual fields of a parsed YAML document to `out`.
pub fn in_yaml(doc: &YamlDoc, out: &mut Pairs) {
    for b in doc.bilingual() {
        let [(ja, ja_span), (en, en_span)] = b.texts;
        out.push(&b.name, [side(ja, ja_span), side(en, en_span)]);
    }
}

/// Add the pairs of language divs of a body (`blocks` of the file `text`), at every nesting
/// level, named `body/N` in document order, to `out`.
pub fn in_body(text: &str, blocks: &[Block], out: &mut Pairs) {
    let mut n = 0;
    divs(text, blocks, &mut n, out);
}

fn divs(text: &str, blocks: &[Block], n: &mut usize, out: &mut Pairs) {
    for (i, (block, partner)) in blocks.iter().zip(partners(blocks, text, 0)).enumerate() {
        let Block::Div(div) = block else { continue };
        match (&div.kind, partner) {
            (DivKind::Lang(lang), Some(p)) if p > i => {
                let Some(Block::Div(other)) = blocks.get(p) else { continue };
                let (ja, en): (&Div, &Div) = if *lang == Lang::Ja { (div, other) } else { (other, div) };
                let side_of = |d: &Div| side(text.get(d.inner.clone()).unwrap_or_default(), d.open.clone());
                out.push(&body_pair(*n), [side_of(ja), side_of(en)]);
                *n += 1;
            }
            (DivKind::Lang(_), _) => {}
            _ => divs(text, &div.children, n, out),
        }
    }
}

/// The pairs of a whole file of kind `kind`, read leniently: a version that does not parse has
/// none (used for past versions of a file, which may have been broken when committed).
pub fn of_file(kind: SourceKind, text: &str) -> Pairs {
    let mut pairs = Pairs::default();
    let file = SourceFile::new(String::new(), text.to_owned());
    let (yaml_range, body) = match kind {
        SourceKind::Page => match frontmatter::split(text) {
            Ok(split) => (split.yaml, Some(split.body)),
            Err(_) => return pairs,
        },
        _ => (0..text.len(), None),
    };
    if let Ok(doc) = yaml::parse(&text[yaml_range.clone()], Origin { file: &file, start: yaml_range.start }) {
        in_yaml(&doc, &mut pairs);
    }
    if let Some(body) = body {
        let (parsed, _) = parse_body(&text[body.clone()], body.start, FileId(0));
        in_body(text, &parsed.blocks, &mut pairs);
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "---\ntitle: { ja: \"題\", en: \"Title\" }\nclaims:\n  - id: a\n    text: { ja: \"甲\", en: \"A\" }\n    history:\n      - { date: \"2026-01-01\", to: confirmed, reason: { ja: \"初\", en: \"First\" } }\n---\n\n:::ja\n本文\n:::\n\n:::en\nBody  text\n:::\n\n::::callout inferred\n:::en\nInner\n:::\n:::ja\n内\n:::\n::::\n";

    #[test]
    fn fields_and_divs_at_every_level_are_named_where_they_sit() {
        let all = of_file(SourceKind::Page, PAGE);
        let pairs: Vec<Pair> = all.iter().collect();
        let names: Vec<&str> = pairs.iter().map(|p| p.name).collect();
        assert_eq!(names, ["title", "claims[a].text", "claims[a].history[0].reason", "body/0", "body/1"]);
        assert_eq!(names[1], claim_text("a"));
        let at = |p: &Pair, lang: Lang| &PAGE[p.side(lang).span.clone()];
        assert_eq!(at(&pairs[1], Lang::Ja), "\"甲\"");
        assert_eq!(at(&pairs[3], Lang::En), ":::en");
        // The nested pair is written English first; its sides still come Japanese first.
        assert!(at(&pairs[4], Lang::Ja).starts_with(":::ja"));
    }

    #[test]
    fn only_words_count_and_an_unreadable_version_has_no_pairs() {
        let respaced = PAGE.replace("Body  text", "Body\ntext");
        let edited = PAGE.replace("Body  text", "Body text, revised");
        let body = |text: &str| of_file(SourceKind::Page, text).iter().nth(3).expect("body/0").sides;
        let en = |sides: [Side; 2]| sides[Lang::En as usize].clone();
        assert_eq!(en(body(PAGE)).hash, en(body(&respaced)).hash);
        assert_ne!(en(body(PAGE)).hash, en(body(&edited)).hash);
        assert_eq!(body(PAGE)[0], body(&edited)[0]);
        assert!(of_file(SourceKind::Page, "---\ntitle: [\n---\n").is_empty());
        let log = "claims:\n  - id: b\n    text: { ja: \"\", en: \"B\" }\n";
        let pairs = of_file(SourceKind::Log, log);
        let first = pairs.iter().next().expect("a pair");
        assert!(first.side(Lang::Ja).empty && !first.side(Lang::En).empty);
        assert_eq!((pairs.len(), pairs.missing()), (1, 1));
    }
}
