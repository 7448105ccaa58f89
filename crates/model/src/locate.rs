//! Turning YAML paths inside one document into file spans.

use crate::yaml::{Positions, YamlPath};
use shoko_diagnostics::{FileId, Span};

/// Locates nodes of one YAML document (or of one element of it) in the file.
#[derive(Clone, Copy)]
pub struct Locator<'a> {
    /// The file.
    pub file: FileId,
    /// Node positions of the document.
    pub positions: &'a Positions,
    /// Path of the element being validated (e.g. `claims[3]`); relative paths start here.
    pub base: &'a YamlPath,
}

impl<'a> Locator<'a> {
    /// A locator for the element at `base`.
    pub fn at(&self, base: &'a YamlPath) -> Locator<'a> {
        Locator { base, ..*self }
    }

    /// The full path of `rel`.
    pub fn path(&self, rel: &YamlPath) -> YamlPath {
        self.base.join(rel)
    }

    /// Span of the value at `rel` (a scalar) or of its key (a mapping or sequence).
    pub fn span(&self, rel: &YamlPath) -> Span {
        Span::new(self.file, self.positions.span(&self.path(rel)))
    }

    /// Span of the key that introduces `rel`.
    pub fn key_span(&self, rel: &YamlPath) -> Span {
        Span::new(self.file, self.positions.key_span(&self.path(rel)))
    }

    /// Span of the value at `rel.key(field)`.
    pub fn field(&self, field: &str) -> Span {
        self.span(&YamlPath::root().key(field))
    }

    /// The exact occurrence of `needle` inside the value at `rel`, if it is written there
    /// verbatim; otherwise the value's span.
    pub fn find_in(&self, text: &str, rel: &YamlPath, needle: &str) -> Span {
        let span = self.span(rel);
        let found = text
            .get(span.range.clone())
            .and_then(|value| value.to_lowercase().find(needle))
            .filter(|&i| {
                text.is_char_boundary(span.range.start + i)
                    && text.is_char_boundary(span.range.start + i + needle.len())
            })
            .map(|i| span.range.start + i..span.range.start + i + needle.len());
        match found {
            Some(range) => Span::new(self.file, range),
            None => span,
        }
    }
}
