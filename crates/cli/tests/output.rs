//! The output folder as readers and later builds see it: a build killed at any moment leaves the
//! previous site whole (never half-written or mixed) and the next build cleans up after it; two
//! copies of a site made in different file orders build to the same bytes.

mod common;

use common::{build_site, copy_tree, fixture, tree_bytes, walk, write};
use std::path::Path;
use std::time::Duration;

/// A site with `n` pages whose text carries `version`.
fn write_site(root: &Path, n: usize, version: &str) {
    write(
        root,
        "content/index.md",
        "---\ntitle: { ja: \"ホーム\", en: \"Home\" }\n---\n\n:::ja\nホーム。\n:::\n\n:::en\nHome.\n:::\n",
    );
    for i in 0..n {
        let body = format!(
            "---\ntitle: {{ ja: \"ページ {i}\", en: \"Page {i}\" }}\n---\n\n:::ja\n## 見出し\n\n版 {version} の本文 {i}。\n\n```rust\nfn main() {{ println!(\"{i}\"); }}\n```\n:::\n\n:::en\n## Heading\n\nVersion {version}, page {i}.\n\n```rust\nfn main() {{ println!(\"{i}\"); }}\n```\n:::\n"
        );
        write(root, &format!("content/s{}/p{i}.md", i / 50), &body);
    }
}

#[test]
fn a_build_killed_at_any_moment_leaves_the_previous_site_whole() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path();
    let site = root.join("site");
    write_site(root, 400, "A");
    build_site(root, &site, &[]);
    let old = tree_bytes(&site);
    write_site(root, 400, "B");
    let reference = tempfile::tempdir().expect("tmp");
    build_site(root, &reference.path().join("site"), &[]);
    let new = tree_bytes(&reference.path().join("site"));
    assert_ne!(old, new);
    let mut seen_old = 0;
    for delay in [5, 30, 80, 150, 250, 400, 600, 900, 1300] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_shoko"))
            .args(["build", "--root", &root.display().to_string(), "--out", &site.display().to_string()])
            // As `build_site` runs it (the translation status page says why history was not read).
            .env(common::NO_HISTORY_VAR, "1")
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("spawn");
        std::thread::sleep(Duration::from_millis(delay));
        let _ = child.kill();
        let _ = child.wait();
        let now = tree_bytes(&site);
        assert!(now == old || now == new, "after a kill at {delay} ms, site/ is neither the old nor the new site");
        if now == old {
            seen_old += 1;
        }
        // Put the old site back for the next round, if the build got through.
        if now == new {
            write_site(root, 400, "A");
            build_site(root, &site, &[]);
            write_site(root, 400, "B");
        }
    }
    assert!(seen_old > 0, "no kill landed before the swap; the test proves nothing");
    build_site(root, &site, &[]);
    assert_eq!(tree_bytes(&site), new);
    let leftovers: Vec<String> = std::fs::read_dir(root)
        .expect("read")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".site.") && n != ".site.stamp" && n != ".site.cache")
        .collect();
    assert!(leftovers.is_empty(), "temporary folders of killed builds remain: {leftovers:?}");
}

#[test]
fn copies_made_in_different_file_orders_build_to_the_same_bytes() {
    let source = fixture("valid");
    let a = tempfile::tempdir().expect("tmp");
    let b = tempfile::tempdir().expect("tmp");
    copy_tree(&source, a.path());
    // The second copy creates its files in reverse order, so directory listings differ.
    for file in walk(&source).into_iter().rev() {
        let target = b.path().join(file.strip_prefix(&source).expect("inside"));
        std::fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
        std::fs::copy(&file, &target).expect("copy");
    }
    build_site(a.path(), &a.path().join("site"), &[]);
    build_site(b.path(), &b.path().join("site"), &[]);
    let (first, second) = (tree_bytes(&a.path().join("site")), tree_bytes(&b.path().join("site")));
    assert!(first.len() > 10);
    assert!(first == second, "the two builds differ");
}

#[test]
fn a_rebuild_with_nothing_changed_writes_nothing_and_any_change_rebuilds() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path();
    let site = root.join("site");
    write_site(root, 3, "A");
    let run = |extra: &[&str]| build_site(root, &site, extra);
    assert!(run(&[]).contains("Built"));
    let built = tree_bytes(&site);
    assert!(run(&[]).contains("is up to date"), "nothing changed");
    assert_eq!(tree_bytes(&site), built);

    write_site(root, 3, "B");
    assert!(run(&[]).contains("Updated"), "a content edit renders what it affects again");
    assert!(run(&[]).contains("is up to date"));

    let page = site.join("en/s0/p1/index.html");
    std::fs::remove_file(&page).expect("remove");
    assert!(run(&[]).contains("Built"), "a deleted output file rebuilds");
    assert!(page.is_file(), "and comes back");
    std::fs::write(&page, "edited by hand").expect("write");
    assert!(run(&[]).contains("Built"), "an output file edited by hand rebuilds");
    assert_ne!(std::fs::read(&page).expect("read"), b"edited by hand");

    assert!(run(&["--force"]).contains("Built"), "--force rebuilds");
    assert!(run(&["--base-url", "https://example.org/"]).contains("Built"), "other options rebuild");

    // A warning (a claim no page shows) must be shown on every build, so nothing is skipped.
    write(
        root,
        "content/logs/uncited.yaml",
        "title: { ja: \"記録\", en: \"Log\" }\nclaims:\n  - id: nowhere\n    class: unresolved\n    text: { ja: \"未解決\", en: \"Unresolved\" }\n    blocked_by: { kind: observer, detail: { ja: \"未観測\", en: \"Not observed\" } }\n    history:\n      - { date: \"2026-11-20\", from: null, to: unresolved, reason: { ja: \"記録\", en: \"Recorded\" } }\n",
    );
    for _ in 0..2 {
        let stderr = run(&[]);
        assert!(stderr.contains("claim/uncited") && !stderr.contains("is up to date"), "{stderr}");
    }
    let record = std::fs::read_to_string(root.join(".site.stamp")).expect("the record of what was written");
    assert_eq!(record.lines().nth(1), Some("inputs none"), "a build with warnings records no fingerprint");
}
