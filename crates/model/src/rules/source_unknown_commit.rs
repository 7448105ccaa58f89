//! `source/unknown-commit` (error): a `source_code` source is pinned to a commit its repository's
//! local clone does not have (see `repos:` in `shoko.yaml`).

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "source/unknown-commit",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a source is pinned to a commit its repository's local clone does not have.",
};

/// The diagnostic at the commit.
pub fn diagnostic(span: Span, repo: &str, commit: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("commit `{commit}` is not in the clone of {repo}"), span)
        .with_label("no such commit in the clone")
        .with_hint("fetch the clone (`git fetch`) if the commit is newer, or correct the hash; `shoko pin` prints the current one")
}
