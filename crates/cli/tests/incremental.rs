//! `build` from the command line after edits: the engine's cache beside the output lets it read,
//! validate and render only what changed, and the output must still equal a clean build byte
//! for byte — after every kind of edit, after a broken edit and its fix, after a build killed
//! mid-way, with a cache that is damaged, foreign or stale, and with an output edited by hand.

mod common;

use common::{copy_tree, repo, shoko, tree_bytes};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A site root holding a copy of the real content and templates.
fn site() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("temp dir");
    for dir in ["content", "templates"] {
        copy_tree(&repo().join(dir), &tmp.path().join(dir));
    }
    tmp
}

/// `build --root ROOT --out OUT` with `extra`; exit code and stderr.
fn build(root: &Path, out: &Path, extra: &[&str]) -> (i32, String) {
    let (root, out) = (root.display().to_string(), out.display().to_string());
    let mut args = vec!["build", "--root", &root, "--out", &out];
    args.extend(extra);
    let run = shoko(&args);
    (run.code, run.stderr)
}

/// Build `root` into `out`, which must succeed; whether the build was an update (not a whole one).
fn updated(root: &Path, out: &Path) -> bool {
    let (code, stderr) = build(root, out, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("Updated") || stderr.contains("Built"), "{stderr}");
    stderr.contains("Updated")
}

/// A clean build of `root` into a fresh folder, with no cache: what every update must equal.
fn clean(root: &Path) -> common::Tree {
    let fresh = tempfile::tempdir().expect("temp dir");
    let out = fresh.path().join("site");
    let (code, stderr) = build(root, &out, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("Built"), "a folder without a cache is built whole: {stderr}");
    tree_bytes(&out)
}

fn assert_same_as_clean(root: &Path, out: &Path, what: &str) {
    let (ours, reference) = (tree_bytes(out), clean(root));
    let differ: Vec<&String> = ours
        .iter()
        .map(|(p, _)| p)
        .chain(reference.iter().map(|(p, _)| p))
        .filter(|p| ours.iter().find(|(q, _)| q == *p) != reference.iter().find(|(q, _)| q == *p))
        .collect();
    assert!(differ.is_empty(), "after {what}, these files differ from a clean build: {differ:?}");
}

/// Replace the first `from` in `root/rel` (it must be there) with `to`.
fn edit(root: &Path, rel: &str, from: &str, to: &str) {
    let path = root.join(rel);
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.contains(from), "{from:?} is not in {rel}");
    std::fs::write(&path, text.replacen(from, to, 1)).expect("write");
}

/// A way to damage the saved state: its bytes → the damaged bytes.
type Damage = Box<dyn Fn(&[u8]) -> Vec<u8>>;

fn state_file(out: &Path) -> PathBuf {
    out.parent().expect("parent").join(".site.cache/engine.state")
}

#[test]
fn every_kind_of_edit_updates_to_what_a_clean_build_makes() {
    let tmp = site();
    let (root, out) = (tmp.path(), tmp.path().join("site"));
    assert!(!updated(root, &out), "the first build is whole");
    let cache = root.join(".site.cache");
    assert!(cache.join(".gitignore").is_file() && cache.join("CACHEDIR.TAG").is_file(), "git and backups skip it");
    assert!(!tree_bytes(&out).iter().any(|(p, _)| p.contains("cache")), "the cache is never published");

    // Prose in one language of one page: that page only; other files are not even rewritten.
    let other = out.join("en/gpu/index.html");
    let untouched = std::fs::metadata(&other).expect("built").modified().expect("mtime");
    edit(root, "content/components/rocblas.md", "rocBLAS is the base layer", "rocBLAS is the bottom layer");
    assert!(updated(root, &out), "a prose edit is an update");
    assert_eq!(std::fs::metadata(&other).expect("built").modified().expect("mtime"), untouched);
    assert_same_as_clean(root, &out, "a prose edit");
    // The same page again (its surface is known now: the site is not linked again).
    edit(root, "content/components/rocblas.md", "the bottom layer", "the lowest layer");
    assert!(updated(root, &out));
    assert_same_as_clean(root, &out, "a second prose edit");
    // A heading in the other language: the Japanese index is updated from its saved build,
    // which the English edits before did not read.
    edit(root, "content/components/rocblas.md", "## 世代の識別", "## 世代を見分ける");
    assert!(updated(root, &out));
    assert_same_as_clean(root, &out, "a Japanese heading edit");

    let edits: [(&str, &str, &str, &str); 7] = [
        (
            "a claim's text",
            "content/logs/rocblas.yaml",
            "rocBLAS's Processor enum registers",
            "rocBLAS's Processor enum lists",
        ),
        ("a title", "content/gpu/index.md", "en: \"GPU generations\"", "en: \"The GPU generations\""),
        ("a question", "content/gpu/gfx942.md", "Whether the primary path", "Whether or not the primary path"),
        (
            "a new citation",
            "content/components/rocblas.md",
            "rocBLAS is the lowest layer",
            "[rocBLAS](claim:rocblas-processor-enum) is the lowest layer",
        ),
        ("the glossary", "content/_data/glossary.yaml", "One unit of work", "One single unit of work"),
        (
            "a question added to a log, about a claim pages show",
            "content/logs/rocblas.yaml",
            "claims:\n  - id: rocblas-processor-enum",
            "questions:\n  - id: rocblas-next-step\n    text: { ja: \"次に何を観測するか。\", en: \"What to observe next.\" }\n    gfx: [gfx900]\n    about: [rocblas-processor-enum]\n    blocked_by: { kind: not_performed, detail: { ja: \"未実施。\", en: \"Not done yet.\" } }\nclaims:\n  - id: rocblas-processor-enum",
        ),
        ("a log question's text", "content/logs/rocblas.yaml", "What to observe next.", "What to observe after this."),
    ];
    for (what, rel, from, to) in edits {
        edit(root, rel, from, to);
        updated(root, &out);
        assert_same_as_clean(root, &out, what);
    }
    // The log's question is shown on the pages that show the claim it is about.
    let page = std::fs::read_to_string(out.join("en/components/rocblas/index.html")).expect("page");
    assert!(page.contains("id=\"q-rocblas-next-step\"") && page.contains("What to observe after this."), "{page}");

    // A broken edit writes nothing and keeps the cache; its fix is an update again.
    let before = tree_bytes(&out);
    edit(root, "content/logs/rocblas.yaml", "class: confirmed", "class: certain");
    let (code, stderr) = build(root, &out, &[]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("claims[") || stderr.contains("certain"), "the error is shown: {stderr}");
    assert_eq!(tree_bytes(&out), before, "a failed build leaves the output as it was");
    edit(root, "content/logs/rocblas.yaml", "class: certain", "class: confirmed");
    edit(root, "content/components/rocblas.md", "the lowest layer", "the lowest level");
    updated(root, &out);
    assert_same_as_clean(root, &out, "a broken edit and its fix");

    // Files added or removed, a template, the configuration: built whole, and right.
    let page = "---\ntitle: { ja: \"追加\", en: \"Extra\" }\n---\n\n:::ja\n追加のページ。\n:::\n\n:::en\nAn extra page.\n:::\n";
    std::fs::write(root.join("content/components/extra.md"), page).expect("write");
    assert!(!updated(root, &out), "a new file");
    assert_same_as_clean(root, &out, "a new page");
    std::fs::remove_file(root.join("content/components/extra.md")).expect("remove");
    assert!(!updated(root, &out), "a removed file");
    assert_same_as_clean(root, &out, "a removed page");
    edit(root, "templates/page.html", "<article", "<article data-edited");
    assert!(!updated(root, &out), "a template");
    assert_same_as_clean(root, &out, "a template edit");
    std::fs::write(root.join("shoko.yaml"), "base_url: https://example.org/docs/\n").expect("write");
    assert!(!updated(root, &out), "the configuration");
    assert_same_as_clean(root, &out, "a configuration edit");
}

#[test]
fn a_damaged_foreign_or_stale_cache_is_never_trusted() {
    let tmp = site();
    let (root, out) = (tmp.path(), tmp.path().join("site"));
    updated(root, &out);
    let state = state_file(&out);
    let good = std::fs::read(&state).expect("saved");
    let page = "content/components/rocblas.md";
    let damages: [(&str, Damage); 4] = [
        ("cut short", Box::new(|b: &[u8]| b[..b.len() / 2].to_vec())),
        (
            "one byte changed",
            Box::new(|b: &[u8]| {
                let mut b = b.to_vec();
                let middle = b.len() / 2;
                b[middle] ^= 0x20;
                b
            }),
        ),
        ("garbage", Box::new(|_: &[u8]| b"not a cache at all".to_vec())),
        ("empty", Box::new(|_: &[u8]| Vec::new())),
    ];
    let mut said = String::from("rocBLAS is");
    let mut edit_page = |i: usize| {
        let next = format!("rocBLAS ({i}) is");
        edit(root, page, &said, &next);
        said = next;
    };
    for (i, (what, damage)) in damages.iter().enumerate() {
        std::fs::write(&state, damage(&good)).expect("damage");
        edit_page(i);
        assert!(!updated(root, &out), "a cache {what} is not used");
        assert_same_as_clean(root, &out, &format!("a cache {what}"));
    }
    // The head intact, a file of documents damaged: its bytes no longer hash to its name.
    edit_page(10);
    updated(root, &out);
    let cache = root.join(".site.cache");
    let chunk = std::fs::read_dir(&cache)
        .expect("read")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("docs-")))
        .expect("a chunk of documents");
    let mut bytes = std::fs::read(&chunk).expect("read");
    bytes[0] ^= 0x01;
    std::fs::write(&chunk, bytes).expect("damage");
    edit_page(9);
    assert!(!updated(root, &out), "a damaged chunk is not used");
    assert_same_as_clean(root, &out, "a damaged chunk");
    // The damaged chunk was removed when it was read, so that build wrote it again: the next
    // edit is an update once more (a chunk found damaged used to stay, and every later build
    // read everything).
    edit_page(11);
    assert!(updated(root, &out), "a damaged chunk is repaired by the build that finds it");
    // A search index's saved build damaged: the update goes on and builds that index whole.
    let memos: Vec<PathBuf> = std::fs::read_dir(&cache)
        .expect("read")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("search-")))
        .collect();
    assert_eq!(memos.len(), 2, "one saved search build per language: {memos:?}");
    let mut bytes = std::fs::read(&memos[0]).expect("read");
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x01;
    std::fs::write(&memos[0], bytes).expect("damage");
    std::fs::remove_file(&memos[1]).expect("remove");
    edit_page(12);
    assert!(updated(root, &out), "the rest of the cache is still used");
    assert_same_as_clean(root, &out, "a damaged and a missing search build");
    // A cache another site root left (same binary, same day): it names the other root.
    let other = site();
    let other_out = other.path().join("site");
    updated(other.path(), &other_out);
    std::fs::copy(state_file(&other_out), &state).expect("copy");
    edit_page(4);
    assert!(!updated(root, &out), "another site's cache is not used");
    assert_same_as_clean(root, &out, "a foreign cache");
    // A cache that no longer describes the output folder (a file of it edited by hand).
    let file = out.join("en/gpu/index.html");
    std::fs::write(&file, "edited by hand").expect("write");
    edit_page(5);
    assert!(!updated(root, &out), "an output changed by hand is built whole");
    assert_same_as_clean(root, &out, "an output edited by hand");
    // An output folder deleted while the cache stays: built whole (from the saved documents).
    std::fs::remove_dir_all(&out).expect("remove");
    edit_page(8);
    assert!(!updated(root, &out), "a missing output is built whole");
    assert_same_as_clean(root, &out, "a deleted output");
    // Deleting the cache is always safe.
    std::fs::remove_dir_all(root.join(".site.cache")).expect("remove");
    edit_page(6);
    assert!(!updated(root, &out), "no cache");
    // And with the cache made again, an edit is an update once more.
    edit_page(7);
    assert!(updated(root, &out));
    assert_same_as_clean(root, &out, "a deleted cache");
}

#[test]
fn a_build_killed_during_an_update_is_repaired_by_the_next() {
    let tmp = site();
    let (root, out) = (tmp.path(), tmp.path().join("site"));
    updated(root, &out);
    let page = "content/components/rocblas.md";
    let (root_arg, out_arg) = (root.display().to_string(), out.display().to_string());
    let mut midway = 0;
    for (round, delay) in [2u64, 10, 30, 60, 100, 150, 250, 400].into_iter().enumerate() {
        edit(root, page, "rocBLAS is", &format!("rocBLAS [{round}] is"));
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_shoko"))
            .args(["build", "--root", &root_arg, "--out", &out_arg])
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("spawn");
        std::thread::sleep(Duration::from_millis(delay));
        if child.try_wait().expect("wait").is_none() {
            midway += 1;
        }
        let _ = child.kill();
        let _ = child.wait();
        edit(root, page, &format!("rocBLAS [{round}] is"), &format!("rocBLAS [{round}+] is"));
        updated(root, &out);
        assert_same_as_clean(root, &out, &format!("a build killed after {delay} ms"));
        let temporary: Vec<String> =
            tree_bytes(&out).into_iter().map(|(p, _)| p).filter(|p| p.contains(".shoko-new-")).collect();
        assert!(temporary.is_empty(), "temporary files of the killed build remain: {temporary:?}");
        edit(root, page, &format!("rocBLAS [{round}+] is"), "rocBLAS is");
        updated(root, &out);
    }
    assert!(midway > 0, "no kill landed while a build ran; the test proves nothing");
}

#[test]
fn an_edit_of_a_file_with_warnings_is_seen() {
    // A file with a diagnostic is read when the cache is resumed (to place the diagnostic); that
    // text is the edited one, and must still count as a change.
    let tmp = tempfile::tempdir().expect("temp dir");
    let (root, out) = (tmp.path(), tmp.path().join("site"));
    copy_tree(&common::fixture("invalid/claim/needs-review"), root);
    let (code, stderr) = build(root, &out, &[]);
    assert!(code == 0 && stderr.contains("claim/needs-review"), "{stderr}");
    edit(root, "content/logs/a.yaml", "Statement middle.", "Statement middle, edited.");
    let (code, stderr) = build(root, &out, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(std::fs::read_to_string(out.join("claims.json")).expect("built").contains("Statement middle, edited."));
    assert_same_as_clean(root, &out, "an edit of a file with warnings");
}

#[test]
fn a_heading_renamed_under_links_from_unread_pages_is_reported_at_those_links() {
    // After a build, an update reads only the edited page. Linking finds the links from other
    // pages to the renamed heading through the anchors pages kept, and the report quotes those
    // pages' lines, so their texts are read for it.
    let tmp = site();
    let (root, out) = (tmp.path(), tmp.path().join("site"));
    assert!(!updated(root, &out), "the first build is whole");
    let page = "content/gpu/gfx1201/index.md";
    edit(root, page, "## phase proxy {#phase-proxy}", "## phase proxy {#phase-proxy-renamed}");
    edit(root, page, "## Phase proxy {#phase-proxy}", "## Phase proxy {#phase-proxy-renamed}");
    let (code, stderr) = build(root, &out, &[]);
    assert_ne!(code, 0, "a link to the old ID is an error: {stderr}");
    let line = "(../gpu/gfx1201/index.md#phase-proxy)";
    assert!(
        stderr.contains("content/components/rocblas.md:")
            && stderr.contains(line)
            && stderr.contains("#phase-proxy-renamed"),
        "the error quotes the linking page's line and suggests the new ID: {stderr}"
    );
}

#[cfg(unix)]
#[test]
fn a_site_whose_state_is_never_saved_leaves_no_search_index_in_its_cache() {
    // A symbolic link among the static files is a problem of the inputs themselves: such a state
    // is never saved (every file is read again next time), so nothing it made may stay behind.
    let tmp = site();
    let root = tmp.path();
    std::fs::create_dir_all(root.join("static")).expect("folder");
    std::os::unix::fs::symlink("/etc/hostname", root.join("static/link.txt")).expect("link");
    let out = root.join("site");
    for i in 0..2 {
        assert!(!updated(root, &out), "build {i} reads everything");
        edit(root, "content/components/rocblas.md", "rocBLAS", "rocBLAS (again)");
    }
    let cache = root.join(".site.cache");
    let left: Vec<String> = std::fs::read_dir(&cache)
        .map(|entries| entries.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    assert!(left.iter().all(|name| !name.starts_with("search-")), "search builds left in the cache: {left:?}");
    // Without the link the same site saves its search indexes, one per language.
    std::fs::remove_file(root.join("static/link.txt")).expect("remove");
    updated(root, &out);
    let memos = std::fs::read_dir(&cache).expect("the cache").flatten();
    assert_eq!(memos.filter(|e| e.file_name().to_string_lossy().starts_with("search-")).count(), 2);
}

#[test]
fn only_a_whole_build_reports_the_search_indexes_share_of_processor_time() {
    // A whole index is made on one thread, so that thread's clock is its cost; an update makes
    // its token files in parallel, so its thread's clock would count other work: no share then.
    let tmp = site();
    let (root, out) = (tmp.path(), tmp.path().join("site"));
    let share = "of it, the search indexes";
    let (code, stderr) = build(root, &out, &["--timings"]);
    assert!(code == 0 && stderr.contains("Built"), "{stderr}");
    assert!(stderr.contains("processor time, in all") && stderr.contains(share), "{stderr}");
    edit(root, "content/components/rocblas.md", "rocBLAS is the base layer", "rocBLAS is the bottom layer");
    let (code, stderr) = build(root, &out, &["--timings"]);
    assert!(code == 0 && stderr.contains("Updated"), "an update: {stderr}");
    assert!(stderr.contains("of which search indexes"), "the index was updated: {stderr}");
    assert!(stderr.contains("processor time, in all") && !stderr.contains(share), "{stderr}");
}
