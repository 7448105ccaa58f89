//! Markdown in a text meant to be plain (a title, a claim's statement, a reason): the first
//! piece of inline markup pulldown-cmark finds in it (a link, emphasis, strong emphasis, a code
//! span), so "is this Markdown?" is answered by the parser the bodies use, not by patterns.

use pulldown_cmark::{Event, Parser, Tag};

/// The first inline markup in `text`, as written (`[the log](claim:first)`, `**bold**`,
/// `` `code` ``), if there is any.
pub fn first_markup(text: &str) -> Option<&str> {
    // Only what a reader would see changed: block structure (a leading `#` or `-`) is not read
    // from a one-line text.
    Parser::new(text).into_offset_iter().find_map(|(event, range)| match event {
        Event::Start(Tag::Link { .. } | Tag::Emphasis | Tag::Strong) | Event::Code(_) => text.get(range),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::first_markup;

    #[test]
    fn markup_is_found_and_brackets_stars_or_underscores_in_plain_text_are_not() {
        assert_eq!(first_markup("See [the log](claim:first) here"), Some("[the log](claim:first)"));
        assert_eq!(first_markup("観測 [ログ](../logs/a.yaml)。"), Some("[ログ](../logs/a.yaml)"));
        assert_eq!(first_markup("The **fallback** path"), Some("**fallback**"));
        assert_eq!(first_markup("`rocblas_gemm_ex` が呼ばれる"), Some("`rocblas_gemm_ex`"));
        assert_eq!(first_markup("an *inferred* path"), Some("*inferred*"));
        for plain in [
            "rocBLAS [gfx90a] (MI210)",
            "f(x) and [a]",
            "a ](b) c",
            "[x] (y)",
            "5 * 3 * 2",
            "snake_case_name",
            "a[i]",
            "",
        ] {
            assert_eq!(first_markup(plain), None, "{plain}");
        }
    }
}
