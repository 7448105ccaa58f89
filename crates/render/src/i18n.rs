//! UI strings from `i18n/ja.ftl` and `i18n/en.ftl` through fluent. Both files must define the
//! same keys; a key missing from either is an error naming the key, at its line in the file that
//! has it. Strings are formatted once at load time; templates read them from a map.

use fluent::{FluentBundle, FluentResource};
use shoko_diagnostics::{Code, Diagnostic, FileId, Severity, SourceMap, Span};
use shoko_markdown::Lang;
use std::collections::BTreeMap;

/// A key exists in one language file only.
pub static MISSING_KEY: Code = Code {
    name: "i18n/missing-key",
    severity: Severity::Error,
    summary: "a UI string key exists in one of i18n/ja.ftl and i18n/en.ftl but not in the other.",
};

/// An `.ftl` file does not parse.
pub static FTL_SYNTAX: Code = Code {
    name: "i18n/ftl-syntax",
    severity: Severity::Error,
    summary: "a UI string file under i18n/ is not valid Fluent syntax.",
};

/// Formatted UI strings of both languages.
#[derive(Debug, Clone, Default)]
pub struct Ui {
    ja: BTreeMap<String, String>,
    en: BTreeMap<String, String>,
    /// The same strings as template values (`ja`, `en`), made once: every page's template reads
    /// them as `ui`, and a tera value is shared by reference rather than copied into each page.
    values: [Option<tera::Value>; 2],
}

impl Ui {
    /// All strings of `lang`, by key.
    pub fn strings(&self, lang: Lang) -> &BTreeMap<String, String> {
        match lang {
            Lang::Ja => &self.ja,
            Lang::En => &self.en,
        }
    }

    /// All strings of `lang` as the template value `ui`.
    pub fn value(&self, lang: Lang) -> tera::Value {
        let slot = match lang {
            Lang::Ja => &self.values[0],
            Lang::En => &self.values[1],
        };
        slot.clone().unwrap_or_else(|| tera::Value::from_serializable(self.strings(lang)))
    }

    /// One string (the key itself if it is missing, which `load` has already reported).
    pub fn get<'a>(&'a self, lang: Lang, key: &'a str) -> &'a str {
        self.strings(lang).get(key).map_or(key, String::as_str)
    }
}

/// Load and cross-check the two files (`ja` and `en`, by file id in `sources`).
pub fn load(ja: FileId, en: FileId, sources: &SourceMap) -> Result<Ui, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let ja_strings = strings(ja, "ja", sources, &mut errors);
    let en_strings = strings(en, "en", sources, &mut errors);
    for (have, have_file, lack_file, lack) in [(&ja_strings, ja, en, &en_strings), (&en_strings, en, ja, &ja_strings)] {
        for key in have.keys().filter(|k| !lack.contains_key(*k)) {
            let file = sources.file(have_file);
            let span =
                key_span(&file.text, key).map_or_else(|| Span::file_start(have_file), |r| Span::new(have_file, r));
            errors.push(
                Diagnostic::new(
                    &MISSING_KEY,
                    format!("UI string `{key}` is missing from {}", sources.file(lack_file).path),
                    span,
                )
                .with_label("defined here only")
                .with_hint(format!("add `{key} = …` to {}", sources.file(lack_file).path)),
            );
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let values = [Some(tera::Value::from_serializable(&ja_strings)), Some(tera::Value::from_serializable(&en_strings))];
    Ok(Ui { ja: ja_strings, en: en_strings, values })
}

fn strings(file: FileId, lang: &str, sources: &SourceMap, errors: &mut Vec<Diagnostic>) -> BTreeMap<String, String> {
    let text = sources.file(file).text.clone();
    let resource = match FluentResource::try_new(text) {
        Ok(r) => r,
        Err((r, parse_errors)) => {
            for e in parse_errors {
                errors.push(
                    Diagnostic::new(&FTL_SYNTAX, format!("invalid Fluent syntax: {}", e.kind), Span::new(file, e.pos))
                        .with_hint("write one `key = text` per line; see projectfluent.org for the syntax"),
                );
            }
            r
        }
    };
    let keys: Vec<String> = resource
        .entries()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_owned()),
            _ => None,
        })
        .collect();
    let langid: unic_langid::LanguageIdentifier = lang.parse().unwrap_or_default();
    let mut bundle = FluentBundle::new(vec![langid]);
    bundle.set_use_isolating(false);
    // Duplicate keys are reported by fluent; the first definition wins.
    let _ = bundle.add_resource(resource);
    let mut out = BTreeMap::new();
    for key in keys {
        let Some(pattern) = bundle.get_message(&key).and_then(|m| m.value()) else { continue };
        let mut format_errors = Vec::new();
        let value = bundle.format_pattern(pattern, None, &mut format_errors).into_owned();
        out.insert(key, value);
    }
    out
}

/// The byte range of `key` at the start of its `key =` line.
fn key_span(text: &str, key: &str) -> Option<std::ops::Range<usize>> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.strip_prefix(key).is_some_and(|rest| rest.trim_start().starts_with('=')) {
            return Some(offset..offset + key.len());
        }
        offset += line.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_must_match_both_ways() {
        let mut sources = SourceMap::new();
        let ja = sources.add("i18n/ja.ftl", "a = あ\nonly-ja = の\n");
        let en = sources.add("i18n/en.ftl", "a = A\nonly-en = E\n");
        let errors = load(ja, en, &sources).unwrap_err();
        let messages: Vec<&str> = errors.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(
            messages,
            ["UI string `only-ja` is missing from i18n/en.ftl", "UI string `only-en` is missing from i18n/ja.ftl"]
        );
        assert_eq!(errors[0].primary.as_ref().unwrap().span.range, 8..15, "`only-ja` after the 8 bytes of `a = あ\\n`");
    }

    #[test]
    fn strings_are_formatted_without_isolation_marks() {
        let mut sources = SourceMap::new();
        let ja = sources.add("i18n/ja.ftl", "a = 確認済み\n");
        let en = sources.add("i18n/en.ftl", "a = Confirmed\n");
        let ui = load(ja, en, &sources).unwrap();
        assert_eq!(ui.get(Lang::Ja, "a"), "確認済み");
        assert_eq!(ui.get(Lang::En, "a"), "Confirmed");
    }
}
