//! Conversion between byte offsets and 1-based line / character-column positions.
//!
//! Columns count Unicode scalar values, not bytes, so a caret under Japanese text lands where a
//! reader expects it and `path:line:col` matches what editors show. A `\r` before `\n` is not
//! part of a line's content.

/// A 1-based line and 1-based column counted in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct LineCol {
    /// Line number, starting at 1.
    pub line: usize,
    /// Column in characters, starting at 1.
    pub col: usize,
}

/// Start offsets of every line of a text.
#[derive(Debug, Clone)]
pub struct LineIndex {
    line_starts: Vec<usize>,
    len: usize,
}

impl LineIndex {
    /// Index the lines of `text`.
    pub fn new(text: &str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { line_starts, len: text.len() }
    }

    /// Number of lines (a trailing newline opens one last, empty line).
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// Byte range of line `line` (1-based) without its line terminator.
    pub fn line_range(&self, text: &str, line: usize) -> std::ops::Range<usize> {
        let idx = line.clamp(1, self.line_count()) - 1;
        let start = self.line_starts[idx];
        let mut end = self.line_starts.get(idx + 1).map_or(self.len, |next| next - 1);
        if end > start && text.as_bytes().get(end - 1) == Some(&b'\r') {
            end -= 1;
        }
        start..end.max(start)
    }

    /// Line and character column of byte `offset` (clamped to the text).
    pub fn line_col(&self, text: &str, offset: usize) -> LineCol {
        let offset = floor_char_boundary(text, offset.min(self.len));
        let idx = self.line_starts.partition_point(|&start| start <= offset) - 1;
        let start = self.line_starts[idx];
        let col = text[start..offset].chars().count() + 1;
        LineCol { line: idx + 1, col }
    }

    /// Byte offset of a 1-based line and character column; a column past the end of the line
    /// lands at the line's end, a line past the end of the text at the text's end.
    pub fn offset(&self, text: &str, pos: LineCol) -> usize {
        if pos.line == 0 || pos.line > self.line_count() {
            return self.len;
        }
        let range = self.line_range(text, pos.line);
        let line = &text[range.clone()];
        let within = line.char_indices().nth(pos.col.saturating_sub(1)).map_or(line.len(), |(i, _)| i);
        range.start + within
    }
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, offset: usize, line: usize, col: usize) {
        let index = LineIndex::new(text);
        let pos = index.line_col(text, offset);
        assert_eq!(pos, LineCol { line, col }, "offset {offset} in {text:?}");
        assert_eq!(index.offset(text, pos), offset, "round trip of {pos:?}");
    }

    #[test]
    fn ascii_positions_are_one_based() {
        check("ab\ncd\n", 0, 1, 1);
        check("ab\ncd\n", 1, 1, 2);
        check("ab\ncd\n", 3, 2, 1);
        check("ab\ncd\n", 6, 3, 1);
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let text = "title: 観測\nclass: 未確定x";
        let x = text.find('x').unwrap();
        check(text, x, 2, 11);
        let kan = text.find('観').unwrap();
        check(text, kan, 1, 8);
    }

    #[test]
    fn crlf_is_not_part_of_the_line() {
        let text = "a: 1\r\nbb: 2\r\n";
        let index = LineIndex::new(text);
        assert_eq!(&text[index.line_range(text, 1)], "a: 1");
        assert_eq!(&text[index.line_range(text, 2)], "bb: 2");
        check(text, 6, 2, 1);
    }

    #[test]
    fn out_of_range_positions_clamp() {
        let text = "ab\ncd";
        let index = LineIndex::new(text);
        assert_eq!(index.offset(text, LineCol { line: 9, col: 1 }), text.len());
        assert_eq!(index.offset(text, LineCol { line: 1, col: 99 }), 2);
        assert_eq!(index.line_col(text, 999), LineCol { line: 2, col: 3 });
    }
}
