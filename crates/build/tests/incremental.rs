//! The incremental rebuild of `serve` against full builds: after every kind of edit to the real
//! content, the session's output must equal a fresh full build byte for byte, and an edit that
//! touches one page's prose must re-render only that page.

use shoko_build::{BuildOptions, Change, MemoryOutput, Rebuilt, Session};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn options() -> BuildOptions {
    BuildOptions { today: jiff::civil::date(2026, 11, 21), base_url: None }
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn copy_tree(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.expect("walk");
        let target = to.join(entry.path().strip_prefix(from).expect("inside"));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).expect("mkdir");
        } else {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

/// A site root with the real content and templates.
fn site() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("temp dir");
    for dir in ["content", "templates"] {
        copy_tree(&repo().join(dir), &tmp.path().join(dir));
    }
    tmp
}

fn full_build(root: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = MemoryOutput::default();
    let report = shoko_build::build(root, &mut out, &options()).expect("readable");
    assert!(report.written.is_some(), "the full build failed: {:?}", report.checked.diagnostics);
    out.files
}

fn session_files(session: &Session) -> BTreeMap<String, Vec<u8>> {
    session.files().expect("rendered").iter().map(|(k, v)| (k.clone(), v.to_vec())).collect()
}

/// Edit `rel` under `root` with `f` (which must change it) and rebuild with the path as the hint.
fn edit(session: &mut Session, root: &Path, rel: &str, f: impl FnOnce(&str) -> String) -> Rebuilt {
    let path = root.join(rel);
    let before = std::fs::read_to_string(&path).expect("read");
    let after = f(&before);
    assert_ne!(before, after, "the edit of {rel} changed nothing");
    std::fs::write(&path, after).expect("write");
    session.rebuild(&Change::Paths(vec![path])).expect("readable")
}

/// Replace the first `from` (which must exist) with `to`.
fn swap<'a>(from: &'a str, to: &'a str) -> impl FnOnce(&str) -> String + 'a {
    move |text| {
        assert!(text.contains(from), "{from:?} not found");
        text.replacen(from, to, 1)
    }
}

fn assert_same_as_full(session: &Session, root: &Path, what: &str) {
    let full = full_build(root);
    let incremental = session_files(session);
    let differ: std::collections::BTreeSet<&String> =
        full.keys().chain(incremental.keys()).filter(|k| full.get(*k) != incremental.get(*k)).collect();
    assert!(differ.is_empty(), "after {what}, these outputs differ from a full build: {differ:?}");
}

fn rendered(result: &Rebuilt) -> (Vec<String>, usize, bool) {
    match result {
        Rebuilt::Rendered { changed, jobs, full } => (changed.clone(), *jobs, *full),
        Rebuilt::Failed => panic!("the rebuild failed"),
    }
}

#[test]
fn every_kind_of_edit_matches_a_full_build() {
    let tmp = site();
    let root = tmp.path();
    let mut session = Session::new(root, options());
    let (_, all_jobs, full) = rendered(&session.rebuild(&Change::Everything).expect("readable"));
    assert!(full);
    assert_same_as_full(&session, root, "the first build");

    // Prose in one language: only that page, only that language's file.
    let result = edit(
        &mut session,
        root,
        "content/components/rocblas.md",
        swap("rocBLAS is the base layer", "rocBLAS is the bottom layer"),
    );
    let (changed, jobs, full) = rendered(&result);
    assert_eq!((jobs, full), (1, false), "a prose edit re-renders one page");
    assert_eq!(changed, ["en/components/rocblas/index.html"]);
    assert_same_as_full(&session, root, "a prose edit");

    // A claim's text in a log: the pages showing it and the indexes.
    let result = edit(
        &mut session,
        root,
        "content/logs/rocblas.yaml",
        swap("rocBLAS's Processor enum registers", "rocBLAS's Processor enum lists"),
    );
    let (changed, jobs, _) = rendered(&result);
    assert!(jobs > 1 && jobs < all_jobs, "{jobs} of {all_jobs} jobs");
    assert!(changed.contains(&"en/claims/index.html".to_owned()), "{changed:?}");
    assert!(changed.contains(&"claims.json".to_owned()), "{changed:?}");
    assert_same_as_full(&session, root, "a claim edit");

    // A title: the children's breadcrumbs and the parent's list.
    edit(&mut session, root, "content/gpu/index.md", swap("en: \"GPU generations\"", "en: \"The GPU generations\""));
    assert_same_as_full(&session, root, "a title edit");

    // A question.
    edit(
        &mut session,
        root,
        "content/gpu/gfx942.md",
        swap("Whether the primary path", "Whether or not the primary path"),
    );
    assert_same_as_full(&session, root, "a question edit");

    // A new citation in a body.
    edit(
        &mut session,
        root,
        "content/components/rocblas.md",
        swap("rocBLAS is the bottom layer", "[rocBLAS](claim:rocblas-processor-enum) is the bottom layer"),
    );
    assert_same_as_full(&session, root, "a new citation");

    // The glossary: everything.
    let result =
        edit(&mut session, root, "content/_data/glossary.yaml", swap("One unit of work", "One single unit of work"));
    assert_eq!(rendered(&result).1, all_jobs);
    assert_same_as_full(&session, root, "a glossary edit");

    // A broken edit keeps the last good output; the fix is compared with it.
    let good = session_files(&session);
    let result = edit(&mut session, root, "content/logs/rocblas.yaml", swap("class: confirmed", "class: certain"));
    assert_eq!(result, Rebuilt::Failed);
    assert!(!session.diagnostics().is_empty());
    assert_eq!(session_files(&session), good);
    edit(&mut session, root, "content/logs/rocblas.yaml", swap("class: certain", "class: confirmed"));
    edit(&mut session, root, "content/components/rocblas.md", swap("the bottom layer", "the lowest layer"));
    assert_same_as_full(&session, root, "a broken edit and its fix");

    // A new page, then its removal: the set of files changed, so everything.
    let new_page = root.join("content/components/extra.md");
    std::fs::write(&new_page, "---\ntitle: { ja: \"追加\", en: \"Extra\" }\n---\n\n:::ja\n追加のページ。\n:::\n\n:::en\nAn extra page.\n:::\n")
        .expect("write");
    let (changed, _, full) = rendered(&session.rebuild(&Change::Paths(vec![new_page.clone()])).expect("readable"));
    assert!(full && changed.contains(&"en/components/extra/index.html".to_owned()));
    assert_same_as_full(&session, root, "a new page");
    std::fs::remove_file(&new_page).expect("remove");
    let (changed, _, _) = rendered(&session.rebuild(&Change::Paths(vec![new_page])).expect("readable"));
    assert!(changed.contains(&"en/components/extra/index.html".to_owned()), "the removed page's output goes");
    assert_same_as_full(&session, root, "a removed page");

    // A template: everything.
    let result = edit(&mut session, root, "templates/page.html", |t| t.replacen("<article", "<article data-edited", 1));
    assert!(rendered(&result).2);
    assert_same_as_full(&session, root, "a template edit");

    // An editor's temporary file that is already gone changes nothing.
    let gone = root.join("content/components/.rocblas.md.swp");
    let (changed, jobs, _) = rendered(&session.rebuild(&Change::Paths(vec![gone])).expect("readable"));
    assert_eq!((changed.len(), jobs), (0, 0));
}
