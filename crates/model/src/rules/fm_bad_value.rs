//! `fm/bad-value` (error): a field has a value outside its allowed set (e.g. an unknown evidence class).

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "fm/bad-value",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a field has a value outside its allowed set (e.g. an unknown evidence class).",
};

/// The diagnostic at the value; `allowed` lists the values (names in backticks are offered as
/// "did you mean" when one is close to `value`).
pub fn diagnostic(span: Span, field: &str, value: &str, allowed: &str) -> Diagnostic {
    let found = Diagnostic::new(&CODE, format!("`{field}` has unknown value `{value}`"), span)
        .with_label("not an allowed value");
    match super::closest(allowed, value) {
        Some(name) => found.with_hint(format!("did you mean `{name}`? allowed values: {allowed}")),
        None => found.with_hint(format!("allowed values: {allowed}")),
    }
}
