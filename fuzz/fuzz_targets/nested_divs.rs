//! Bodies made of fenced divs nested as deep as the input asks (each byte opens a div of some
//! kind, closes one, or writes a line), parsed and rendered in both languages: never a panic or
//! a stack overflow, every span inside the text, and at most one `md/too-deep` per body.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shoko_diagnostics::SourceMap;
use shoko_markdown::{Anchors, Block, Component, Lang, RenderContext, Resolved, parse_body, render_html};

struct Plain;

impl RenderContext for Plain {
    fn resolve(&self, _: &str, _: Lang) -> Option<Resolved> {
        None
    }
    fn fallback_notice(&self, _: Lang) -> String {
        String::from("fallback")
    }
    fn label(&self, key: &str, _: Lang) -> String {
        key.to_owned()
    }
    fn component(&self, component: Component, _: &str, _: Lang) -> String {
        format!("<div class=\"{}\"></div>", component.name())
    }
    fn image(&self, _: &str, _: &str, _: Lang) -> Option<String> {
        None
    }
}

fn depth(blocks: &[Block]) -> usize {
    blocks.iter().map(|b| if let Block::Div(d) = b { 1 + depth(&d.children) } else { 0 }).max().unwrap_or(0)
}

fuzz_target!(|data: &[u8]| {
    let mut text = String::new();
    for (i, byte) in data.iter().enumerate() {
        let colons = ":".repeat(3 + usize::from(byte >> 6));
        match byte % 8 {
            0 => text.push_str(&format!("{colons}callout inferred\n")),
            1 => text.push_str(":::ja\n"),
            2 => text.push_str(":::en\n"),
            3 => text.push_str(&format!("{colons} figure\n")),
            4 | 5 => text.push_str(&format!("{colons}\n")),
            6 => text.push_str(&format!("text {i} [l](claim:x) <b>\n")),
            _ => text.push_str("```\n"),
        }
    }
    let mut sources = SourceMap::new();
    let file = sources.add("content/x.md", text.as_str());
    let (body, diags) = parse_body(&text, 0, file);
    assert!(depth(&body.blocks) <= shoko_markdown::rules::too_deep::MAX_DEPTH);
    assert!(diags.iter().filter(|d| d.code.name == "md/too-deep").count() <= 1);
    for d in &diags {
        if let Some(p) = &d.primary {
            assert!(p.span.range.start <= p.span.range.end && p.span.range.end <= text.len());
        }
    }
    for lang in Lang::ALL {
        let _ = render_html(body.source(&text, 0), lang, &Plain, &mut Anchors::default());
    }
});
