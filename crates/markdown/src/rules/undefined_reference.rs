//! `md/undefined-reference` (error): a reference-style link (`[text][label]` or `[label][]`)
//! whose label no definition resolves, in its own language's text or the shared text; it would
//! be published as the brackets themselves.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "md/undefined-reference",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a reference-style link's label is defined nowhere its language's text can see",
};

/// The diagnostic at the link, `written` as in the file.
pub fn diagnostic(span: Span, written: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("no definition for the link `{}`", written.escape_debug()), span)
        .with_label("this label is not defined")
        .with_hint(
            "add `[label]: URL` in the same language's div or outside the language divs (then it \
             serves both); a definition in the other language's div does not count",
        )
}
