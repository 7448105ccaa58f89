//! `source/quote-mismatch` (error): a `source_code` source's `quote` does not occur in the cited
//! lines at the commit read (whitespace runs count as one space).

use crate::upstream::Read;
use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "source/quote-mismatch",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a source's quote does not occur in the cited lines at the commit read.",
};

/// The diagnostic at the quote. `found`: where in the file it does occur; else `nearest`, the
/// line most like it.
pub fn diagnostic(
    span: Span,
    path: &str,
    read: &Read,
    found: Option<[u32; 2]>,
    nearest: Option<&(u32, String)>,
) -> Diagnostic {
    let d = Diagnostic::new(&CODE, format!("the quote is not in the cited lines of `{path}` at {read}"), span)
        .with_label("not found there");
    match (found, nearest) {
        (Some([a, b]), _) if a == b => d.with_hint(format!("the quote is at line {a}: write `lines: [{a}, {b}]`")),
        (Some([a, b]), _) => d.with_hint(format!("the quote is at lines {a}–{b}: write `lines: [{a}, {b}]`")),
        (None, Some((line, text))) => {
            d.with_hint(format!("the nearest line is {line}: `{}`", shoko_diagnostics::printable(text.trim())))
        }
        (None, None) => d.with_hint("copy the quote from the file at that commit"),
    }
}
