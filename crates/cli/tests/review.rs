//! Evidence that ages: a claim whose premise (followed through `depends_on`) changed for the
//! worse after the claim's last history event is marked "needs review" on its card, counted on
//! its page, listed on the evidence page and in `claims.json`; a `review` event clears it; and an
//! update after a premise changes re-renders every page whose claims changed state, also pages
//! the edit does not touch (compared with a clean build).

mod common;

use common::{build_site, copy_tree, fixture, shoko, tree_bytes};
use std::path::Path;

fn clean(root: &Path) -> common::Tree {
    let fresh = tempfile::tempdir().expect("temp dir");
    build_site(root, &fresh.path().join("site"), &[]);
    tree_bytes(&fresh.path().join("site"))
}

fn read(out: &Path, rel: &str) -> String {
    std::fs::read_to_string(out.join(rel)).expect("built")
}

/// The IDs `claims.json` marks as needing review, each with its chain.
fn marked(out: &Path) -> Vec<(String, Vec<String>)> {
    let json: serde_json::Value = serde_json::from_str(&read(out, "claims.json")).expect("JSON");
    let claims = json["claims"].as_array().expect("claims").iter();
    claims
        .filter(|c| !c["needs_review"].is_null())
        .map(|c| {
            let chain = c["needs_review"]["chain"].as_array().expect("chain").iter();
            (c["id"].as_str().expect("id").to_owned(), chain.map(|l| l.as_str().expect("id").to_owned()).collect())
        })
        .collect()
}

fn replace(root: &Path, rel: &str, from: &str, to: &str) {
    let path = root.join(rel);
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.contains(from), "{from:?}");
    std::fs::write(path, text.replacen(from, to, 1)).expect("write");
}

/// Lines added to the valid fixture's log after the first history event of its claim of `class`
/// (the fixture has one claim of each class).
fn after_first_record(root: &Path, class: &str, added: &str) {
    let first = format!(
        "      - {{ date: \"2026-03-27\", from: null, to: {class}, reason: {{ ja: \"初回\", en: \"First record\" }} }}"
    );
    replace(root, "content/logs/2026-03-27.yaml", &first, &format!("{first}\n{added}"));
}

/// The valid fixture's claim of `class` retracted on 2026-04-03.
fn retract(root: &Path, class: &str) {
    let event = format!(
        "      - {{ date: \"2026-04-03\", from: {class}, to: {class}, lifecycle: retracted, reason: {{ ja: \"誤読\", en: \"Misread\" }} }}\n    lifecycle: retracted"
    );
    after_first_record(root, class, &event);
}

/// A copy of the valid fixture (in a folder of the returned temporary one).
fn valid_site() -> (tempfile::TempDir, std::path::PathBuf) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path().join("root");
    copy_tree(&fixture("valid"), &root);
    (tmp, root)
}

/// A temporary copy of the fixture `name`.
fn fixture_copy(name: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("temp dir");
    copy_tree(&fixture(name), tmp.path());
    tmp
}

#[test]
fn a_weakened_premise_marks_what_rests_on_it_until_it_is_reviewed() {
    let tmp = fixture_copy("invalid/claim/needs-review");
    let root = tmp.path();
    // `top` is shown on a page of its own, which no edit below touches.
    replace(root, "content/index.md", " [根拠](claim:top)", "");
    replace(root, "content/index.md", " [evidence](claim:top)", "");
    std::fs::write(
        root.join("content/other.md"),
        "---\ntitle: { ja: \"別\", en: \"Other\" }\n---\n\n:::ja\n[根拠](claim:top)\n:::\n\n:::en\n[evidence](claim:top)\n:::\n",
    )
    .expect("write");
    let out = root.join("site");
    let stderr = build_site(root, &out, &[]);
    assert!(stderr.contains("claim/needs-review"), "{stderr}");
    let chain = |ids: &[&str]| ids.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    assert_eq!(marked(&out), [("middle".to_owned(), chain(&["base"])), ("top".to_owned(), chain(&["middle", "base"]))]);
    let other = read(&out, "en/other/index.html");
    assert!(other.contains("badge-review") && other.contains("Needs review"), "the card says so");
    let evidence = read(&out, "en/evidence/index.html");
    for id in ["<code>middle</code>", "<code>top</code>"] {
        assert!(evidence.contains(id), "the evidence page lists {id}");
    }
    assert!(!evidence.contains("<code>looked-again</code>"), "a reviewed claim is not listed");
    // The change log says a review is one, not a change from a class to itself.
    let changes = read(&out, "en/changes/index.html");
    assert!(changes.contains(r#"<span class="editorial">(reviewed)</span>"#), "{changes}");
    let fed = root.join("fed");
    build_site(root, &fed, &["--base-url", "https://example.org/"]);
    let feed = read(&fed, "en/changes/feed.xml");
    assert!(feed.contains("Inferred → Inferred (reviewed)"), "{feed}");

    // Reviewed: `top` is clear; `middle` still needs a look, since a typo fixed (an editorial
    // event) is not a review.
    replace(
        root,
        "content/logs/a.yaml",
        "reason: { ja: \"初回\", en: \"First record\" } }\n  - id: top",
        "reason: { ja: \"初回\", en: \"First record\" } }\n      - { date: \"2026-05-04\", from: inferred, to: inferred, kind: editorial, reason: { ja: \"誤字\", en: \"Typo\" } }\n  - id: top",
    );
    replace(
        root,
        "content/logs/a.yaml",
        "  # Looked at again",
        "      - { date: \"2026-05-03\", from: inferred, to: inferred, kind: review, reason: { ja: \"確認\", en: \"Checked\" } }\n  # Looked at again",
    );
    build_site(root, &out, &[]);
    assert_eq!(marked(&out), [("middle".to_owned(), chain(&["base"]))]);
    assert!(!read(&out, "en/other/index.html").contains("badge-review"));
    assert_eq!(tree_bytes(&out), clean(root), "the update equals a clean build");

    // The root premise is weakened later still: `top` needs review again, three steps away,
    // though its own page and log entry were not edited.
    replace(
        root,
        "content/logs/a.yaml",
        "  - id: root\n    class: confirmed",
        "  - id: root\n    class: unresolved\n    blocked_by: { kind: observer, detail: { ja: \"再現せず\", en: \"Not seen again\" } }",
    );
    replace(
        root,
        "content/logs/a.yaml",
        "      - { date: \"2026-03-27\", from: null, to: confirmed, reason: { ja: \"初回\", en: \"First record\" } }\n  # Confirmed",
        "      - { date: \"2026-03-27\", from: null, to: confirmed, reason: { ja: \"初回\", en: \"First record\" } }\n      - { date: \"2026-06-01\", from: confirmed, to: unresolved, reason: { ja: \"再現せず\", en: \"Not seen again\" } }\n  # Confirmed",
    );
    build_site(root, &out, &[]);
    let now = marked(&out);
    assert!(now.contains(&("top".to_owned(), chain(&["middle", "base", "root"]))), "{now:?}");
    assert!(now.contains(&("base".to_owned(), chain(&["root"]))), "{now:?}");
    assert!(read(&out, "en/other/index.html").contains("badge-review"), "the untouched page shows it");
    assert_eq!(tree_bytes(&out), clean(root), "the update equals a clean build");
}

#[test]
fn a_review_must_keep_the_class() {
    let tmp = fixture_copy("invalid/claim/needs-review");
    let root = tmp.path();
    replace(
        root,
        "content/logs/a.yaml",
        "from: inferred, to: inferred, kind: review",
        "from: inferred, to: unresolved, kind: review",
    );
    let run = shoko(&["check", "--root", &root.display().to_string()]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("a review keeps the class"), "{}", run.stderr);
}

#[test]
fn a_withdrawn_claim_is_struck_through_where_it_is_cited_and_cited_as_withdrawn() {
    let (tmp, root) = valid_site();
    // `partial` is retracted a week later; an editorial fix of `base` changes neither its class
    // nor its lifecycle.
    retract(&root, "limited");
    after_first_record(
        &root,
        "confirmed",
        "      - { date: \"2026-04-01\", from: confirmed, to: confirmed, kind: editorial, reason: { ja: \"誤字\", en: \"Typo\" } }",
    );
    let out = tmp.path().join("site");
    let stderr = build_site(&root, &out, &[]);
    assert!(stderr.contains("warning[ref/non-current-claim]"), "{stderr}");
    let en = read(&out, "en/index.html");
    assert!(
        en.contains(r##"<s><a href="#claim-partial">evidence</a></s> <span class="badge badge-limited">Limited</span> <span class="badge badge-stale">Retracted</span>"##),
        "{en}"
    );
    assert!(en.contains(r##"<a href="#claim-base">evidence</a> <span class="badge badge-confirmed">"##), "{en}");
    assert!(en.contains("(partial, Retracted, since 2026-04-03)"), "{en}");
    // The page's evidence summary counts what still holds; a count of none links nowhere.
    assert!(
        en.contains(r##"<li><span class="badge badge-limited">Limited</span> <span class="count">0</span></li>"##),
        "{en}"
    );
    assert!(en.contains(r##"class=confirmed&amp;lifecycle=current"><span class="badge badge-confirmed">"##), "{en}");
    assert!(en.contains("(base, Confirmed, since 2026-03-27)"), "{en}");
    let ja = read(&out, "ja/index.html");
    assert!(ja.contains(r##"<s><a href="#claim-partial">根拠</a></s>"##), "{ja}");
}

#[test]
fn a_lifecycle_written_as_a_class_or_only_in_the_history_is_explained() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path();
    copy_tree(&fixture("valid"), root);
    let first =
        "      - { date: \"2026-03-27\", from: null, to: limited, reason: { ja: \"初回\", en: \"First record\" } }";
    let event = |rest: &str| {
        format!(
            "{first}\n      - {{ date: \"2026-04-03\", from: limited, {rest}, reason: {{ ja: \"誤読\", en: \"Misread\" }} }}"
        )
    };
    let log = "content/logs/2026-03-27.yaml";
    let check = || shoko(&["check", "--root", &root.display().to_string()]).stderr;

    replace(root, log, first, &event("to: retracted"));
    let err = check();
    assert!(err.contains("error[fm/bad-value]") && err.contains("`retracted` is a lifecycle, not a class"), "{err}");
    assert!(err.contains("add `lifecycle: retracted` to the event"), "{err}");

    replace(root, log, "to: retracted", "to: limited, lifecycle: retracted");
    let err = check();
    assert!(
        err.contains("the history makes claim `partial` retracted, but the claim itself is still current"),
        "{err}"
    );
    assert!(err.contains("add `lifecycle: retracted` to the claim"), "{err}");
}

#[test]
fn the_change_log_names_what_superseded_a_claim() {
    let (tmp, root) = valid_site();
    after_first_record(
        &root,
        "inferred",
        "      - { date: \"2026-04-03\", from: inferred, to: inferred, lifecycle: superseded, reason: { ja: \"統合\", en: \"Merged\" } }\n    lifecycle: superseded\n    superseded_by: base",
    );
    after_first_record(
        &root,
        "confirmed",
        "      - { date: \"2026-04-03\", from: confirmed, to: confirmed, kind: review, sources: [0], reason: { ja: \"再読\", en: \"Read again\" } }\n    supersedes: [derived]",
    );
    let out = tmp.path().join("site");
    let stderr = build_site(&root, &out, &[]);
    // The claim that replaced it says so on its card, and its history names the event's source
    // as the card's numbered list shows it.
    let home = read(&out, "en/index.html");
    let card = home.split("id=\"claim-base\"").nth(1).and_then(|c| c.split("</article>").next()).expect("card");
    assert!(card.contains("<p class=\"successor\">Supersedes: <a href=\""), "{card}");
    assert!(card.contains("><s>Statement derived.</s></a></p>"), "{card}");
    assert!(card.contains("Read again <span class=\"event-sources\">(source 1)</span>"), "{card}");
    assert!(card.contains("<summary>Sources (1)</summary>\n<ol>"), "{card}");
    // The guide's inferred callout cites only `derived`, which no longer holds: said once, at
    // the citation, and the callout is not weighed against a claim that supports nothing.
    assert!(stderr.contains("warning[ref/non-current-claim]: cites superseded claim `derived`"), "{stderr}");
    assert!(!stderr.contains("claim/overstated-callout"), "{stderr}");
    let changes = read(&out, "en/changes/index.html");
    let row = changes.split("<tr>").find(|r| r.contains("Merged")).expect("the supersession's row");
    assert!(row.contains("Statement derived.</a><br><span class=\"successor\">Superseded by: <a href="), "{row}");
    assert!(row.contains("#claim-base\">Statement base.</a>"), "{row}");
    // And so does its row in the claims index (the guide shows its card, so it has a row).
    let index = read(&out, "en/claims/index.html");
    let row = index.split("<li class=\"claim-entry").find(|r| r.contains("id=\"claim-derived\"")).expect("its row");
    assert!(row.contains("<s>Statement derived.</s><br><span class=\"successor\">Superseded by: <a href=\"index.html#claim-base\">Statement base.</a>"), "{row}");
}

#[test]
fn a_premise_that_no_longer_holds_is_reported_once_at_the_reference() {
    let tmp = fixture_copy("invalid/claim/needs-review");
    let root = tmp.path();
    // `base` is retracted: `middle` rests on it directly, `top` through `middle`.
    replace(
        root,
        "content/logs/a.yaml",
        "      - { date: \"2026-05-01\", from: confirmed, to: inferred, reason: { ja: \"再観測できず\", en: \"Could not observe it again\" } }",
        "      - { date: \"2026-05-01\", from: confirmed, to: inferred, reason: { ja: \"再観測できず\", en: \"Could not observe it again\" } }\n      - { date: \"2026-05-06\", from: inferred, to: inferred, lifecycle: retracted, reason: { ja: \"誤り\", en: \"Wrong\" } }\n    lifecycle: retracted",
    );
    let run = shoko(&["check", "--root", &root.display().to_string()]);
    let err = &run.stderr;
    assert!(err.contains("error[claim/retracted-premise]") && err.contains("`middle`"), "{err}");
    assert!(!err.contains("warning[claim/needs-review]: `middle`"), "the root cause once: {err}");
    assert!(err.contains("warning[claim/needs-review]: `top` needs review"), "{err}");
}

#[test]
fn a_callout_is_weighed_against_the_current_claims_it_cites() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path();
    copy_tree(&fixture("valid"), root);
    // A confirmed callout citing the inferred `derived` and `base`, confirmed but retracted.
    replace(root, "content/guide/index.md", "::::callout inferred", "::::callout confirmed");
    replace(
        root,
        "content/guide/index.md",
        "[reads as MMVQ](claim:derived)",
        "[reads as MMVQ](claim:derived) [base](claim:base)",
    );
    retract(root, "confirmed");
    let err = shoko(&["check", "--root", &root.display().to_string()]).stderr;
    assert!(
        err.contains(
            "warning[claim/overstated-callout]: a confirmed callout cites only weaker claims: `derived` (inferred)"
        ),
        "{err}"
    );
}

#[test]
fn a_premise_carded_on_the_same_page_is_linked_there_and_any_other_in_the_claims_index() {
    let tmp = fixture_copy("invalid/claim/needs-review");
    let root = tmp.path();
    // `top` and its premise `middle` on a page of their own; `base`, the premise of `middle`, not.
    for (cited, with) in [
        (" [根拠](claim:top)", ""),
        (" [evidence](claim:top)", ""),
        (" [根拠](claim:middle)", ""),
        (" [evidence](claim:middle)", ""),
    ] {
        replace(root, "content/index.md", cited, with);
    }
    std::fs::write(
        root.join("content/other.md"),
        "---\ntitle: { ja: \"別\", en: \"Other\" }\n---\n\n:::ja\n[根拠](claim:top) [根拠](claim:middle)\n:::\n\n:::en\n[evidence](claim:top) [evidence](claim:middle)\n:::\n",
    )
    .expect("write");
    let out = root.join("site");
    build_site(root, &out, &[]);
    let other = read(&out, "en/other/index.html");
    let card = |id: &str| {
        let start = other.find(&format!("id=\"claim-{id}\"")).expect("card");
        other[start..].split("</article>").next().expect("card end").to_owned()
    };
    let top = card("top");
    assert!(top.contains(r##"<a href="#claim-middle">Statement middle"##), "the premise on this page: {top}");
    assert!(top.contains(r##"<a href="#claim-middle"><code>middle</code></a>"##), "the review chain too: {top}");
    assert!(top.contains(r##"<a href="../claims/index.html#claim-base"><code>base</code></a>"##), "{top}");
    let middle = card("middle");
    assert!(middle.contains(r##"<a href="../claims/index.html#claim-base">"##), "a premise elsewhere: {middle}");
}

#[test]
fn a_review_on_the_same_day_as_the_premise_s_change_keeps_the_flag() {
    // Which of the two came first is not known from the dates: the claim is not said to have
    // been looked at again unless it was.
    let tmp = fixture_copy("invalid/claim/needs-review");
    let root = tmp.path();
    replace(
        root,
        "content/logs/a.yaml",
        "date: \"2026-05-02\", from: inferred, to: inferred, kind: review",
        "date: \"2026-05-01\", from: inferred, to: inferred, kind: review",
    );
    let out = root.join("site");
    build_site(root, &out, &[]);
    assert!(marked(&out).iter().any(|(id, _)| id == "looked-again"), "{:?}", marked(&out));
    // A day later, it is clear.
    replace(
        root,
        "content/logs/a.yaml",
        "date: \"2026-05-01\", from: inferred, to: inferred, kind: review",
        "date: \"2026-05-02\", from: inferred, to: inferred, kind: review",
    );
    build_site(root, &out, &[]);
    assert!(!marked(&out).iter().any(|(id, _)| id == "looked-again"), "{:?}", marked(&out));
}

/// `shoko build` of `root` into `out`, reading the git history around it; the claims marked.
fn marked_with_history(root: &Path, out: &Path) -> Vec<String> {
    let args = ["build", "--root", ".", "--out", &out.display().to_string()];
    let run = common::shoko_with_history(root, &args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    marked(out).into_iter().map(|(id, _)| id).collect()
}

/// The needs-review fixture's log with `base` downgraded on 2026-05-01 or still confirmed, and
/// `looked-again` reviewed on that same day or not at all.
fn same_day_log(downgraded: bool, reviewed: bool) -> String {
    let text = std::fs::read_to_string(fixture("invalid/claim/needs-review/content/logs/a.yaml")).expect("log");
    let downgrade = "      - { date: \"2026-05-01\", from: confirmed, to: inferred, reason: { ja: \"再観測できず\", en: \"Could not observe it again\" } }\n";
    let review = "      - { date: \"2026-05-02\", from: inferred, to: inferred, kind: review, reason: { ja: \"前提の変化を確認\", en: \"Checked after the premise changed\" } }\n";
    assert!(text.contains(downgrade) && text.contains(review), "the fixture's events");
    let base = "  - id: base\n    class: inferred\n";
    assert!(text.contains(base), "base's class");
    let text = if downgraded {
        text
    } else {
        text.replace(downgrade, "").replace(base, "  - id: base\n    class: confirmed\n")
    };
    if reviewed { text.replace(review, &review.replace("2026-05-02", "2026-05-01")) } else { text.replace(review, "") }
}

/// A copy of the needs-review fixture in a new repository, whose log went through `states`
/// (`(downgraded, reviewed)`, a commit each, then `uncommitted` left in the working tree);
/// whether `looked-again` is then marked.
fn looked_again_marked(states: &[(bool, bool)], uncommitted: Option<(bool, bool)>) -> bool {
    let tmp = fixture_copy("invalid/claim/needs-review");
    let (root, out) = (tmp.path(), tmp.path().join("site"));
    std::fs::write(root.join(".gitignore"), "site/\n.site.cache/\n").expect("ignore");
    common::git(root, &["init", "-q", "-b", "main"]);
    for &(downgraded, reviewed) in states {
        std::fs::write(root.join("content/logs/a.yaml"), same_day_log(downgraded, reviewed)).expect("write");
        common::git(root, &["add", "-A"]);
        common::git(root, &["commit", "-q", "-m", "log"]);
    }
    if let Some((downgraded, reviewed)) = uncommitted {
        std::fs::write(root.join("content/logs/a.yaml"), same_day_log(downgraded, reviewed)).expect("write");
    }
    let marked = marked_with_history(root, &out);
    assert!(marked.contains(&"middle".to_owned()), "what was not looked at again keeps it: {marked:?}");
    marked.contains(&"looked-again".to_owned())
}

#[test]
fn on_the_same_day_the_commits_that_brought_the_two_events_say_which_came_first() {
    // The change, then the review of the same date in a later commit: the look came after.
    assert!(!looked_again_marked(&[(false, false), (true, false), (true, true)], None));
    // The review first, the change in a later commit: the look came before it.
    assert!(looked_again_marked(&[(false, false), (false, true), (true, true)], None));
    // Both in one commit: the history cannot tell, so the flag stays.
    assert!(looked_again_marked(&[(false, false), (true, true)], None));
    // A look not committed yet is newer than every commit.
    assert!(!looked_again_marked(&[(true, false)], Some((true, true))));
}
