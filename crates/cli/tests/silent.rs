//! No slip passes silently: mutations generated from the real content, of every construct it
//! uses, in both languages. Each mutation is made alone in a copy of the site; it passes when
//! `check` says something at the line it touched (for a change inside a language div, anywhere
//! in the div or its partner: a missing heading is noticed at the pair). The oracle for a
//! silent pass: `check` is clean at that place while the built pages differ from those of the
//! unmutated site in what readers see; that is a failure.
//!
//! The kinds, each tried at up to [`PER_KIND`] places spread over the files:
//! - body: a citation with a space after `claim:`, a full-width colon, full-width brackets or
//!   parentheses; a fence typed full width; a heading, a citation or a figure dropped from one
//!   language; a formula left open or naming an unknown command, typed into a sentence;
//! - YAML: a full-width `＃` after an unquoted value, a quoted text emptied, a control
//!   character written as an escape.

mod common;

use common::{build_site, copy_tree, repo, shoko_in};
use shoko_vocab::layout::{CONFIG_FILE, CONTENT_DIR, INPUT_DIRS};
use std::ops::RangeInclusive;
use std::path::Path;

/// How many places each kind of mutation is tried at.
const PER_KIND: usize = 6;

/// One generated mutation: in `file` (under content/), the text at byte `at` of length `len`
/// becomes `with`; `check` must say something on one of `lines`.
#[derive(Debug, Clone)]
struct Mutation {
    kind: &'static str,
    file: String,
    at: usize,
    len: usize,
    with: String,
    lines: RangeInclusive<usize>,
}

/// The 1-based line of byte `at`.
fn line_of(text: &str, at: usize) -> usize {
    text[..at].matches('\n').count() + 1
}

/// The lines of the language div pair around byte `at` of a page (from the first fence of the
/// pair to the last), or just the line of `at` outside divs.
fn pair_lines(text: &str, at: usize) -> RangeInclusive<usize> {
    let line = line_of(text, at);
    let lines: Vec<&str> = text.lines().collect();
    let is_lang = |l: &str| l.starts_with(":::ja") || l.starts_with(":::en");
    let Some(open) = (0..line).rev().find(|&i| is_lang(lines[i])) else { return line..=line };
    // The partner is the language div next to this one, before or after.
    let close = (line..lines.len()).find(|&i| lines[i].trim() == ":::").unwrap_or(line);
    let before = (0..open).rev().find(|&i| lines[i].trim() == ":::").and_then(|c| {
        (0..c).rev().find(|&i| is_lang(lines[i])).filter(|_| lines[c + 1..open].iter().all(|l| l.trim().is_empty()))
    });
    let after = (close + 1..lines.len()).find(|&i| !lines[i].trim().is_empty()).filter(|&i| is_lang(lines[i]));
    let after_close = after.and_then(|a| (a..lines.len()).find(|&i| lines[i].trim() == ":::"));
    let first = before.unwrap_or(open) + 1;
    let last = after_close.unwrap_or(close) + 1;
    first..=last
}

/// Whether byte `at` of a page is inside a language div.
fn in_language_div(text: &str, at: usize) -> bool {
    let mut inside = false;
    for line in text[..at].lines() {
        if line.starts_with(":::ja") || line.starts_with(":::en") {
            inside = true;
        } else if line.trim() == ":::" {
            inside = false;
        }
    }
    inside
}

/// Every mutation of the kinds above that `text` (the file `file`) offers, in order.
fn mutations_of(file: &str, text: &str) -> Vec<Mutation> {
    let mut out = Vec::new();
    let mut add = |kind: &'static str, at: usize, len: usize, with: String, lines: RangeInclusive<usize>| {
        out.push(Mutation { kind, file: file.to_owned(), at, len, with, lines });
    };
    if file.ends_with(".md") {
        let body = text.match_indices("\n---\n").next().map_or(0, |(i, _)| i + 5);
        for (at, _) in text.match_indices("](claim:").filter(|(at, _)| *at > body && in_language_div(text, *at)) {
            let line = line_of(text, at)..=line_of(text, at);
            add("citation: a space after claim:", at, 8, "](claim: ".into(), line.clone());
            add("citation: a full-width colon", at, 8, "](claim：".into(), line.clone());
            if let Some(open) = text[..at].rfind('[').filter(|o| !text[*o..at].contains('\n')) {
                let inner = &text[open + 1..at];
                add("citation: full-width brackets", open, at + 1 - open, format!("［{inner}］"), line.clone());
            }
            if let Some(end) = text[at..].find(')').map(|e| at + e) {
                let id = &text[at + 8..end];
                add("citation: full-width parentheses", at, end + 1 - at, format!("]（claim:{id}）"), line.clone());
            }
            // The citation dropped from one language, its words kept.
            if let (Some(open), Some(end)) =
                (text[..at].rfind('[').filter(|o| !text[*o..at].contains('\n')), text[at..].find(')').map(|e| at + e))
            {
                let words = text[open + 1..at].to_owned();
                add("citation: dropped in one language", open, end + 1 - open, words, pair_lines(text, at));
            }
        }
        for (at, _) in text.match_indices("\n:::ja\n").chain(text.match_indices("\n:::en\n")) {
            let fence = at + 1;
            let line = line_of(text, fence);
            add("fence: full-width colons", fence, 3, "：：：".into(), line..=line);
        }
        for (at, _) in text.match_indices("\n## ").filter(|(at, _)| in_language_div(text, *at + 1)) {
            let start = at + 1;
            let end = text[start..].find('\n').map_or(text.len(), |e| start + e + 1);
            add("heading: dropped in one language", start, end - start, String::new(), pair_lines(text, start));
        }
        // A formula typed into a sentence: one left open, one with an unknown command.
        let mut start = body;
        for raw in text[body..].split_inclusive('\n') {
            let (at, line) = (start, raw.trim_end_matches('\n'));
            start += raw.len();
            let prose = line.starts_with(|c: char| c.is_alphanumeric()) && !line.ends_with('|');
            if prose && in_language_div(text, at) {
                let end = at + line.len();
                let number = line_of(text, at);
                add("formula: left open", end, 0, r" $\eta = \frac{a}{b$".into(), number..=number);
                add("formula: an unknown command", end, 0, r" $\notacommand{x}$".into(), number..=number);
            }
        }
        for (at, _) in text.match_indices("![").filter(|(at, _)| in_language_div(text, *at)) {
            if let Some(end) = text[at..].find(')').map(|e| at + e + 1).filter(|e| !text[at..*e].contains('\n')) {
                add("figure: dropped in one language", at, end - at, String::new(), pair_lines(text, at));
            }
        }
    }
    // YAML: a log whole, a page's front-matter.
    let yaml_end =
        if file.ends_with(".md") { text.match_indices("\n---\n").next().map_or(0, |(i, _)| i) } else { text.len() };
    let mut offset = 0;
    for raw in text[..yaml_end].split_inclusive('\n') {
        let line_start = offset;
        offset += raw.len();
        let line = raw.trim_end_matches('\n');
        let number = line_of(text, line_start);
        if line.trim_start().starts_with('#') {
            continue;
        }
        // An unquoted block value: `key: value`.
        if let Some((key, value)) = line.split_once(": ")
            && !key.trim_start().starts_with("- ")
            && key.trim_start().chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ' ')
            && !value.is_empty()
            && !value.starts_with(['"', '\'', '[', '{', '|', '>', '&', '*'])
        {
            add("yaml: a full-width ＃ after a value", line_start + line.len(), 0, "  ＃ メモ".into(), number..=number);
        }
        // Quoted texts (not keys, not in comments).
        let mut search = 0;
        while let Some(open) = line[search..].find(": \"").map(|i| search + i + 3) {
            let Some(close) = line[open..].find('"').map(|i| open + i) else { break };
            if close > open {
                add("yaml: a text emptied", line_start + open, close - open, String::new(), number..=number);
                add("yaml: a control character escaped", line_start + close, 0, "\\x01".into(), number..=number);
            }
            search = close + 1;
        }
    }
    out
}

/// Every page's text as a reader sees it: the HTML of each page with the tags taken out.
fn what_readers_see(out: &Path) -> Vec<(String, String)> {
    let mut pages: Vec<(String, String)> = common::walk(out)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .map(|p| {
            let html = std::fs::read_to_string(&p).expect("page");
            let document = scraper::Html::parse_document(&html);
            let text: String = document.root_element().text().collect::<Vec<_>>().join(" ");
            (
                p.strip_prefix(out).expect("inside").display().to_string(),
                text.split_whitespace().collect::<Vec<_>>().join(" "),
            )
        })
        .collect();
    pages.sort();
    pages
}

#[test]
fn no_generated_slip_in_the_real_content_passes_silently() {
    let site = tempfile::tempdir().expect("temp dir");
    for dir in INPUT_DIRS {
        copy_tree(&repo().join(dir), &site.path().join(dir));
    }
    std::fs::copy(repo().join(CONFIG_FILE), site.path().join(CONFIG_FILE)).expect("copy the config");
    let clean = shoko_in(site.path(), &["check", "--root", "."]);
    assert_eq!(clean.code, 0, "the real site checks clean:\n{}", clean.stderr);
    // Every kind, at up to PER_KIND places in different files where it can.
    let mut files: Vec<String> = common::walk(&site.path().join(CONTENT_DIR))
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "md" || e == "yaml"))
        .map(|p| p.strip_prefix(site.path().join(CONTENT_DIR)).expect("inside").display().to_string())
        .collect();
    files.sort();
    let mut by_kind: std::collections::BTreeMap<&str, Vec<Mutation>> = std::collections::BTreeMap::new();
    for file in &files {
        let text = std::fs::read_to_string(site.path().join(CONTENT_DIR).join(file)).expect("read");
        for m in mutations_of(file, &text) {
            let chosen = by_kind.entry(m.kind).or_default();
            if chosen.len() < PER_KIND && chosen.iter().all(|c| c.file != m.file) {
                chosen.push(m);
            }
        }
    }
    // The real content shows its figures outside the language divs: no figure is dropped there.
    assert!(by_kind.len() >= 10, "every kind is found in the real content: {:?}", by_kind.keys().collect::<Vec<_>>());
    for kind in ["formula: left open", "formula: an unknown command"] {
        assert!(by_kind.get(kind).is_some_and(|m| m.len() == PER_KIND), "{kind} is tried at {PER_KIND} places");
    }
    let mut reference = None;
    let mut silent = Vec::new();
    let mut tried = 0;
    for m in by_kind.values().flatten() {
        tried += 1;
        let path = site.path().join(CONTENT_DIR).join(&m.file);
        let original = std::fs::read_to_string(&path).expect("read");
        let mutated = [&original[..m.at], &m.with, &original[m.at + m.len..]].concat();
        std::fs::write(&path, &mutated).expect("write the mutation");
        let run = shoko_in(site.path(), &["check", "--root", ".", "--format", "json"]);
        let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
        let said = run.code != 0
            || report["diagnostics"].as_array().expect("diagnostics").iter().any(|d| {
                d["file"].as_str() == Some(&format!("{CONTENT_DIR}/{}", m.file))
                    && d["line"].as_u64().is_some_and(|l| m.lines.contains(&(l as usize)))
            });
        if !said {
            // Silent here: a failure only if readers would see something else.
            let out = tempfile::tempdir().expect("tmp");
            build_site(site.path(), &out.path().join("site"), &[]);
            let seen = what_readers_see(&out.path().join("site"));
            std::fs::write(&path, &original).expect("undo");
            let before = reference.get_or_insert_with(|| {
                let out = tempfile::tempdir().expect("tmp");
                build_site(site.path(), &out.path().join("site"), &[]);
                what_readers_see(&out.path().join("site"))
            });
            if seen != *before {
                silent.push(format!(
                    "{} in {} at lines {:?}: `{}` → `{}`, exit {}:\n{}",
                    m.kind,
                    m.file,
                    m.lines,
                    &original[m.at..m.at + m.len],
                    m.with,
                    run.code,
                    run.stderr
                ));
            }
        }
        std::fs::write(&path, &original).expect("undo the mutation");
    }
    assert!(silent.is_empty(), "{} of {tried} slips passed silently:\n{}", silent.len(), silent.join("\n"));
}
