//! Machine-readable diagnostics: one JSON document with every diagnostic and the summary.

use crate::{Diagnostic, Severity, SourceMap, Summary};
use serde::Serialize;

/// One diagnostic with its position resolved to 1-based lines and character columns.
#[derive(Debug, Serialize)]
pub struct JsonDiagnostic<'a> {
    /// Stable code, e.g. `claim/missing-source`.
    pub code: &'a str,
    /// `error` or `warning`.
    pub severity: Severity,
    /// What is wrong.
    pub message: &'a str,
    /// Path relative to the site root, if the problem is in a file.
    pub file: Option<&'a str>,
    /// The same file as it is reached from where the command ran (the site root's path before
    /// `file`, as human output shows it).
    pub path: Option<String>,
    /// 1-based start line.
    pub line: Option<usize>,
    /// 1-based start column in characters.
    pub column: Option<usize>,
    /// 1-based end line.
    pub end_line: Option<usize>,
    /// 1-based end column in characters (exclusive).
    pub end_column: Option<usize>,
    /// How to fix it.
    pub hint: Option<&'a str>,
    /// How it concerns a draft (`inside` one the build leaves out, or `referenced` while drafts
    /// are built), so that it stops nothing (an error's `severity` is then `warning`).
    pub draft: Option<crate::Draft>,
    /// The text of the line the diagnostic starts on, unless it is longer than
    /// [`crate::LONG_LINE`] bytes.
    pub source_line: Option<&'a str>,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    diagnostics: Vec<JsonDiagnostic<'a>>,
    summary: Summary,
}

/// Resolve the position of one diagnostic.
pub fn to_json<'a>(d: &'a Diagnostic, sources: &'a SourceMap, prefix: &str) -> JsonDiagnostic<'a> {
    let place = d.primary.as_ref().map(|p| {
        let file = sources.file(p.span.file);
        (file.path.as_str(), file.line_col(p.span.range.start), file.line_col(p.span.range.end))
    });
    JsonDiagnostic {
        code: d.code.name,
        severity: d.severity(),
        message: &d.message,
        file: place.map(|p| p.0),
        path: place.map(|p| [prefix, p.0].concat()),
        line: place.map(|p| p.1.line),
        column: place.map(|p| p.1.col),
        end_line: place.map(|p| p.2.line),
        end_column: place.map(|p| p.2.col),
        hint: d.hint.as_deref(),
        draft: d.draft,
        source_line: d.primary.as_ref().and_then(|p| {
            let file = sources.file(p.span.file);
            let line = file.line_text(file.line_col(p.span.range.start).line);
            (line.len() <= crate::LONG_LINE).then_some(line)
        }),
    }
}

/// Render `diagnostics` as a pretty-printed JSON object `{ "diagnostics": [...], "summary": {...} }`;
/// `prefix` is the site root as reached from where the command ran (see [`JsonDiagnostic::path`]).
pub fn render_json(diagnostics: &[Diagnostic], sources: &SourceMap, prefix: &str) -> String {
    let report = JsonReport {
        diagnostics: diagnostics.iter().map(|d| to_json(d, sources, prefix)).collect(),
        summary: Summary::of(diagnostics),
    };
    let mut text = serde_json::to_string_pretty(&report).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"));
    text.push('\n');
    text
}
