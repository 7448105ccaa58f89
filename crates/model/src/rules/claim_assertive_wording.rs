//! `claim/assertive-wording` (warning): words that state certainty (明らかに, 当然, 完全に証明,
//! これで確定, clearly, obviously, proven, this settles it) in a claim that is not confirmed.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "claim/assertive-wording",
    severity: Severity::Warning,
    summary: "assertive words in a claim that is not confirmed state more than was observed.",
};

const JA: &[&str] = &["明らかに", "明らかだ", "当然", "完全に証明", "これで確定", "間違いなく"];
const EN: &[&str] = &["clearly", "obviously", "proven", "this settles it", "undoubtedly", "certainly"];

/// The assertive words found in `text`, in order of appearance.
pub fn find(text: &str) -> Vec<&'static str> {
    let lower = text.to_lowercase();
    let mut found: Vec<(usize, &'static str)> = JA
        .iter()
        .filter_map(|w| text.find(w).map(|i| (i, *w)))
        .chain(EN.iter().filter_map(|w| find_word(&lower, w).map(|i| (i, *w))))
        .collect();
    found.sort();
    found.into_iter().map(|(_, w)| w).collect()
}

/// A whole-word, case-insensitive match (so "unproven" is not "proven").
fn find_word(lower: &str, word: &str) -> Option<usize> {
    lower.match_indices(word).map(|(i, _)| i).find(|&i| {
        let before = lower[..i].chars().next_back();
        let after = lower[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
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
    }
}
