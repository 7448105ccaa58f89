//! `claim/assertive-wording` (warning): words that state certainty, proof or universality (明らかに,
//! 必ず, 常に, clearly, definitely, always; the lists are [`JA`] and [`EN`], and a site adds its
//! own with `assertive_words` in `shoko.yaml`) in a claim that is not confirmed.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "claim/assertive-wording",
    severity: Severity::Warning,
    stops_reading: false,
    summary: "assertive words in a claim that is not confirmed state more than was observed.",
};

/// The Japanese words: certainty (明らかに, 確実に), proof (証明された), universality (必ず, 常に).
pub const JA: &[&str] = &[
    "明らかに",
    "明らかだ",
    "明白",
    "当然",
    "完全に証明",
    "証明された",
    "これで確定",
    "間違いなく",
    "疑いなく",
    "疑いの余地",
    "確実に",
    "絶対に",
    "必ず",
    "常に",
    "断言",
];
/// The English words, matched as whole words and in any case.
pub const EN: &[&str] = &[
    "clearly",
    "obviously",
    "proven",
    "proves",
    "this settles it",
    "undoubtedly",
    "without doubt",
    "beyond doubt",
    "certainly",
    "definitely",
    "conclusively",
    "unquestionably",
    "guaranteed",
    "always",
    "in all cases",
];

/// The words looked for, the built-in lists and any a site adds (`assertive_words` in
/// `shoko.yaml`), in one automaton (ASCII case-insensitively): each claim text is scanned once.
#[derive(Debug, Clone)]
pub struct AssertiveWords {
    words: Vec<String>,
    automaton: aho_corasick::AhoCorasick,
}

impl AssertiveWords {
    /// The built-in words and `extra`.
    pub fn with(extra: &[String]) -> AssertiveWords {
        let mut words: Vec<String> = JA.iter().chain(EN).map(|w| (*w).to_owned()).collect();
        for word in extra.iter().map(|w| w.trim()) {
            if !word.is_empty() && !words.iter().any(|w| w == word) {
                words.push(word.to_owned());
            }
        }
        let automaton = aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(&words)
            .unwrap_or_else(|_| aho_corasick::AhoCorasick::new(JA.iter().chain(EN)).expect("fixed words build"));
        AssertiveWords { words, automaton }
    }

    /// The assertive words found in `text`, each once, in order of first appearance. A word
    /// that starts or ends with a Latin letter counts only as a whole word ("unproven" is not
    /// "proven").
    pub fn find(&self, text: &str) -> Vec<&str> {
        let mut found: Vec<&str> = Vec::new();
        for hit in self.automaton.find_overlapping_iter(text) {
            let Some(word) = self.words.get(hit.pattern().as_usize()) else { continue };
            let latin = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphabetic());
            let needs_whole = latin(word.chars().next()) || latin(word.chars().next_back());
            if found.contains(&word.as_str()) || (needs_whole && !whole_word(text, hit.start(), hit.end())) {
                continue;
            }
            found.push(word);
        }
        found
    }
}

impl Default for AssertiveWords {
    fn default() -> Self {
        AssertiveWords::with(&[])
    }
}

/// Whether `text[start..end]` stands as a word of its own (so "unproven" is not "proven").
fn whole_word(text: &str, start: usize, end: usize) -> bool {
    let before = text[..start].chars().next_back();
    let after = text[end..].chars().next();
    !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
}

/// The diagnostic at the word.
pub fn diagnostic(span: Span, id: &str, class: &str, word: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("`{word}` in {class} claim `{id}`"), span)
        .with_label("asserts more than was observed")
        .with_hint("say what was observed: \"suggests\", \"reads as\", \"at least within this scope\", \"unresolved at this time\" (示唆される, 〜と読める, この範囲では)")
}

#[cfg(test)]
mod tests {
    use super::AssertiveWords;

    fn find(text: &str) -> Vec<String> {
        AssertiveWords::default().find(text).into_iter().map(str::to_owned).collect()
    }

    #[test]
    fn finds_words_in_both_languages_but_not_inside_other_words() {
        assert_eq!(find("これは明らかに MMQ を通る"), ["明らかに"]);
        assert_eq!(find("Clearly the path is taken; this is proven."), ["clearly", "proven"]);
        assert!(find("an unproven path, unclearly observed").is_empty());
        assert_eq!(find("OBVIOUSLY proven, and clearly proven again"), ["obviously", "proven", "clearly"]);
        assert_eq!(find("unproven but proven"), ["proven"], "a later whole word still counts");
        assert_eq!(find("必ず MMQ を通り、definitely always"), ["必ず", "definitely", "always"]);
        assert!(find("alwaysish, hallways").is_empty());
        let site = AssertiveWords::with(&["for sure".to_owned(), "決定的".to_owned()]);
        assert_eq!(site.find("決定的な証拠, for sure"), ["決定的", "for sure"]);
    }
}
