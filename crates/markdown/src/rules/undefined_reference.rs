//! `md/undefined-reference` (error): a reference-style link (`[text][label]` or `[label][]`)
//! whose label the body defines, but only in the other language's divs, where its text does not
//! see it; it would be published as the brackets themselves. (A label defined nowhere is prose,
//! `a[i][j]`, as CommonMark reads it.)

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "md/undefined-reference",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a reference-style link's label is defined only in the other language's text",
};

/// The diagnostic at the link, `written` as in the file.
pub fn diagnostic(span: Span, written: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("the link `{}` has no definition this language sees", written.escape_debug()), span)
        .with_label("defined only in the other language's text")
        .with_hint(
            "add `[label]: URL` in this language's div too, or move the definition outside the \
             language divs, where it serves both",
        )
}
