//! `shoko_render::generated_at` knows every path a build generates: each file of a whole build of
//! the real site and of the valid fixture (with a public URL, so the feeds are written too) is
//! either claimed by it or one of the site's own files (`css/`, `js/`, the icon). So a static file cannot
//! land on a generated one unreported
//! (`file/generated-path`), whatever the render adds later.

use shoko_engine::{BuildOptions, MemoryOutput, build};
use std::path::Path;

#[test]
fn every_generated_file_of_a_build_has_an_owner() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let options = BuildOptions {
        base_url: Some("https://example.org/site/".to_owned()),
        ..BuildOptions::on(jiff::civil::date(2026, 11, 21))
    };
    for root in [repo.clone(), repo.join("tests/fixtures/valid")] {
        let report = build(&root, &mut MemoryOutput::default(), &options).expect("readable");
        let written = report.written.unwrap_or_else(|| panic!("{:#?}", report.checked.diagnostics));
        let site = &report.checked.site;
        let own = |path: &str| ["css/", "js/"].iter().any(|dir| path.starts_with(dir)) || path == shoko_render::FAVICON;
        let unowned: Vec<&String> =
            written.iter().filter(|p| !own(p) && shoko_render::generated_at(site, p).is_none()).collect();
        assert!(unowned.is_empty(), "written, but not known as generated: {unowned:?}");
        let pages = written
            .iter()
            .filter(|p| matches!(shoko_render::generated_at(site, p), Some(shoko_render::Generated::Page(..))))
            .count();
        assert_eq!(pages, 2 * site.pages().len(), "both languages of every page, in {}", root.display());
        assert!(written.iter().any(|p| p.ends_with("feed.xml")), "the feeds were written");
    }
}
