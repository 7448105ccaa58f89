//! `fm/unknown-field` (error): a field that the schema does not define (often a misspelling).

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "fm/unknown-field",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a field that the schema does not define (often a misspelling).",
};

/// The diagnostic at the unknown key. `expected` is the list serde gives (names in backticks).
/// A key that holds full-width spaces or colons is named as the typing slip it is; otherwise the
/// closest allowed name, if one is close, is offered.
pub fn diagnostic(span: Span, field: &str, expected: &str) -> Diagnostic {
    let found = Diagnostic::new(&CODE, format!("unknown field `{field}`"), span);
    if field.contains(['\u{3000}', '：']) {
        let bare = field.trim_matches(|c: char| c.is_whitespace() || c == '：');
        return found.with_label("typed with full-width characters").with_hint(format!(
            "the key holds full-width spaces `　` (U+3000) or a full-width colon `：` from a Japanese input method: indent with plain spaces and write `{bare}:`"
        ));
    }
    let found = found.with_label("not part of the schema");
    match super::closest(expected, field) {
        Some(name) => found.with_hint(format!("did you mean `{name}`? allowed here: {expected}")),
        None => found.with_hint(format!("allowed here: {expected}")),
    }
}
