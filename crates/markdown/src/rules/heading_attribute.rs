//! `md/heading-attribute` (error): a heading's attribute block holds more than `{#id .class}`.
//!
//! pulldown-cmark reads `## Title {#id .class key=value}`; a `key=value` pair would put any
//! attribute, event handlers included, on the heading. Only the ID and classes are read.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "md/heading-attribute",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a heading's attribute block holds more than an `#id` and `.class`es",
};

/// The diagnostic at the heading.
pub fn diagnostic(span: Span, names: &[String]) -> Diagnostic {
    let list = names.iter().map(|n| format!("`{}`", n.escape_debug())).collect::<Vec<_>>().join(", ");
    Diagnostic::new(&CODE, format!("heading attribute {list} is not allowed"), span)
        .with_label("only `{#id .class}` is read")
        .with_hint("keep `{#id}` for a stable anchor and `.class` for styling; remove the other attributes")
}
