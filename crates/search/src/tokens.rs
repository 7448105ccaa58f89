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
//!   `mat_vec`), `ROCBLAS_LAYER` and `gfx1201` are found whole and by their parts; an English
//!   plural also gives its singular (`kernels` → `kernel`, `libraries` → `library`);
//! - anything else separates runs.
//!
//! A query's terms are its Japanese bigrams (or single characters) and its whole words (an
//! English plural as its singular); a term matches an index token that starts with it.

use unicode_normalization::UnicodeNormalization;

/// Whether `c` is Japanese script: read as bigrams.
pub fn is_japanese(c: char) -> bool {
    matches!(c as u32,
        0x3005 | 0x3040..=0x30FF | 0x31F0..=0x31FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x2FFFF)
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
    text.nfkc().collect::<String>().to_lowercase()
}

/// A run of the normalised text.
enum Run<'a> {
    Japanese(Vec<char>),
    Word(&'a str),
}

fn runs(text: &str) -> Vec<Run<'_>> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let char_at = |i: usize| chars.get(i).map(|(_, c)| *c);
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (start, c) = chars[i];
        let mut j = i + 1;
        if is_japanese(c) {
            while char_at(j).is_some_and(is_japanese) {
                j += 1;
            }
            out.push(Run::Japanese(chars[i..j].iter().map(|(_, c)| *c).collect()));
        } else if is_word(c) {
            // A `.` between digits stays inside the word: `6.3.1`, `0.10.60303`.
            let dotted = |j: usize| {
                char_at(j) == Some('.')
                    && char_at(j - 1).is_some_and(|c| c.is_ascii_digit())
                    && char_at(j + 1).is_some_and(|c| c.is_ascii_digit())
            };
            while char_at(j).is_some_and(is_word) || dotted(j) {
                j += 1;
            }
            let end = chars.get(j).map_or(text.len(), |(at, _)| *at);
            out.push(Run::Word(&text[start..end]));
        }
        i = j;
    }
    out
}

fn bigrams(run: &[char]) -> Vec<String> {
    if run.len() == 1 {
        return vec![run[0].to_string()];
    }
    run.windows(2).map(|w| w.iter().collect()).collect()
}

/// An English plural's singular (`kernels` → `kernel`, `libraries` → `library`): a word of four
/// or more ASCII letters ending in `s` but not `ss`, `us` or `is`.
fn singular(word: &str) -> Option<String> {
    let plural = word.len() >= 4
        && word.bytes().all(|b| b.is_ascii_lowercase())
        && word.ends_with('s')
        && !["ss", "us", "is"].iter().any(|end| word.ends_with(end));
    plural.then(|| match word.strip_suffix("ies") {
        Some(stem) => format!("{stem}y"),
        None => word[..word.len() - 1].to_owned(),
    })
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
    let text = normalise(text);
    let mut out = Vec::new();
    for run in runs(&text) {
        match run {
            Run::Japanese(chars) => out.extend(bigrams(&chars)),
            Run::Word(word) => {
                // The word, then from each `_` on (`mat_vec_q`, `vec_q`, `q` of `mul_mat_vec_q`,
                // so a query for a middle part finds the word by prefix), then each part and
                // its letters and digits; each once per word.
                let one = singular(word);
                let mut mine: Vec<&str> = vec![word];
                mine.extend(one.as_deref());
                for (i, _) in word.match_indices('_') {
                    mine.push(word[i..].trim_start_matches('_'));
                }
                for part in word.split('_') {
                    mine.push(part);
                    if let Some((letters, digits)) = letters_digits(part) {
                        mine.extend([letters, digits]);
                    }
                }
                let mut seen: Vec<&str> = Vec::new();
                for token in mine {
                    if !token.is_empty() && !seen.contains(&token) {
                        seen.push(token);
                        out.push(token.to_owned());
                    }
                }
            }
        }
    }
    out
}

/// The terms of a query, deduplicated in order: each must match (by prefix) for a result.
pub fn query_terms(text: &str) -> Vec<String> {
    let text = normalise(text);
    let mut out: Vec<String> = Vec::new();
    for run in runs(&text) {
        let terms = match run {
            Run::Japanese(chars) => bigrams(&chars),
            Run::Word(word) => {
                let word = word.trim_matches('_');
                vec![singular(word).unwrap_or_else(|| word.to_owned())]
            }
        };
        for term in terms {
            if !term.is_empty() && !out.contains(&term) {
                out.push(term);
            }
        }
    }
    out
}

/// The number of files Japanese-script tokens are spread over.
pub const JAPANESE_SHARDS: u32 = 32;

/// The file a token lives in, by its first character: every token a term can match by prefix
/// is in the term's file. ASCII letters and digits each have one; Japanese script is spread over
/// [`JAPANESE_SHARDS`] files by code point; everything else shares one.
pub fn shard_key(token: &str) -> String {
    match token.chars().next() {
        Some(c) if c.is_ascii_alphanumeric() || c == '_' => c.to_string(),
        Some(c) if is_japanese(c) => format!("k{:02}", c as u32 % JAPANESE_SHARDS),
        _ => "other".to_owned(),
    }
}

/// Every shard key, in a fixed order: the files of an index are always these.
pub fn all_shard_keys() -> Vec<String> {
    let ascii = ('0'..='9').chain('a'..='z').chain(['_']).map(String::from);
    ascii.chain((0..JAPANESE_SHARDS).map(|n| format!("k{n:02}"))).chain(["other".to_owned()]).collect()
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
        shards: Vec<String>,
    }

    #[test]
    fn the_shared_vectors_hold() {
        let vectors: Vec<Vector> =
            serde_json::from_str(include_str!("../vectors.json")).expect("vectors.json is a list of vectors");
        assert!(vectors.len() >= 20);
        for v in vectors {
            assert_eq!(index_tokens(&v.text), v.index, "index tokens of {:?}", v.text);
            assert_eq!(query_terms(&v.text), v.query, "query terms of {:?}", v.text);
            let shards: Vec<String> = v.query.iter().map(|t| shard_key(t)).collect();
            assert_eq!(shards, v.shards, "shards of {:?}", v.text);
        }
    }

    #[test]
    fn every_token_lives_in_a_known_shard() {
        let keys = all_shard_keys();
        for token in index_tokens("gfx1201 の MFMA 命令、ROCBLAS_LAYER=9、ｶﾀｶﾅ、Ωmega, ½ and ⅷ") {
            assert!(keys.contains(&shard_key(&token)), "{token}");
        }
        assert_eq!(keys.len(), 37 + JAPANESE_SHARDS as usize + 1);
        let distinct: std::collections::BTreeSet<&String> = keys.iter().collect();
        assert_eq!(distinct.len(), keys.len(), "no two shards share a file");
    }
}
