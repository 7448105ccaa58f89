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
        Some(value.start..yaml::flow_end(&self.text, value.start).unwrap_or(value.end))
    }

    /// The replacement that writes `value` into `field`, in the style it is written
    /// (`yaml::YamlDoc::replace`), if the source has that field.
    pub fn replace(&self, field: &str, value: &yaml::Set) -> Option<yaml::Replace> {
        self.doc.replace(&self.text, &self.path.key(field), value)
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

/// What `shoko pin` writes into one source: the commit, and the lines when they change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pinned {
    /// The commit, in full.
    pub commit: String,
    /// The lines, when they are written.
    pub lines: Option<[u32; 2]>,
    /// The path, when the file moved upstream.
    pub path: Option<String>,
}

/// Check an edit of `old` into `edited` (a file of kind `kind`) that pins source `source` of
/// claim `claim` as `pinned`: the edited text must parse, hold exactly those values there, and
/// be otherwise the same document (every other value, and a page's body byte for byte). Why
/// not, when it is not.
pub fn check_pin(
    kind: SourceKind,
    old: &str,
    edited: &str,
    claim: &str,
    source: usize,
    pinned: &Pinned,
) -> Result<(), String> {
    fn parsed(kind: SourceKind, text: &str) -> Result<(YamlDoc, &str), String> {
        let (yaml, body) = match kind {
            SourceKind::Page => {
                let split = frontmatter::split(text).map_err(|_| "the front-matter no longer splits".to_owned())?;
                (split.yaml, &text[split.body])
            }
            _ => (0..text.len(), ""),
        };
        let file = SourceFile::new(String::new(), text.to_owned());
        let doc = yaml::parse(&text[yaml.clone()], Origin { file: &file, start: yaml.start })
            .map_err(|e| format!("the edited text does not parse: {}", e.message))?;
        Ok((doc, body))
    }
    let (before, old_body) = parsed(kind, old)?;
    let (after, new_body) = parsed(kind, edited)?;
    let index = before.index_of(CLAIMS_FIELD, claim).ok_or("the claim is not in the file")?;
    let at = YamlPath::root().key(CLAIMS_FIELD).index(index).key("sources").index(source);
    let mut set = vec![(at.key("commit"), yaml::Set::Text(pinned.commit.clone()))];
    if let Some([a, b]) = pinned.lines {
        set.push((at.key("lines"), yaml::Set::Numbers(vec![a.into(), b.into()])));
    }
    if let Some(path) = &pinned.path {
        set.push((at.key("path"), yaml::Set::Text(path.clone())));
    }
    if old_body != new_body || !before.is_edited_to(&set, &after) {
        return Err("the edited text would not hold exactly the pinned values (a YAML style the edit does not handle)"
            .to_owned());
    }
    Ok(())
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

    #[test]
    fn a_pin_edit_must_hold_exactly_the_pinned_values_and_nothing_else() {
        let pinned = Pinned { commit: "abc".to_owned(), lines: Some([10, 12]), path: None };
        let good = LOG.replace("lines: [93, 95]", "commit: \"abc\"\n        lines: [10, 12]");
        assert_eq!(check_pin(SourceKind::Log, LOG, &good, "a", 1, &pinned), Ok(()));
        // A value glued to the next key, a list broken, another field touched: refused.
        let glued = LOG.replace("lines: [93, 95]", "commit: \"abc\" lines: [10, 12]");
        let broken = LOG.replace("lines: [93, 95]", "commit: abc\n        lines: [10, 12]- 10");
        let other = good.replace("command: x", "command: z");
        for edited in [&glued, &broken, &other, &LOG.to_owned()] {
            assert!(check_pin(SourceKind::Log, LOG, edited, "a", 1, &pinned).is_err(), "{edited}");
        }
    }
}
