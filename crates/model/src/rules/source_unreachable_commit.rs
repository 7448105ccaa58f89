//! `source/unreachable-commit` (warning): a source is pinned to a commit its clone still holds
//! but no branch, remote-tracking branch or tag of the clone leads to (a force-push left it
//! behind): the next `git gc` removes it, and the source with it. `shoko pin --write` re-pins
//! it by its quote.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "source/unreachable-commit",
    severity: Severity::Warning,
    stops_reading: false,
    summary: "a source is pinned to a commit no branch or tag of its clone leads to any more (force-pushed away).",
};

/// The diagnostic at the commit.
pub fn diagnostic(span: Span, repo: &str, commit: &str, reference: &str) -> Diagnostic {
    let short: String = commit.chars().take(7).collect();
    Diagnostic::new(&CODE, format!("commit {short} is on no branch or tag of the clone of {repo} (force-pushed away?)"), span)
        .with_label("not on any branch or tag")
        .with_hint(format!(
            "it may vanish at the clone's next `git gc`: re-pin the source with `shoko pin --write` (it finds the quote at {reference}), or pin it by hand"
        ))
}
