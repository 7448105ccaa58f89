//! `fm/markdown-in-text` (warning): a front-matter text (a title, a claim's statement, a reason,
//! …) holds a Markdown link. These texts are plain: the link is shown as typed, and a
//! `claim:` link there cites nothing and is never checked.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "fm/markdown-in-text",
    severity: Severity::Warning,
    stops_reading: false,
    summary: "a front-matter text holds a Markdown link, which is shown as typed (these texts are plain).",
};

/// The diagnostic at the text of `field`, which holds the link `link` as written.
pub fn diagnostic(span: Span, field: &str, link: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("`{field}` is plain text: `{link}` is shown as typed, not as a link"), span)
        .with_label("a link in a front-matter text")
        .with_hint("write the words without the link; links and `claim:` citations work in the page's body")
}

/// The first Markdown inline link in `text` (`[words](target)`), as written.
pub fn first_link(text: &str) -> Option<&str> {
    let mut from = 0;
    while let Some(at) = text[from..].find("](").map(|i| from + i) {
        let open = text[..at].rfind('[');
        let close = text[at + 2..].find(')').map(|i| at + 2 + i);
        if let (Some(open), Some(close)) = (open, close)
            && !text[open..at].contains(']')
            && !text[at + 2..close].contains(char::is_whitespace)
        {
            return Some(&text[open..=close]);
        }
        from = at + 2;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::first_link;

    #[test]
    fn a_markdown_link_is_found_and_brackets_or_parentheses_alone_are_not() {
        assert_eq!(first_link("See [the log](claim:first) here"), Some("[the log](claim:first)"));
        assert_eq!(first_link("観測 [ログ](../logs/a.yaml)。"), Some("[ログ](../logs/a.yaml)"));
        for plain in ["rocBLAS [gfx90a] (MI210)", "f(x) and [a]", "a ](b) c", "[x] (y)", "[a](b c)", ""] {
            assert_eq!(first_link(plain), None, "{plain}");
        }
    }
}
