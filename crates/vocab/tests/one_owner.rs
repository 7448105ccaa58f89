//! Every convention of the vocabulary is spelled here alone: no other crate's code holds one of
//! its words as a string literal (a component name, a generated page's folder, a folder of the
//! site root, a scheme, an anchor prefix). Test code, comments and messages to users are not
//! code that decides anything and are not read; the literal must stand alone in quotes, so prose
//! that mentions a word does not count.

use shoko_vocab::{CLAIM_SCHEME, Component, SitePage, layout};
use std::path::{Path, PathBuf};

/// The words only this crate may spell, each as a whole string literal (`"claim-"` covers
/// `format!("claim-{id}")` too: any literal that starts with it).
fn owned() -> Vec<(String, bool)> {
    let mut words: Vec<(String, bool)> = Vec::new();
    words.extend(Component::ALL.map(|c| (c.name().to_owned(), false)));
    words.extend(SitePage::ALL.map(|p| (p.folder().to_owned(), false)));
    for dir in layout::INPUT_DIRS.into_iter().chain([layout::CONFIG_FILE, layout::MEDIA_DIR, layout::DATA_DIR]) {
        words.push((dir.to_owned(), false));
    }
    words.push((CLAIM_SCHEME.to_owned(), false));
    words.push((format!("{CLAIM_SCHEME}:"), true));
    for prefix in ["claim-", "q-", "term-"] {
        words.push((prefix.to_owned(), true));
    }
    words
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// Literals that are the same word as a convention but another thing, with why.
const SAME_WORD_OTHER_THING: [(&str, &str, &str); 10] = [
    ("model/src/validate/page.rs", "phases", "the front-matter field that holds the phase grid's rows"),
    ("model/src/validate/page.rs", "timeline", "the front-matter field that holds the timeline's entries"),
    ("model/src/validate/page.rs", "cards", "the front-matter field that holds the hub cards"),
    ("model/src/media.rs", "pdf", "the file extension of a PDF and the format `infer` names"),
    ("model/src/validate/mod.rs", "claims", "the field that lists a file's claims"),
    ("model/src/validate/mod.rs", "questions", "the field that lists a file's open questions"),
    ("model/src/anchors.rs", "claims", "the ID of the page template's claims section"),
    ("model/src/anchors.rs", "questions", "the ID of the page template's questions section"),
    ("markdown/src/rules/raw_html.rs", "figure", "the HTML element a hint names"),
    ("render/src/needs.rs", "claim", "the sphinx-needs need type of a claim in needs.json"),
];

/// The string literals of the non-test code of `text`, with their line numbers.
fn literals(text: &str) -> Vec<(usize, String)> {
    let code = text.split("#[cfg(test)]").next().unwrap_or(text);
    let code = code.split("#[cfg(all(test").next().unwrap_or(code);
    let mut found = Vec::new();
    for (number, line) in code.lines().enumerate() {
        let line = line.trim_start();
        if line.starts_with("//") || line.starts_with(".with_hint") || line.starts_with(".with_label") {
            continue;
        }
        let mut rest = line;
        while let Some(start) = rest.find('"') {
            let after = &rest[start + 1..];
            let Some(end) = after.find('"') else { break };
            found.push((number + 1, after[..end].to_owned()));
            rest = &after[end + 1..];
        }
    }
    found
}

#[test]
fn no_other_crate_spells_a_convention_of_the_vocabulary() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let words = owned();
    let mut offences = Vec::new();
    for entry in std::fs::read_dir(&crates).expect("crates").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name == "vocab" || name == "xtask" {
            continue;
        }
        let mut files = Vec::new();
        rust_files(&entry.path().join("src"), &mut files);
        for file in files {
            let text = std::fs::read_to_string(&file).expect("read");
            for (line, literal) in literals(&text) {
                let hit = words
                    .iter()
                    .any(|(w, prefix)| if *prefix { literal.starts_with(w.as_str()) } else { literal == *w });
                let at = file.strip_prefix(&crates).unwrap_or(&file).to_string_lossy().replace('\\', "/");
                let excused = SAME_WORD_OTHER_THING.iter().any(|(f, l, _)| at == *f && literal == *l);
                if hit && !excused {
                    offences.push(format!(
                        "{}:{line}: \"{literal}\"",
                        file.strip_prefix(&crates).unwrap_or(&file).display()
                    ));
                }
            }
        }
    }
    assert!(offences.is_empty(), "conventions spelled outside shoko-vocab:\n{}", offences.join("\n"));
}
