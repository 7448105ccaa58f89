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
    if let Some(rest) = field.strip_prefix('＃') {
        return found.with_label("a comment typed with a full-width `＃`").with_hint(format!(
            "`＃` (U+FF03) comes from a Japanese input method and YAML reads the line as a key; a comment starts with `#`: write `#{rest}`"
        ));
    }
    // `ja："初回計測"`: a key, a full-width colon, the value, read together as one key.
    if let Some((key, value)) = crate::yaml::full_width_entry(field) {
        return found.with_label("a full-width colon `：` after the key").with_hint(format!(
            "the colon `：` (U+FF1A) comes from a Japanese input method, so the key and the value were read as one key: write `{key}: {value}`"
        ));
    }
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

/// The diagnostic for `field`, a field of some other record, under `parent`: read as one of
/// `parent`'s fields because it is indented as deep as they are.
pub fn misplaced(span: Span, field: &str, parent: &str, expected: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("unknown field `{field}` in `{parent}`"), span)
        .with_label(format!("read as a field of `{parent}`, which allows {expected}"))
        .with_hint(format!(
            "`{field}` is indented as deep as `{parent}`'s own fields; to put it beside `{parent}`, indent it as `{parent}:` is"
        ))
}

/// The diagnostic at `written`, a misspelling of `required`, a field this record must have.
pub fn misspelled_required(span: Span, written: &str, required: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("unknown field `{written}`"), span)
        .with_label(format!("`{required}` is required here and missing"))
        .with_hint(format!("did you mean `{required}`?"))
}
