//! `claim/assertive-wording` (warning): words that state certainty (明らかに, 当然, 完全に証明,
//! これで確定, clearly, obviously, proven, this settles it) in a claim that is not confirmed.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "claim/assertive-wording",
    severity: Severity::Warning,
    stops_reading: false,
    summary: "assertive words in a claim that is not confirmed state more than was observed.",
};

const JA: &[&str] = &["明らかに", "明らかだ", "当然", "完全に証明", "これで確定", "間違いなく"];
const EN: &[&str] = &["clearly", "obviously", "proven", "this settles it", "undoubtedly", "certainly"];

/// Every word of both lists in one automaton (English case-insensitively; the Japanese words
/// have no case): each claim text is scanned once instead of once per word.
static WORDS: std::sync::LazyLock<aho_corasick::AhoCorasick> = std::sync::LazyLock::new(|| {
    aho_corasick::AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .build(JA.iter().chain(EN))
        .expect("a dozen fixed words always build")
});

/// The assertive words found in `text`, each once, in order of first appearance.
pub fn find(text: &str) -> Vec<&'static str> {
    let mut found: Vec<&'static str> = Vec::new();
    for hit in WORDS.find_overlapping_iter(text) {
        let index = hit.pattern().as_usize();
        let word = JA.iter().chain(EN).nth(index).copied().unwrap_or_default();
        if found.contains(&word) || (index >= JA.len() && !whole_word(text, hit.start(), hit.end())) {
            continue;
        }
        found.push(word);
    }
    found
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
    use super::find;

    #[test]
    fn finds_words_in_both_languages_but_not_inside_other_words() {
        assert_eq!(find("これは明らかに MMQ を通る"), ["明らかに"]);
        assert_eq!(find("Clearly the path is taken; this is proven."), ["clearly", "proven"]);
        assert!(find("an unproven path, unclearly observed").is_empty());
        assert_eq!(find("OBVIOUSLY proven, and clearly proven again"), ["obviously", "proven", "clearly"]);
        assert_eq!(find("unproven but proven"), ["proven"], "a later whole word still counts");
    }
}
