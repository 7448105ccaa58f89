//! `file/empty` (error): a content file is empty.

use crate::validate::SourceKind;
use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code =
    Code { name: "file/empty", severity: Severity::Error, stops_reading: true, summary: "a content file is empty." };

/// The diagnostic for an empty file of `kind`, with the advice for that kind of file.
pub fn diagnostic(span: Span, kind: SourceKind) -> Diagnostic {
    let hint = match kind {
        SourceKind::Page => {
            "a page needs front-matter with at least a `title`; run `shoko new page PATH` for a template, or delete \
             the file"
        }
        SourceKind::Log => {
            "a log needs at least a `title` in both languages; run `shoko new log PATH` for a template, or delete \
             the file"
        }
        SourceKind::Targets | SourceKind::Glossary => "this data file needs its entries, or delete the file",
    };
    Diagnostic::new(&CODE, "file is empty", span).with_hint(hint)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shoko_diagnostics::FileId;

    #[test]
    fn an_empty_file_is_told_how_to_start_its_own_kind() {
        let hint = |kind| diagnostic(Span::file_start(FileId(0)), kind).hint.unwrap_or_default();
        assert!(hint(SourceKind::Page).contains("shoko new page"), "{}", hint(SourceKind::Page));
        assert!(hint(SourceKind::Log).contains("shoko new log"), "{}", hint(SourceKind::Log));
        assert!(!hint(SourceKind::Glossary).contains("shoko new"), "{}", hint(SourceKind::Glossary));
    }
}
