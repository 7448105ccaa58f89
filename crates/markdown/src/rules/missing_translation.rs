//! `i18n/missing-translation` (warning): text exists in one language only. The page still
//! builds; the reader of the other language sees the text with a notice that it is untranslated.

use crate::Lang;
use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "i18n/missing-translation",
    severity: Severity::Warning,
    stops_reading: false,
    summary: "text exists in one language only; readers of the other language see a fallback notice",
};

/// A language div with no partner div in the other language next to it.
pub fn unpaired_div(span: Span, lang: Lang) -> Diagnostic {
    let other = lang.other().code();
    Diagnostic::new(&CODE, format!("`:::{}` block has no `:::{other}` partner", lang.code()), span)
        .with_label(format!("no :::{other} block next to this one"))
        .with_hint(format!("add a `:::{other}` … `:::` block right before or after this one"))
}

/// A bilingual field with one language missing or empty.
pub fn missing_field_language(span: Span, field: &str, missing: Lang) -> Diagnostic {
    Diagnostic::new(&CODE, format!("`{field}` has no `{}` text", missing.code()), span)
        .with_label(format!("`{}` missing here", missing.code()))
        .with_hint(format!("add `{}: \"…\"` to `{field}`", missing.code()))
}
