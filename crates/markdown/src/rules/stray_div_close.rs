//! `md/stray-div-close` (error): a closing `:::` with no open div.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "md/stray-div-close",
    severity: Severity::Error,
    stops_reading: true,
    summary: "a closing `:::` fence has no open div",
};

/// The diagnostic at the stray fence.
pub fn diagnostic(span: Span) -> Diagnostic {
    Diagnostic::new(&CODE, "`:::` closes nothing", span)
        .with_label("no div is open here")
        .with_hint("remove this line, or open a div (`:::ja`, `:::en`, `::::callout CLASS`) before it")
}
