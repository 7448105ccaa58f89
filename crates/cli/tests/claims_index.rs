//! The claims index lists every claim as a compact row (badge, ID, text, scope, where it is
//! shown) whose ID links to the full card on a page that shows it; a claim no page shows keeps
//! its full card in the index, so every claim has a card somewhere.

mod common;

use common::{fixture, shoko};
use scraper::{ElementRef, Html, Selector};
use std::path::Path;

fn select(s: &str) -> Selector {
    Selector::parse(s).expect("selector")
}

fn parse(path: &Path) -> Html {
    Html::parse_document(&std::fs::read_to_string(path).expect("built page"))
}

/// The index row whose element carries `id`, or that holds the card with that `id`.
fn row<'a>(index: &'a Html, id: &str) -> ElementRef<'a> {
    index
        .select(&select("li.claim-entry"))
        .find(|li| li.value().id() == Some(id) || li.select(&select(&format!("article#{id}"))).next().is_some())
        .unwrap_or_else(|| panic!("no row for {id}"))
}

#[test]
fn a_row_links_to_the_card_on_its_page_and_an_unshown_claim_keeps_its_card() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().join("site");
    let root = fixture("invalid/claim/uncited");
    let run = shoko(&["build", "--root", &root.display().to_string(), "--out", &out.display().to_string()]);
    assert_eq!(run.code, 0, "{}", run.stderr);

    for lang in ["ja", "en"] {
        let index_dir = out.join(lang).join("claims");
        let index = parse(&index_dir.join("index.html"));

        // `base` is cited by the home page: a compact row, no card, the ID linking to the card.
        let base = row(&index, "claim-base");
        assert_eq!(base.select(&select("article.claim")).count(), 0, "{lang}: the index repeats the card of base");
        assert_eq!(base.select(&select(".badge-confirmed")).count(), 1, "{lang}: no class badge");
        assert!(base.select(&select(".chip")).any(|c| c.text().collect::<String>() == "gfx1201"), "{lang}: no scope");
        let href = base.select(&select("a.claim-id")).next().expect("ID link").value().attr("href").expect("href");
        let (file, anchor) = href.split_once('#').expect("a link to an anchor");
        assert_eq!(anchor, "claim-base");
        let page = parse(&index_dir.join(file));
        assert_eq!(page.select(&select("article.claim#claim-base")).count(), 1, "{lang}: {href} holds no card");

        // `forgotten` is cited nowhere: its card stays in the index, with its anchor.
        let forgotten = row(&index, "claim-forgotten");
        assert_eq!(forgotten.value().id(), None, "{lang}: the anchor is on the card, not twice");
        assert_eq!(forgotten.select(&select("article.claim#claim-forgotten")).count(), 1, "{lang}");
    }
}
