//! Every file a run has read, addressed by [`FileId`]: its path, its text while it is held, and
//! its line index.

use crate::{FileId, LineCol, LineIndex, Span};

/// One file as the pipeline saw it.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// Path shown to users, relative to the site root, with `/` separators.
    pub path: String,
    /// The text (a leading BOM removed; invalid UTF-8 replaced by U+FFFD for display).
    pub text: String,
    index: LineIndex,
}

impl SourceFile {
    /// A file with its line index, ready for [`SourceMap::push`] or [`SourceMap::put`]; files
    /// can be prepared in parallel and added in order.
    pub fn new(path: impl Into<String>, text: impl Into<String>) -> Self {
        let text = text.into();
        let index = LineIndex::new(&text);
        SourceFile { path: path.into(), text, index }
    }

    /// Line and column of a byte offset in this file.
    pub fn line_col(&self, offset: usize) -> LineCol {
        self.index.line_col(&self.text, offset)
    }

    /// Byte offset of a line and column in this file.
    pub fn offset(&self, pos: LineCol) -> usize {
        self.index.offset(&self.text, pos)
    }

    /// Byte offset where 1-based line `line` starts.
    pub fn line_start(&self, line: usize) -> usize {
        self.index.line_start(line)
    }

    /// Byte offset where 1-based line `line` ends, before its terminator.
    pub fn line_end(&self, line: usize) -> usize {
        self.index.line_range(&self.text, line).end
    }

    /// Characters on 1-based line `line`, without its terminator.
    pub fn line_chars(&self, line: usize) -> usize {
        self.index.line_chars(&self.text, line)
    }

    /// The text of 1-based line `line`, without its terminator.
    pub fn line_text(&self, line: usize) -> &str {
        &self.text[self.index.line_range(&self.text, line)]
    }
}

/// All files of a run.
#[derive(Debug, Clone, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> Self {
        SourceMap::default()
    }

    /// Add a file and return its id.
    pub fn add(&mut self, path: impl Into<String>, text: impl Into<String>) -> FileId {
        self.push(SourceFile::new(path, text))
    }

    /// Add a prepared file and return its id.
    pub fn push(&mut self, file: SourceFile) -> FileId {
        let id = FileId(u32::try_from(self.files.len()).unwrap_or(u32::MAX));
        self.files.push(file);
        id
    }

    /// Replace the text of file `id`, keeping its id and path (for `serve`, which re-reads only
    /// the files that changed).
    ///
    /// # Panics
    /// If `id` was not returned by [`SourceMap::add`] on this map (a programming error).
    pub fn replace(&mut self, id: FileId, text: impl Into<String>) {
        let text = text.into();
        let file = &mut self.files[id.0 as usize];
        file.index = LineIndex::new(&text);
        file.text = text;
    }

    /// Put `file`, prepared (read and indexed) elsewhere, in the place of file `id`, which was
    /// added with its path and no text.
    ///
    /// # Panics
    /// If `id` was not returned by [`SourceMap::add`] on this map (a programming error).
    pub fn put(&mut self, id: FileId, file: SourceFile) {
        self.files[id.0 as usize] = file;
    }

    /// Take the text of file `id` out, leaving it empty (as a file not read yet stands), so that
    /// the text can be dropped once its reader is done with it.
    ///
    /// # Panics
    /// If `id` was not returned by [`SourceMap::add`] on this map (a programming error).
    pub fn take_text(&mut self, id: FileId) -> String {
        let file = &mut self.files[id.0 as usize];
        file.index = LineIndex::new("");
        std::mem::take(&mut file.text)
    }

    /// The file with id `id`.
    ///
    /// # Panics
    /// If `id` was not returned by [`SourceMap::add`] on this map (a programming error).
    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// Every file with its id, in insertion order.
    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files.iter().enumerate().map(|(i, f)| (FileId(i as u32), f))
    }

    /// Path and start position of a span.
    pub fn locate(&self, span: &Span) -> (&str, LineCol) {
        let file = self.file(span.file);
        (&file.path, file.line_col(span.range.start))
    }
}
