//! Byte-range spans inside a file of the [`SourceMap`](crate::SourceMap).

use std::ops::Range;

/// Index of a file in a [`SourceMap`](crate::SourceMap).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub struct FileId(pub u32);

/// A byte range in one file. Offsets always fall on UTF-8 character boundaries.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Span {
    /// The file the range belongs to.
    pub file: FileId,
    /// Byte range in the file's text (after a leading BOM was removed).
    pub range: Range<usize>,
}

impl Span {
    /// A span covering `range` in `file`.
    pub fn new(file: FileId, range: Range<usize>) -> Self {
        Span { file, range }
    }

    /// An empty span at the start of `file`, for problems that concern the file as a whole.
    pub fn file_start(file: FileId) -> Self {
        Span { file, range: 0..0 }
    }
}
