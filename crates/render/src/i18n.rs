//! UI strings from `i18n/ja.ftl` and `i18n/en.ftl` through fluent. Both files must define the
//! same keys; a key missing from either is an error naming the key, at its line in the file that
//! has it. Strings are formatted once at load time; templates read them from a map.

use crate::rules::i18n_ftl_syntax::CODE as FTL_SYNTAX;
use crate::rules::i18n_missing_key::CODE as MISSING_KEY;
use crate::rules::i18n_unknown_key::CODE as UNKNOWN_KEY;
use fluent::{FluentBundle, FluentResource};
use rustc_hash::FxHashMap;
use shoko_diagnostics::{Diagnostic, FileId, SourceMap, Span};
use shoko_markdown::Lang;
use std::collections::BTreeMap;

/// Formatted UI strings of both languages.
#[derive(Debug, Clone, Default)]
pub struct Ui {
    ja: BTreeMap<String, String>,
    en: BTreeMap<String, String>,
    /// Keys asked for and not defined, for the render to report (shared by its threads).
    missed: std::sync::Arc<std::sync::Mutex<std::collections::BTreeSet<String>>>,
    /// The same strings as template values (`ja`, `en`), made once: every page's template reads
    /// them as `ui`, and a tera value is shared by reference rather than copied into each page.
    values: [Option<tera::Value>; 2],
    /// The same strings hashed by key (`ja`, `en`), for [`Ui::get`]: the generator asks for a
    /// string about a thousand times a page, and a search of the ordered map compared keys
    /// eight times each.
    by_key: [FxHashMap<String, String>; 2],
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

    /// One string; a key the files lack is noted (see [`Ui::take_missed`]) and stands in.
    pub fn get<'a>(&'a self, lang: Lang, key: &'a str) -> &'a str {
        match self.by_key[lang as usize].get(key) {
            Some(text) => text,
            None => {
                self.missed.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(key.to_owned());
                key
            }
        }
    }

    /// The keys the generator asked for since the last call and the files do not define, as
    /// diagnostics: a render that needed them is not published.
    pub fn take_missed(&self) -> Vec<Diagnostic> {
        let missed = std::mem::take(&mut *self.missed.lock().unwrap_or_else(std::sync::PoisonError::into_inner));
        missed
            .into_iter()
            .map(|key| {
                Diagnostic::global(
                    &UNKNOWN_KEY,
                    format!(
                        "the generator needs the UI string `{key}`, which i18n/ja.ftl and i18n/en.ftl do not define"
                    ),
                )
                .with_hint(format!("add `{key} = …` to both files (the built-in files have it)"))
            })
            .collect()
    }

    /// The template keys (`ui["KEY"]`, `ja["KEY"]`, `en["KEY"]`) of `templates` that the files
    /// do not define, each at its place in its template.
    pub fn check_templates(&self, templates: &[(String, FileId)], sources: &SourceMap) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        for (name, file) in templates {
            let text = &sources.file(*file).text;
            // Pages read the strings as `ui["KEY"]`; the root and 404 pages, which show both
            // languages, as `ja["KEY"]` and `en["KEY"]`.
            let mut from = 0;
            while let Some(at) = ["ui[\"", "ja[\"", "en[\""].iter().filter_map(|p| text[from..].find(p)).min() {
                let start = from + at + 4;
                let Some(len) = text[start..].find('"') else { break };
                let key = &text[start..start + len];
                if !self.ja.contains_key(key) {
                    out.push(
                        Diagnostic::new(
                            &UNKNOWN_KEY,
                            format!("template {name} uses the UI string `{key}`, which the i18n files do not define"),
                            Span::new(*file, start..start + len),
                        )
                        .with_label("not defined")
                        .with_hint(format!("add `{key} = …` to i18n/ja.ftl and i18n/en.ftl, or correct the key")),
                    );
                }
                from = start + len;
            }
        }
        out
    }
}

/// Load and cross-check the strings of both languages: each from its files (`ja` and `en`, by
/// file id in `sources`), a later file's strings over an earlier one's.
pub fn load(ja: &[FileId], en: &[FileId], sources: &SourceMap) -> Result<Ui, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let ja_defined = layered(ja, "ja", sources, &mut errors);
    let en_defined = layered(en, "en", sources, &mut errors);
    // Named as the site's file, where the string goes, even when only the built-in one is read.
    let [ja_file, en_file] = Lang::ALL.map(shoko_vocab::layout::strings_file);
    for (have, lack_file, lack) in [(&ja_defined, &en_file, &en_defined), (&en_defined, &ja_file, &ja_defined)] {
        for (key, (_, have_file)) in have.iter().filter(|(k, _)| !lack.contains_key(*k)) {
            let have_file = *have_file;
            let file = sources.file(have_file);
            let span =
                key_span(&file.text, key).map_or_else(|| Span::file_start(have_file), |r| Span::new(have_file, r));
            errors.push(
                Diagnostic::new(&MISSING_KEY, format!("UI string `{key}` is missing from {lack_file}"), span)
                    .with_label("defined here only")
                    .with_hint(format!("add `{key} = …` to {lack_file}")),
            );
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let values_of = |defined: BTreeMap<String, (String, FileId)>| -> BTreeMap<String, String> {
        defined.into_iter().map(|(k, (v, _))| (k, v)).collect()
    };
    let (ja_strings, en_strings) = (values_of(ja_defined), values_of(en_defined));
    let values = [Some(tera::Value::from_serializable(&ja_strings)), Some(tera::Value::from_serializable(&en_strings))];
    let by_key =
        [&ja_strings, &en_strings].map(|strings| strings.iter().map(|(k, v)| (k.clone(), v.clone())).collect());
    Ok(Ui { ja: ja_strings, en: en_strings, missed: Default::default(), values, by_key })
}

/// The strings of `lang` from `files`, each over the ones before (a site's file over the
/// built-in one, so that it need hold only the strings it changes), with the file each comes
/// from.
fn layered(
    files: &[FileId],
    lang: &str,
    sources: &SourceMap,
    errors: &mut Vec<Diagnostic>,
) -> BTreeMap<String, (String, FileId)> {
    let mut defined = BTreeMap::new();
    for &file in files {
        defined.extend(strings(file, lang, sources, errors).into_iter().map(|(k, v)| (k, (v, file))));
    }
    defined
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
    let text = &sources.file(file).text;
    let at = |key: &str| key_span(text, key).map_or_else(|| Span::file_start(file), |r| Span::new(file, r));
    // A key defined twice: fluent keeps the first definition and says so.
    if let Err(duplicates) = bundle.add_resource(resource) {
        for e in duplicates {
            if let fluent::FluentError::Overriding { id, .. } = e {
                let span = second_key_span(text, &id).map_or_else(|| at(&id), |r| Span::new(file, r));
                errors.push(
                    Diagnostic::new(&FTL_SYNTAX, format!("UI string `{id}` is defined twice"), span)
                        .with_label("the second definition is ignored")
                        .with_hint("keep one definition of each key"),
                );
            }
        }
    }
    let mut out = BTreeMap::new();
    for key in keys {
        if out.contains_key(&key) {
            continue;
        }
        let Some(pattern) = bundle.get_message(&key).and_then(|m| m.value()) else { continue };
        let mut format_errors = Vec::new();
        let value = bundle.format_pattern(pattern, None, &mut format_errors).into_owned();
        if let Some(e) = format_errors.first() {
            errors.push(
                Diagnostic::new(&FTL_SYNTAX, format!("UI string `{key}` cannot be formatted: {e}"), at(&key))
                    .with_hint("UI strings are plain text: no variables, and references only to keys that exist"),
            );
        }
        out.insert(key, value);
    }
    out
}

/// The byte range of the second `key =` line's key, if there is one.
fn second_key_span(text: &str, key: &str) -> Option<std::ops::Range<usize>> {
    let first = key_span(text, key)?;
    key_span(&text[first.end..], key).map(|r| first.end + r.start..first.end + r.end)
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

    fn codes(ja: &str, en: &str) -> Vec<(&'static str, String)> {
        let mut sources = SourceMap::new();
        let (ja, en) = (sources.add("i18n/ja.ftl", ja), sources.add("i18n/en.ftl", en));
        load(&[ja], &[en], &sources).err().unwrap_or_default().into_iter().map(|d| (d.code.name, d.message)).collect()
    }

    #[test]
    fn keys_defined_twice_and_messages_that_cannot_be_formatted_are_reported() {
        let found = codes("a = あ\na = い\nb = { missing }\n", "a = A\nb = B\n");
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(found[0], ("i18n/ftl-syntax", String::from("UI string `a` is defined twice")));
        assert!(found[1].1.starts_with("UI string `b` cannot be formatted"), "{found:?}");
    }

    #[test]
    fn a_later_file_goes_over_an_earlier_one_and_keys_are_compared_across_all() {
        let mut sources = SourceMap::new();
        let built_in =
            [sources.add("ja (built-in)", "a = あ\nb = い\n"), sources.add("en (built-in)", "a = A\nb = B\n")];
        let site = [sources.add("i18n/ja.ftl", "a = 新\n"), sources.add("i18n/en.ftl", "a = New\n")];
        let ui = load(&[built_in[0], site[0]], &[built_in[1], site[1]], &sources).expect("complete");
        assert_eq!((ui.get(Lang::Ja, "a"), ui.get(Lang::En, "a")), ("新", "New"));
        assert_eq!((ui.get(Lang::Ja, "b"), ui.get(Lang::En, "b")), ("い", "B"), "the rest stays built in");
        let extra = sources.add("i18n/en.ftl", "c = only English\n");
        let errors = load(&[built_in[0]], &[built_in[1], extra], &sources).unwrap_err();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].primary.as_ref().map(|l| l.span.file), Some(extra), "at the file that has it");
    }

    #[test]
    fn keys_the_generator_asks_for_and_the_files_lack_are_noted_once() {
        let mut sources = SourceMap::new();
        let (ja, en) = (sources.add("i18n/ja.ftl", "a = あ\n"), sources.add("i18n/en.ftl", "a = A\n"));
        let ui = load(&[ja], &[en], &sources).expect("complete");
        assert_eq!(ui.get(Lang::En, "nav-home"), "nav-home");
        assert_eq!(ui.get(Lang::Ja, "nav-home"), "nav-home");
        let missed = ui.take_missed();
        assert_eq!(missed.len(), 1);
        assert!(missed[0].message.contains("`nav-home`"), "{}", missed[0].message);
        assert!(ui.take_missed().is_empty(), "taken");
    }

    #[test]
    fn keys_must_match_both_ways() {
        let mut sources = SourceMap::new();
        let ja = sources.add("i18n/ja.ftl", "a = あ\nonly-ja = の\n");
        let en = sources.add("i18n/en.ftl", "a = A\nonly-en = E\n");
        let errors = load(&[ja], &[en], &sources).unwrap_err();
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
        let ui = load(&[ja], &[en], &sources).unwrap();
        assert_eq!(ui.get(Lang::Ja, "a"), "確認済み");
        assert_eq!(ui.get(Lang::En, "a"), "Confirmed");
    }
}
