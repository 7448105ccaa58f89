//! `i18n/structure-mismatch` (warning): the two languages of a pair do not hold the same things:
//! a heading, a cited claim, a figure, a callout or component, a footnote or a formula in one
//! language and not in the other (`pairing::Shape::differences`). The two contents lists and the two sets
//! of cited claims would differ, and nothing else would say so until a later edit showed up as
//! translation drift.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};
use shoko_vocab::Lang;

/// The code.
pub static CODE: Code = Code {
    name: "i18n/structure-mismatch",
    severity: Severity::Warning,
    stops_reading: false,
    summary: "the two languages of a pair differ in their headings, cited claims, figures, callouts, components, footnotes or formulas",
};

/// The diagnostic at the `lang` div of a pair, whose partner (at `partner`) differs as `how`
/// says (each seen from this div).
pub fn diagnostic(span: Span, lang: Lang, partner: Span, how: &[String]) -> Diagnostic {
    let other = lang.other().code();
    Diagnostic::new(
        &CODE,
        format!("this `:::{}` does not hold what its `:::{other}` holds: {}", lang.code(), how.join("; ")),
        span,
    )
    .with_label("differs from its partner")
    .with_secondary(partner, format!("the `:::{other}` partner"))
    .with_hint("make both languages hold the same headings, citations, figures, callouts, footnotes and formulas (a translation may word them differently)")
}
