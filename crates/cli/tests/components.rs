//! One snapshot per evidence component, taken from the built valid fixture (the guide page and
//! the home page, both languages): the component's HTML exactly as readers get it.

mod common;

use common::{fixture, shoko};
use scraper::{Html, Selector};

fn built_page(dir: &std::path::Path, page: &str) -> Html {
    Html::parse_document(&std::fs::read_to_string(dir.join(page)).expect("page"))
}

fn first(doc: &Html, selector: &str) -> String {
    let sel = Selector::parse(selector).expect("selector");
    doc.select(&sel).next().map(|e| e.html()).unwrap_or_else(|| panic!("no {selector}"))
}

#[test]
fn components_render_from_typed_data() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("site");
    let root = fixture("valid");
    let run = shoko(&["build", "--root", root.to_str().expect("utf-8"), "--out", dir.to_str().expect("utf-8")]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    for lang in ["ja", "en"] {
        let guide = built_page(&dir, &format!("{lang}/guide/index.html"));
        let home = built_page(&dir, &format!("{lang}/index.html"));
        let cases = [
            ("env-badges", &guide, ".env-badges"),
            ("breadcrumbs", &guide, ".breadcrumbs"),
            ("generations", &guide, ".component-generations"),
            ("can-show", &guide, ".component-can-show"),
            ("claim-table", &guide, ".component-claim-table"),
            ("phases", &guide, ".component-phases"),
            ("timeline", &guide, ".timeline"),
            ("call-chain", &guide, ".call-chain"),
            ("figure", &guide, ".figure"),
            ("next", &guide, ".next"),
            ("code", &guide, "pre.code"),
            ("summary", &home, ".evidence-summary"),
            ("claim-card-limited", &home, "#claim-partial"),
            ("claim-card-unresolved", &home, "#claim-blocked"),
            ("section-children", &home, ".children"),
            ("switcher", &home, ".lang-switch"),
            ("gloss", &guide, ".term + .gloss"),
            ("callout", &guide, ".callout"),
            ("gain", &guide, ".gain"),
            ("question", &guide, "#q-which-kernel"),
            ("does-not-claim", &guide, ".does-not-claim"),
        ];
        // Unpinned and undated sources say so; the unpinned link follows the default branch.
        let partial = first(&home, "#claim-partial");
        let (unpinned, undated) = if lang == "ja" {
            ("コミット未固定", "記録なし")
        } else {
            ("not pinned to a commit", "not recorded")
        };
        assert!(partial.contains(unpinned) && partial.contains(undated), "{partial}");
        assert!(
            partial.contains("https://github.com/ROCm/rocBLAS/blob/HEAD/library/src/handle.cpp#L81-L158"),
            "{partial}"
        );
        for (name, doc, selector) in cases {
            insta::assert_snapshot!(format!("{name}-{lang}"), first(doc, selector));
        }
    }
}
