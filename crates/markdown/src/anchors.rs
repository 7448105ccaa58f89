//! Heading anchors: IDs that keep Japanese readable (never transliterated), unique per page, and
//! a slot per heading so the same heading can be found in the other language.

use std::collections::BTreeMap;

/// Where a heading sits, independent of language: the top-level unit (a shared block, or a
/// language pair, numbered by its first block) and the heading's position inside that unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot {
    /// Index of the top-level unit.
    pub unit: usize,
    /// Position of the heading inside the unit, in this language.
    pub nth: usize,
}

/// A rendered heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heading {
    /// Level 1–6.
    pub level: u8,
    /// The anchor ID.
    pub id: String,
    /// The heading's plain text.
    pub text: String,
    /// Its language-independent position.
    pub slot: Slot,
}

/// Hands out unique IDs within one page. Kept ordered rather than hashed: most pages hold a few
/// dozen IDs (template sections, cards, questions, headings), and the two were measured together
/// with the slug's fast path (docs/performance.md, session of 2026-11-27, sixth).
#[derive(Debug, Default)]
pub struct Anchors {
    used: BTreeMap<String, usize>,
}

impl Anchors {
    /// Reserve `id` (e.g. `claim-…` anchors of the page) so headings never take it.
    pub fn reserve(&mut self, id: &str) {
        self.used.entry(id.to_owned()).or_insert(1);
    }

    /// A unique ID for a heading with `text`, or for the author's explicit `{#id}`.
    pub fn unique(&mut self, explicit: Option<&str>, text: &str) -> String {
        let base = explicit.map_or_else(|| slug(text), str::to_owned);
        // Footnotes' anchors are the page's own: a heading's `{#fn:…}` is taken like a reserved ID.
        if base.starts_with(shoko_vocab::FOOTNOTE_PREFIX) {
            self.used.entry(base.clone()).or_insert(1);
        }
        let base = if base.is_empty() { String::from("section") } else { base };
        // For a base in use, the count is the suffix the last repeat got, so the search for a
        // free `base-N` goes on from there instead of starting over (which made a page of
        // thousands of equal headings quadratic).
        let Some(count) = self.used.get_mut(&base) else {
            self.used.insert(base.clone(), 1);
            return base;
        };
        *count += 1;
        let mut n = (*count).max(2);
        loop {
            let candidate = format!("{base}-{n}");
            if !self.used.contains_key(&candidate) {
                self.used.insert(candidate.clone(), 1);
                self.used.insert(base, n);
                return candidate;
            }
            n += 1;
        }
    }
}

/// A slug that keeps letters and digits of every script: ASCII is lowercased, whitespace and
/// dashes become `-`, other punctuation is dropped. `Phase D の観測` → `phase-d-の観測`.
pub fn slug(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut dash = false;
    for c in text.chars() {
        let kept = if c.is_ascii() { c.is_ascii_alphanumeric() || c == '_' } else { c.is_alphanumeric() };
        if kept {
            if dash && !out.is_empty() {
                out.push('-');
            }
            dash = false;
            // Kana and kanji have no case: looking their lower case up was most of a Japanese
            // heading's slug (every page's headings are slugged when read and when rendered).
            if c.is_ascii() {
                out.push(c.to_ascii_lowercase());
            } else if CASELESS.contains(&c) {
                out.push(c);
            } else {
                out.extend(c.to_lowercase());
            }
        } else if c.is_whitespace() || c == '-' || c == '\u{3000}' {
            dash = true;
        }
    }
    out
}

/// Characters that are their own lower case, every one (CJK symbols and punctuation, kana,
/// Bopomofo, Hangul compatibility jamo, enclosed and compatibility CJK, kanji; a test holds
/// it): [`slug`] keeps them without looking them up.
const CASELESS: std::ops::RangeInclusive<char> = '\u{3000}'..='\u{9FFF}';

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_keep_japanese_readable() {
        assert_eq!(slug("Phase D の観測"), "phase-d-の観測");
        assert_eq!(slug("なぜ gfx1201 か？"), "なぜ-gfx1201-か");
        assert_eq!(slug("  ne11 ≤ 8 → MMVQ "), "ne11-8-mmvq");
        assert_eq!(slug("全角\u{3000}スペース"), "全角-スペース");
    }

    /// The slug as it was first written, a character at a time through the standard library.
    fn slug_by_the_book(text: &str) -> String {
        let mut out = String::new();
        let mut dash = false;
        for c in text.chars() {
            if c.is_alphanumeric() || c == '_' {
                if dash && !out.is_empty() {
                    out.push('-');
                }
                dash = false;
                out.extend(c.to_lowercase());
            } else if c.is_whitespace() || c == '-' || c == '\u{3000}' {
                dash = true;
            }
        }
        out
    }

    #[test]
    fn the_fast_slug_is_the_slug_for_every_character() {
        for c in CASELESS {
            assert!(c.to_lowercase().eq([c]), "U+{:04X} has a lower case", c as u32);
        }
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            let text = format!("A{c}b {c}-Ǆ{c}");
            assert_eq!(slug(&text), slug_by_the_book(&text), "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn ids_are_unique_per_page() {
        let mut anchors = Anchors::default();
        anchors.reserve("claim-x");
        assert_eq!(anchors.unique(None, "概要"), "概要");
        assert_eq!(anchors.unique(None, "概要"), "概要-2");
        assert_eq!(anchors.unique(Some("claim-x"), ""), "claim-x-2");
        assert_eq!(anchors.unique(None, "!!!"), "section");
    }
}
