//! The Atom feeds of the change log, read back by a real feed parser (`feed-rs`): one per
//! language and one per language and GPU target, only when the public URL is known (with a note
//! otherwise); an entry for every change, newest first, each linking a page that holds the card;
//! entry IDs that stay the same when the record grows, so readers never see an entry twice; and
//! every page advertising its language's feed.

mod common;

use common::{build_site, copy_tree, fixture};
use std::collections::BTreeSet;
use std::path::Path;

const BASE: &str = "https://example.org/site";

fn parse(path: &Path) -> feed_rs::model::Feed {
    let bytes = std::fs::read(path).unwrap_or_else(|_| panic!("no feed {}", path.display()));
    feed_rs::parser::parse(bytes.as_slice()).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The entry IDs of a feed.
fn ids(feed: &feed_rs::model::Feed) -> Vec<String> {
    feed.entries.iter().map(|e| e.id.clone()).collect()
}

#[test]
fn feeds_list_every_change_with_stable_ids_and_links_to_cards() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path().join("root");
    copy_tree(&fixture("valid"), &root);
    let out = tmp.path().join("site");

    // Without a public URL: no feed, and a note that says why.
    let stderr = build_site(&root, &out, &[]);
    assert!(stderr.contains("note: no Atom feeds"), "{stderr}");
    assert!(!out.join("en/changes/feed.xml").exists());
    let page = std::fs::read_to_string(out.join("en/index.html")).expect("page");
    assert!(!page.contains("application/atom+xml"), "a page advertises a feed that is not there");

    build_site(&root, &out, &["--base-url", BASE]);
    let mut before = Vec::new();
    for lang in ["ja", "en"] {
        let feed = parse(&out.join(format!("{lang}/changes/feed.xml")));
        assert_eq!(feed.language.as_deref(), Some(lang));
        // The fixture's four claims each have one event.
        assert_eq!(feed.entries.len(), 4, "{lang}");
        let unique: BTreeSet<String> = ids(&feed).into_iter().collect();
        assert_eq!(unique.len(), 4, "{lang}: entry IDs are unique");
        for entry in &feed.entries {
            let link = &entry.links.first().expect("a link").href;
            let rest = link.strip_prefix(&format!("{BASE}/")).unwrap_or_else(|| panic!("{link} is not absolute"));
            let (folder, anchor) = rest.split_once('#').expect("a link to the card");
            let html = std::fs::read_to_string(out.join(folder).join("index.html"))
                .unwrap_or_else(|_| panic!("{link}: no page"));
            assert!(html.contains(&format!("id=\"{anchor}\"")), "{link}: no card there");
            assert!(entry.summary.is_some() && entry.updated.is_some(), "{lang}: reason and date");
        }
        before.push(ids(&feed));
        // Every page advertises its language's feed.
        let page = std::fs::read_to_string(out.join(format!("{lang}/guide/index.html"))).expect("page");
        assert!(
            page.contains(r#"<link rel="alternate" type="application/atom+xml" href="../changes/feed.xml""#),
            "{lang}"
        );
    }
    // A target's feed holds the changes of the claims scoped to it.
    let gfx = parse(&out.join("en/changes/feed-gfx1201.xml"));
    let scoped: Vec<&str> = gfx.entries.iter().filter_map(|e| e.title.as_ref()).map(|t| t.content.as_str()).collect();
    assert!(!scoped.is_empty() && scoped.len() < 4, "{scoped:?}");
    assert!(scoped.iter().all(|t| t.starts_with("base:") || t.starts_with("partial:")), "{scoped:?}");

    // A new event: its entry comes first, and the old entries keep their IDs.
    let log = root.join("content/logs/2026-03-27.yaml");
    let text = std::fs::read_to_string(&log).expect("log");
    let text = text.replacen(
        "  - id: derived\n    class: inferred",
        "  - id: derived\n    class: unresolved\n    blocked_by: { kind: observer, detail: { ja: \"見直し中。\", en: \"Under review.\" } }",
        1,
    );
    let text = text.replacen(
        "to: inferred, reason: { ja: \"初回\", en: \"First record\" } }\n",
        "to: inferred, reason: { ja: \"初回\", en: \"First record\" } }\n      - { date: \"2026-03-28\", from: inferred, to: unresolved, reason: { ja: \"前提を再確認\", en: \"Premise rechecked\" } }\n",
        1,
    );
    std::fs::write(&log, text).expect("write");
    build_site(&root, &out, &["--base-url", BASE]);
    for (i, lang) in ["ja", "en"].into_iter().enumerate() {
        let feed = parse(&out.join(format!("{lang}/changes/feed.xml")));
        let now = ids(&feed);
        assert_eq!(now.len(), 5, "{lang}");
        assert_eq!(&now[1..], &before[i][..], "{lang}: the old entries keep their IDs, the new one comes first");
        let title = feed.entries[0].title.as_ref().expect("title").content.clone();
        assert!(title.starts_with("derived:"), "{title}");
    }
}

#[test]
fn a_feed_id_keeps_entry_ids_when_the_site_moves_and_sets_sites_apart() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path().join("root");
    copy_tree(&fixture("valid"), &root);
    let entry_ids = |out: &str, base: &str| {
        let out = tmp.path().join(out);
        build_site(&root, &out, &["--base-url", base]);
        let feed = parse(&out.join("en/changes/feed.xml"));
        (feed.id.clone(), ids(&feed))
    };
    // Without a feed_id the public URL names the feeds: a move changes every ID.
    let here = entry_ids("a", BASE);
    assert_ne!(entry_ids("b", "https://moved.example.org/"), here, "named by the public URL");
    std::fs::write(root.join("shoko.yaml"), "feed_id: tag:example.org,2026:one\n").expect("write");
    let one = entry_ids("c", BASE);
    assert_eq!(entry_ids("d", "https://moved.example.org/"), one, "a move keeps every ID");
    std::fs::write(root.join("shoko.yaml"), "feed_id: tag:example.org,2026:two\n").expect("write");
    let (feed, entries) = entry_ids("e", BASE);
    assert!(feed != one.0 && entries.iter().all(|e| !one.1.contains(e)), "another site shares no ID");
}
