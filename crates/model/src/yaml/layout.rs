//! Layout faults the YAML parser reports in its own words ("did not find expected key",
//! "mapping values are not allowed in this context", "did not find expected ',' or '}'"), often
//! a line late: indentation that lines up with nothing, and a quote or bracket left open at the
//! end of its line. Looked for only in a text that failed to parse, and only up to the line the
//! parser stopped at, so a fault named here is at or before the parser's position.
//!
//! The levels open at a line are the indentations of the keys and list markers above it that it
//! can still belong to. A line must sit at one of them, or deeper than a line that opens a block
//! (`key:` with nothing after it, or `-`). A value that runs over lines (a quoted text, a `{…}`
//! or `[…]`) continues on lines indented deeper than its key; a line that is not is where the
//! value was meant to end.

use std::ops::Range;

/// A fault in the layout of a YAML text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LayoutFault {
    /// Byte range, in the text searched, of the character to point at: the first one of a
    /// misindented line, or the opening quote or bracket left open.
    pub range: Range<usize>,
    /// How the line the fault is on starts (its key, or its first characters).
    pub key: String,
    /// What is wrong.
    pub kind: FaultKind,
}

/// What is wrong with the layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FaultKind {
    /// A line indented `found` spaces, deeper than the line above (indented `above`), whose value
    /// is already on that line (`key: value`).
    DeeperThanValue {
        /// The line's indentation.
        found: usize,
        /// The indentation of the line above.
        above: usize,
    },
    /// The only line so far of a block, indented `found` spaces, where the next line of the same
    /// block (`next`, indented `siblings`) shows the block's level: the odd one is the first
    /// line, not the one the parser stopped at.
    FirstOfBlock {
        /// The first line's indentation.
        found: usize,
        /// The indentation of the lines after it.
        siblings: usize,
        /// How the next line starts (its key).
        next: String,
    },
    /// A line indented `found` spaces, between two open levels: `outer` and `inner`.
    Between {
        /// The line's indentation.
        found: usize,
        /// The open level just shallower than the line.
        outer: usize,
        /// The open level just deeper than the line.
        inner: usize,
    },
    /// A quote or bracket (`"`, `'`, `{`, `[`) opened and not closed before the next line at the
    /// key's level, or before the end of the text.
    Unclosed {
        /// The character left open.
        open: char,
        /// Byte range, in the text searched, of the first character of that next line; `None`
        /// when the text ends first.
        next: Option<Range<usize>>,
    },
}

/// A value still open at the end of a line: where it opened, what, and its key's indentation.
struct Pending {
    at: Range<usize>,
    open: char,
    key_indent: usize,
    key: String,
}

/// The first layout fault in `text` on a line that starts before byte `until` (the parser's
/// error position).
pub fn layout_fault(text: &str, until: usize) -> Option<LayoutFault> {
    // Open levels, shallowest first; whether the last significant line opened a block.
    let mut levels: Vec<usize> = Vec::new();
    // The line that opened the deepest level, and whether it is still the only line at it.
    let mut opened: Option<(usize, Range<usize>, String, bool)> = None;
    let mut opens_block = true;
    let mut block_scalar: Option<usize> = None;
    let mut pending: Option<Pending> = None;
    let mut depth = 0usize;
    let mut start = 0;
    for raw in text.split_inclusive('\n') {
        let line_start = start;
        start += raw.len();
        if line_start > until {
            return None;
        }
        let line = raw.trim_end_matches(['\n', '\r']);
        let content = line.trim_start_matches(' ');
        let indent = line.len() - content.len();
        if content.is_empty() || content.starts_with('#') || content.starts_with("---") {
            continue;
        }
        if let Some(owner) = block_scalar {
            if indent > owner {
                continue;
            }
            block_scalar = None;
        }
        if let Some(open) = &pending {
            if indent > open.key_indent {
                // A continuation line: a bracket's depth follows it; a quote may close on it.
                match open.open {
                    '"' | '\'' if closes_quote(content, open.open) => pending = None,
                    '"' | '\'' => {}
                    _ => {
                        depth = scan_flow(content, depth).0;
                        if depth == 0 {
                            pending = None;
                        }
                    }
                }
                continue;
            }
            let open = pending.take().expect("checked above");
            let next = line_start + indent..line_start + indent + content.chars().next().map_or(0, char::len_utf8);
            return Some(LayoutFault {
                range: open.at,
                key: open.key,
                kind: FaultKind::Unclosed { open: open.open, next: Some(next) },
            });
        }
        if content.starts_with(['\t', '\u{3000}']) {
            // A typing slip, named elsewhere.
            return None;
        }
        let key = key_of(content);
        let first = line_start + indent..line_start + indent + content.chars().next().map_or(0, char::len_utf8);
        let fault = |kind| Some(LayoutFault { range: first.clone(), key: key.clone(), kind });
        match levels.last().copied() {
            Some(top) if indent > top && !opens_block && value_of(content.trim_start_matches("- ")).is_some() => {
                return fault(FaultKind::DeeperThanValue { found: indent, above: top });
            }
            Some(top) if indent < top => {
                // The shallowest level closed by this line is the one just deeper than it.
                let mut inner = top;
                while let Some(level) = levels.pop_if(|l| *l > indent) {
                    inner = level;
                }
                if levels.last() != Some(&indent) {
                    let outer = levels.last().copied().unwrap_or(0);
                    // A block of one line so far, and this line deeper than the block's owner:
                    // it is a sibling, and the first line is the one indented apart.
                    if let Some((_, range, first_key, true)) = opened.take().filter(|o| o.0 == inner)
                        && indent > outer
                    {
                        let kind = FaultKind::FirstOfBlock { found: inner, siblings: indent, next: key.clone() };
                        return Some(LayoutFault { range, key: first_key, kind });
                    }
                    return fault(FaultKind::Between { found: indent, outer, inner });
                }
            }
            _ => {}
        }
        if levels.last() != Some(&indent) {
            // A new, deeper level: this line opened it, after a line that opens a block.
            opened = (opens_block && levels.last().is_none_or(|top| indent > *top))
                .then(|| (indent, first.clone(), key.clone(), true));
            levels.push(indent);
        } else if let Some(open) = opened.as_mut().filter(|o| o.0 == indent) {
            open.3 = false;
        }
        // `- key: value` opens a mapping at the key's column.
        let mut rest = content;
        let mut column = indent;
        while let Some(after) = rest.strip_prefix("- ").or_else(|| (rest == "-").then_some("")) {
            let spaces = after.len() - after.trim_start_matches(' ').len();
            column += rest.len() - after.len() + spaces;
            rest = after.trim_start_matches(' ');
            if !rest.is_empty() {
                levels.push(column);
            }
        }
        let value = value_of(rest);
        opens_block = rest.is_empty() || value.is_some_and(str::is_empty);
        let value = value.unwrap_or(rest);
        // `value` is a slice of `line` (or empty, when nothing is looked at in it).
        let value_at = line_start + (value.as_ptr() as usize).saturating_sub(line.as_ptr() as usize);
        let open_here = |offset: usize, open: char| Pending {
            at: value_at + offset..value_at + offset + open.len_utf8(),
            open,
            key_indent: column,
            key: key.clone(),
        };
        match value.chars().next() {
            Some('|' | '>') => block_scalar = Some(column),
            Some(quote @ ('"' | '\'')) if !closes_quote(&value[1..], quote) => pending = Some(open_here(0, quote)),
            Some('{' | '[') => {
                let (left, outermost) = scan_flow(value, 0);
                if let Some(offset) = outermost.filter(|_| left > 0) {
                    depth = left;
                    pending = Some(open_here(offset, value[offset..].chars().next().unwrap_or('{')));
                }
            }
            _ => {}
        }
    }
    // The whole text was read, and a value is still open.
    pending.map(|open| LayoutFault {
        range: open.at,
        key: open.key,
        kind: FaultKind::Unclosed { open: open.open, next: None },
    })
}

/// How a line starts, for naming it: its key, or its first characters.
fn key_of(content: &str) -> String {
    let bare = content.trim_start_matches("- ");
    let key = bare.split_once(':').map_or(bare, |(key, _)| key).trim_end();
    key.chars().take(40).collect()
}

/// The text after `key:` on a line that is a plain `key: value` or `key:` entry (comments aside).
fn value_of(content: &str) -> Option<&str> {
    let end = content.find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '$')))?;
    if end == 0 {
        return None;
    }
    let rest = content[end..].trim_start_matches(' ');
    let value = rest.strip_prefix(':')?;
    if !(value.is_empty() || value.starts_with(' ')) {
        return None;
    }
    let value = value.trim_start();
    Some(if value.starts_with('#') { "" } else { value.trim_end() })
}

/// Whether `text` (what follows an opening `quote`) holds its closing quote: `\"` is escaped in
/// double quotes, `''` in single ones.
fn closes_quote(text: &str, quote: char) -> bool {
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quote, c) {
            ('"', '\\') => {
                chars.next();
            }
            ('\'', '\'') if chars.peek() == Some(&'\'') => {
                chars.next();
            }
            (q, c) if c == q => return true,
            _ => {}
        }
    }
    false
}

/// The bracket depth after `text`, starting at `depth`, and the byte offset of the outermost
/// bracket `text` opens and leaves open (outside quotes; a `#` after a space ends the line).
fn scan_flow(text: &str, depth: usize) -> (usize, Option<usize>) {
    let mut open: Vec<usize> = Vec::new();
    let mut depth = depth;
    let mut quote: Option<char> = None;
    let mut previous = ' ';
    for (i, c) in text.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '{' | '[') => {
                depth += 1;
                open.push(i);
            }
            (None, '}' | ']') => {
                depth = depth.saturating_sub(1);
                open.pop();
            }
            (None, '#') if previous == ' ' => break,
            _ => {}
        }
        previous = c;
    }
    (depth, open.first().copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "claims:\n  - id: a\n    class: confirmed\n    text:\n      ja: \"x\"\n      en: \"y\"\n    scope: { gfx: [gfx900] }\n    sources:\n      - basis: source_code\n        repo: r\n";

    fn first(text: &str) -> Option<(String, FaultKind)> {
        layout_fault(text, text.len()).map(|f| (f.key, f.kind))
    }

    #[test]
    fn well_laid_out_text_has_no_fault() {
        assert_eq!(first(LOG), None);
        let flow = "claims:\n  - { id: a, class: confirmed,\n      text: { ja: x } }\n  - id: b\n    note: |\n      free\n        text: here\n    class: x\n    quote: \"one\n      two\"\n    quoted: 'it''s'  # comment\n";
        assert_eq!(first(flow), None);
    }

    #[test]
    fn a_line_between_two_levels_is_named() {
        let text = LOG.replace("    sources:", "   sources:");
        assert_eq!(first(&text), Some(("sources".into(), FaultKind::Between { found: 3, outer: 2, inner: 4 })));
    }

    #[test]
    fn the_first_line_of_a_block_indented_apart_from_its_siblings_is_named() {
        let text = LOG.replace("      ja: \"x\"", "        ja: \"x\"");
        let fault = layout_fault(&text, text.len()).expect("a fault");
        assert_eq!(fault.key, "ja");
        assert_eq!(fault.range.start, text.find("ja: \"x\"").expect("line"));
        assert_eq!(fault.kind, FaultKind::FirstOfBlock { found: 8, siblings: 6, next: "en".into() });
    }

    #[test]
    fn a_key_deeper_than_a_line_with_a_value_is_named() {
        let text = LOG.replace("    text:", "       text:");
        assert_eq!(first(&text), Some(("text".into(), FaultKind::DeeperThanValue { found: 7, above: 4 })));
    }

    #[test]
    fn a_quote_or_bracket_left_open_is_named_where_it_opens() {
        let text = LOG.replace("ja: \"x\"", "ja: \"x");
        let fault = layout_fault(&text, text.len()).expect("a fault");
        assert_eq!(&text[fault.range.clone()], "\"");
        assert_eq!(fault.range.start, text.find("\"x").expect("quote"));
        let FaultKind::Unclosed { open, next: Some(next) } = fault.kind else { panic!("unclosed") };
        assert_eq!((open, &text[next.start..next.start + 3]), ('"', "en:"));
        let text = LOG.replace("[gfx900] }", "[gfx900]");
        let fault = layout_fault(&text, text.len()).expect("a fault");
        assert_eq!(fault.range.start, text.find("{ gfx").expect("brace"));
        let FaultKind::Unclosed { open, next: Some(next) } = fault.kind else { panic!("unclosed") };
        assert_eq!((open, &text[next.start..next.start + 8]), ('{', "sources:"));
        // On the last line, the end of the text is what ends it.
        let text = format!("{LOG}note: \"open\n");
        let fault = layout_fault(&text, text.len()).expect("a fault");
        assert_eq!(fault.range.start, text.rfind("\"open").expect("quote"));
        assert!(matches!(fault.kind, FaultKind::Unclosed { open: '"', next: None }), "{:?}", fault.kind);
    }

    #[test]
    fn nothing_after_the_parser_error_is_looked_at() {
        let text = LOG.replace("        repo: r", "       repo: r");
        let before = text.find("       repo").expect("line") - 1;
        assert_eq!(layout_fault(&text, before), None);
        assert!(layout_fault(&text, text.len()).is_some());
    }
}
