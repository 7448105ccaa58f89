//! `ref/unknown-claim` (error): a reference names a claim ID that does not exist.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "ref/unknown-claim",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a reference names a claim ID that does not exist.",
};

/// The diagnostic at the reference; `nearest` is the closest existing ID, if any.
pub fn diagnostic(span: Span, id: &str, nearest: Option<&str>) -> Diagnostic {
    let d =
        Diagnostic::new(&CODE, format!("unknown claim `{id}`"), span).with_label("no claim or question has this ID");
    match nearest {
        Some(n) => d.with_hint(format!("did you mean `{n}`?")),
        None => d.with_hint("declare the claim in a page front-matter or an observation log under content/"),
    }
}
