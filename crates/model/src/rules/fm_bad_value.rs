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
    // A history event's `to` or `from` is a class; a lifecycle change is written beside it.
    let is_class = field.ends_with(".to") || field.ends_with(".from");
    if is_class && matches!(value, "superseded" | "retracted" | "current") {
        return found.with_hint(format!(
            "`{value}` is a lifecycle, not a class: keep the class in `from` and `to` and add `lifecycle: {value}` to the event, e.g. `{{ date: …, from: confirmed, to: confirmed, lifecycle: {value}, reason: … }}`, and set `lifecycle: {value}` on the claim"
        ));
    }
    match super::closest(allowed, value) {
        Some(name) => found.with_hint(format!("did you mean `{name}`? allowed values: {allowed}")),
        None => found.with_hint(format!("allowed values: {allowed}")),
    }
}
