//! Slide decks built from a site: a slide's number is its anchor, so a link to `deck.md#3`
//! passes `check` and lands on the slide, a heading spelled like a number does not take the
//! slide's ID, and a number past the last slide is an unknown anchor. Media a page names must
//! exist and be the kind its component takes.

mod common;

use common::{copy_tree, fixture, shoko, write};
use scraper::{Html, Selector};

fn select(s: &str) -> Selector {
    Selector::parse(s).expect("selector")
}

const DECK: &str = "---\ntitle: { ja: \"デッキ\", en: \"Deck\" }\nlayout: slides\n---\n\n:::ja\n## 一\n\n一枚目。\n\n## 3\n\n見出しが数字。\n:::\n\n:::en\n## One\n\nFirst.\n\n## 3\n\nA heading that is a number.\n:::\n\n::: notes\n:::ja\n## メモの見出し\n:::\n:::en\n## A heading in the notes\n:::\n:::\n";

#[test]
fn slide_numbers_are_anchors_that_links_may_target_and_headings_do_not_take() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path().join("root");
    copy_tree(&fixture("valid"), &root);
    write(&root, "content/deck.md", DECK);
    let link = "---\ntitle: { ja: \"リンク\", en: \"Link\" }\n---\n\n:::ja\n[三枚目](deck.md#3)\n:::\n\n:::en\n[Third slide](deck.md#3)\n:::\n";
    write(&root, "content/link.md", link);
    let out = tmp.path().join("site");
    let run = shoko(&["build", "--root", &root.display().to_string(), "--out", &out.display().to_string()]);
    assert_eq!(run.code, 0, "a link to a slide number is valid:\n{}", run.stderr);

    for lang in ["ja", "en"] {
        let html = std::fs::read_to_string(out.join(format!("{lang}/deck/index.html"))).expect("built deck");
        let doc = Html::parse_document(&html);
        let slides: Vec<&str> =
            doc.select(&select("[data-deck] [data-slide]")).filter_map(|s| s.value().attr("id")).collect();
        assert_eq!(slides, ["1", "2", "3"], "{lang}");
        assert_eq!(doc.select(&select("[id=\"3\"]")).count(), 1, "{lang}: one element is #3, the slide");
        let heading = doc.select(&select("[data-slide] h2")).nth(1).and_then(|h| h.value().attr("id")).unwrap_or("");
        assert!(heading != "3" && heading.starts_with('3'), "{lang}: the heading `3` is numbered apart: {heading}");
    }

    // A slide past the last is not there (a heading in the notes starts none).
    write(&root, "content/link.md", &link.replace("deck.md#3", "deck.md#4"));
    let run = shoko(&["check", "--root", &root.display().to_string()]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("ref/unknown-anchor"), "{}", run.stderr);
}

#[test]
fn media_a_page_names_must_exist_and_be_what_their_names_say() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path().join("root");
    copy_tree(&fixture("valid"), &root);
    let page = "---\ntitle: { ja: \"音\", en: \"Sound\" }\n---\n\n::: audio gone.ogg\n:::ja\n書き起こし。\n:::\n:::en\nTranscript.\n:::\n:::\n\n::: pdf media/narration.wav\n:::\n";
    write(&root, "content/sound.md", page);
    let run = shoko(&["check", "--root", &root.display().to_string()]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let missing = run.stderr.find("error[ref/missing-file]").expect("the missing recording is reported");
    assert!(run.stderr[missing..].contains("content/sound.md:5:11"), "at the argument:\n{}", run.stderr);
    let kind = run.stderr.find("error[file/bad-media]").expect("a WAV is not a PDF");
    assert!(run.stderr[kind..].contains("`::: pdf` shows a PDF"), "{}", run.stderr);
    // Found when the media are read, after the page's text was dropped: still shown at its line.
    assert!(run.stderr[kind..].contains("content/sound.md:14:"), "at its line:\n{}", run.stderr);
    assert!(run.stderr[kind..].contains("| ::: pdf media/narration.wav"), "with its line:\n{}", run.stderr);
}
