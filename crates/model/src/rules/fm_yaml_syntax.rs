//! `fm/yaml-syntax` (error): front-matter or observation log is not valid YAML.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "fm/yaml-syntax",
    severity: Severity::Error,
    stops_reading: true,
    summary: "front-matter or observation log is not valid YAML.",
};

/// The diagnostic at the position the YAML parser reported.
pub fn diagnostic(span: Span, message: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("invalid YAML: {message}"), span)
        .with_hint("check indentation (spaces, not tabs), closing brackets and quotes; quote text that contains `: ` or starts with `*`, `&`, `!`, `[` or `{`")
}
