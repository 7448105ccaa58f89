//! `md/raw-html` (error): raw HTML in a page body, which the site does not allow.
//!
//! By default a page carries no HTML of its own: a script, frame or event handler in a body would
//! run on the site's origin. `raw_html: sanitize` in `shoko.yaml` allows it, and then every
//! Markdown run holding raw HTML is cleaned by `ammonia` (no scripts, event handlers, frames,
//! forms or style sheets, and links with the allowed schemes only). HTML comments are notes for
//! authors: always allowed, never published.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "md/raw-html",
    severity: Severity::Error,
    stops_reading: false,
    summary: "raw HTML in a page body; write Markdown, or allow sanitised HTML with `raw_html: sanitize` in shoko.yaml",
};

/// The diagnostic at the HTML (`html` is its text, for the hint).
pub fn diagnostic(span: Span, html: &str) -> Diagnostic {
    let tag = tag_name(html);
    Diagnostic::new(&CODE, format!("raw HTML `<{tag}>` in a page body"), span)
        .with_label("raw HTML is not published")
        .with_hint(format!("{}; or allow sanitised HTML with `raw_html: sanitize` in shoko.yaml", instead(&tag)))
}

/// The element name of the first tag in `html`, lowercased.
fn tag_name(html: &str) -> String {
    let rest = html.trim_start().trim_start_matches('<').trim_start_matches('/');
    rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-').collect::<String>().to_ascii_lowercase()
}

/// The Markdown to write instead of element `tag`.
fn instead(tag: &str) -> &'static str {
    match tag {
        "b" | "strong" => "write **text** for bold",
        "i" | "em" => "write *text* for emphasis",
        "a" => "write [text](target) for a link (a page as its `.md` file)",
        "img" | "picture" | "figure" => "write ![alt](file.png) for an image, or a `::: figure` block",
        "br" => "end the line with a backslash `\\` for a line break",
        "code" | "tt" | "kbd" => "write `text` between backticks for code",
        "pre" => "write a fenced code block (```)",
        "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => "write `#`, `##`, … for headings",
        "ul" | "ol" | "li" => "write `- item` or `1. item` for lists",
        "table" | "tr" | "td" | "th" | "thead" | "tbody" => "write a pipe table (`| a | b |`)",
        "blockquote" => "write `> text` for a quotation",
        "del" | "s" | "strike" => "write ~~text~~ for struck-through text",
        "hr" => "write `---` on a line of its own for a rule",
        "script" | "iframe" | "object" | "embed" | "style" | "form" | "link" | "meta" | "base" => {
            "pages carry no scripts, frames, forms or style sheets of their own; remove it"
        }
        _ => "write Markdown instead",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hint_names_the_markdown_to_write() {
        assert_eq!(tag_name("<B class=x>"), "b");
        assert_eq!(tag_name("</script>"), "script");
        assert!(instead(&tag_name("<br/>")).contains("backslash"));
        assert!(instead("iframe").contains("no scripts, frames"));
    }
}
