//! `fm/future-date` (error): a day something was observed is after today: a claim's
//! `scope.observed`, a runtime source's `date`, an observation log's `date`. (A claim's history
//! is checked by `claim/history`.)

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "fm/future-date",
    severity: Severity::Error,
    stops_reading: false,
    summary: "an observation's date (`scope.observed`, a runtime source's `date`, a log's `date`) is after today.",
};

/// The diagnostic at the date `value` of `field`, after today.
pub fn diagnostic(span: Span, field: &str, value: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("`{field}` is {value}, a day that has not come yet"), span)
        .with_label("not observed yet")
        .with_hint("write the day it was observed: a typo in the year is the usual cause")
}
