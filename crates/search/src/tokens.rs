//! The one tokenizer, for the index and for queries alike. `static/js/search.js` implements the
//! same rules for the query side, and both are held to the vectors of `vectors.json`.
//!
//! Text is normalised (NFKC, lower case), then read as runs:
//! - a run of Japanese script (Han, Hiragana, Katakana, `々`, `ー`) gives its overlapping
//!   character bigrams (`新幹線` → `新幹`, `幹線`), or the character itself when the run has one,
//!   so a query matches any part of a compound however an analyser would have split it;
//! - a run of word characters (letters, digits, `_`, and `.` between digits) gives the run whole,
//!   the rest of it from each `_` on, its `_`-separated parts, and for a part of letters then
//!   digits (`gfx1201`) the letters and the digits, each once, so `mul_mat_vec_q` (also by
//!   `mat_vec`), `ROCBLAS_LAYER` and `gfx1201` are found whole and by their parts; a plain word
//!   (ASCII letters only) also gives its stem by Snowball's English stemmer (`quantization`,
//!   `quantized` → `quantiz`), while code tokens keep only the rules above;
//! - anything else separates runs.
//!
//! A query's terms are its Japanese bigrams (or single characters) and its whole words (a plain
//! word as its stem); a term matches an index token that starts with it. A Japanese run of a
//! query matches only where its bigrams stand next to each other in order: the index keeps, for
//! each Japanese token in a document, the places it occurs modulo [`PLACES`] (see
//! [`for_each_index_token_at`]).

use unicode_normalization::UnicodeNormalization;

/// Whether `c` is Japanese script: read as bigrams.
pub fn is_japanese(c: char) -> bool {
    is_japanese_code(c as u32)
}

/// [`is_japanese`] for a code point.
fn is_japanese_code(c: u32) -> bool {
    // Kanji, then kana: the most common first.
    (0x4E00..=0x9FFF).contains(&c)
        || (0x3040..=0x30FF).contains(&c)
        || matches!(c, 0x3005 | 0x31F0..=0x31FF | 0x3400..=0x4DBF | 0xF900..=0xFAFF | 0x20000..=0x2FFFF)
}

/// Whether `c` belongs to a word: ASCII letters, digits and `_`, and letters of other
/// alphabetic scripts (anything from U+00C0 on that is neither Japanese script nor a
/// punctuation, symbol or space block).
pub fn is_word(c: char) -> bool {
    let n = c as u32;
    c.is_ascii_lowercase()
        || c.is_ascii_digit()
        || c == '_'
        || (n >= 0xC0
            && n != 0xD7
            && n != 0xF7
            && !is_japanese(c)
            && !matches!(n, 0x2000..=0x2BFF | 0x3000..=0x303F | 0xFE30..=0xFE4F | 0xFF00..=0xFFEF))
}

/// `text` as the tokenizer reads it: NFKC (full-width letters become ASCII, half-width kana
/// full-width), then lower case.
pub fn normalise(text: &str) -> String {
    if text.is_ascii() {
        text.to_ascii_lowercase()
    } else if all_nfkc_stable(text) {
        // Nothing outside ASCII here has a lower case.
        let mut out = text.to_owned();
        out.make_ascii_lowercase();
        out
    } else {
        text.nfkc().collect::<String>().to_lowercase()
    }
}

/// Whether NFKC leaves every character of `text` as it is whatever stands around it: ASCII,
/// kana (not the combining sound marks), kanji, and the Japanese punctuation that has no
/// compatibility mapping. Text of only these (most of this site's) skips the normalisation pass.
/// Read by bytes: those characters are ASCII or three bytes led by `E3`–`E9` (U+3000–U+9FFF).
fn all_nfkc_stable(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut at = 0;
    while let Some(&lead) = bytes.get(at) {
        if lead < 0x80 {
            // Eight bytes at a time while they are ASCII.
            match bytes[at..].first_chunk::<8>() {
                Some(chunk) if u64::from_le_bytes(*chunk) & 0x8080_8080_8080_8080 == 0 => at += 8,
                _ => at += 1,
            }
            continue;
        }
        // `text` is UTF-8: a lead byte `E5`–`E9` starts a kanji of U+5000–U+9FFF, stable; one of
        // `E3`–`E4` a character of U+3000–U+4FFF to look at; any other, none that is stable.
        if !(0xE5..=0xE9).contains(&lead) {
            let (Some(&b1), Some(&b2)) = (bytes.get(at + 1), bytes.get(at + 2)) else { return false };
            if !(0xE3..=0xE4).contains(&lead) || !stable_japanese(code3(lead, b1, b2)) {
                return false;
            }
        }
        at += 3;
    }
    true
}

/// Whether NFKC leaves code point `c` (U+3000–U+9FFF) as it is: see [`all_nfkc_stable`].
fn stable_japanese(c: u32) -> bool {
    (0x4E00..=0x9FFF).contains(&c)
        || matches!(c, 0x3001..=0x3002 | 0x3005 | 0x300C..=0x300F | 0x3041..=0x3096 | 0x30A1..=0x30FA | 0x30FC)
}

/// A run of the normalised text, as a byte range of it.
enum Run {
    Japanese(std::ops::Range<usize>),
    /// A word, and whether it is plain: ASCII letters only.
    Word(std::ops::Range<usize>, bool),
}

/// Whether the ASCII byte `b` belongs to a word (text is lower case by now).
const fn is_word_byte(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'
}

/// What each byte is in a word: [`LETTER`], [`OTHER`] (a digit or `_`), or 0 (not in a word;
/// every byte from `80` on, which the tokenizer reads as part of a character).
static WORD_BYTES: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = if byte.is_ascii_lowercase() {
            LETTER
        } else if is_word_byte(byte) {
            OTHER
        } else {
            0
        };
        b += 1;
    }
    table
};
/// An ASCII letter, in [`WORD_BYTES`].
const LETTER: u8 = 1;
/// Anything else a word holds, in [`WORD_BYTES`].
const OTHER: u8 = 2;

/// The length of a UTF-8 character from its first byte `lead` (never a continuation byte: the
/// tokenizer steps from one character's start to the next).
fn utf8_len(lead: u8) -> usize {
    match lead {
        0..=0x7F => 1,
        0x80..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

/// The code point of a three-byte UTF-8 character from its bytes.
fn code3(lead: u8, b1: u8, b2: u8) -> u32 {
    (u32::from(lead & 0x0F) << 12) | (u32::from(b1 & 0x3F) << 6) | u32::from(b2 & 0x3F)
}

/// The code point of the character at byte `at` of `bytes` (UTF-8, `at` on a boundary) and its
/// length, read straight from the bytes (the tokenizer's hottest step: see docs/performance.md).
fn code_at(bytes: &[u8], at: usize) -> Option<(u32, usize)> {
    let lead = *bytes.get(at)?;
    let len = utf8_len(lead);
    let continuation = |i: usize| bytes.get(at + i).map_or(0, |b| u32::from(b & 0x3F));
    let code = match len {
        1 => u32::from(lead),
        2 => (u32::from(lead & 0x1F) << 6) | continuation(1),
        3 => (u32::from(lead & 0x0F) << 12) | (continuation(1) << 6) | continuation(2),
        _ => (u32::from(lead & 0x07) << 18) | (continuation(1) << 12) | (continuation(2) << 6) | continuation(3),
    };
    Some((code, len))
}

/// Each run of `text`, in order. ASCII is read a byte at a time through [`WORD_BYTES`], kanji of
/// U+5000–U+9FFF by their lead byte alone, the rest of U+3000–U+4FFF decoded on the spot, other
/// characters through [`code_at`] (see docs/performance.md, session of 2026-11-27, seventh).
fn runs(text: &str, mut each: impl FnMut(Run)) {
    let bytes = text.as_bytes();
    let mut at = 0;
    while let Some(&lead) = bytes.get(at) {
        let start = at;
        if lead < 0x80 {
            at += 1;
            let kind = WORD_BYTES[usize::from(lead)];
            if kind != 0 {
                let (end, plain) = word_end(bytes, at, kind);
                at = end;
                each(Run::Word(start..at, plain));
            }
            continue;
        }
        if let Some(len) = japanese_len(bytes, at) {
            at += len;
            while let Some(len) = japanese_len(bytes, at) {
                at += len;
            }
            each(Run::Japanese(start..at));
            continue;
        }
        let Some((code, len)) = code_at(bytes, at) else { break };
        at += len;
        if char::from_u32(code).is_some_and(is_word) {
            let (end, _) = word_end(bytes, at, OTHER);
            at = end;
            each(Run::Word(start..at, false));
        }
    }
}

/// The length of the character at byte `at` if it is Japanese script.
#[inline(always)]
fn japanese_len(bytes: &[u8], at: usize) -> Option<usize> {
    match bytes.get(at)? {
        // A kanji of U+5000–U+9FFF (the bytes are UTF-8).
        0xE5..=0xE9 => Some(3),
        0x00..=0x7F => None,
        // Kana, punctuation and the rest of U+3000–U+4FFF.
        &lead @ (0xE3 | 0xE4) => {
            let (b1, b2) = (bytes.get(at + 1)?, bytes.get(at + 2)?);
            is_japanese_code(code3(lead, *b1, *b2)).then_some(3)
        }
        _ => code_at(bytes, at).filter(|(code, _)| is_japanese_code(*code)).map(|(_, len)| len),
    }
}

/// Where the word that goes on at byte `at` ends, and whether it is plain (`kinds`, the
/// [`WORD_BYTES`] of what came before, and those of the rest, are all [`LETTER`]).
#[inline(always)]
fn word_end(bytes: &[u8], mut at: usize, mut kinds: u8) -> (usize, bool) {
    loop {
        while let Some(&b) = bytes.get(at) {
            let kind = WORD_BYTES[usize::from(b)];
            if kind == 0 {
                break;
            }
            kinds |= kind;
            at += 1;
        }
        match bytes.get(at) {
            // A `.` between digits stays inside the word: `6.3.1`, `0.10.60303`.
            Some(b'.') if bytes[at - 1].is_ascii_digit() && bytes.get(at + 1).is_some_and(u8::is_ascii_digit) => {
                at += 1;
                kinds |= OTHER;
            }
            Some(&b) if !b.is_ascii() => {
                match code_at(bytes, at).filter(|(next, _)| char::from_u32(*next).is_some_and(is_word)) {
                    Some((_, len)) => {
                        at += len;
                        kinds |= OTHER;
                    }
                    None => return (at, kinds == LETTER),
                }
            }
            _ => return (at, kinds == LETTER),
        }
    }
}

/// Each bigram of a Japanese run (slices of it), or the run itself when it is one character.
/// Characters are stepped over by their lead bytes, without decoding them again: `run` must be
/// a run of Japanese script (three bytes of UTF-8 each, four from U+20000 on), as `runs` gives.
fn each_bigram(run: &str, mut emit: impl FnMut(&str)) {
    // Japanese script is three bytes of UTF-8, or four from U+20000 on.
    let width = |lead: u8| if lead < 0xF0 { 3 } else { 4 };
    let bytes = run.as_bytes();
    let Some(&lead) = bytes.first() else { return };
    let (mut first, mut second) = (0, width(lead));
    if second >= bytes.len() {
        emit(run);
        return;
    }
    while let Some(&lead) = bytes.get(second) {
        let end = second + width(lead);
        emit(run.get(first..end).unwrap_or_default());
        (first, second) = (second, end);
    }
}

/// The stem of a plain word (ASCII letters) by Snowball's English (Porter2) stemmer
/// (`quantization` → `quantiz`, `libraries` → `librari`), which `static/js/search.js` ports:
/// both are held to `stems.json`.
pub fn stem(word: &str) -> std::borrow::Cow<'_, str> {
    rust_stemmers::Stemmer::create(rust_stemmers::Algorithm::English).stem(word)
}

/// The most words [`stem_of`] remembers on one thread before it forgets them all.
const REMEMBERED: usize = 1 << 16;

thread_local! {
    /// The stems of the words met lately (`None`: the word is its own stem). Words repeat: at
    /// 10,000 pages stemming each occurrence doubled the index's time.
    static STEMS: std::cell::RefCell<rustc_hash::FxHashMap<Box<str>, Option<Box<str>>>> = Default::default();
}

/// `emit` given the stem of the plain word `word` when it differs from the word.
fn stem_of(word: &str, emit: &mut impl FnMut(&str)) {
    STEMS.with_borrow_mut(|stems| {
        if let Some(known) = stems.get(word) {
            if let Some(stemmed) = known {
                emit(stemmed);
            }
            return;
        }
        if stems.len() >= REMEMBERED {
            stems.clear();
        }
        let stemmed = stem(word);
        let known = (stemmed != word).then(|| Box::from(&*stemmed));
        if let Some(stemmed) = &known {
            emit(stemmed);
        }
        stems.insert(Box::from(word), known);
    });
}

/// A part of letters then digits (`gfx1201`) as its letters and its digits.
fn letters_digits(part: &str) -> Option<(&str, &str)> {
    let split = part.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = part.split_at(split);
    (!letters.is_empty()
        && letters.chars().all(|c| c.is_ascii_lowercase())
        && digits.chars().all(|c| c.is_ascii_digit()))
    .then_some((letters, digits))
}

/// Every token `text` is indexed under, in order, repeats kept (they count).
pub fn index_tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for_each_index_token(text, |t| out.push(t.to_owned()));
    out
}

/// How many places a Japanese token's occurrences in a document are kept modulo: the bits of
/// the mask each of its postings carries, so that a query's bigrams are matched only where they
/// stand next to each other (a bigram at place `p` and the next at `p + 1`, modulo this).
pub const PLACES: u32 = 16;

/// Each token `text` is indexed under, in order, repeats kept, handed to `emit` without
/// allocating one string per token.
pub fn for_each_index_token(text: &str, mut emit: impl FnMut(&str)) {
    for_each_index_token_at(text, &mut 0, |token, _| emit(token));
}

/// [`for_each_index_token`], each token with its place: for a Japanese token, the place of its
/// first character, counting Japanese characters from `place` on with one place left empty after
/// each run (so the last bigram of one run and the first of the next are never neighbours);
/// `None` for a word. `place` is left after the text's last run, for the next text of the same
/// document.
pub fn for_each_index_token_at(text: &str, place: &mut u32, mut emit: impl FnMut(&str, Option<u32>)) {
    let text = normalise(text);
    runs(&text, |run| {
        match run {
            Run::Japanese(range) => {
                let run = &text[range];
                let mut at = *place;
                each_bigram(run, |bigram| {
                    emit(bigram, Some(at));
                    at = at.wrapping_add(1);
                });
                // Past the run's characters (one more than its bigrams, unless it is one
                // character), then the empty place.
                let one_character = at == place.wrapping_add(1) && run.len() <= 4;
                *place = at.wrapping_add(if one_character { 1 } else { 2 });
            }
            Run::Word(range, plain) => word_tokens(&text[range], plain, &mut |token| emit(token, None)),
        }
    });
}

/// The tokens of a word run (`plain`: of ASCII letters only).
fn word_tokens(word: &str, plain: bool, emit: &mut impl FnMut(&str)) {
    if plain {
        // A plain word: itself and its stem (it has no parts).
        emit(word);
        stem_of(word, emit);
        return;
    }
    // A code token: the word, then from each `_` on (`mat_vec_q`, `vec_q`, `q` of
    // `mul_mat_vec_q`, so a query for a middle part finds the word by prefix), then each part and
    // its letters and digits, then the stems of its parts of letters; each once per word.
    if !word.contains('_') {
        // No parts: the word, its letters and digits (`gfx1201`), each once, without the list
        // below (a vector for each such word).
        let (letters, digits) = letters_digits(word).unwrap_or_default();
        return each_once(&[word, letters, digits], emit);
    }
    let mut mine: Vec<&str> = vec![word];
    for (i, _) in word.match_indices('_') {
        mine.push(word[i..].trim_start_matches('_'));
    }
    for part in word.split('_') {
        mine.push(part);
        if let Some((letters, digits)) = letters_digits(part) {
            mine.extend([letters, digits]);
        }
    }
    // Then the stems of its parts of letters (`library_path` is found by `libraries`).
    let stems: Vec<String> = word
        .split('_')
        .filter(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_lowercase()))
        .filter_map(|part| Some(stem(part)).filter(|s| s != part).map(std::borrow::Cow::into_owned))
        .collect();
    mine.extend(stems.iter().map(String::as_str));
    each_once(&mine, emit);
}

/// Each of `tokens` that is not empty, the first time it comes.
fn each_once(tokens: &[&str], emit: &mut impl FnMut(&str)) {
    for (i, token) in tokens.iter().enumerate() {
        if !token.is_empty() && !tokens[..i].contains(token) {
            emit(token);
        }
    }
}

/// The terms of a query, deduplicated in order: each must match (by prefix) for a result.
pub fn query_terms(text: &str) -> Vec<String> {
    let text = normalise(text);
    let mut out: Vec<String> = Vec::new();
    let mut add = |term: &str| {
        if !term.is_empty() && !out.iter().any(|t| t == term) {
            out.push(term.to_owned());
        }
    };
    runs(&text, |run| match run {
        Run::Japanese(range) => each_bigram(&text[range], &mut add),
        Run::Word(range, plain) => {
            let word = text[range].trim_matches('_');
            if plain { add(&stem(word)) } else { add(word) }
        }
    });
    out
}

/// How many of a token's first characters decide its file: a query term of this many
/// characters or more finds by prefix every token that starts with it; a shorter term matches
/// only equal tokens. Three, not two: with two, the 40,000 claim IDs of a 10,000-page site
/// (`p01234` …) all shared the file of `p0`.
pub const SHARD_CHARS: usize = 3;

/// The hash that decides which file a token lives in: FNV-1a (32 bits) over the code points of
/// its first [`SHARD_CHARS`] characters, then mixed (MurmurHash3's finaliser, so that its low
/// bits spread over a power-of-two number of files). (`static/js/search.js` computes the same.)
pub fn shard_hash(token: &str) -> u32 {
    let h = token.chars().take(SHARD_CHARS).fold(0x811c_9dc5u32, |h, c| (h ^ c as u32).wrapping_mul(0x0100_0193));
    let h = (h ^ (h >> 16)).wrapping_mul(0x85eb_ca6b);
    let h = (h ^ (h >> 13)).wrapping_mul(0xc2b2_ae35);
    h ^ (h >> 16)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One line of `vectors.json`: a text, its index tokens and its query terms.
    #[derive(serde::Deserialize)]
    struct Vector {
        text: String,
        index: Vec<String>,
        query: Vec<String>,
        shards: Vec<u32>,
    }

    #[test]
    fn the_shared_vectors_hold() {
        let vectors: Vec<Vector> =
            serde_json::from_str(include_str!("../vectors.json")).expect("vectors.json is a list of vectors");
        assert!(vectors.len() >= 20);
        for v in vectors {
            assert_eq!(index_tokens(&v.text), v.index, "index tokens of {:?}", v.text);
            assert_eq!(query_terms(&v.text), v.query, "query terms of {:?}", v.text);
            let shards: Vec<u32> = v.query.iter().map(|t| shard_hash(t)).collect();
            assert_eq!(shards, v.shards, "shards of {:?}", v.text);
        }
    }

    /// `stems.json`: words of the site's kind (from its content, its documentation and the
    /// English of its tools' manuals) with their stems, which the port in `static/js/search.js`
    /// must give too (`tests/e2e/search.mjs`).
    #[test]
    fn the_stemmer_gives_the_stems_of_the_shared_list() {
        let stems: std::collections::BTreeMap<String, String> =
            serde_json::from_str(include_str!("../stems.json")).expect("stems.json maps words to stems");
        assert!(stems.len() >= 4000, "{} words", stems.len());
        for (word, expected) in &stems {
            assert_eq!(stem(word), expected.as_str(), "the stem of {word}");
        }
        // What the list is for: inflections meet, code-like words stay apart.
        for (a, b) in [("quantization", "quantized"), ("kernels", "kernel"), ("libraries", "library")] {
            assert_eq!(stem(a), stem(b), "{a} and {b}");
        }
    }

    #[test]
    fn japanese_tokens_carry_their_places_and_runs_are_kept_apart() {
        let mut place = 5;
        let mut got = Vec::new();
        for_each_index_token_at("新幹線 rocm の駅", &mut place, |t, at| got.push((t.to_owned(), at)));
        let expected = [("新幹", Some(5)), ("幹線", Some(6)), ("rocm", None), ("の駅", Some(9))];
        let expected: Vec<(String, Option<u32>)> = expected.iter().map(|(t, p)| ((*t).to_owned(), *p)).collect();
        assert_eq!(got, expected);
        assert_eq!(place, 12, "after the last run, its last character and an empty place");
        // The runs of the next text of the document go on from there.
        let mut next = Vec::new();
        for_each_index_token_at("観", &mut place, |_, at| next.push(at));
        assert_eq!(next, [Some(12)]);
        assert_eq!(place, 14);
    }

    #[test]
    fn the_byte_check_for_stable_text_agrees_with_nfkc_for_every_character() {
        // Every character up to the end of the kanji block and past it, alone and beside ASCII.
        for c in (0..0x2_0000).filter_map(char::from_u32) {
            let alone = c.to_string();
            let stable = all_nfkc_stable(&alone);
            // Read a character at a time; that NFKC keeps those is checked just below.
            let reference = c.is_ascii() || stable_japanese(c as u32);
            assert_eq!(stable, reference, "U+{:04X}", c as u32);
            if stable {
                assert_eq!(alone.nfkc().collect::<String>(), alone, "NFKC changes U+{:04X}", c as u32);
            }
            assert_eq!(all_nfkc_stable(&format!("a{c}b")), reference, "U+{:04X} between letters", c as u32);
            // After eight ASCII bytes and after seven (read eight at a time, then one by one).
            assert_eq!(all_nfkc_stable(&format!("abcdefgh{c}")), reference, "U+{:04X} after 8", c as u32);
            assert_eq!(all_nfkc_stable(&format!("abcdefg{c}xyzuvwst")), reference, "U+{:04X} after 7", c as u32);
        }
        assert!(!all_nfkc_stable("観測\u{3099}"), "a combining sound mark is not stable beside kana");
    }

    /// The runs of `text` read a character at a time (the rule as the module states it).
    fn runs_by_characters(text: &str) -> Vec<(bool, String)> {
        let mut out = Vec::new();
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        let mut i = 0;
        while i < chars.len() {
            let (start, c) = chars[i];
            let japanese = is_japanese(c);
            if !japanese && !is_word(c) {
                i += 1;
                continue;
            }
            let mut j = i + 1;
            while j < chars.len() {
                let next = chars[j].1;
                let dotted = next == '.'
                    && chars[j - 1].1.is_ascii_digit()
                    && chars.get(j + 1).is_some_and(|(_, after)| after.is_ascii_digit());
                let inside = if japanese { is_japanese(next) } else { is_word(next) || dotted };
                if !inside {
                    break;
                }
                j += 1;
            }
            let end = chars.get(j).map_or(text.len(), |(at, _)| *at);
            out.push((japanese, text[start..end].to_owned()));
            i = j;
        }
        out
    }

    #[test]
    fn runs_read_by_bytes_are_the_runs_read_by_characters() {
        let texts = [
            "rocm 6.3.1 と gfx1201、v_mfma_f32_32x32x8f16 の観測",
            "1.2.3. 4..5 a.1 1.a .5 6. é.1 1.é",
            "café_1 naïve×2 données—fin ü_ü",
            "日本語とenglishの混在text 100% ｶｰﾈﾙ",
            "々ー 〜 ・ 「確定」 x_ _x __",
            "",
            "ß ǅ ℌ ﬁ Ω 𠀋𠀋 a𠀋b",
        ];
        for text in texts {
            let text = normalise(text);
            let mut by_bytes = Vec::new();
            runs(&text, |run| {
                by_bytes.push(match run {
                    Run::Japanese(r) => (true, text[r].to_owned()),
                    Run::Word(r, plain) => {
                        let word = &text[r];
                        assert_eq!(plain, word.bytes().all(|b| b.is_ascii_lowercase()), "plain: {word:?}");
                        (false, word.to_owned())
                    }
                })
            });
            assert_eq!(by_bytes, runs_by_characters(&text), "runs of {text:?}");
        }
    }

    #[test]
    fn japanese_script_read_from_its_lead_bytes_is_japanese_script() {
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            let text = format!("{c}a");
            let expected = is_japanese(c).then(|| c.len_utf8());
            assert_eq!(japanese_len(text.as_bytes(), 0), expected, "U+{:04X}", c as u32);
        }
        assert_eq!(japanese_len(b"", 0), None);
    }

    #[test]
    fn characters_read_from_their_bytes_are_the_characters() {
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            let text = format!("{c}a");
            assert_eq!(code_at(text.as_bytes(), 0), Some((c as u32, c.len_utf8())), "U+{:04X}", c as u32);
            assert_eq!(utf8_len(text.as_bytes()[0]), c.len_utf8(), "U+{:04X}", c as u32);
        }
        assert_eq!(code_at(b"", 0), None);
    }

    #[test]
    fn bigrams_are_those_of_the_characters_whatever_their_width() {
        for run in ["新幹線", "観測", "観", "カーネル々", "𠀋𠀋", "新𠀋線", "𠀋", "ガベージコレクション"]
        {
            let chars: Vec<char> = run.chars().collect();
            let expected: Vec<String> = match chars.len() {
                1 => vec![run.to_owned()],
                _ => chars.windows(2).map(|w| w.iter().collect()).collect(),
            };
            let mut got = Vec::new();
            each_bigram(run, |b| got.push(b.to_owned()));
            assert_eq!(got, expected, "bigrams of {run}");
        }
    }

    #[test]
    fn tokens_that_share_their_first_characters_share_a_file() {
        assert_eq!(shard_hash("mul_mat_vec_q"), shard_hash("mul"));
        assert_ne!(shard_hash("mul"), shard_hash("mu"));
        assert_eq!(shard_hash("p01234"), shard_hash("p01999"));
        assert_ne!(shard_hash("p01234"), shard_hash("p02234"));
        assert_ne!(shard_hash("観測"), shard_hash("観察"));
    }
}
