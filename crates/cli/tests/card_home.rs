//! One address per claim: a claim shown on a page to read and on a deck of the same folder (the
//! deck's path sorts first) is linked, exported and cited at its card on the page to read, from
//! everywhere: the claims index, `claims.json` (`shown_on` leads with it), the JSON-LD node and
//! "Cite this claim" on the deck itself.

mod common;

use common::{build_site, repo};

#[test]
fn a_claim_on_a_page_and_a_deck_has_one_address_the_page_to_read() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().join("site");
    let base = "https://example.org/r/";
    build_site(&repo(), &out, &["--base-url", base]);
    let read = |rel: &str| std::fs::read_to_string(out.join(rel)).expect(rel);
    let json: serde_json::Value = serde_json::from_str(&read("claims.json")).expect("JSON");
    let (page, deck) = ("content/gpu/gfx1201/index.md", "content/gpu/gfx1201/deck.md");
    let both: Vec<&serde_json::Value> = json["claims"]
        .as_array()
        .expect("claims")
        .iter()
        .filter(|c| {
            let on: Vec<&str> =
                c["shown_on"].as_array().expect("shown_on").iter().map(|s| s["page"].as_str().expect("page")).collect();
            on.contains(&page) && on.contains(&deck)
        })
        .collect();
    assert!(!both.is_empty(), "the real site's deck shows claims of its page");
    let deck_html = read("en/gpu/gfx1201/deck/index.html");
    let index_html = read("en/claims/index.html");
    for claim in both {
        let id = claim["id"].as_str().expect("id");
        assert_eq!(claim["shown_on"][0]["page"], page, "{id}: shown_on leads with the page to read");
        let card = format!("{base}en/gpu/gfx1201/#claim-{id}");
        assert_eq!(claim["shown_on"][0]["en"]["url"], card.as_str(), "{id}");
        assert!(
            index_html.contains(&format!("<a class=\"claim-id\" href=\"../gpu/gfx1201/index.html#claim-{id}\">")),
            "{id}: the claims index links the page to read"
        );
        assert!(deck_html.contains(&format!("\"@id\":\"{card}\"")), "{id}: the deck's JSON-LD names the one node");
        assert!(deck_html.contains(&format!("({id}, ")), "{id} is cited on the deck");
        assert!(
            !deck_html.contains(&format!("deck/#claim-{id}")),
            "{id}: nothing on the deck gives the deck's address"
        );
    }
}
