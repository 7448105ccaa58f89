//! `source/upstream-changed` (warning): the lines a pinned `source_code` source cites are not the
//! same at the compared ref of the clone (its `HEAD`, or the `ref` configured under `repos:`):
//! the evidence was read from code that has since moved or changed.

use crate::upstream::{Now, UpstreamChange};
use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "source/upstream-changed",
    severity: Severity::Warning,
    stops_reading: false,
    summary: "the lines a pinned source cites moved or changed in its repository since that commit.",
};

/// The diagnostic at the pinned commit.
pub fn diagnostic(span: Span, path: &str, lines: Option<[u32; 2]>, change: &UpstreamChange) -> Diagnostic {
    let cited = match lines {
        Some([a, b]) => format!("lines {a}–{b} of `{path}`"),
        None => format!("`{path}`"),
    };
    let short = change.commit.get(..7).unwrap_or(&change.commit);
    let at = format!("{} ({short}, {})", change.reference, change.date);
    let (what, hint) = match &change.now {
        &Now::Moved([a, b]) => (
            format!("{cited} moved to lines {a}–{b} at {at}"),
            "the text is the same: `shoko pin --write` re-pins the source to the newer commit and lines".to_owned(),
        ),
        Now::Changed => (
            format!("{cited} changed at {at}"),
            "read the change; if the claim still holds, set `commit` and `lines` to the newer ones, else re-class the claim".to_owned(),
        ),
        Now::Renamed { path: moved, lines } => (
            match lines {
                Some([a, b]) => format!("{cited} moved to lines {a}–{b} of `{moved}` at {at}"),
                None => format!("`{path}` moved to `{moved}` at {at}"),
            },
            "the text is the same: `shoko pin --write` re-pins the source to the new path, commit and lines".to_owned(),
        ),
        Now::Removed => (
            format!("`{path}` no longer exists at {at}"),
            "find where the code went; if the claim still holds, cite it there at the newer commit, else re-class the claim".to_owned(),
        ),
    };
    Diagnostic::new(&CODE, what, span).with_label("pinned here").with_hint(hint)
}
