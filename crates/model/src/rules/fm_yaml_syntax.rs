//! `fm/yaml-syntax` (error): front-matter or observation log is not valid YAML. Where a typing
//! slip explains it (see [`crate::yaml::Slip`]), the slip is reported at its own character; where
//! the layout is at fault ([`crate::yaml::LayoutFault`]: a line that lines up with nothing, a
//! quote or bracket left open), that place.

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
    .with_hint(if slip.found == '\t' {
        "an editor set to indent with tabs types them; indent YAML with spaces only (inside quoted text a tab is fine)"
    } else {
        "a Japanese input method types full-width `：`, `　`, `－` and `＃`; YAML's syntax needs the ASCII ones (inside quoted text they are fine)"
    })
}

/// The diagnostic at a layout fault: a misindented line, or the quote or bracket left open;
/// `start` is the offset in the file of the text the fault's ranges are in.
pub fn layout(span: Span, fault: &crate::yaml::LayoutFault, start: usize) -> Diagnostic {
    use crate::yaml::FaultKind;
    let spaces = |n: usize| if n == 1 { "1 space".to_owned() } else { format!("{n} spaces") };
    let key = &fault.key;
    let (message, label, hint) = match fault.kind {
        FaultKind::FirstOfBlock { found, siblings, ref next } => (
            format!("`{key}` is indented {}, and the lines after it at {siblings}", spaces(found)),
            format!("`{next}` below is indented {}", spaces(siblings)),
            format!("indent it {} like `{next}`: a block's lines line up", spaces(siblings)),
        ),
        FaultKind::Between { found, outer, inner } => (
            format!("`{key}` is indented {}, between the levels above it at {outer} and {inner}", spaces(found)),
            "lines up with nothing above".to_owned(),
            format!(
                "indent it {} to sit beside the keys at that level, or {} for the outer one: YAML reads the structure from the indentation",
                spaces(inner),
                spaces(outer)
            ),
        ),
        FaultKind::DeeperThanValue { found, above } => (
            format!("`{key}` is indented {}, deeper than the line above, whose value is already given", spaces(found)),
            format!("the line above is indented {}", spaces(above)),
            format!(
                "indent it {} like the line above to make it a sibling; only a line that ends in `key:` can hold deeper lines",
                spaces(above)
            ),
        ),
        FaultKind::Unclosed { open, ref next } => {
            let close = match open {
                '{' => '}',
                '[' => ']',
                other => other,
            };
            let file = span.file;
            let diagnostic = Diagnostic::new(&CODE, format!("invalid YAML: the `{open}` of `{key}` is never closed"), span)
                .with_label("opened here")
                .with_hint(format!(
                    "close it with `{close}` on its line (a value that runs over lines continues only on lines indented deeper than its key)"
                ));
            return match next {
                Some(next) => diagnostic.with_secondary(
                    Span::new(file, start + next.start..start + next.end),
                    "the next entry starts here, so the value ends before it",
                ),
                None => diagnostic,
            };
        }
    };
    Diagnostic::new(&CODE, format!("invalid YAML: {message}"), span).with_label(label).with_hint(hint)
}

/// The diagnostic at a full-width `＃` inside an unquoted value, meant to start a comment: YAML
/// reads it and what follows as part of the value (published on both pages and in the exports).
pub fn comment_in_value(span: Span) -> Diagnostic {
    Diagnostic::new(
        &CODE,
        "a full-width `＃` (U+FF03) does not start a comment: YAML reads it and what follows as part of the value",
        span,
    )
    .with_label("write `#` here")
    .with_hint("a Japanese input method types `＃`; a comment starts with the ASCII `#` (quote the value if the `＃` is part of it)")
}
