//! `md/too-deep` (error): fenced divs nested deeper than [`MAX_DEPTH`] levels, or Markdown
//! elements (quotes, lists, emphasis, …) nested deeper than 64.
//!
//! The div tree is walked recursively (parity, links, rendering); bounding its depth keeps every
//! walk within the stack, whatever a file holds. Real pages nest two or three levels (a callout
//! around a language pair). Deeply nested Markdown makes the HTML walks that follow (the
//! sanitiser's above all) grow with the square of the depth.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The deepest nesting of fenced divs read; fences further in are reported once and ignored.
pub const MAX_DEPTH: usize = 16;

/// The code.
pub static CODE: Code = Code {
    name: "md/too-deep",
    severity: Severity::Error,
    stops_reading: true,
    summary: "fenced divs are nested more than 16 levels deep",
};

/// The diagnostic at the first fence that opens a div past the limit.
pub fn diagnostic(span: Span) -> Diagnostic {
    Diagnostic::new(&CODE, format!("fenced divs are nested more than {MAX_DEPTH} levels deep"), span)
        .with_label(format!("level {}", MAX_DEPTH + 1))
        .with_hint("close divs before opening new ones; pages need two or three levels (a callout around a `:::ja`/`:::en` pair)")
}

/// The diagnostic at the first Markdown element nested past the limit.
pub fn markdown(span: Span) -> Diagnostic {
    Diagnostic::new(&CODE, "Markdown elements (quotes, lists, emphasis) are nested more than 64 levels deep", span)
        .with_label("level 65")
        .with_hint("flatten the quotes or lists; a page needs a few levels")
}
