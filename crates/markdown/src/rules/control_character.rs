//! `md/control-character` (error): a page body holds a character no published text may hold
//! (`shoko_vocab::publishable`: a control other than tab and line breaks, a C1 control, a Unicode
//! noncharacter).
//!
//! They are not text: XML forbids them (one in a feed makes every reader reject the whole feed),
//! HTML forbids them, a browser shows them as boxes or drops them, and a terminal that prints the
//! page's text obeys them.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "md/control-character",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a page body holds a control character (NUL, ESC, form feed, a C1 control) or a Unicode noncharacter",
};

/// The diagnostic at the character `c`.
pub fn diagnostic(span: Span, c: char) -> Diagnostic {
    Diagnostic::new(
        &CODE,
        format!("U+{:04X} in the text is {}, which no published text may hold", u32::from(c), shoko_vocab::unpublishable_kind(c)),
        span,
    )
    .with_label("not text")
    .with_hint("delete it; it usually comes from a copied terminal output (write escape sequences as text, e.g. `\\e[2J`, inside backticks)")
}
