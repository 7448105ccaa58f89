//! `fm/yaml-syntax` (error): front-matter or observation log is not valid YAML. Where a typing
//! slip explains it (see [`crate::yaml::Slip`]), the slip is reported at its own character.

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

/// The diagnostic at a typing slip that breaks the YAML (a full-width character or a tab where
/// YAML needs ASCII), named by character and code point.
pub fn slip(span: Span, slip: &crate::yaml::Slip) -> Diagnostic {
    let shown = match slip.found {
        '\t' => "a tab".to_owned(),
        '\u{3000}' => "`\u{3000}`".to_owned(),
        c => format!("`{c}`"),
    };
    Diagnostic::new(
        &CODE,
        format!("invalid YAML: {} ({shown}, U+{:04X}) where YAML needs {}", slip.what, slip.found as u32, slip.fix),
        span,
    )
    .with_label(format!("write {} here", slip.fix))
    .with_hint("a Japanese input method types full-width `：`, `　`, `－` and `＃`; YAML's syntax needs the ASCII ones (inside quoted text they are fine)")
}
