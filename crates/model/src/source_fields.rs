//! Where the fields of one source of a claim are written in its file: for diagnostics about the
//! source (found after validation, by `shoko-upstream`) and for `shoko pin`, which edits the
//! text at these spans instead of writing the YAML out again.

use crate::frontmatter;
use crate::validate::{CLAIMS_FIELD, SourceKind};
use crate::yaml::{self, NodePos, Origin, YamlDoc, YamlPath};
use shoko_diagnostics::SourceFile;
use std::ops::Range;

/// One source of one claim, located in the text of its file.
pub struct SourceFields {
    doc: YamlDoc,
    path: YamlPath,
    text: String,
}

impl SourceFields {
    /// Source `source` (its index in `sources`) of claim `claim` in `text`, a file of kind
    /// `kind`; `None` when the file does not parse or has no such source.
    pub fn find(kind: SourceKind, text: &str, claim: &str, source: usize) -> Option<SourceFields> {
        let yaml_range = match kind {
            SourceKind::Page => frontmatter::split(text).ok()?.yaml,
            _ => 0..text.len(),
        };
        let file = SourceFile::new(String::new(), text.to_owned());
        let doc = yaml::parse(&text[yaml_range.clone()], Origin { file: &file, start: yaml_range.start }).ok()?;
        let index = doc.index_of(CLAIMS_FIELD, claim)?;
        let path = YamlPath::root().key(CLAIMS_FIELD).index(index).key("sources").index(source);
        doc.positions.exact(&path)?;
        Some(SourceFields { doc, path, text: text.to_owned() })
    }

    fn node(&self, field: Option<&str>) -> Option<&NodePos> {
        match field {
            Some(field) => self.doc.positions.exact(&self.path.key(field)),
            None => self.doc.positions.exact(&self.path),
        }
    }

    /// Where the source (its mapping) starts in the file.
    pub fn start(&self) -> usize {
        self.node(None).map_or(0, |n| n.value.start)
    }

    /// The value of `field`, if the source has it; a flow list or mapping (`[93, 95]`) whole.
    pub fn value(&self, field: &str) -> Option<Range<usize>> {
        let value = self.node(Some(field))?.value.clone();
        Some(value.start..self.flow_end(value.start).unwrap_or(value.end))
    }

    /// Where the flow collection opening at `start` closes (past its bracket), if one does.
    fn flow_end(&self, start: usize) -> Option<usize> {
        let rest = self.text.get(start..)?;
        if !rest.starts_with(['[', '{']) {
            return None;
        }
        let (mut depth, mut quote) = (0usize, None);
        for (i, c) in rest.char_indices() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') => quote = Some(c),
                (None, '[' | '{') => depth += 1,
                (None, ']' | '}') => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(start + i + 1);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// Whether the source is written as a flow mapping (`{ basis: …, repo: … }`).
    pub fn is_flow(&self) -> bool {
        self.text.get(self.start()..).is_some_and(|rest| rest.starts_with('{'))
    }

    /// The key of `field`, if the source has it.
    pub fn key(&self, field: &str) -> Option<Range<usize>> {
        self.node(Some(field)).and_then(|n| n.key.clone())
    }

    /// The best span to point at for `field`: its value, else the source's start.
    pub fn span(&self, field: &str) -> Range<usize> {
        self.value(field).unwrap_or(self.start()..self.start())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "claims:\n  - id: a\n    sources:\n      - { basis: runtime, command: x, output: y }\n      - basis: source_code\n        repo: ROCm/rocBLAS\n        path: \"library/src/handle.cpp\"\n        lines: [93, 95]\n";

    #[test]
    fn fields_of_a_block_source_are_found_by_claim_and_index() {
        let fields = SourceFields::find(SourceKind::Log, LOG, "a", 1).expect("the source");
        let at = |r: Range<usize>| &LOG[r];
        assert_eq!(at(fields.value("path").expect("path")), "\"library/src/handle.cpp\"");
        assert_eq!(at(fields.key("lines").expect("lines")), "lines");
        assert_eq!(at(fields.value("lines").expect("lines")), "[93, 95]");
        assert!(fields.value("commit").is_none());
        assert!(LOG[fields.start()..].starts_with("basis: source_code"));
        assert!(!fields.is_flow());
        let flow = SourceFields::find(SourceKind::Log, LOG, "a", 0).expect("the flow source");
        assert!(flow.is_flow());
        assert_eq!(at(flow.value("output").expect("output")), "y");
        assert!(SourceFields::find(SourceKind::Log, LOG, "a", 2).is_none());
        assert!(SourceFields::find(SourceKind::Log, LOG, "b", 0).is_none());
    }
}
