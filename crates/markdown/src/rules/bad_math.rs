//! `md/bad-math` (error): a formula (`$…$`, `$$…$$`) that is not TeX the converter reads (an
//! unknown command, an unclosed group, …). Readers would see a broken formula; the message is
//! the converter's. A `$` meant as text is written `\$`.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "md/bad-math",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a formula is not TeX that can be made into MathML",
};

/// The diagnostic at the formula, with the converter's reason.
pub fn diagnostic(span: Span, why: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("this formula cannot be shown: {why}"), span)
        .with_label("this formula")
        .with_hint("fix the TeX, or write a `$` meant as text as `\\$`")
}
