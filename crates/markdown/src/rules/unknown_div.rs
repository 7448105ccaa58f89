//! `md/unknown-div` (error): a fenced div of a kind the generator does not know.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "md/unknown-div",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a fenced div names an unknown kind",
};

/// The diagnostic at the opening fence.
pub fn diagnostic(span: Span, word: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("unknown div `:::{word}`"), span)
        .with_label("not a language or component")
        .with_hint("use `:::ja`, `:::en`, `::::callout confirmed|inferred|unresolved|limited` or a component: `::: generations`, `::: can-show`, `::: claim-table`, `::: phases`, `::: timeline`, `::: call-chain`, `::: figure`, `::: next`")
}
