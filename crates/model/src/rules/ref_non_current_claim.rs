//! `ref/non-current-claim` (warning): a page cites a superseded or retracted claim.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "ref/non-current-claim",
    severity: Severity::Warning,
    stops_reading: false,
    summary: "a page cites a superseded or retracted claim.",
};

/// The diagnostic at the citation.
pub fn diagnostic(span: Span, id: &str, lifecycle: &str, successor: Option<&str>) -> Diagnostic {
    let d = Diagnostic::new(&CODE, format!("cites {lifecycle} claim `{id}`"), span)
        .with_label(format!("{lifecycle}: shown struck through"));
    match successor {
        Some(s) => d.with_hint(format!("cite its successor `{s}` instead")),
        None => d.with_hint("remove the citation or cite a current claim"),
    }
}
