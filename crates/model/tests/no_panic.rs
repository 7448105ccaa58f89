//! The validate and link stages never panic, whatever the text: every prefix of every fixture and
//! content file, and deterministic mutations of them (deleted, doubled and swapped lines, inserted
//! YAML and div punctuation, tabs and CRLF), go through both stages and end in diagnostics.

use shoko_diagnostics::SourceMap;
use shoko_model::{DocumentInput, SourceKind, link, validate_document};
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "md" || e == "yaml") {
            out.push(path);
        }
    }
}

fn run(text: &str, kind: SourceKind) -> usize {
    let mut sources = SourceMap::new();
    let file = sources.add("content/x", text);
    let today = jiff::civil::date(2026, 11, 21);
    let raw_html = shoko_model::schema::RawHtml::Refuse;
    let assertive = shoko_model::rules::claim_assertive_wording::AssertiveWords::default();
    let input =
        DocumentInput { file, source: sources.file(file), path: "x.md", kind, today, raw_html, assertive: &assertive };
    let (doc, mut diags) = validate_document(&input);
    let (_, link_diags) = link(doc.into_iter().map(std::sync::Arc::new).collect(), &Default::default());
    diags.extend(link_diags);
    for d in &diags {
        if let Some(p) = &d.primary {
            assert!(
                p.span.range.start <= p.span.range.end && p.span.range.end <= text.len(),
                "span out of range: {d:?}"
            );
            assert!(
                text.is_char_boundary(p.span.range.start) && text.is_char_boundary(p.span.range.end),
                "span splits a character: {d:?}"
            );
        }
    }
    diags.len()
}

fn mutations(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    // Every line of small files; an even sample of 20 lines of large ones.
    let step = lines.len().div_ceil(20).max(1);
    for i in (0..lines.len()).step_by(step) {
        let mut deleted = lines.clone();
        deleted.remove(i);
        out.push(deleted.join("\n"));
        let mut doubled = lines.clone();
        doubled.insert(i, lines[i]);
        out.push(doubled.join("\n"));
        if i + 1 < lines.len() {
            let mut swapped = lines.clone();
            swapped.swap(i, i + 1);
            out.push(swapped.join("\n"));
        }
        for insert in [":", "[", "{", "\"", "- ", "\t", ":::", "&a ", "*a", "\u{feff}", "観"] {
            let mut changed = lines.clone();
            let line = format!("{insert}{}", lines[i]);
            changed[i] = &line;
            out.push(changed.join("\n"));
        }
    }
    out.push(text.replace('\n', "\r\n"));
    out
}

#[test]
fn no_input_makes_validation_panic() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut paths = Vec::new();
    files(&repo.join("tests/fixtures"), &mut paths);
    files(&repo.join("content"), &mut paths);
    assert!(paths.len() > 30, "found only {} files", paths.len());
    let mut runs = 0;
    for path in paths {
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let kind = if path.extension().is_some_and(|e| e == "md") { SourceKind::Page } else { SourceKind::Log };
        // About 100 prefixes per file, evenly spread, every cut on a character boundary.
        let chars = text.chars().count();
        for (i, _) in text.char_indices().step_by((chars / 100).max(3)) {
            run(&text[..i], kind);
            runs += 1;
        }
        for mutated in mutations(&text) {
            run(&mutated, kind);
            runs += 1;
        }
    }
    assert!(runs > 1000, "only {runs} inputs tried");
}
