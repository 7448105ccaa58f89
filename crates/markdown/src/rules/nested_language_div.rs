//! `md/nested-language-div` (error): a language div opened while another is still open. Almost
//! always the outer block's closing `:::` was forgotten, so the outer block is read as ending
//! there and everything after it is read as if the `:::` had been written.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};
use shoko_vocab::Lang;

/// The code.
pub static CODE: Code = Code {
    name: "md/nested-language-div",
    severity: Severity::Error,
    stops_reading: true,
    summary: "a language div is opened while another language div is still open",
};

/// The diagnostic at the inner opening fence (`lang`), with the outer one's (`outer`) as the
/// secondary place.
pub fn diagnostic(span: Span, lang: Lang, outer_span: Span, outer: Lang) -> Diagnostic {
    Diagnostic::new(&CODE, format!("`:::{lang}` opens while the `:::{outer}` block is still open"), span)
        .with_label("opened here")
        .with_secondary(outer_span, format!("this `:::{outer}` block has no closing `:::` before it"))
        .with_hint(format!("add a line `:::` before `:::{lang}` to close the `:::{outer}` block; language blocks sit side by side, never one inside the other"))
}
