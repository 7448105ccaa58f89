//! Compiler-style text: `error[code]: message`, `--> path:line:col`, the source lines with a
//! caret, and `= help: hint`. Drawing is done by `annotate-snippets`, the renderer rustc uses.
//!
//! The cost of a diagnostic does not grow with its file: each snippet holds only the few lines
//! around its labels (a label spanning many lines is shown by its first lines), and a line too
//! long to show is replaced by a note, with the position still exact. Every text that reaches
//! the terminal has its control characters made visible ([`printable`]), so a claim ID holding
//! an escape sequence or a line break cannot clear the screen, retitle the window or start a
//! line of its own (such as a GitHub workflow command in a build log).

use crate::{Diagnostic, FileId, Label, Severity, SourceFile, SourceMap};
use annotate_snippets::{AnnotationKind, Group, Level, Origin, Renderer, Snippet};
use std::borrow::Cow;
use std::ops::Range;

/// Whether to colour the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorChoice {
    /// ANSI colours (for a terminal).
    Always,
    /// Plain text (for files, pipes, tests).
    Never,
}

/// Labels this many lines apart or closer share one snippet.
const NEAR: usize = 4;
/// A label spanning more lines is shown by its first lines only.
const SPAN_LINES: usize = 4;

/// Render `diagnostics` (already sorted) followed by a one-line summary, each file's path
/// after `prefix` (the site root as the reader reaches it: `../site/`, or empty).
pub fn render_human(diagnostics: &[Diagnostic], sources: &SourceMap, color: ColorChoice, prefix: &str) -> String {
    let renderer = match color {
        ColorChoice::Always => Renderer::styled(),
        ColorChoice::Never => Renderer::plain(),
    };
    let mut out = String::new();
    for diagnostic in diagnostics {
        let prepared = Prepared::of(diagnostic, sources, prefix);
        out.push_str(&renderer.render(&[prepared.group()]));
        out.push_str("\n\n");
    }
    let summary = crate::Summary::of(diagnostics);
    out.push_str(&format!(
        "{} error{}, {} warning{}",
        summary.errors,
        plural(summary.errors),
        summary.warnings,
        plural(summary.warnings)
    ));
    if summary.draft_errors > 0 {
        let n = summary.draft_errors;
        out.push_str(&format!(" (of which {n} error{} about drafts, which stop nothing)", plural(n)));
    }
    out.push('\n');
    out
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `text` with every control character shown as a visible stand-in: C0 controls and DEL as the
/// Unicode control pictures (␛, ␊, …), C1 controls and the bidirectional overrides and isolates
/// (which make a line read otherwise than it is) as U+FFFD. One character each, so columns of
/// source lines stay right.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c.is_control() || is_bidi(c)) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.chars().map(visible).collect())
}

fn visible(c: char) -> char {
    match c {
        '\u{0}'..='\u{1f}' => char::from_u32(0x2400 + c as u32).unwrap_or('\u{fffd}'),
        '\u{7f}' => '\u{2421}',
        c if c.is_control() || is_bidi(c) => '\u{fffd}',
        c => c,
    }
}

/// The bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
fn is_bidi(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// How character `c` at byte `i` of a snippet's source `text` is shown: line breaks and tabs
/// stay (they are its structure), and so does a carriage return before a line feed; every other
/// control character becomes visible.
fn shown(text: &str, i: usize, c: char) -> char {
    let kept = matches!(c, '\n' | '\t') || (c == '\r' && text.as_bytes().get(i + 1) == Some(&b'\n'));
    if kept { c } else { visible(c) }
}

/// A source text for a snippet, every character as [`shown`].
fn printable_source(text: &str) -> Cow<'_, str> {
    if text.char_indices().all(|(i, c)| shown(text, i, c) == c) {
        return Cow::Borrowed(text);
    }
    // Replacements are one character each but not one byte: the caller maps offsets through
    // `shift`.
    Cow::Owned(text.char_indices().map(|(i, c)| shown(text, i, c)).collect())
}

/// The byte offset in the printable form of `text` of byte `offset` of `text`.
fn shift(text: &str, offset: usize) -> usize {
    text[..offset].char_indices().map(|(i, c)| shown(text, i, c).len_utf8()).sum()
}

/// A diagnostic with every text it shows cut and made printable, ready to be drawn.
struct Prepared<'a> {
    severity: Severity,
    code: &'static str,
    message: Cow<'a, str>,
    parts: Vec<Part<'a>>,
    hint: Option<Cow<'a, str>>,
    /// Why an error stops nothing, when it concerns a draft (see [`Diagnostic::draft_note`]).
    draft_note: Option<&'static str>,
}

/// One element under the title.
enum Part<'a> {
    /// Some lines of a file with their labels.
    Lines { path: Cow<'a, str>, first_line: usize, text: Cow<'a, str>, labels: Vec<Shown<'a>> },
    /// A place whose line is too long to show.
    Place { path: Cow<'a, str>, line: usize, col: usize, note: String },
}

/// A label on a snippet: range in the snippet's text, primary or not, its text.
struct Shown<'a> {
    range: Range<usize>,
    primary: bool,
    text: Cow<'a, str>,
}

impl<'a> Prepared<'a> {
    fn of(d: &'a Diagnostic, sources: &'a SourceMap, prefix: &str) -> Self {
        // The primary label's file first, each file with every label in it.
        let labels: Vec<(&Label, bool)> =
            d.primary.iter().map(|l| (l, true)).chain(d.secondary.iter().map(|l| (l, false))).collect();
        let mut files: Vec<FileId> = Vec::new();
        for (label, _) in &labels {
            if !files.contains(&label.span.file) {
                files.push(label.span.file);
            }
        }
        let mut parts = Vec::new();
        for id in files {
            let file = sources.file(id);
            let mut in_file: Vec<(&Label, bool)> = labels.iter().copied().filter(|(l, _)| l.span.file == id).collect();
            // The primary label keeps its place in front; the others follow in text order.
            in_file.sort_by_key(|(l, primary)| (!primary, l.span.range.start));
            parts.extend(clusters(file, &in_file, prefix));
        }
        Prepared {
            severity: d.severity(),
            code: d.code.name,
            message: printable(&d.message),
            parts,
            hint: d.hint.as_deref().map(printable),
            draft_note: d.draft_note(),
        }
    }

    fn group(&self) -> Group<'_> {
        let level = match self.severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
        };
        let mut group = Group::with_title(level.primary_title(self.message.as_ref()).id(self.code));
        for part in &self.parts {
            group = match part {
                Part::Lines { path, first_line, text, labels } => {
                    let mut snippet =
                        Snippet::source(text.as_ref()).path(path.as_ref()).line_start(*first_line).fold(true);
                    for label in labels {
                        let kind = if label.primary { AnnotationKind::Primary } else { AnnotationKind::Context };
                        let text = (!label.text.is_empty()).then_some(label.text.as_ref());
                        snippet = snippet.annotation(kind.span(label.range.clone()).label(text));
                    }
                    group.element(snippet)
                }
                Part::Place { path, line, col, note } => group
                    .element(Origin::path(path.as_ref()).line(*line).char_column(*col))
                    .element(Level::NOTE.message(note.as_str())),
            };
        }
        if let Some(note) = self.draft_note {
            group = group.element(Level::NOTE.message(note));
        }
        if let Some(hint) = &self.hint {
            group = group.element(Level::HELP.message(hint.as_ref()));
        }
        group
    }
}

/// The labels of one file (primary first) as snippets: labels a few lines apart share one.
fn clusters<'a>(file: &'a SourceFile, labels: &[(&'a Label, bool)], prefix: &str) -> Vec<Part<'a>> {
    // Each label as (first line, last line shown, byte range cut to the lines shown).
    let mut placed: Vec<(usize, usize, Range<usize>, &'a Label, bool)> = Vec::new();
    for (label, primary) in labels {
        let range = label.span.range.clone();
        let start = range.start.min(file.text.len());
        let first = file.line_col(start).line;
        let last = file.line_col(range.end.min(file.text.len())).line.min(first + SPAN_LINES - 1);
        // A span may start past its line's end (at a `\r` that ends the text): it is kept empty.
        let end = range.end.min(file.line_end(last)).max(start);
        placed.push((first, last, start..end, label, *primary));
    }
    let mut parts = Vec::new();
    let mut used = vec![false; placed.len()];
    for i in 0..placed.len() {
        if used[i] {
            continue;
        }
        used[i] = true;
        let (mut first, mut last) = (placed[i].0, placed[i].1);
        let mut members = vec![i];
        // Gather every other label within reach of the snippet (growing it as they join).
        let mut grew = true;
        while grew {
            grew = false;
            for j in 0..placed.len() {
                if !used[j] && placed[j].0 + NEAR >= first && placed[j].0 <= last + NEAR {
                    used[j] = true;
                    members.push(j);
                    first = first.min(placed[j].0);
                    last = last.max(placed[j].1);
                    grew = true;
                }
            }
        }
        let end = members.iter().map(|&m| placed[m].2.end).fold(file.line_end(last), usize::max);
        let window = file.line_start(first)..end;
        let path = if prefix.is_empty() {
            printable(&file.path)
        } else {
            Cow::Owned(printable(&[prefix, file.path.as_str()].concat()).into_owned())
        };
        let text = &file.text[window.clone()];
        // Lengths from the line index: scanning the text would cost a long line once per label.
        if (first..=last).any(|line| file.line_end(line) - file.line_start(line) > crate::LONG_LINE) {
            let (_, _, range, _, _) = &placed[members[0]];
            let pos = file.line_col(range.start);
            let chars = file.line_chars(pos.line);
            let note = format!("line {} has {chars} characters and is not shown", pos.line);
            parts.push(Part::Place { path, line: pos.line, col: pos.col, note });
            continue;
        }
        let labels = members
            .iter()
            .map(|&m| {
                let (_, _, range, label, primary) = &placed[m];
                let (start, end) = (range.start - window.start, range.end - window.start);
                Shown { range: shift(text, start)..shift(text, end), primary: *primary, text: printable(&label.text) }
            })
            .collect();
        parts.push(Part::Lines { path, first_line: first, text: printable_source(text), labels });
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Code, Span};

    static CODE: Code = Code { name: "test/code", severity: Severity::Error, stops_reading: false, summary: "test" };

    #[test]
    fn shows_path_line_and_character_column() {
        let mut sources = SourceMap::new();
        let text = "---\ntitle: 観測ログ\nclass: confimed\n---\n";
        let file = sources.add("content/a.md", text);
        let start = text.find("confimed").unwrap();
        let d = Diagnostic::new(&CODE, "unknown class `confimed`", Span::new(file, start..start + 8))
            .with_label("not a class")
            .with_hint("use one of: confirmed, inferred, unresolved, limited");
        let out = render_human(&[d], &sources, ColorChoice::Never, "");
        assert!(out.contains("--> content/a.md:3:8"), "{out}");
        insta::assert_snapshot!(out);
    }

    #[test]
    fn caret_under_japanese_text_counts_characters() {
        let mut sources = SourceMap::new();
        let text = "text: 明らかに正しい\n";
        let file = sources.add("content/b.md", text);
        let start = text.find("明らかに").unwrap();
        let d = Diagnostic::new(&CODE, "assertive", Span::new(file, start..start + "明らかに".len()));
        let out = render_human(&[d], &sources, ColorChoice::Never, "");
        assert!(out.contains("--> content/b.md:1:7"), "{out}");
    }

    #[test]
    fn control_characters_never_reach_the_terminal() {
        let mut sources = SourceMap::new();
        let text = "id: \"x\u{1b}[2J\"\nnext: \u{9b}31m\n";
        let file = sources.add("content/\u{1b}]0;title\u{7}.yaml", text);
        let d = Diagnostic::new(&CODE, "claim `a\u{1b}[2J\n  ::error file=x::y`", Span::new(file, 5..10))
            .with_label("label \u{1b}[31m")
            .with_secondary(Span::new(file, 18..20), "C1")
            .with_hint("write `\u{7}`\r\n");
        let out = render_human(&[d], &sources, ColorChoice::Never, "");
        assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
        assert!(!out.lines().any(|l| l.trim_start().starts_with("::")), "{out}");
        assert!(out.contains("claim `a␛[2J␊  ::error file=x::y`"), "{out}");
        assert!(out.contains("1 | id: \"x␛[2J\""), "{out}");
        assert!(out.contains("  |      ^^^^^ label ␛[31m"), "{out}");
        assert!(out.contains("2 | next: \u{fffd}31m"), "{out}");
        assert_eq!(printable("a\u{202e}b\u{2066}c"), "a\u{fffd}b\u{fffd}c");
    }

    #[test]
    fn far_apart_labels_get_a_snippet_each_and_long_spans_are_cut() {
        let mut sources = SourceMap::new();
        let text: String = (1..=200).map(|i| format!("line {i}\n")).collect();
        let file = sources.add("content/long.yaml", text.clone());
        let at = |line: usize| text.find(&format!("line {line}\n")).unwrap();
        let d = Diagnostic::new(&CODE, "m", Span::new(file, at(150)..at(190)))
            .with_label("from here")
            .with_secondary(Span::new(file, at(10)..at(10) + 4), "first");
        let out = render_human(&[d], &sources, ColorChoice::Never, "");
        assert!(out.contains("--> content/long.yaml:150:1") && out.contains("::: content/long.yaml:10:1"), "{out}");
        assert!(out.contains("150 | / line 150") && out.contains("153 | | line 153"), "{out}");
        assert!(!out.contains("line 154"), "a span over 40 lines shows its first {SPAN_LINES}: {out}");
        assert!(!out.contains("line 100"), "{out}");
    }

    #[test]
    fn a_span_at_a_carriage_return_that_ends_the_text() {
        // Found by the human_diagnostics fuzz target.
        let mut sources = SourceMap::new();
        let file = sources.add("content/cr.md", "\u{fffd}\r");
        let d = Diagnostic::new(&CODE, "m", Span::new(file, 4..4)).with_secondary(Span::new(file, 3..4), "cr");
        let out = render_human(&[d], &sources, ColorChoice::Never, "");
        assert!(out.contains("--> content/cr.md:1:"), "{out}");
    }

    #[test]
    fn a_line_too_long_to_show_keeps_its_exact_position() {
        let mut sources = SourceMap::new();
        let text = format!("a: [{}x]\n", "観, ".repeat(100_000));
        let file = sources.add("content/one-line.yaml", text.clone());
        let at = text.find('x').unwrap();
        let d = Diagnostic::new(&CODE, "m", Span::new(file, at..at + 1));
        let out = render_human(&[d], &sources, ColorChoice::Never, "");
        assert!(out.contains("--> content/one-line.yaml:1:300005"), "{out}");
        assert!(out.contains("note: line 1 has 300006 characters and is not shown"), "{out}");
        assert!(out.len() < 400, "{out}");
    }
}
