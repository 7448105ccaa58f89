//! The compiler-style renderer on any text with labels anywhere in it (the input's first bytes
//! choose the spans, the rest is the file): never a panic, never a control character in the
//! output but line breaks, and a size that does not grow with the file.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shoko_diagnostics::{Code, ColorChoice, Diagnostic, Severity, SourceMap, Span, render_human};

static CODE: Code = Code { name: "fuzz/code", severity: Severity::Error, stops_reading: false, summary: "fuzz" };

/// The character boundary at or before `offset`.
fn floor(text: &str, mut offset: usize) -> usize {
    offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 8 {
        return;
    }
    let (spans, rest) = data.split_at(8);
    let text = String::from_utf8_lossy(rest).into_owned();
    let at = |i: usize| floor(&text, usize::from(u16::from_le_bytes([spans[i], spans[i + 1]])) * 7);
    let (a, b, c, d) = (at(0), at(2), at(4), at(6));
    let mut sources = SourceMap::new();
    let file = sources.add("content/\u{1b}]0;x\u{7}.md", text.as_str());
    let message = text.chars().take(40).collect::<String>();
    let diagnostic = Diagnostic::new(&CODE, message.clone(), Span::new(file, a.min(b)..a.max(b)))
        .with_label(message.clone())
        .with_secondary(Span::new(file, c.min(d)..c.max(d)), "second")
        .with_hint(message);
    let out = render_human(&[diagnostic], &sources, ColorChoice::Never, "");
    assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
    // A few lines around each label, each at most LONG_LINE bytes, and the texts above.
    assert!(out.len() < 40 * shoko_diagnostics::LONG_LINE, "{} bytes", out.len());
});
