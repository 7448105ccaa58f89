//! Heading anchors: IDs that keep Japanese readable (never transliterated), unique per page, and
//! a slot per heading so the same heading can be found in the other language.

use std::collections::HashMap;

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

/// Hands out unique IDs within one page.
#[derive(Debug, Default)]
pub struct Anchors {
    used: HashMap<String, usize>,
}

impl Anchors {
    /// Reserve `id` (e.g. `claim-…` anchors of the page) so headings never take it.
    pub fn reserve(&mut self, id: &str) {
        self.used.entry(id.to_owned()).or_insert(1);
    }

    /// A unique ID for a heading with `text`, or for the author's explicit `{#id}`.
    pub fn unique(&mut self, explicit: Option<&str>, text: &str) -> String {
        let base = explicit.map_or_else(|| slug(text), str::to_owned);
        let base = if base.is_empty() { String::from("section") } else { base };
        // For a base in use, the count is the suffix the last repeat got, so the search for a
        // free `base-N` goes on from there instead of starting over (which made a page of
        // thousands of equal headings quadratic).
        let count = self.used.entry(base.clone()).or_insert(0);
        *count += 1;
        if *count == 1 {
            return base;
        }
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
