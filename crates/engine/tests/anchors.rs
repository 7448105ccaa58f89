//! The heading anchors a page keeps when it is read (`shoko_model::anchors::sections`, from
//! which `kept_anchors` serves the link stage and the page's surface) are the ones a walk of its
//! text gives with the page's IDs reserved, as the render numbers them: on the real site and on
//! the valid fixture, every page, both languages. Linking and the engine's decision to link
//! again rest on it, also for pages whose text they never read.

use shoko_engine::{BuildOptions, Change, Engine};
use shoko_markdown::{Lang, headings};
use shoko_model::anchors::{reserved, sections};
use std::path::Path;

#[test]
fn the_anchors_a_page_kept_are_the_anchors_its_text_gives() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let options = BuildOptions::on(jiff::civil::date(2026, 11, 21));
    for root in [repo.clone(), repo.join("tests/fixtures/valid")] {
        let mut engine = Engine::new(&root, options.clone());
        engine.validate(&Change::Everything).expect("readable");
        let files: Vec<_> = engine.site().expect("a site").docs().iter().map(|d| d.file).collect();
        engine.hold_texts(&files).expect("the texts, as validated");
        let (site, sources) = (engine.site().expect("a site"), engine.sources().expect("the texts"));
        let (mut pages, mut headed) = (0, 0);
        for doc in site.docs().iter() {
            let Some(page) = doc.page() else { continue };
            let text = &sources.file(doc.file).text;
            for lang in Lang::ALL {
                let body = &text[page.body_start..];
                let mut anchors = reserved(doc, site);
                let from_text: Vec<String> = headings(page.body.source(body, page.body_start), lang, &mut anchors)
                    .into_iter()
                    .map(|h| h.id)
                    .collect();
                let kept: Vec<String> = sections(doc, site, lang).into_iter().filter_map(|(a, _)| a).collect();
                assert_eq!(kept, from_text, "{} in {lang:?}", doc.path);
                headed += usize::from(!kept.is_empty());
            }
            pages += 1;
        }
        assert!(pages >= 3 && headed >= pages, "{pages} pages, {headed} with headings, in {}", root.display());
    }
}

/// A link may go to the template's `#summary` and `#claims` only on a page that shows claims,
/// and to `#gain` only on a page to read (a deck shows its gain on the title slide, without the
/// section), though every page keeps those IDs from its headings (`## Summary` is `#summary-2`).
#[test]
fn a_link_to_a_section_the_page_does_not_show_is_an_unknown_anchor() {
    let tmp = tempfile::tempdir().expect("tmp");
    let write = |rel: &str, text: &str| {
        let path = tmp.path().join(rel);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("folder");
        std::fs::write(path, text).expect("write");
    };
    let page = |title: &str, front: &str, body: &str| {
        format!(
            "---\ntitle: {{ ja: \"{title}\", en: \"{title}\" }}\n{front}---\n\n:::ja\n{body}\n:::\n\n:::en\n{body}\n:::\n"
        )
    };
    let claim = "claims:\n  - id: one\n    class: confirmed\n    text: { ja: \"一。\", en: \"One.\" }\n    scope: { gfx: [gfx1201], observed: \"2026-03-27\" }\n    sources:\n      - { basis: artifact, file: a.so, tool: \"strings -a\", output: \"gfx1201\" }\n    history:\n      - { date: \"2026-03-27\", from: null, to: confirmed, reason: { ja: \"初回\", en: \"First record\" } }\n";
    write("content/notes.md", &page("Notes", "", "## Summary\n\nText."));
    write("content/shown.md", &page("Shown", claim, "## Summary\n\nText."));
    let gain = "gain: { ja: \"得るもの\", en: \"What it gives\" }\n";
    write("content/deck.md", &page("Deck", &format!("layout: slides\n{gain}"), "## One\n\nText."));
    write("content/read.md", &page("Read", gain, "Text."));
    let links = [
        "deck.md#gain",
        "read.md#gain",
        "deck.md#2",
        "notes.md#summary",
        "notes.md#claims",
        "notes.md#summary-2",
        "notes.md#main",
        "shown.md#summary",
        "shown.md#claims",
        "shown.md#summary-2",
    ];
    let body: Vec<String> = links.iter().map(|l| format!("[{l}]({l})\n")).collect();
    write("content/index.md", &page("Home", "", &body.concat()));
    let mut engine = Engine::new(tmp.path(), BuildOptions::on(jiff::civil::date(2026, 11, 21)));
    engine.validate(&Change::Everything).expect("readable");
    let unknown: Vec<String> = engine
        .diagnostics()
        .iter()
        .filter(|d| d.code.name == "ref/unknown-anchor")
        .map(|d| d.message.split('`').nth(1).unwrap_or_default().to_owned())
        .collect();
    // Each wrong link once per language.
    assert_eq!(
        unknown,
        ["#gain", "#summary", "#claims", "#gain", "#summary", "#claims"],
        "{:#?}",
        engine.diagnostics()
    );
    assert_eq!(engine.diagnostics().len(), 6, "{:#?}", engine.diagnostics());
}
