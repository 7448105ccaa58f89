//! `source/missing-path` (error): a `source_code` source names a file that its repository's
//! local clone does not have at the commit read.

use crate::upstream::Read;
use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "source/missing-path",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a source names a file its repository does not have at the commit read.",
};

/// The diagnostic at the path.
pub fn diagnostic(span: Span, repo: &str, path: &str, read: &Read, near: &[String]) -> Diagnostic {
    let found = Diagnostic::new(&CODE, format!("`{path}` is not a file of {repo} at {read}"), span)
        .with_label("no such file at that commit");
    match near {
        [] => found.with_hint("check the path against the repository at that commit"),
        [one] => found.with_hint(format!("did you mean `{one}`?")),
        more => found.with_hint(format!(
            "did you mean one of: {}?",
            more.iter().map(|p| format!("`{p}`")).collect::<Vec<_>>().join(", ")
        )),
    }
}
