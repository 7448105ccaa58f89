//! `source/unreadable-clone` (warning): a clone listed under `repos:` in `shoko.yaml` could not
//! be read (no such folder, not a git repository, an unknown `ref`), so the sources that cite
//! its repository are not verified. A warning, not an error: a machine without the clone (CI,
//! say) can still build, but it says so with the entry, not in a note that scrolls by.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "source/unreadable-clone",
    severity: Severity::Warning,
    stops_reading: false,
    summary: "a clone under `repos:` in shoko.yaml could not be read, so its sources are not verified.",
};

/// The diagnostic at the clone's entry, with why it could not be read.
pub fn diagnostic(span: Span, repo: &str, path: &str, why: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("the clone of {repo} at `{path}` could not be read: {why}"), span)
        .with_label("its sources are not verified")
        .with_hint("clone the repository there (the path is relative to the site root), or correct the path or `ref`")
}
