//! Compiler-style text: `error[code]: message`, `--> path:line:col`, the source line with a
//! caret, and `= help: hint`. Drawing is done by `annotate-snippets`, the renderer rustc uses.

use crate::{Diagnostic, FileId, Label, Severity, SourceMap};
use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

/// Whether to colour the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorChoice {
    /// ANSI colours (for a terminal).
    Always,
    /// Plain text (for files, pipes, tests).
    Never,
}

/// Render `diagnostics` (already sorted) followed by a one-line summary.
pub fn render_human(diagnostics: &[Diagnostic], sources: &SourceMap, color: ColorChoice) -> String {
    let renderer = match color {
        ColorChoice::Always => Renderer::styled(),
        ColorChoice::Never => Renderer::plain(),
    };
    let mut out = String::new();
    for diagnostic in diagnostics {
        out.push_str(&renderer.render(&report(diagnostic, sources)));
        out.push_str("\n\n");
    }
    let summary = crate::Summary::of(diagnostics);
    out.push_str(&format!(
        "{} error{}, {} warning{}\n",
        summary.errors,
        plural(summary.errors),
        summary.warnings,
        plural(summary.warnings)
    ));
    out
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn report<'a>(d: &'a Diagnostic, sources: &'a SourceMap) -> Vec<Group<'a>> {
    let level = match d.severity() {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
    };
    let mut group = Group::with_title(level.primary_title(d.message.as_str()).id(d.code.name));
    // One snippet per file, the primary span's file first, each with every label in that file.
    let labels: Vec<(&Label, AnnotationKind)> = d
        .primary
        .iter()
        .map(|l| (l, AnnotationKind::Primary))
        .chain(d.secondary.iter().map(|l| (l, AnnotationKind::Context)))
        .collect();
    let mut files: Vec<FileId> = Vec::new();
    for (label, _) in &labels {
        if !files.contains(&label.span.file) {
            files.push(label.span.file);
        }
    }
    for id in files {
        let file = sources.file(id);
        let mut snippet = Snippet::source(file.text.as_str()).path(file.path.as_str()).fold(true);
        for (label, kind) in labels.iter().filter(|(l, _)| l.span.file == id) {
            snippet = snippet.annotation((*kind).span(label.span.range.clone()).label(non_empty(&label.text)));
        }
        group = group.element(snippet);
    }
    if let Some(hint) = &d.hint {
        group = group.element(Level::HELP.message(hint.as_str()));
    }
    vec![group]
}

fn non_empty(text: &str) -> Option<&str> {
    (!text.is_empty()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Code, Span};

    static CODE: Code = Code { name: "test/code", severity: Severity::Error, summary: "test" };

    #[test]
    fn shows_path_line_and_character_column() {
        let mut sources = SourceMap::new();
        let text = "---\ntitle: 観測ログ\nclass: confimed\n---\n";
        let file = sources.add("content/a.md", text);
        let start = text.find("confimed").unwrap();
        let d = Diagnostic::new(&CODE, "unknown class `confimed`", Span::new(file, start..start + 8))
            .with_label("not a class")
            .with_hint("use one of: confirmed, inferred, unresolved, limited");
        let out = render_human(&[d], &sources, ColorChoice::Never);
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
        let out = render_human(&[d], &sources, ColorChoice::Never);
        assert!(out.contains("--> content/b.md:1:7"), "{out}");
    }
}
