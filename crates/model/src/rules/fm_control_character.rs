//! `fm/control-character` (error): a text in YAML (front-matter, a log, `_data`, `shoko.yaml`)
//! holds a character no published text may hold (`shoko_vocab::publishable`), most often
//! written as an escape (`"\x01"`, `"\uFFFE"`): one such character in a claim's text or a
//! history reason makes every feed reader reject the whole Atom feed.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "fm/control-character",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a YAML text holds a control character or a Unicode noncharacter (often written as an escape such as \"\\x01\")",
};

/// The diagnostic for `c` in the text value at `value` (its span in the file `text`): at the
/// character where it is written as itself, else at the escape that writes it, else at the
/// value.
pub fn diagnostic(value: Span, text: &str, c: char) -> Diagnostic {
    let written = text.get(value.range.clone()).unwrap_or_default();
    let code = u32::from(c);
    let escapes = [format!("\\x{code:02x}"), format!("\\u{code:04x}"), format!("\\U{code:08x}")];
    let named = match c {
        '\0' => Some("\\0"),
        '\u{7}' => Some("\\a"),
        '\u{8}' => Some("\\b"),
        '\u{b}' => Some("\\v"),
        '\u{c}' => Some("\\f"),
        '\u{1b}' => Some("\\e"),
        '\u{85}' => Some("\\N"),
        _ => None,
    };
    let lower = written.to_ascii_lowercase();
    let found = written
        .find(c)
        .map(|at| at..at + c.len_utf8())
        .or_else(|| escapes.iter().find_map(|e| lower.find(&e.to_ascii_lowercase()).map(|at| at..at + e.len())))
        .or_else(|| named.and_then(|n| written.find(n).map(|at| at..at + n.len())));
    let span = match found {
        Some(range) => Span::new(value.file, value.range.start + range.start..value.range.start + range.end),
        None => value,
    };
    Diagnostic::new(
        &CODE,
        format!("U+{code:04X} in this text is {}, which no published text may hold", shoko_vocab::unpublishable_kind(c)),
        span,
    )
    .with_label("not text")
    .with_hint("delete it (an escape such as \\x01 in a quoted text writes such a character); a feed holding it is rejected whole by every reader")
}
