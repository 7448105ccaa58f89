//! `md/heading-id` (error): a heading's own `{#id}` is already taken, by an earlier heading of
//! the same language or by a part the page adds itself (its summary, its claim cards, …). The
//! heading would quietly get `ID-2` and every link to `#ID` would land somewhere else.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "md/heading-id",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a heading's `{#id}` is already the ID of an earlier heading or of a part the page adds (summary, claims, a card).",
};

/// `{#id}` on the heading at `span`, already the ID of the earlier heading `earlier` (its text),
/// which is at `first` when it took the ID with a `{#id}` of its own; the heading gets `given`.
pub fn taken_by_heading(span: Span, id: &str, earlier: &str, first: Option<Span>, given: &str) -> Diagnostic {
    let found =
        Diagnostic::new(&CODE, format!("heading ID `{id}` is already the ID of the heading \"{earlier}\" above"), span)
            .with_label(format!("this heading would get `{given}`"))
            .with_hint("give one of the two headings another ID: links to `#ID` go to the first");
    match first {
        Some(first) => found.with_secondary(first, format!("`{id}` is this heading's")),
        None => found,
    }
}

/// `{#id}` on the heading at `span`, an ID the page keeps for its own part `what`; the heading
/// gets `given`.
pub fn taken_by_page(span: Span, id: &str, what: &str, given: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("heading ID `{id}` is kept for the page's {what}"), span)
        .with_label(format!("this heading would get `{given}`"))
        .with_hint(format!("give the heading another ID, such as `{{#my-{id}}}`"))
}
