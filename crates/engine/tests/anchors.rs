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
        engine.check(&Change::Everything).expect("readable");
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
