//! Turning a deserialization error (serde's message plus the path of the offending node) into a
//! diagnostic with the right code, place and hint.

use crate::locate::Locator;
use crate::rules::{fm_bad_value, fm_missing_field, fm_unknown_field, fm_unquoted_scalar, fm_wrong_type};
use crate::yaml::{DeError, YamlPath};
use shoko_diagnostics::{Diagnostic, Span};

/// The diagnostic for `error`, whose path is relative to `loc`'s base.
pub fn diagnostic(error: &DeError, loc: &Locator<'_>) -> Diagnostic {
    let message = error.message.as_str();
    let field = loc.path(&error.path).to_string();
    if let Some(rest) = message.strip_prefix("unknown field ") {
        let (name, expected) = split_expected(rest);
        // The path may or may not already end at the unknown key.
        let rel = if error.path.last_key() == Some(name.as_str()) { error.path.clone() } else { error.path.key(&name) };
        // A field of the schema in the wrong record: usually a line indented one level too deep.
        let parent = rel.parent();
        return match parent.last_key() {
            Some(parent)
                if crate::schema::is_field_anywhere(&name) && crate::rules::closest(&expected, &name).is_none() =>
            {
                fm_unknown_field::misplaced(loc.key_span(&rel), &name, parent, &expected)
            }
            _ => fm_unknown_field::diagnostic(loc.key_span(&rel), &name, &expected),
        };
    }
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        let (value, expected) = split_expected(rest);
        return fm_bad_value::diagnostic(loc.span(&error.path), &field, &value, &expected);
    }
    if let Some(rest) = message.strip_prefix("missing field ") {
        let name = rest.trim_matches('`');
        // A required field missing next to a misspelling of it: the misspelling is the cause.
        let entries = loc.positions.entries(&loc.path(&error.path));
        if let Some(written) =
            entries.iter().map(|(key, _)| *key).find(|key| shoko_diagnostics::closest([name], key).is_some())
        {
            let rel = error.path.key(written);
            return fm_unknown_field::misspelled_required(loc.key_span(&rel), written, name);
        }
        let span = container_span(loc, &error.path);
        return fm_missing_field::diagnostic(span, &field, name);
    }
    if let Some(rest) = message.strip_prefix("invalid type: ") {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, "another type"));
        if expected == "a string"
            && let Some(read) = retyped(found)
            && let Some(pos) = loc.positions.exact(&loc.path(&error.path))
            && let Some(crate::yaml::Scalar::Plain(raw)) = &pos.scalar
        {
            return fm_unquoted_scalar::diagnostic(loc.span(&error.path), &field, raw, &read);
        }
        // A tagged item (a source, by its `basis`) is read whole, so the path stops at the item:
        // the field is the one whose unquoted value YAML re-typed to what serde found.
        if expected == "a string"
            && let Some(read) = retyped(found)
            && let Some((key, raw)) = retyped_entry(loc, &error.path, found)
        {
            let rel = error.path.key(&key);
            return fm_unquoted_scalar::diagnostic(loc.span(&rel), &loc.path(&rel).to_string(), &raw, &read);
        }
        return fm_wrong_type::diagnostic(loc.span(&error.path), &field, &describe(found), &describe(expected));
    }
    if let Some(rest) = message.strip_prefix("invalid length ") {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, "another length"));
        return fm_wrong_type::diagnostic(loc.span(&error.path), &field, &format!("a list of {found}"), expected);
    }
    fm_wrong_type::diagnostic(loc.span(&error.path), &field, "invalid", message)
}

/// Splits "`name`, expected one of `a`, `b`" into the name and the expectation.
fn split_expected(rest: &str) -> (String, String) {
    let (name, expected) = rest.split_once(", ").unwrap_or((rest, ""));
    let expected =
        expected.strip_prefix("expected one of ").or_else(|| expected.strip_prefix("expected ")).unwrap_or(expected);
    let expected = if expected.is_empty() || expected == "there are no fields" { "no fields" } else { expected };
    (name.trim_matches('`').to_owned(), expected.to_owned())
}

/// What an unquoted scalar was read as, if YAML re-typed it.
fn retyped(found: &str) -> Option<String> {
    let value = found.split('`').nth(1)?;
    if found.starts_with("floating point") || found.starts_with("integer") {
        Some(format!("the number {value}"))
    } else if found.starts_with("boolean") {
        Some(format!("the boolean {value}"))
    } else {
        None
    }
}

/// The entry of the mapping at `path` whose unquoted value YAML read as `found` (serde's words,
/// e.g. "floating point `0.1`"): its key and its text as written.
fn retyped_entry(loc: &Locator<'_>, path: &YamlPath, found: &str) -> Option<(String, String)> {
    let value = found.split('`').nth(1)?;
    let same = |raw: &str| match found.split(' ').next()? {
        "floating" => Some(raw.parse::<f64>().ok()? == value.parse::<f64>().ok()?),
        "integer" => Some(raw.replace('_', "").parse::<i128>().ok()? == value.parse::<i128>().ok()?),
        "boolean" => Some(raw.eq_ignore_ascii_case(value)),
        _ => None,
    };
    loc.positions.entries(&loc.path(path)).into_iter().find_map(|(key, pos)| match &pos.scalar {
        Some(crate::yaml::Scalar::Plain(raw)) if same(raw) == Some(true) => Some((key.to_owned(), raw.clone())),
        _ => None,
    })
}

/// serde's words for YAML shapes, in the words the authors use.
fn describe(serde_words: &str) -> String {
    match serde_words {
        "unit value" => String::from("empty (null)"),
        "map" | "a map" => String::from("a mapping"),
        "sequence" | "a sequence" => String::from("a list"),
        other if other.starts_with("string ") => format!("the text {}", &other[7..]),
        other if other.starts_with("struct ") => String::from("a mapping"),
        // serde names Rust's number types; an author wrote a number.
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => String::from("a whole number"),
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" => String::from("a whole number, 0 or more"),
        "f32" | "f64" => String::from("a number"),
        "a boolean" | "bool" => String::from("true or false"),
        other => other.to_owned(),
    }
}

/// Where to point for a field missing from the mapping at `path`: the key that introduces the
/// mapping, or the mapping's first line for list items.
fn container_span(loc: &Locator<'_>, path: &YamlPath) -> Span {
    let full = loc.path(path);
    let pos = loc.positions.get(&full);
    Span::new(loc.file, pos.key.unwrap_or(pos.value.start..pos.value.start))
}
