//! Typing slips that break YAML and that the parser reports a line late, in its own words:
//! full-width characters a Japanese input method leaves where YAML needs ASCII (`：` after a
//! key, `　` in the indentation or after a key's colon, `－` as a list marker, `＃` starting a
//! comment) and tabs in the indentation. Looked for only in a text that failed to parse, and
//! only in those positions: inside a value the same characters are text.

use std::ops::Range;

/// A slip: where, what was typed, and what YAML needs there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slip {
    /// Byte range of the character in the text searched.
    pub range: Range<usize>,
    /// The character typed.
    pub found: char,
    /// What it is, e.g. "a full-width colon".
    pub what: &'static str,
    /// What to write instead, e.g. "`:`".
    pub fix: &'static str,
}

/// The first slip in `text`, if there is one.
pub fn first_slip(text: &str) -> Option<Slip> {
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        if let Some(slip) = in_line(line) {
            return Some(Slip { range: start + slip.range.start..start + slip.range.end, ..slip });
        }
        start += line.len();
    }
    None
}

fn slip(at: usize, found: char, what: &'static str, fix: &'static str) -> Slip {
    Slip { range: at..at + found.len_utf8(), found, what, fix }
}

/// The first slip in one line (offsets in the line).
fn in_line(line: &str) -> Option<Slip> {
    match (syntax_slip(line), comment_slip(line)) {
        (Some(a), Some(b)) => Some(if a.range.start <= b.range.start { a } else { b }),
        (a, b) => a.or(b),
    }
}

/// A full-width `＃` meant to start a comment after a value (`gfx: [gfx1201]  ＃ note`): after a
/// space and before a space or the end, outside quotes.
fn comment_slip(line: &str) -> Option<Slip> {
    let space = |c: char| matches!(c, ' ' | '\t' | '\u{3000}');
    let mut quote = None;
    let mut before = None;
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '＃') if before.is_some_and(space) => {
                let after = line[i + c.len_utf8()..].chars().next();
                if after.is_none_or(|a| space(a) || a == '\n' || a == '\r') {
                    return Some(slip(i, c, "a full-width `＃` meant to start a comment", "`#`"));
                }
            }
            _ => {}
        }
        before = Some(c);
    }
    None
}

/// A slip in a syntax position of one line: the indentation, a list marker, a key's colon.
fn syntax_slip(line: &str) -> Option<Slip> {
    // The indentation: spaces, full-width spaces and tabs before the first other character.
    let indent_end = line.find(|c: char| !matches!(c, ' ' | '\u{3000}' | '\t')).unwrap_or(line.len());
    if indent_end == line.len() || line[indent_end..].starts_with(['\n', '\r']) {
        return None;
    }
    for (i, c) in line[..indent_end].char_indices() {
        match c {
            '\u{3000}' => return Some(slip(i, c, "a full-width space in the indentation", "a plain space")),
            '\t' => return Some(slip(i, c, "a tab in the indentation", "spaces (YAML does not indent with tabs)")),
            _ => {}
        }
    }
    let rest = &line[indent_end..];
    match rest.chars().next()? {
        '－' if rest['－'.len_utf8()..].starts_with([' ', '\u{3000}']) => {
            return Some(slip(indent_end, '－', "a full-width dash as a list marker", "`-`"));
        }
        '＃' => return Some(slip(indent_end, '＃', "a full-width `＃` starting a comment", "`#`")),
        _ => {}
    }
    // A key (after an optional list marker), then its colon and what follows it.
    let after_marker = rest.strip_prefix("- ").map_or(indent_end, |r| line.len() - r.len());
    let key_end = line[after_marker..]
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .map(|i| after_marker + i)?;
    if key_end == after_marker {
        return None;
    }
    let after_key = &line[key_end..];
    let spaces = after_key.len() - after_key.trim_start_matches(' ').len();
    let colon_at = key_end + spaces;
    match line[colon_at..].chars().next()? {
        '：' => Some(slip(colon_at, '：', "a full-width colon after the key", "`:`")),
        ':' if line[colon_at + 1..].starts_with('\u{3000}') => {
            Some(slip(colon_at + 1, '\u{3000}', "a full-width space after the key's colon", "a plain space"))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::first_slip;

    fn found(text: &str) -> Option<(usize, char)> {
        first_slip(text).map(|s| (s.range.start, s.found))
    }

    #[test]
    fn slips_are_found_in_syntax_positions_only() {
        assert_eq!(found("claims:\n  - id: a\n    class： unresolved\n"), Some((27, '：')));
        assert_eq!(found("a: 1\n\u{3000}\u{3000}b: 2\n"), Some((5, '\u{3000}')));
        assert_eq!(found("a:\u{3000}1\n"), Some((2, '\u{3000}')));
        assert_eq!(found("a:\n\tb: 1\n"), Some((3, '\t')));
        assert_eq!(found("list:\n  － one\n"), Some((8, '－')));
        assert_eq!(found("＃ a note\na: 1\n"), Some((0, '＃')));
        assert_eq!(found("gfx: [gfx1201] ＃ note\n"), Some((15, '＃')));
        assert_eq!(found("a： [x] ＃ note\n"), Some((1, '：')), "the first slip of the line");
        assert_eq!(found("note: \"issue ＃ 12\"\nref: see ＃123\n"), None, "quoted, or no space after");
        // Inside values the same characters are text.
        assert_eq!(found("text: { ja: \"理由：未確定　です\" }\nnote: 値：そのまま\n"), None);
        assert_eq!(found("a: 1\n"), None);
    }
}
