//! Editing one value of a YAML text in place, in the style it is written, for `shoko pin`: the
//! bytes of that value are replaced and nothing else, so comments, quoting and layout stay. A
//! quoted text stays quoted the same way, a plain one becomes double-quoted (a commit hash must
//! stay text), a folded or literal block keeps its header and indentation; a flow list stays a
//! flow list and a block list a block list, each item at the same indentation. The caller parses
//! the result again and keeps it only if it holds exactly what was meant
//! (`source_fields::check_pin`).

use super::positions::{NodePos, Scalar};
use super::{Set, YamlDoc, YamlPath};
use std::ops::Range;

/// One replacement: `range` of the file becomes `text`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replace {
    /// Byte range of the file.
    pub range: Range<usize>,
    /// The new text.
    pub text: String,
}

impl YamlDoc {
    /// The replacement that writes `value` at `path` in `file` (the whole file's text) in the
    /// style the value there is written, if there is a value there.
    pub fn replace(&self, file: &str, path: &YamlPath, value: &Set) -> Option<Replace> {
        let node = self.positions.exact(path)?;
        let written = file.get(node.value.clone())?;
        match (&node.scalar, value) {
            (Some(_), Set::Text(text)) => Some(scalar(file, node, written, text)),
            (None, Set::Numbers(numbers)) if written.starts_with('[') => {
                let end = flow_end(file, node.value.start)?;
                Some(Replace { range: node.value.start..end, text: flow(numbers) })
            }
            (None, Set::Numbers(numbers)) => block_list(self, file, path, numbers),
            (Some(_), Set::Numbers(numbers)) => Some(Replace { range: node.value.clone(), text: flow(numbers) }),
            (None, Set::Text(_)) => None,
        }
    }
}

/// A text scalar replaced in its own style.
fn scalar(file: &str, node: &NodePos, written: &str, text: &str) -> Replace {
    // The parser's span may run past the scalar (to a comment after it): the scalar's own
    // bytes end at its closing quote, or where its plain text ends.
    let own = match (written.chars().next(), &node.scalar) {
        (Some('"'), _) => closing(written, '"'),
        (Some('\''), _) => closing(written, '\''),
        (_, Some(Scalar::Plain(plain))) if written.starts_with(plain.as_str()) => plain.len(),
        _ => written.split(" #").next().unwrap_or(written).trim_end().len(),
    };
    let range = node.value.start..node.value.start + own;
    let escaped = text.replace('\\', "\\\\").replace('"', "\\\"");
    match (written.chars().next(), &node.scalar) {
        (Some('\''), _) => Replace { range, text: format!("'{}'", text.replace('\'', "''")) },
        (Some('"'), _) | (_, Some(Scalar::Plain(_))) => Replace { range, text: format!("\"{escaped}\"") },
        // A folded or literal block: the parser's span is its text, under its header, which stays
        // (`|` and `>` keep a final line break, so they become `|-` and `>-`: the value is the
        // text alone); the text takes the place of the old one at its indentation.
        _ => {
            let end = node.value.start + written.trim_end().len();
            let header = file[..node.value.start].trim_end().len();
            match file[..header].chars().next_back() {
                Some(style @ ('|' | '>')) => {
                    let between = &file[header..node.value.start];
                    Replace { range: header - 1..end, text: format!("{style}-{between}{text}") }
                }
                _ => Replace { range: node.value.start..end, text: text.to_owned() },
            }
        }
    }
}

/// The length of a quoted scalar written at the start of `written`, to its closing `quote`
/// (past a `\"` in a double-quoted one, a `''` in a single-quoted one).
fn closing(written: &str, quote: char) -> usize {
    let mut chars = written.char_indices().skip(1).peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' if quote == '"' => {
                chars.next();
            }
            c if c == quote && quote == '\'' && chars.peek().is_some_and(|(_, n)| *n == '\'') => {
                chars.next();
            }
            c if c == quote => return i + 1,
            _ => {}
        }
    }
    written.len()
}

/// `[a, b]`.
fn flow(numbers: &[u64]) -> String {
    let items: Vec<String> = numbers.iter().map(u64::to_string).collect();
    format!("[{}]", items.join(", "))
}

/// A block list replaced by one with `numbers`, each `- N` at the indentation of the first item.
fn block_list(doc: &YamlDoc, file: &str, path: &YamlPath, numbers: &[u64]) -> Option<Replace> {
    let first = doc.positions.exact(&path.index(0))?;
    let count = (0..).take_while(|i| doc.positions.exact(&path.index(*i)).is_some()).count();
    let last = doc.positions.exact(&path.index(count - 1))?;
    // The first item's `-`, and the indentation before it.
    let dash = file[..first.value.start].rfind('-')?;
    let line_start = file[..dash].rfind('\n').map_or(0, |i| i + 1);
    let indent = &file[line_start..dash];
    if !indent.chars().all(|c| c == ' ') {
        return None;
    }
    let after_dash: String = file[dash + 1..first.value.start].chars().collect();
    let items: Vec<String> = numbers.iter().map(|n| format!("-{after_dash}{n}")).collect();
    Some(Replace { range: dash..last.value.end, text: items.join(&format!("\n{indent}")) })
}

/// Where the flow collection opening at `start` of `text` closes (past its bracket).
pub(crate) fn flow_end(text: &str, start: usize) -> Option<usize> {
    let rest = text.get(start..)?;
    if !rest.starts_with(['[', '{']) {
        return None;
    }
    let (mut depth, mut quote) = (0usize, None);
    for (i, c) in rest.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '[' | '{') => depth += 1,
            (None, ']' | '}') => {
                depth -= 1;
                if depth == 0 {
                    return Some(start + i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::{Origin, parse};
    use shoko_diagnostics::SourceFile;

    /// `text` with `value` put at `path`, and the value read back from the edited text.
    fn edited(text: &str, path: &YamlPath, value: &Set) -> (String, bool) {
        let file = SourceFile::new(String::new(), text.to_owned());
        let doc = parse(text, Origin { file: &file, start: 0 }).expect("parses");
        let Replace { range, text: new } = doc.replace(text, path, value).expect("a replacement");
        let mut out = text.to_owned();
        out.replace_range(range, &new);
        let file = SourceFile::new(String::new(), out.clone());
        let again = parse(&out, Origin { file: &file, start: 0 }).expect("still parses");
        let holds = doc.is_edited_to(&[(path.clone(), value.clone())], &again);
        (out, holds)
    }

    #[test]
    fn every_style_a_person_writes_keeps_its_style_and_reads_back_as_meant() {
        let hash = Set::Text("a".repeat(40));
        let lines = Set::Numbers(vec![13, 16]);
        let commit = YamlPath::root().key("s").key("commit");
        let at = YamlPath::root().key("s").key("lines");
        for (text, path, value, expected) in [
            (
                "s:\n  commit: \"old\"  # by hand\n",
                &commit,
                &hash,
                format!("s:\n  commit: \"{}\"  # by hand\n", "a".repeat(40)),
            ),
            ("s:\n  commit: 'old'\n", &commit, &hash, format!("s:\n  commit: '{}'\n", "a".repeat(40))),
            ("s:\n  commit: old # plain\n", &commit, &hash, format!("s:\n  commit: \"{}\" # plain\n", "a".repeat(40))),
            (
                "s:\n  commit: >-\n    old\n  path: x\n",
                &commit,
                &hash,
                format!("s:\n  commit: >-\n    {}\n  path: x\n", "a".repeat(40)),
            ),
            ("s:\n  commit: |\n    old\n", &commit, &hash, format!("s:\n  commit: |-\n    {}\n", "a".repeat(40))),
            ("s:\n  lines: [1, 2]  # cited\n", &at, &lines, "s:\n  lines: [13, 16]  # cited\n".to_owned()),
            (
                "s:\n  lines:\n    - 1\n    - 2\n  quote: q\n",
                &at,
                &lines,
                "s:\n  lines:\n    - 13\n    - 16\n  quote: q\n".to_owned(),
            ),
            ("s:\n  lines:\n  - 1\n  - 2\n", &at, &lines, "s:\n  lines:\n  - 13\n  - 16\n".to_owned()),
            (
                "s: { commit: \"old\", lines: [1, 2] }\n",
                &at,
                &lines,
                "s: { commit: \"old\", lines: [13, 16] }\n".to_owned(),
            ),
        ] {
            let (out, holds) = edited(text, path, value);
            assert_eq!(out, expected, "from {text:?}");
            assert!(holds, "{out:?} holds the value");
        }
    }
}
