//! `md/control-character` (error): a control character in a page body.
//!
//! NUL, ESC and the other C0 and C1 controls are not text: HTML forbids them, a browser shows
//! them as boxes or drops them, and a terminal that prints the page's text obeys them. Tabs,
//! line breaks and form feeds are the only controls a body may hold.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "md/control-character",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a page body holds a control character (NUL, ESC, …) other than tab, line break or form feed",
};

/// Whether `c` may not appear in a body.
pub fn forbidden(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\u{c}')
}

/// The diagnostic at the character `c`.
pub fn diagnostic(span: Span, c: char) -> Diagnostic {
    Diagnostic::new(&CODE, format!("control character U+{:04X} in the text", u32::from(c)), span)
        .with_label("not text")
        .with_hint("delete it; it usually comes from a copied terminal output (write escape sequences as text, e.g. `\\e[2J`, inside backticks)")
}
