//! Conversion between byte offsets and 1-based line / character-column positions.
//!
//! Columns count Unicode scalar values, not bytes, so a caret under Japanese text lands where a
//! reader expects it and `path:line:col` matches what editors show. A `\r` before `\n` is not
//! part of a line's content. In a text with very long lines, characters are counted up to
//! checkpoints once, so a position costs the same wherever it is (a hostile one-line file with
//! thousands of diagnostics stays fast).

/// A 1-based line and 1-based column counted in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct LineCol {
    /// Line number, starting at 1.
    pub line: usize,
    /// Column in characters, starting at 1.
    pub col: usize,
}

/// Characters are counted up to a checkpoint about every this many bytes, in texts with a line
/// longer than that.
const CHECKPOINT: usize = 4096;

/// Start offsets of every line of a text.
#[derive(Debug, Clone)]
pub struct LineIndex {
    line_starts: Vec<usize>,
    len: usize,
    /// (byte offset at a character boundary, characters before it), ascending; empty when no
    /// line is longer than [`CHECKPOINT`].
    checkpoints: Vec<(usize, usize)>,
}

impl LineIndex {
    /// Index the lines of `text`.
    pub fn new(text: &str) -> Self {
        let mut line_starts = vec![0];
        // The `memchr` crate's vectorised scan over the file's bytes.
        line_starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        let long = line_starts.windows(2).any(|w| w[1] - w[0] > CHECKPOINT)
            || line_starts.last().is_some_and(|last| text.len() - last > CHECKPOINT);
        let mut checkpoints = Vec::new();
        if long {
            let (mut at, mut chars) = (0, 0);
            while at < text.len() {
                checkpoints.push((at, chars));
                let next = floor_char_boundary(text, (at + CHECKPOINT).min(text.len())).max(at + 1);
                let next = ceil_char_boundary(text, next);
                chars += text[at..next].chars().count();
                at = next;
            }
        }
        LineIndex { line_starts, len: text.len(), checkpoints }
    }

    /// Characters in `text[from..to]` (both character boundaries).
    fn chars_between(&self, text: &str, from: usize, to: usize) -> usize {
        if to - from <= 2 * CHECKPOINT || self.checkpoints.is_empty() {
            return text[from..to].chars().count();
        }
        self.chars_before(text, to) - self.chars_before(text, from)
    }

    fn chars_before(&self, text: &str, offset: usize) -> usize {
        let i = self.checkpoints.partition_point(|(at, _)| *at <= offset).saturating_sub(1);
        let (at, chars) = self.checkpoints.get(i).copied().unwrap_or((0, 0));
        chars + text[at..offset].chars().count()
    }

    /// Byte offset where 1-based line `line` starts (clamped to the text).
    pub fn line_start(&self, line: usize) -> usize {
        self.line_starts[line.clamp(1, self.line_count()) - 1]
    }

    /// Characters on 1-based line `line`, without its terminator.
    pub fn line_chars(&self, text: &str, line: usize) -> usize {
        let range = self.line_range(text, line);
        self.chars_between(text, range.start, range.end)
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
        let col = self.chars_between(text, start, offset) + 1;
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

fn ceil_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset < text.len() && !text.is_char_boundary(offset) {
        offset += 1;
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
    fn positions_on_very_long_lines_count_characters() {
        let text = format!("k: {}x\nnext {}y", "観測 ".repeat(20_000), "a".repeat(9000));
        let index = LineIndex::new(&text);
        assert!(!index.checkpoints.is_empty());
        check(&text, text.find('x').unwrap(), 1, 3 + 3 * 20_000 + 1);
        check(&text, text.find('y').unwrap(), 2, 5 + 9000 + 1);
        assert_eq!(index.line_chars(&text, 1), 3 + 3 * 20_000 + 1);
        for offset in [0, 1, 4, 4095, 4096, 4097, 30_000, text.len()] {
            let offset = floor_char_boundary(&text, offset);
            let line = index.line_col(&text, offset).line;
            let start = index.line_start(line);
            assert_eq!(index.line_col(&text, offset).col, text[start..offset].chars().count() + 1, "{offset}");
        }
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
