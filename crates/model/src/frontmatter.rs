//! Splitting a Markdown file into its YAML front-matter and its body.
//!
//! Blank lines may precede the opening `---`; the front-matter ends at the next line that is
//! exactly `---` (or `...`). Line endings may be `\n` or `\r\n`.

use std::ops::Range;

/// Where the parts of a Markdown file are, as byte ranges of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    /// The opening `---` line.
    pub open: Range<usize>,
    /// The YAML between the fences (starts at the beginning of a line).
    pub yaml: Range<usize>,
    /// Everything after the closing fence line.
    pub body: Range<usize>,
}

/// Why a file has no usable front-matter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SplitError {
    /// The file does not start with `---`; the range is the first non-blank line.
    Missing(Range<usize>),
    /// The opening `---` is never closed; the range is the opening line.
    Unclosed(Range<usize>),
}

/// Split `text` into front-matter and body.
pub fn split(text: &str) -> Result<Split, SplitError> {
    let mut lines = lines(text).skip_while(|(_, line)| line.trim().is_empty());
    let Some((open_start, open_line)) = lines.next() else {
        return Err(SplitError::Missing(text.len()..text.len()));
    };
    let open = open_start..open_start + open_line.len();
    if open_line.trim_end() != "---" {
        return Err(SplitError::Missing(open));
    }
    let yaml_start = next_line_start(text, open.end);
    for (start, line) in lines {
        if matches!(line.trim_end(), "---" | "...") {
            return Ok(Split {
                open,
                yaml: yaml_start..start,
                body: next_line_start(text, start + line.len())..text.len(),
            });
        }
    }
    Err(SplitError::Unclosed(open))
}

/// Lines with their start offsets, without terminators.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_inclusive('\n').scan(0, |offset, line| {
        let start = *offset;
        *offset += line.len();
        Some((start, line.trim_end_matches(['\n', '\r'])))
    })
}

fn next_line_start(text: &str, line_end: usize) -> usize {
    text[line_end..].find('\n').map_or(text.len(), |i| line_end + i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_with_blank_lines_before_and_crlf() {
        let text = "\n  \r\n---\r\ntitle: x\r\n---\r\nbody\n";
        let split = split(text).unwrap();
        assert_eq!(&text[split.yaml], "title: x\r\n");
        assert_eq!(&text[split.body], "body\n");
        assert_eq!(&text[split.open], "---");
    }

    #[test]
    fn empty_front_matter_and_no_body() {
        let split = split("---\n---").unwrap();
        assert_eq!(split.yaml, 4..4);
        assert_eq!(split.body, 7..7);
    }

    #[test]
    fn only_an_opening_fence_is_unclosed() {
        assert_eq!(split("---\n"), Err(SplitError::Unclosed(0..3)));
        assert_eq!(split("---"), Err(SplitError::Unclosed(0..3)));
    }

    #[test]
    fn no_front_matter() {
        assert_eq!(split("# Title\n"), Err(SplitError::Missing(0..7)));
        assert_eq!(split("\n\n"), Err(SplitError::Missing(2..2)));
    }
}
