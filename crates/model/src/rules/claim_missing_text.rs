//! `claim/missing-text` (error): claim text, blocker details, limitation details and history reasons need both `ja` and `en`, non-empty.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "claim/missing-text",
    severity: Severity::Error,
    stops_reading: false,
    summary: "claim text, blocker details, limitation details and history reasons need both `ja` and `en`, non-empty.",
};

/// The diagnostic at the bilingual field; `missing` lists the absent languages.
pub fn diagnostic(span: Span, field: &str, missing: &[&str]) -> Diagnostic {
    let langs = missing.join("` and `");
    Diagnostic::new(&CODE, format!("`{field}` has no `{langs}` text"), span)
        .with_label(format!("`{langs}` missing or empty"))
        .with_hint(format!(
            "write both languages: `{}: {{ ja: \"…\", en: \"…\" }}`",
            field.rsplit('.').next().unwrap_or(field)
        ))
}
