//! The anchors a page's surface is made from (`shoko_model::anchors::kept_anchors`, from the
//! sections the page kept when it was read) are the ones its text gives
//! (`page_anchors`, which walks the headings of the file): on the real site and on the valid
//! fixture, every page, both languages. The engine compares surfaces to decide whether an edit
//! needs the whole site linked again, also for pages whose old text it never read.

use shoko_engine::BuildOptions;
use shoko_markdown::Lang;
use shoko_model::anchors::{kept_anchors, page_anchors, sections};
use std::path::Path;

#[test]
fn the_anchors_a_page_kept_are_the_anchors_its_text_gives() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let options = BuildOptions { today: jiff::civil::date(2026, 11, 21), base_url: None, history: false };
    for root in [repo.clone(), repo.join("tests/fixtures/valid")] {
        let checked = shoko_engine::check(&root, &options).expect("readable");
        let (mut pages, mut headed) = (0, 0);
        for doc in checked.site.docs().iter().filter(|d| d.page().is_some()) {
            let text = &checked.sources.file(doc.file).text;
            for lang in Lang::ALL {
                let from_text = page_anchors(doc, &checked.site, text, lang);
                assert_eq!(kept_anchors(doc, &checked.site, lang), from_text, "{} in {lang:?}", doc.path);
                // The page has headings, so the comparison covers their anchors.
                headed += usize::from(sections(doc, &checked.site, lang).iter().any(|(anchor, _)| anchor.is_some()));
            }
            pages += 1;
        }
        assert!(pages >= 3 && headed >= pages, "{pages} pages, {headed} with headings, in {}", root.display());
    }
}
