//! The bilingual texts of a YAML document: every mapping of exactly `ja` and `en` text, wherever
//! it sits (titles, claim texts, details, reasons, captions), with a name that stays put while
//! the document is edited around it.

use super::{Positions, YamlDoc, YamlPath};
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
        walk(&self.value, &self.positions, &YamlPath::root(), String::new(), &mut out);
        out
    }
}

fn walk<'a>(
    value: &'a yaml_serde::Value,
    positions: &Positions,
    path: &YamlPath,
    name: String,
    out: &mut Vec<Bilingual<'a>>,
) {
    match value {
        yaml_serde::Value::Mapping(map) => {
            let text = |lang: &str| map.get(lang).and_then(yaml_serde::Value::as_str);
            if let (2, Some(ja), Some(en)) = (map.len(), text("ja"), text("en")) {
                let span = |lang: &str| positions.get(&path.key(lang)).value;
                out.push(Bilingual { name, texts: [(ja, span("ja")), (en, span("en"))] });
                return;
            }
            for (key, child) in map {
                let Some(key) = key.as_str() else { continue };
                let child_name = if name.is_empty() { key.to_owned() } else { format!("{name}.{key}") };
                walk(child, positions, &path.key(key), child_name, out);
            }
        }
        yaml_serde::Value::Sequence(items) => {
            for (i, item) in items.iter().enumerate() {
                let id = item.get("id").and_then(yaml_serde::Value::as_str);
                let child_name = match id {
                    Some(id) => format!("{name}[{id}]"),
                    None => format!("{name}[{i}]"),
                };
                walk(item, positions, &path.index(i), child_name, out);
            }
        }
        yaml_serde::Value::Tagged(tagged) => walk(&tagged.value, positions, path, name, out),
        _ => {}
    }
}
