//! `md/too-deep` (error): fenced divs nested deeper than [`MAX_DEPTH`] levels.
//!
//! The div tree is walked recursively (parity, links, rendering); bounding its depth keeps every
//! walk within the stack, whatever a file holds. Real pages nest two or three levels (a callout
//! around a language pair).

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The deepest nesting of fenced divs read; fences further in are reported once and ignored.
pub const MAX_DEPTH: usize = 16;

/// The code.
pub static CODE: Code =
    Code { name: "md/too-deep", severity: Severity::Error, summary: "fenced divs are nested more than 16 levels deep" };

/// The diagnostic at the first fence that opens a div past the limit.
pub fn diagnostic(span: Span) -> Diagnostic {
    Diagnostic::new(&CODE, format!("fenced divs are nested more than {MAX_DEPTH} levels deep"), span)
        .with_label(format!("level {}", MAX_DEPTH + 1))
        .with_hint("close divs before opening new ones; pages need two or three levels (a callout around a `:::ja`/`:::en` pair)")
}
