//! `claim/missing-limitation` (error): a limited claim lacks a source or a `limitations` entry (tool, what it cannot show).

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "claim/missing-limitation",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a limited claim lacks a source or a `limitations` entry (tool, what it cannot show).",
};

/// The diagnostic at the class of the claim; `what` is the missing part.
pub fn diagnostic(span: Span, id: &str, what: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("limited claim `{id}` has no {what}"), span)
        .with_label(format!("limited needs {what}"))
        .with_hint(
            "a limited claim names the source it partly saw and `limitations: [{ tool: …, detail: { ja: …, en: … } }]`",
        )
}
