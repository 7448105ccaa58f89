//! `ref/draft` (error): a published page or claim points at a draft (a page, or a claim or
//! question declared in one): a build without `--drafts` leaves the draft out, so the link
//! would lead nowhere.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "ref/draft",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a published page or claim points at a draft, which the published site leaves out.",
};

/// The diagnostic at the reference to `what` (e.g. "`x`, declared in a draft", "page
/// content/a.md, a draft"), in the draft `draft` (a content path).
pub fn diagnostic(span: Span, what: &str, draft: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("points at {what}"), span)
        .with_label(format!("{draft} has `draft: true`: the published site leaves it out"))
        .with_hint("publish the draft (remove `draft: true`), mark this file a draft too, or remove the reference")
}
