//! `page/reserved-path` (error): a content page would be written where a generated, site-wide
//! page lives (`claims/`, `questions/`, `changes/`, `evidence/`, `glossary/` under each language).

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};
use shoko_vocab::{ContentPath, SitePage};

/// The code.
pub static CODE: Code = Code {
    name: "page/reserved-path",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a content page uses a folder that belongs to a generated site-wide page.",
};

/// Whether a part of `path` (relative to `content/`; a page's file name without `.md`) is `.`
/// or `..`: `..md` and `...md` would be written to `./` and `../`, over other pages.
pub fn dot_segment(path: &str) -> bool {
    let stem = path.strip_suffix(".md").unwrap_or(path);
    stem.split('/').any(|part| part == "." || part == "..")
}

/// The diagnostic for a page whose name is `.` or `..` once `.md` is taken off.
pub fn dot_diagnostic(span: Span, path: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("{} would be written over another page's folder", ContentPath(path)), span)
        .with_hint("a page's name, without `.md`, may not be `.` or `..`; rename it")
}

/// The folder of a generated page that `path` (relative to `content/`) would be written into,
/// if any.
pub fn reserved_segment(path: &str) -> Option<&'static str> {
    let first = path.split('/').next().unwrap_or("");
    let first = first.strip_suffix(".md").unwrap_or(first);
    SitePage::owning(first).map(SitePage::folder)
}

/// The diagnostic at the start of the file.
pub fn diagnostic(span: Span, path: &str, segment: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("{} would replace the generated `{segment}/` page", ContentPath(path)), span)
        .with_hint(format!(
            "move the page to another folder; {} are generated for every language",
            SitePage::ALL.map(|r| format!("`{}/`", r.folder())).join(", ")
        ))
}

#[cfg(test)]
mod tests {
    use super::{SitePage, reserved_segment};

    #[test]
    fn only_the_first_segment_counts() {
        assert_eq!(reserved_segment("claims/index.md"), Some("claims"));
        assert_eq!(reserved_segment("claims.md"), Some("claims"));
        assert_eq!(reserved_segment("gpu/claims.md"), None);
        assert_eq!(reserved_segment("claimsx.md"), None);
        for page in SitePage::ALL {
            assert_eq!(reserved_segment(&format!("{}/x.md", page.folder())), Some(page.folder()));
        }
        assert!(super::dot_segment("..md") && super::dot_segment("...md") && super::dot_segment("a/..md"));
        assert!(!super::dot_segment("a..md") && !super::dot_segment(".hidden.md") && !super::dot_segment("....md"));
    }
}
