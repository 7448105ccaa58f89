//! Deserializing with the errors of several fields, not only the first: serde stops at the first
//! field that does not read, so that field is taken out of a copy of the value and the rest is
//! read again, until it reads or an error cannot be set aside that way. An error that only
//! follows from a field taken out (a required field now missing) ends the search unreported: its
//! cause was, and serde reads nothing after it.

use super::{DeError, Seg, YamlPath, from_value};
use serde::de::DeserializeOwned;
use std::borrow::Cow;

/// Errors reported for one value at most (each costs one more attempt).
const MOST: usize = 16;

/// `value` as a `T`, or every error found in it, in the order serde met them.
pub(super) fn deserialize_all<T: DeserializeOwned>(value: &yaml_serde::Value) -> Result<T, Vec<DeError>> {
    deserialize_partly(value).map_err(|(errors, _)| errors)
}

/// [`deserialize_all`], and with the errors, when it can be read without them, the value as
/// it was meant: each field that does not read taken out, or, for a value that is a slip of an
/// allowed one (`confirmd`), that value put in its place. So one mistake in an element does not
/// hide the others, which the rules find in the value so read.
pub(super) fn deserialize_partly<T: DeserializeOwned>(
    value: &yaml_serde::Value,
) -> Result<T, (Vec<DeError>, Option<T>)> {
    let mut value = Cow::Borrowed(value);
    let mut errors: Vec<DeError> = Vec::new();
    let mut taken: Vec<YamlPath> = Vec::new();
    loop {
        let error = match from_value::<T>(&value) {
            Ok(t) if errors.is_empty() => return Ok(t),
            Ok(t) => return Err((errors, Some(t))),
            Err(e) => e,
        };
        if follows_from(&error, &taken) {
            return Err((errors, None));
        }
        let error = narrowed::<T>(&value, error);
        let field = field_of(&error);
        let meant = meant_value(&error);
        errors.push(error);
        let Some(field) = field.filter(|_| errors.len() < MOST) else { return Err((errors, None)) };
        let set_aside = match meant {
            Some(meant) => super::put(value.to_mut(), &field.0, yaml_serde::Value::String(meant)),
            None => {
                let was = node(&value, &field).cloned();
                take_out(value.to_mut(), &field) && {
                    // The entry it was meant to be, when that key is not there already: a key
                    // misspelled (`scop`) under its name, `ja："初回計測"` read as one key split.
                    let meant = match (field.last_key().and_then(super::full_width_entry), was) {
                        (Some((key, written)), _) => Some((
                            key.to_owned(),
                            yaml_serde::Value::String(written.trim_matches(['"', '\'']).to_owned()),
                        )),
                        (None, Some(was)) => misspelled_key(errors.last()).map(|key| (key, was)),
                        (None, None) => None,
                    };
                    if let Some((key, meant)) = meant {
                        let at = field.parent().key(&key);
                        if node(&value, &at).is_none() {
                            super::put(value.to_mut(), &at.0, meant);
                        }
                    }
                    true
                }
            }
        };
        if !set_aside {
            return Err((errors, None));
        }
        taken.push(field);
    }
}

/// The allowed key an unknown one is a slip of (`unknown field `scop`, expected one of …`:
/// `scope`).
fn misspelled_key(error: Option<&DeError>) -> Option<String> {
    let rest = error?.message.strip_prefix("unknown field `")?;
    let (written, expected) = rest.split_once('`')?;
    let allowed = expected.split('`').skip(1).step_by(2);
    shoko_diagnostics::closest(allowed, written).map(str::to_owned)
}

/// The allowed value an unknown one is a slip of (`unknown variant `confirmd`, expected one of
/// …`: `confirmed`), by the rule every "did you mean" follows.
fn meant_value(error: &DeError) -> Option<String> {
    let rest = error.message.strip_prefix("unknown variant `")?;
    let (written, expected) = rest.split_once('`')?;
    let allowed = expected.split('`').skip(1).step_by(2);
    shoko_diagnostics::closest(allowed, written).map(str::to_owned)
}

/// The field `error` is about, when taking it out lets the rest be read: a key of a mapping
/// (an unknown one, or one whose value has the wrong type or value). An error at an element of
/// a list or a whole tagged item is not set aside (taking it out would renumber the others).
fn field_of(error: &DeError) -> Option<YamlPath> {
    let message = error.message.as_str();
    if let Some(rest) = message.strip_prefix("unknown field `") {
        let name = rest.split('`').next()?;
        return Some(if error.path.last_key() == Some(name) { error.path.clone() } else { error.path.key(name) });
    }
    let set_aside = ["invalid type: ", "invalid value: ", "unknown variant ", "invalid length "];
    (set_aside.iter().any(|p| message.starts_with(p)) && error.path.last_key().is_some()).then(|| error.path.clone())
}

/// `error` at the field that causes it, when serde could only name the item holding it: a
/// tagged item (a source, by its `basis`) is read whole, so a wrong type in one of its fields is
/// reported at the item. The field is the optional one without which the item reads.
fn narrowed<T: DeserializeOwned>(value: &yaml_serde::Value, error: DeError) -> DeError {
    let wrong = ["invalid type: ", "invalid value: "].iter().any(|p| error.message.starts_with(p));
    if !wrong || !matches!(error.path.0.last(), Some(Seg::Index(_))) {
        return error;
    }
    let Some(keys) = node(value, &error.path)
        .and_then(yaml_serde::Value::as_mapping)
        .map(|m| m.keys().filter_map(|k| k.as_str().map(str::to_owned)).collect::<Vec<String>>())
    else {
        return error;
    };
    for key in keys {
        let field = error.path.key(&key);
        let mut without = value.clone();
        if !take_out(&mut without, &field) {
            continue;
        }
        // Another error at the item itself (the tag or a required field now missing) tells
        // nothing; the item reading, or failing elsewhere, does.
        let gone = from_value::<T>(&without).map_or_else(|other| other.path != error.path, |_| true);
        if gone {
            return DeError { path: field, ..error };
        }
    }
    error
}

/// The node of `value` at `path`.
fn node<'v>(value: &'v yaml_serde::Value, path: &YamlPath) -> Option<&'v yaml_serde::Value> {
    path.0.iter().try_fold(value, |node, seg| match seg {
        Seg::Key(k) => node.get(k.as_str()),
        Seg::Index(i) => node.get(*i),
    })
}

/// Whether `error` is a required field missing because it was taken out, or because a
/// misspelling of it was (reported as that: see `de_error`).
fn follows_from(error: &DeError, taken: &[YamlPath]) -> bool {
    let Some(rest) = error.message.strip_prefix("missing field `") else { return false };
    let name = rest.split('`').next().unwrap_or("");
    taken.iter().any(|field| {
        *field == error.path.key(name)
            || (field.parent() == error.path
                && field.last_key().is_some_and(|key| shoko_diagnostics::closest([name], key).is_some()))
    })
}

/// Remove the key at `path` from `value`; whether it was there.
fn take_out(value: &mut yaml_serde::Value, path: &YamlPath) -> bool {
    let Some((Seg::Key(key), parents)) = path.0.split_last() else { return false };
    let mut node = value;
    for seg in parents {
        node = match seg {
            Seg::Key(k) => match node.get_mut(k.as_str()) {
                Some(next) => next,
                None => return false,
            },
            Seg::Index(i) => match node.get_mut(*i) {
                Some(next) => next,
                None => return false,
            },
        };
    }
    node.as_mapping_mut().and_then(|m| m.remove(key.as_str())).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Front {
        title: String,
        #[serde(default)]
        weight: i64,
        #[serde(default)]
        env: Vec<String>,
        inner: Option<Inner>,
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Inner {
        required: String,
        #[serde(default)]
        count: u32,
    }

    fn errors(yaml: &str) -> Vec<(String, String)> {
        let value: yaml_serde::Value = yaml_serde::from_str(yaml).expect("yaml");
        match deserialize_all::<Front>(&value) {
            Ok(_) => Vec::new(),
            Err(errors) => errors.into_iter().map(|e| (e.path.to_string(), e.message)).collect(),
        }
    }

    #[test]
    fn every_field_that_does_not_read_is_reported_once() {
        let found = errors("title: t\nweight: \"3\"\nenv: gfx1201\nsurprise: 1\n");
        let mut paths: Vec<&str> = found.iter().map(|(p, _)| p.as_str()).collect();
        paths.sort_unstable();
        assert_eq!(paths, ["env", "surprise", "weight"], "{found:?}");
        assert!(found.iter().any(|(p, m)| p == "surprise" && m.starts_with("unknown field `surprise`")), "{found:?}");
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(tag = "basis", rename_all = "snake_case", deny_unknown_fields)]
    #[allow(dead_code)]
    enum Source {
        Code { repo: String, lines: Option<[u32; 2]> },
        Runtime { command: String },
    }

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Sources {
        sources: Vec<Source>,
    }

    #[test]
    fn a_wrong_field_of_a_tagged_item_is_named_not_the_item() {
        let value: yaml_serde::Value = yaml_serde::from_str(
            "sources:\n  - { basis: runtime, command: x }\n  - { basis: code, repo: r, lines: \"10-20\" }\n",
        )
        .expect("yaml");
        let errors = deserialize_all::<Sources>(&value).expect_err("lines is not a pair");
        let paths: Vec<String> = errors.iter().map(|e| e.path.to_string()).collect();
        assert_eq!(paths, ["sources[1].lines"], "{errors:?}");
    }

    #[test]
    fn a_required_field_taken_out_is_not_reported_missing_too() {
        let found = errors("title: t\ninner: { required: 5, count: x }\n");
        let paths: Vec<&str> = found.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(paths, ["inner.required", "inner.count"], "{found:?}");
        assert_eq!(errors("title: t\ninner: { count: 2 }\n").len(), 1, "a field really missing is reported");
        let misspelled = errors("title: t\ninner: { requried: x }\n");
        assert_eq!(misspelled.len(), 1, "the misspelling, not also the field it stands for: {misspelled:?}");
        assert!(errors("title: t\nweight: 2\n").is_empty());
    }
}
