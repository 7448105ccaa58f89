//! The bilingual texts of a YAML document: every mapping of exactly `ja` and `en` text, wherever
//! it sits (titles, claim texts, details, reasons, captions), with a name that stays put while
//! the document is edited around it.

use super::{Positions, Seg, YamlDoc, YamlPath};
use std::ops::Range;

/// One bilingual text of a document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bilingual<'a> {
    /// Where it is: `title`, `claims[gfx1201-family].text`, `claims[x].history[0].reason`.
    /// A list item with an `id` is named by it, any other by its index.
    pub name: String,
    /// The Japanese and English texts with their byte ranges in the file.
    pub texts: [(&'a str, Range<usize>); 2],
}

impl YamlDoc {
    /// Every bilingual text of the document, in document order.
    pub fn bilingual(&self) -> Vec<Bilingual<'_>> {
        let mut out = Vec::new();
        walk(&self.value, &self.positions, &mut YamlPath::root(), &mut String::new(), &mut out);
        out
    }
}

/// Add the bilingual texts in `value` (at `path`, named `name`) to `out`. The path and the name
/// are each built in one place, each level pushing its part and taking it off again, and the name
/// is copied only for a text found: a path and a name made for every node were 1.6% of a cold
/// build's instructions.
fn walk<'a>(
    value: &'a yaml_serde::Value,
    positions: &Positions,
    path: &mut YamlPath,
    name: &mut String,
    out: &mut Vec<Bilingual<'a>>,
) {
    use std::fmt::Write;
    let parent = name.len();
    match value {
        yaml_serde::Value::Mapping(map) => {
            let text = |lang: &str| map.get(lang).and_then(yaml_serde::Value::as_str);
            if let (2, Some(ja), Some(en)) = (map.len(), text("ja"), text("en")) {
                let mut span = |lang: &str| {
                    path.0.push(Seg::Key(lang.to_owned()));
                    let span = positions.get(path).value;
                    path.0.pop();
                    span
                };
                let texts = [(ja, span("ja")), (en, span("en"))];
                out.push(Bilingual { name: name.clone(), texts });
                return;
            }
            for (key, child) in map {
                let Some(key) = key.as_str() else { continue };
                if parent > 0 {
                    name.push('.');
                }
                name.push_str(key);
                path.0.push(Seg::Key(key.to_owned()));
                walk(child, positions, path, name, out);
                path.0.pop();
                name.truncate(parent);
            }
        }
        yaml_serde::Value::Sequence(items) => {
            for (i, item) in items.iter().enumerate() {
                match item.get("id").and_then(yaml_serde::Value::as_str) {
                    Some(id) => write!(name, "[{id}]"),
                    None => write!(name, "[{i}]"),
                }
                .unwrap_or_default();
                path.0.push(Seg::Index(i));
                walk(item, positions, path, name, out);
                path.0.pop();
                name.truncate(parent);
            }
        }
        yaml_serde::Value::Tagged(tagged) => walk(&tagged.value, positions, path, name, out),
        _ => {}
    }
}
