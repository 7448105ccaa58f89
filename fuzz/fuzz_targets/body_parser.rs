//! The language-div and component parser on any body text, then the pairing of language divs:
//! never panics, and every diagnostic's span lies inside the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shoko_diagnostics::SourceMap;

fuzz_target!(|text: &str| {
    let mut sources = SourceMap::new();
    let file = sources.add("content/x.md", text);
    let (body, diags) = shoko_markdown::parse_body(text, 0, file);
    let _ = shoko_markdown::partners(&body.blocks, text, 0);
    for d in &diags {
        if let Some(p) = &d.primary {
            assert!(p.span.range.start <= p.span.range.end && p.span.range.end <= text.len());
        }
    }
});
