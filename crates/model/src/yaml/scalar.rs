//! What a scalar's text means, as `yaml_serde` reads it: the YAML 1.2 core schema for plain
//! scalars (`null`, `true`, `0x1f`, `6.10`, `.inf`, else text), quoted scalars as text, the core
//! tags (`!!int`, …) as checks, and other tags kept on the value.
//!
//! The rules are yaml_serde 0.9's own (`visit_scalar` and the `parse_*` helpers of its `de.rs`),
//! so swapping its parser for ours changed no value; a test in `load.rs` compares the two.

use saphyr_parser::{ScalarStyle, Tag};
use yaml_serde::value::{Tag as ValueTag, TaggedValue};
use yaml_serde::{Number, Value};

/// The value of a scalar event, or serde's message for a core tag whose text does not fit it.
pub(super) fn resolve(text: String, style: ScalarStyle, tag: Option<&Tag>) -> Result<Value, String> {
    let plain = style == ScalarStyle::Plain;
    let Some(tag) = tag else {
        return if plain { untagged(text) } else { Ok(Value::String(text)) };
    };
    if !tag.is_yaml_core_schema() {
        let value = if plain { untagged(text)? } else { Value::String(text) };
        return Ok(tagged(tag, value));
    }
    let checked = match tag.suffix.as_str() {
        "bool" => Some(parse_bool(&text).map(Value::Bool).ok_or("a boolean")),
        "int" => Some(int(&text).and_then(Result::ok).ok_or("an integer")),
        "float" => Some(parse_f64(&text).map(|f| Value::Number(f.into())).ok_or("a float")),
        "null" => Some(is_null(&text).then_some(Value::Null).ok_or("null")),
        _ => None,
    };
    match checked {
        Some(Ok(value)) => Ok(value),
        Some(Err(expected)) => Err(format!("invalid value: string {text:?}, expected {expected}")),
        None => Ok(Value::String(text)),
    }
}

/// `value` under a local tag (`!name`), as yaml_serde keeps it: named without the `!`, except
/// the bare non-specific tag `!` itself.
pub(super) fn tagged(tag: &Tag, value: Value) -> Value {
    let name = if tag.handle == "!" && !tag.suffix.is_empty() { tag.suffix.clone() } else { tag.to_string() };
    Value::Tagged(Box::new(TaggedValue { tag: ValueTag::new(name), value }))
}

/// A plain scalar without a tag.
fn untagged(text: String) -> Result<Value, String> {
    if text.is_empty() || is_null(&text) {
        return Ok(Value::Null);
    }
    if let Some(b) = parse_bool(&text) {
        return Ok(Value::Bool(b));
    }
    if let Some(n) = int(&text) {
        return n;
    }
    if !digits_but_not_number(&text)
        && let Some(f) = parse_f64(&text)
    {
        return Ok(Value::Number(f.into()));
    }
    Ok(Value::String(text))
}

fn is_null(text: &str) -> bool {
    matches!(text, "null" | "Null" | "NULL" | "~")
}

fn parse_bool(text: &str) -> Option<bool> {
    match text {
        "true" | "True" | "TRUE" => Some(true),
        "false" | "False" | "FALSE" => Some(false),
        _ => None,
    }
}

/// An integer, if the text is one. yaml_serde's value type has no 128-bit numbers and refuses
/// integers that need them; wider ones still are floats, as they were for yaml_serde.
fn int(text: &str) -> Option<Result<Value, String>> {
    if let Some(u) = parse_unsigned::<u64>(text) {
        return Some(Ok(Value::Number(Number::from(u))));
    }
    if let Some(i) = parse_negative::<i64>(text) {
        return Some(Ok(Value::Number(Number::from(i))));
    }
    if parse_unsigned::<u128>(text).is_some() || parse_negative::<i128>(text).is_some() {
        return Some(Err(format!("the integer `{text}` is too large: numbers must fit in 64 bits")));
    }
    None
}

/// The integer types yaml_serde tries, narrowest first.
trait Radix: Sized {
    fn from_str_radix(text: &str, radix: u32) -> Result<Self, std::num::ParseIntError>;
}

macro_rules! radix {
    ($($t:ty),*) => {$(impl Radix for $t {
        fn from_str_radix(text: &str, radix: u32) -> Result<Self, std::num::ParseIntError> {
            <$t>::from_str_radix(text, radix)
        }
    })*};
}
radix!(u64, i64, u128, i128);

/// `0x`, `0o`, `0b` or decimal digits, with an optional `+`.
fn parse_unsigned<T: Radix>(text: &str) -> Option<T> {
    let unsigned = text.strip_prefix('+').unwrap_or(text);
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] {
        if let Some(rest) = unsigned.strip_prefix(prefix) {
            if rest.starts_with(['+', '-']) {
                return None;
            }
            if let Ok(n) = T::from_str_radix(rest, radix) {
                return Some(n);
            }
        }
    }
    if unsigned.starts_with(['+', '-']) || digits_but_not_number(text) {
        return None;
    }
    T::from_str_radix(unsigned, 10).ok()
}

/// `-0x`, `-0o`, `-0b` or a negative decimal.
fn parse_negative<T: Radix>(text: &str) -> Option<T> {
    for (prefix, radix) in [("-0x", 16), ("-0o", 8), ("-0b", 2)] {
        if let Some(rest) = text.strip_prefix(prefix)
            && let Ok(n) = T::from_str_radix(&format!("-{rest}"), radix)
        {
            return Some(n);
        }
    }
    if digits_but_not_number(text) {
        return None;
    }
    T::from_str_radix(text, 10).ok()
}

fn parse_f64(text: &str) -> Option<f64> {
    let unsigned = match text.strip_prefix('+') {
        Some(rest) if rest.starts_with(['+', '-']) => return None,
        Some(rest) => rest,
        None => text,
    };
    match (unsigned, text) {
        (".inf" | ".Inf" | ".INF", _) => return Some(f64::INFINITY),
        (_, "-.inf" | "-.Inf" | "-.INF") => return Some(f64::NEG_INFINITY),
        (_, ".nan" | ".NaN" | ".NAN") => return Some(f64::NAN),
        _ => {}
    }
    unsigned.parse::<f64>().ok().filter(|f| f.is_finite())
}

/// Leading zeros followed by digits are text in YAML 1.2 (`0123`).
fn digits_but_not_number(text: &str) -> bool {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    digits.len() > 1 && digits.starts_with('0') && digits[1..].bytes().all(|b| b.is_ascii_digit())
}
