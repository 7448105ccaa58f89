//! Every text the site publishes is held to one rule of characters (`shoko_vocab::publishable`):
//! a character outside XML 1.0's `Char`, a C1 control or a Unicode noncharacter is an error at
//! its line, naming the code point, wherever it is written (a claim's text, a history reason, a
//! title, the glossary, the targets, a page's body) and however (as itself or as a YAML escape).
//! A clean build's feeds then always parse: one such character in them made every reader
//! reject the whole feed.

use super::check;
use super::common::{build_site, copy_tree, fixture};

/// `(file, the text in it, what replaces it)`: each slip the review found and its neighbours.
const SLIPS: &[(&str, &str, &str)] = &[
    ("content/logs/2026-03-27.yaml", "en: \"Statement base.\"", "en: \"Statement base.\\x01\""),
    ("content/logs/2026-03-27.yaml", "en: \"First record\" }", "en: \"First record\\x1f\" }"),
    ("content/logs/2026-03-27.yaml", "en: \"Statement derived.\"", "en: \"Statement derived.\\uFFFE\""),
    ("content/logs/2026-03-27.yaml", "ja: \"blocked の記述。\"", "ja: \"blocked の\\u0085記述。\""),
    ("content/logs/2026-03-27.yaml", "en: \"Statement partial.\"", "en: \"Statement \\e[2Jpartial.\""),
    ("content/index.md", "en: \"Page\"", "en: \"Page\\f\""),
    ("content/_data/glossary.yaml", "en: \"A unit of work the GPU runs.\"", "en: \"A unit of work\\U0010FFFF.\""),
    ("content/index.md", "\n:::en\n", "\n:::en\nA page break \u{c} in the body.\n"),
    ("content/index.md", "\n:::ja\n", "\n:::ja\n非文字\u{fdd0}を含む本文。\n"),
];

#[test]
fn a_character_no_published_text_may_hold_is_an_error_at_its_line_wherever_it_is_written() {
    for (file, from, to) in SLIPS {
        let tmp = tempfile::tempdir().expect("tmp");
        copy_tree(&fixture("valid"), tmp.path());
        let path = tmp.path().join(file);
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(text.contains(from), "{file}: {from}");
        let mutated = text.replacen(from, to, 1);
        std::fs::write(&path, &mutated).expect("write");
        // The line of the character written as itself, else of the escape.
        let literal = to.find(|c: char| (c < ' ' && c != '\n') || ('\u{fdd0}'..='\u{fdef}').contains(&c));
        let at = mutated.find(to).expect("written") + literal.unwrap_or(0);
        let line = mutated[..at].matches('\n').count() as u64 + 1;
        let (code, diags) = check(tmp.path());
        assert_eq!(code, 1, "{file}: {to}: {diags:?}");
        let first = &diags[0];
        let expected =
            if file.ends_with(".md") && to.starts_with('\n') { "md/control-character" } else { "fm/control-character" };
        assert_eq!((first.0.as_str(), first.1.as_str(), first.2), (expected, *file, line), "{to}: {diags:?}");
        assert!(first.4.contains("U+"), "names the code point: {}", first.4);
    }
}

#[test]
fn the_feeds_of_a_clean_build_parse_whatever_the_texts_hold() {
    let tmp = tempfile::tempdir().expect("tmp");
    copy_tree(&fixture("valid"), tmp.path());
    // Every character that is allowed, however unusual: the feeds carry them and still parse.
    let log = tmp.path().join("content/logs/2026-03-27.yaml");
    let text = std::fs::read_to_string(&log).expect("read");
    let unusual = "en: \"First\\ttab, \\u00A0nbsp, \\u2028line, <tag> & \\uFFFD \\U0001F600 \\u200B.\"";
    std::fs::write(&log, text.replacen("en: \"First record\"", unusual, 1)).expect("write");
    let (code, diags) = check(tmp.path());
    assert_eq!(code, 0, "{diags:?}");
    let out = tmp.path().join("site");
    build_site(tmp.path(), &out, &["--base-url", "https://example.org/site"]);
    for lang in ["ja", "en"] {
        let bytes = std::fs::read(out.join(format!("{lang}/changes/feed.xml"))).expect("feed");
        let feed = feed_rs::parser::parse(bytes.as_slice()).unwrap_or_else(|e| panic!("{lang}: {e}"));
        assert!(!feed.entries.is_empty());
    }
}

#[cfg(unix)]
#[test]
fn a_content_file_or_folder_whose_name_holds_a_line_break_is_not_read() {
    for name in ["content/notes\nforged.md", "content/odd\tfolder/page.md", "content/a\u{85}b.yaml"] {
        let tmp = tempfile::tempdir().expect("tmp");
        copy_tree(&fixture("valid"), tmp.path());
        let path = tmp.path().join(name);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, "---\ntitle: { ja: \"題\", en: \"Title\" }\n---\n").expect("write");
        let (code, diags) = check(tmp.path());
        assert_eq!(code, 1, "{name:?}: {diags:?}");
        assert_eq!(diags[0].0, "file/bad-name", "{name:?}: {diags:?}");
        assert!(diags[0].4.contains("U+"), "{}", diags[0].4);
        assert_eq!(diags.len(), 1, "nothing else: the file is not read: {diags:?}");
    }
}
