//! `page/reserved-path` (error): a content page would be written where a generated, site-wide
//! page lives (`claims/`, `questions/`, `changes/`, `evidence/`, `glossary/` under each language).

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "page/reserved-path",
    severity: Severity::Error,
    summary: "a content page uses a folder that belongs to a generated site-wide page.",
};

/// First path segments under `content/` that generated pages own.
pub const RESERVED: [&str; 5] = ["claims", "questions", "changes", "evidence", "glossary"];

/// The reserved segment `path` (relative to `content/`) starts with, if any.
pub fn reserved_segment(path: &str) -> Option<&'static str> {
    let first = path.split('/').next().unwrap_or("");
    let first = first.strip_suffix(".md").unwrap_or(first);
    RESERVED.iter().copied().find(|r| *r == first)
}

/// The diagnostic at the start of the file.
pub fn diagnostic(span: Span, path: &str, segment: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("content/{path} would replace the generated `{segment}/` page"), span).with_hint(
        format!(
            "move the page to another folder; {} are generated for every language",
            RESERVED.map(|r| format!("`{r}/`")).join(", ")
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::reserved_segment;

    #[test]
    fn only_the_first_segment_counts() {
        assert_eq!(reserved_segment("claims/index.md"), Some("claims"));
        assert_eq!(reserved_segment("claims.md"), Some("claims"));
        assert_eq!(reserved_segment("gpu/claims.md"), None);
        assert_eq!(reserved_segment("claimsx.md"), None);
    }
}
