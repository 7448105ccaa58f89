//! YAML text to the model: a whole document validated as a page, an observation log and the two
//! data files, then linked. Never panics; every diagnostic's span lies inside the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shoko_diagnostics::SourceMap;
use shoko_model::{DocumentInput, SourceKind, link, validate_document};

fuzz_target!(|text: &str| {
    for (kind, path) in [
        (SourceKind::Page, "x.md"),
        (SourceKind::Log, "logs/x.yaml"),
        (SourceKind::Targets, "_data/targets.yaml"),
        (SourceKind::Glossary, "_data/glossary.yaml"),
    ] {
        let mut sources = SourceMap::new();
        let file = sources.add("content/x", text);
        let today = jiff::civil::date(2026, 11, 21);
        let raw_html = shoko_model::schema::RawHtml::Refuse;
        let assertive = shoko_model::rules::claim_assertive_wording::AssertiveWords::default();
        let input = DocumentInput { file, source: sources.file(file), path, kind, today, raw_html, assertive: &assertive };
        let (doc, mut diags) = validate_document(&input);
        let (_, more) = link(doc.into_iter().map(std::sync::Arc::new).collect(), &Default::default());
        diags.extend(more);
        for d in &diags {
            if let Some(p) = &d.primary {
                assert!(p.span.range.start <= p.span.range.end && p.span.range.end <= text.len());
                assert!(text.is_char_boundary(p.span.range.start) && text.is_char_boundary(p.span.range.end));
            }
        }
    }
});
