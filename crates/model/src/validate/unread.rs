//! What can still be known of a file whose YAML could not be read (a syntax error, or a
//! front-matter of the wrong shape): the IDs it declares, read line by line, and, for a page,
//! its body (its address, headings and citations). The file's own error is reported; this keeps
//! everything that depends on it from being reported as missing too: a page citing the claims of
//! a broken log gets no `ref/unknown-claim`, and the claims a broken page cites are not uncited.

use super::{DocumentInput, SourceKind, page};
use crate::locate::Locator;
use crate::model::{ClaimId, DocKind, Document};
use crate::schema::PageFrontMatter;
use crate::yaml::{Positions, YamlPath};
use std::ops::Range;

/// A stand-in document for `input`, whose YAML (`yaml` of the file's text) could not be read;
/// `None` for the data files, which declare no IDs.
pub(super) fn document(input: &DocumentInput<'_>, yaml: Range<usize>, body: Option<Range<usize>>) -> Option<Document> {
    let text = input.source.text.as_str();
    let kind = match (input.kind, body) {
        (SourceKind::Page, Some(body)) => {
            // The body's own diagnostics were not reported for a file whose front-matter failed:
            // they are left for the next run, when the front-matter reads.
            let positions = Positions::default();
            let root = YamlPath::root();
            let loc = Locator { file: input.file, positions: &positions, base: &root };
            let page = page::validate_page(&PageFrontMatter::unread(), body, input, &loc, &mut Vec::new());
            DocKind::Page(Box::new(page))
        }
        (SourceKind::Log, _) => DocKind::Log { title: None },
        _ => return None,
    };
    Some(Document {
        file: input.file,
        path: input.path.to_owned(),
        kind,
        draft: declares_draft(text.get(yaml.clone()).unwrap_or_default()),
        claims: Vec::new(),
        questions: Vec::new(),
        unreadable_ids: declared_ids(text.get(yaml).unwrap_or_default()),
        pairs: Default::default(),
        source_id: None,
    })
}

/// Whether `yaml` says `draft: true` at its top level, read line by line without parsing it:
/// a draft whose YAML does not read is still a draft, so its errors do not stop a build.
pub(super) fn declares_draft(yaml: &str) -> bool {
    yaml.lines().any(|line| {
        let value = line.strip_prefix("draft:").map(|v| v.split(" #").next().unwrap_or_default().trim());
        matches!(value, Some("true" | "True" | "TRUE"))
    })
}

/// The values of `id:` keys in `yaml`, read line by line without parsing it: `- id: x`,
/// `  id: "x"`, `- { id: x, … }`.
pub(super) fn declared_ids(yaml: &str) -> Vec<ClaimId> {
    yaml.lines()
        .filter_map(|line| {
            let rest = line.trim_start().trim_start_matches(['-', ' ', '{', '－', '\u{3000}', '\t']);
            let value = rest.strip_prefix("id")?.trim_start().strip_prefix([':', '：'])?.trim_start();
            let value = value.split([',', '}', '#']).next()?.trim().trim_matches(['"', '\'']);
            (!value.is_empty()).then(|| ClaimId(value.to_owned()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::declared_ids;

    #[test]
    fn ids_are_read_from_every_way_of_writing_an_item() {
        let yaml = "claims:\n  - id: a\n    class： unresolved\n  - id: \"b\"  # quoted\n  - { id: c, class: confirmed }\n  -   id:   d\nquestions:\n  - id: 'q'\n    text: { ja: \"id: no\" }\n";
        let ids: Vec<String> = declared_ids(yaml).into_iter().map(|i| i.0).collect();
        assert_eq!(ids, ["a", "b", "c", "d", "q"]);
    }
}
