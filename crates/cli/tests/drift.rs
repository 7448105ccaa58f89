//! Translation drift on the built site, from a real git repository made in the test: a paragraph
//! and a claim text revised in Japanese only put their English partners behind (a warning, and a
//! notice readers of the English page see, first as uncommitted, then dated by the commit);
//! editing the English clears both, before and after it is committed, and every incremental
//! build equals a clean build. A claim declared in a log carries its notice on the page that
//! cites it; a build without history after one with it keeps none.

mod common;

use common::{git, shoko_with_history, tree_bytes};
use std::path::Path;

fn page(ja: &str, en: &str, claim_ja: &str, claim_en: &str) -> String {
    format!(
        "---\ntitle: {{ ja: \"観測\", en: \"Observation\" }}\nclaims:\n  - id: path\n    class: unresolved\n    text: {{ ja: \"{claim_ja}\", en: \"{claim_en}\" }}\n    blocked_by: {{ kind: observer, detail: {{ ja: \"未観測\", en: \"Not observed\" }} }}\n    history:\n      - {{ date: \"2026-03-27\", from: null, to: unresolved, reason: {{ ja: \"初回\", en: \"First\" }} }}\n---\n\n:::ja\n{ja} [根拠](claim:path)\n:::\n\n:::en\n{en} [evidence](claim:path)\n:::\n"
    )
}

fn build(repo: &Path, out: &Path) -> String {
    let run = shoko_with_history(repo, &["build", "--root", ".", "--out", &out.display().to_string()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.stderr
}

/// The output of a build from scratch of the site as it is now.
fn clean(repo: &Path) -> common::Tree {
    let fresh = tempfile::tempdir().expect("temp dir");
    build(repo, &fresh.path().join("site"));
    tree_bytes(&fresh.path().join("site"))
}

fn html(out: &Path, rel: &str) -> String {
    std::fs::read_to_string(out.join(rel)).expect("built page")
}

#[test]
fn a_revision_in_one_language_shows_a_notice_in_the_other_until_it_catches_up() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let repo = tmp.path().join("repo");
    let out = tmp.path().join("out");
    std::fs::create_dir_all(repo.join("content")).expect("mkdir");
    let write = |text: String| std::fs::write(repo.join("content/index.md"), text).expect("write");
    write(page("経路を観測した。", "We observed the path.", "経路は未確定。", "The path is open."));
    git(&repo, &["init", "-q", "-b", "main"]);
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-q", "-m", "Add the page"]);
    let stderr = build(&repo, &out);
    assert!(!stderr.contains("translation-drift"), "{stderr}");
    assert!(!html(&out, "en/index.html").contains("drift-notice"));

    write(page("二つの経路を観測した。", "We observed the path.", "経路は二つとも未確定。", "The path is open."));
    // Not committed yet: the notice says so.
    let stderr = build(&repo, &out);
    assert!(stderr.contains("in the working tree"), "{stderr}");
    let en = html(&out, "en/index.html");
    assert!(en.contains("drift-notice") && en.contains("in edits not yet committed"), "{en}");
    git(&repo, &["commit", "-q", "-am", "Revise the Japanese"]);
    let stderr = build(&repo, &out);
    assert_eq!(stderr.matches("warning[i18n/translation-drift]").count(), 2, "{stderr}");
    assert!(stderr.contains("\"Revise the Japanese\""), "{stderr}");
    let en = html(&out, "en/index.html");
    let body = en.find("<div class=\"drift\">").expect("the English paragraph carries a notice");
    assert!(en[body..].find("drift-notice").is_some_and(|n| n < en[body..].find("We observed").expect("text")));
    assert!(en.contains("<time datetime=\"2026-03-27\">"), "the notice gives the date");
    let card = en.find("id=\"claim-path\"").expect("card");
    assert!(en[card..].contains("drift-notice"), "the claim card carries a notice");
    assert!(!html(&out, "ja/index.html").contains("drift-notice"), "the revised side has none");
    assert_eq!(tree_bytes(&out), clean(&repo), "the build after a commit equals a clean build");

    // The English caught up in the working tree: no notice, before the commit and after it.
    write(page("二つの経路を観測した。", "We observed both paths.", "経路は二つとも未確定。", "Both paths are open."));
    let stderr = build(&repo, &out);
    assert!(!stderr.contains("translation-drift"), "{stderr}");
    assert!(!html(&out, "en/index.html").contains("drift-notice"));
    assert_eq!(tree_bytes(&out), clean(&repo), "the update equals a clean build");
    git(&repo, &["commit", "-q", "-am", "Bring the English up to date"]);
    build(&repo, &out);
    assert_eq!(tree_bytes(&out), clean(&repo));
}

fn log(claim_ja: &str, claim_en: &str) -> String {
    format!(
        "claims:\n  - id: logged\n    class: unresolved\n    text: {{ ja: \"{claim_ja}\", en: \"{claim_en}\" }}\n    blocked_by: {{ kind: observer, detail: {{ ja: \"未観測\", en: \"Not observed\" }} }}\n    history:\n      - {{ date: \"2026-03-27\", from: null, to: unresolved, reason: {{ ja: \"初回\", en: \"First\" }} }}\n"
    )
}

const CITING: &str = "---\ntitle: { ja: \"引用\", en: \"Citing\" }\n---\n\n:::ja\n記録を引く [根拠](claim:logged)\n:::\n\n:::en\nCites the log [evidence](claim:logged)\n:::\n";

#[test]
fn a_claim_declared_in_a_log_shows_its_notice_where_it_is_cited_and_history_can_be_turned_off() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let repo = tmp.path().join("repo");
    let out = tmp.path().join("out");
    std::fs::create_dir_all(repo.join("content/logs")).expect("mkdir");
    std::fs::write(repo.join("content/index.md"), CITING).expect("write");
    let write_log = |text: String| std::fs::write(repo.join("content/logs/observations.yaml"), text).expect("write");
    write_log(log("経路は未確定。", "The path is open."));
    git(&repo, &["init", "-q", "-b", "main"]);
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-q", "-m", "Add the page and the log"]);
    build(&repo, &out);
    assert!(!html(&out, "en/index.html").contains("drift-notice"));

    // Only the log changes, yet the page citing its claim shows the card's notice: first as
    // not committed, then, with no file changed, dated by the commit.
    write_log(log("経路は二つとも未確定。", "The path is open."));
    build(&repo, &out);
    assert!(html(&out, "en/index.html").contains("in edits not yet committed"));
    git(&repo, &["commit", "-q", "-am", "Revise the claim in Japanese"]);
    let stderr = build(&repo, &out);
    assert!(stderr.contains("warning[i18n/translation-drift]"), "{stderr}");
    let en = html(&out, "en/index.html");
    let card = en.find("id=\"claim-logged\"").expect("the cited claim's card");
    assert!(en[card..].contains("drift-notice"), "the card on the citing page carries the notice: {en}");
    // The status page names the language whose revision put the English behind, in both languages.
    assert!(html(&out, "en/translations/index.html").contains("Japanese revised"));
    assert!(html(&out, "ja/translations/index.html").contains("日本語の改訂"));
    assert_eq!(tree_bytes(&out), clean(&repo), "the incremental build equals a clean build");

    // History turned off after a build that read it: no drift is kept from the cache.
    let run = common::shoko_in(&repo, &["build", "--root", ".", "--out", &out.display().to_string()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stderr.contains("translation-drift"), "{}", run.stderr);
    assert!(!html(&out, "en/index.html").contains("drift-notice"), "no notice without history");
    let fresh = tempfile::tempdir().expect("temp dir");
    let clean_out = fresh.path().join("site");
    let run = common::shoko_in(&repo, &["build", "--root", ".", "--out", &clean_out.display().to_string()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(tree_bytes(&out), tree_bytes(&clean_out), "equals a clean build without history");
}
