//! The engine's incremental runs against full builds: after every kind of edit to the real
//! content, the output of an engine kept from run to run (as `serve` keeps it) must equal a
//! fresh full build byte for byte, and an edit that touches one page's prose must re-render only
//! that page.

use shoko_engine::{BuildOptions, Change, Engine, IoError, MemoryOutput, Rebuilt};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// An engine with its memory output, as `serve` holds them.
struct Session {
    engine: Engine,
    out: MemoryOutput,
}

/// A run's result, with the output paths it changed.
type Done = (Rebuilt, Vec<String>);

impl Session {
    fn new(root: &Path, options: BuildOptions) -> Self {
        Session { engine: Engine::new(root, options), out: MemoryOutput::default() }
    }

    fn rebuild(&mut self, change: &Change) -> Result<Done, IoError> {
        let result = self.engine.rebuild(change, &mut self.out)?;
        let changed = if result == Rebuilt::Failed { Vec::new() } else { self.out.changed().to_vec() };
        Ok((result, changed))
    }

    fn diagnostics(&self) -> &[shoko_diagnostics::Diagnostic] {
        self.engine.diagnostics()
    }

    fn sources_note(&self) -> Option<String> {
        self.engine.sources_note().map(str::to_owned)
    }
}

fn options() -> BuildOptions {
    BuildOptions::on(jiff::civil::date(2026, 11, 21))
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
    let report = shoko_engine::build(root, &mut out, &options()).expect("readable");
    assert!(report.written.is_some(), "the full build failed: {:?}", report.checked.diagnostics);
    out.files().iter().map(|(k, v)| (k.clone(), v.to_vec())).collect()
}

fn session_files(session: &Session) -> BTreeMap<String, Vec<u8>> {
    session.out.files().iter().map(|(k, v)| (k.clone(), v.to_vec())).collect()
}

/// Edit `rel` under `root` with `f` (which must change it) and rebuild with the path as the hint.
fn edit(session: &mut Session, root: &Path, rel: &str, f: impl FnOnce(&str) -> String) -> Done {
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

fn rendered(result: &Done) -> (Vec<String>, usize, bool) {
    match &result.0 {
        Rebuilt::Rendered { jobs, full, .. } => (result.1.clone(), *jobs, *full),
        Rebuilt::Failed => panic!("the rebuild failed"),
    }
}

#[test]
fn every_kind_of_edit_matches_a_full_build() {
    let tmp = site();
    let root = tmp.path();
    // A page with no index page above it: its section tree shows the home page's level.
    std::fs::create_dir_all(root.join("content/loose")).expect("folder");
    std::fs::write(
        root.join("content/loose/a.md"),
        "---\ntitle: { ja: \"離れたページ\", en: \"A loose page\" }\n---\n\n:::ja\n本文。\n:::\n\n:::en\nText.\n:::\n",
    )
    .expect("write");
    let mut session = Session::new(root, options());
    let (_, all_jobs, full) = rendered(&session.rebuild(&Change::Everything).expect("readable"));
    assert!(full);
    assert_same_as_full(&session, root, "the first build");

    // Prose in one language: only that page and that language's search index; only that
    // language's files change.
    let result = edit(
        &mut session,
        root,
        "content/components/rocblas.md",
        swap("rocBLAS is the base layer", "rocBLAS is the bottom layer"),
    );
    let (changed, jobs, full) = rendered(&result);
    assert_eq!((jobs, full), (2, false), "an English prose edit re-renders one page and the English index");
    assert_eq!(changed[0], "en/components/rocblas/index.html");
    assert!(changed.iter().any(|p| p.starts_with("search/en/t-")), "`base` and `bottom` are found again: {changed:?}");
    assert!(changed[1..].iter().all(|p| p.starts_with("search/en/")), "{changed:?}");
    assert_same_as_full(&session, root, "a prose edit");

    // A heading in one language: its anchor changes (no link between pages breaks, so the page
    // is swapped into the site without linking it again), and only that language's index is
    // built again.
    let result = edit(&mut session, root, "content/components/rocblas.md", swap("## 世代の識別", "## 世代を見分ける"));
    let (changed, _, full) = rendered(&result);
    assert!(!full && changed.iter().any(|p| p.starts_with("search/ja/")), "{changed:?}");
    assert!(!changed.iter().any(|p| p.starts_with("search/en/")), "{changed:?}");
    assert_same_as_full(&session, root, "a heading edit in one language");

    // A heading another page links to, renamed in one language: the site keeps its links when
    // only a page's anchors change, but not past a link that now points nowhere. The link from
    // the other file is reported; giving the anchor back clears it, which takes linking again
    // (the last link found a broken link, though not in the edited page).
    let page = "content/gpu/index.md";
    let result =
        edit(&mut session, root, page, swap("## Generation labels {#families}", "## Generation labels {#labels}"));
    assert_eq!(result.0, Rebuilt::Failed);
    let sources = session.engine.sources().expect("read");
    let broken: Vec<&str> = session
        .diagnostics()
        .iter()
        .filter(|d| d.code.name == "ref/unknown-anchor")
        .filter_map(|d| d.primary.as_ref())
        .map(|label| sources.file(label.span.file).path.as_str())
        .collect();
    assert_eq!(broken, ["content/index.md"]);
    edit(&mut session, root, page, swap("{#labels}", "{#families}"));
    assert!(session.diagnostics().iter().all(|d| d.code.name != "ref/unknown-anchor"));
    assert_same_as_full(&session, root, "an anchor another page links to, renamed and given back");
    let page = "content/gpu/gfx1201/index.md";
    // Renamed where no page links to it: the page is swapped into the site, which keeps its
    // structure (it is not linked again), and the output is a full build's.
    let before = session.engine.site().expect("built").structure();
    edit(&mut session, root, page, swap("## The current reading and the frontier", "## Where the reading stands"));
    assert!(session.diagnostics().iter().all(|d| d.code.name != "ref/unknown-anchor"));
    assert!(session.engine.site().expect("built").structure() == before, "the site was linked again");
    assert_same_as_full(&session, root, "an anchor no other page links to, renamed");

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

    // A weight: the siblings change places in the section tree and in previous/next, on every
    // page that shows them (the render keeps the site's shape between edits only while the
    // site is not linked again). Then a prose edit, which keeps the new shape.
    edit(&mut session, root, "content/components/ggml-hip.md", swap("weight: 1\n", "weight: 3\n"));
    assert_same_as_full(&session, root, "a weight edit");
    edit(
        &mut session,
        root,
        "content/components/rocblas.md",
        swap("rocBLAS is the bottom layer", "rocBLAS is the base layer"),
    );
    assert_same_as_full(&session, root, "a prose edit after a weight edit");
    edit(
        &mut session,
        root,
        "content/components/rocblas.md",
        swap("rocBLAS is the base layer", "rocBLAS is the bottom layer"),
    );
    edit(&mut session, root, "content/components/ggml-hip.md", swap("weight: 3\n", "weight: 1\n"));
    assert_same_as_full(&session, root, "a weight set back");

    // A page stops showing the only figure that shows `phases.svg`: the image is no longer
    // published (the engine keeps the images only while the site's structure is the same).
    let figure = ("F](../../figures/phases.svg)", "F](../../figures/worldviews.svg)");
    edit(&mut session, root, "content/gpu/gfx1201/index.md", swap(figure.0, figure.1));
    assert_same_as_full(&session, root, "an image no page shows any more");
    edit(&mut session, root, "content/gpu/gfx1201/index.md", swap(figure.1, figure.0));
    assert_same_as_full(&session, root, "the image shown again");

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

    // A page that becomes a deck hands the claims it was first to show to the next page to
    // read that shows them (their home), which the generated pages and exports link to.
    let result =
        edit(&mut session, root, "content/components/rocblas.md", swap("weight: 2\n", "weight: 2\nlayout: slides\n"));
    assert!(rendered(&result).1 > 3, "the generated pages and feeds are re-rendered too");
    assert_same_as_full(&session, root, "a page turned into a deck");
    edit(&mut session, root, "content/components/rocblas.md", swap("weight: 2\nlayout: slides\n", "weight: 2\n"));
    assert_same_as_full(&session, root, "a deck turned back into a page");

    // The page first to show a claim stops citing it: its home moves to the next page showing
    // it, where search now finds it.
    let result =
        edit(&mut session, root, "content/gpu/gfx942.md", |t| t.replace("](claim:gfx942-family)", "](index.md)"));
    assert!(rendered(&result).0.iter().any(|p| p.starts_with("search/en/d-")), "its record moves");
    assert_same_as_full(&session, root, "a citation removed from a claim's home");

    // The glossary: everything.
    let result =
        edit(&mut session, root, "content/_data/glossary.yaml", swap("One unit of work", "One single unit of work"));
    assert_eq!(rendered(&result).1, all_jobs);
    assert_same_as_full(&session, root, "a glossary edit");

    // A broken edit keeps the last good output; the fix is compared with it.
    let good = session_files(&session);
    let result = edit(&mut session, root, "content/logs/rocblas.yaml", swap("class: confirmed", "class: certain"));
    assert_eq!(result.0, Rebuilt::Failed);
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

/// What the link stage finds fault with in an edit of a page it had nothing to say about (a
/// warning and an error) is found as a full build finds it (a callout's class and a link to a
/// file are part of the page's surface), and undoing them gives a full build's output.
#[test]
fn what_the_link_stage_finds_in_an_edited_page_is_reported_as_a_full_build_reports_it() {
    let tmp = site();
    let root = tmp.path();
    let mut session = Session::new(root, options());
    rendered(&session.rebuild(&Change::Everything).expect("readable"));
    let page = "content/components/ggml-hip.md";
    let prose = "the code-level basis for fallback being the main stage on that generation.";
    let linked = "the code-level basis for fallback being the main stage on that generation ([data](missing.csv)).";
    for (from, to, code) in [
        ("::::callout inferred", "::::callout confirmed", "claim/overstated-callout"),
        (prose, linked, "ref/missing-file"),
    ] {
        edit(&mut session, root, page, swap(from, to));
        let codes: Vec<&str> = session.diagnostics().iter().map(|d| d.code.name).collect();
        assert!(codes.contains(&code), "{code} not in {codes:?}");
        edit(&mut session, root, page, swap(to, from));
        assert_same_as_full(&session, root, &format!("{code}, made and undone"));
    }
}

/// An observation log of `n` claims whose IDs sort before every real one (`aaa-bulk-0000`, …).
fn bulk_log(n: usize) -> String {
    let mut yaml = String::from("title: { ja: \"一括\", en: \"Bulk\" }\nclaims:\n");
    for i in 0..n {
        yaml.push_str(&format!(
            "  - id: aaa-bulk-{i:04}\n    class: unresolved\n    text: {{ ja: \"一括 {i}\", en: \"Bulk {i}\" }}\n    blocked_by: {{ kind: observer, detail: {{ ja: \"未観測\", en: \"Not observed\" }} }}\n    history:\n      - {{ date: \"2026-11-20\", from: null, to: unresolved, reason: {{ ja: \"記録\", en: \"Recorded\" }} }}\n"
        ));
    }
    yaml
}

#[test]
fn paged_indexes_match_a_full_build_when_claims_move_between_pages() {
    let tmp = site();
    let root = tmp.path();
    let log = root.join("content/logs/bulk.yaml");
    // 500 bulk claims fill the first page of the claims index; every real claim is on the second.
    std::fs::write(&log, bulk_log(500)).expect("write");
    let mut session = Session::new(root, options());
    rendered(&session.rebuild(&Change::Everything).expect("readable"));
    assert_same_as_full(&session, root, "the first build");
    let files = session_files(&session);
    for path in ["en/claims/2/index.html", "ja/claims/2/index.html", "en/changes/2/index.html"] {
        assert!(files.contains_key(path), "{path} is missing");
    }
    let text = |files: &BTreeMap<String, Vec<u8>>, path: &str| String::from_utf8(files[path].clone()).expect("utf-8");
    let second = text(&files, "en/claims/2/index.html");
    assert!(second.contains("<nav class=\"pager\""), "the pages of the index link to each other");
    for label in ["Pages of this index", "More pages of this index"] {
        assert!(second.contains(&format!("aria-label=\"{label}\"")), "the two pagers have their own labels");
    }
    // A claim that content pages link to (as a premise), and where it sits on the second page.
    let target = "ggml-dispatch-thresholds";
    let ids: Vec<&str> = second.split("id=\"claim-").skip(1).map(|s| &s[..s.find('"').unwrap_or(0)]).collect();
    let at = ids.iter().position(|id| *id == target).expect("the target is on the second page");
    let linking: Vec<&String> = files
        .keys()
        .filter(|p| p.starts_with("en/") && !p.starts_with("en/c"))
        .filter(|p| text(&files, p).contains(&format!("claims/2/index.html#claim-{target}")))
        .collect();
    assert!(!linking.is_empty(), "some content page links to {target} on the second page");

    // Fewer bulk claims, so that the target is the last claim of the first page: the pages
    // linking to it change although they were not edited.
    std::fs::write(&log, bulk_log(499 - at)).expect("write");
    let (changed, _, full) = rendered(&session.rebuild(&Change::Paths(vec![log.clone()])).expect("readable"));
    assert!(!full, "claims moving between pages is not a full rebuild");
    let after = session_files(&session);
    assert!(text(&after, "en/claims/index.html").contains(&format!("id=\"claim-{target}\"")), "{target} moved");
    for page in &linking {
        assert!(changed.contains(page), "{page} links to {target} and must change: {changed:?}");
        assert!(text(&after, page).contains(&format!("claims/index.html#claim-{target}")), "{page}");
    }
    assert_same_as_full(&session, root, "claims moving to the first page");

    // A paged index brings its filters' facets; a page that starts citing a claim changes them.
    assert!(after.contains_key("en/claims/facets.js"), "a paged index has its facets file");
    let (changed, _, _) = rendered(&edit(
        &mut session,
        root,
        "content/components/rocblas.md",
        swap("rocBLAS is the base layer", "[rocBLAS](claim:aaa-bulk-0000) is the base layer"),
    ));
    assert!(changed.contains(&"en/claims/facets.js".to_owned()), "the facets name the citing page: {changed:?}");
    assert!(
        text(&session_files(&session), "en/claims/facets.js").contains("/components/rocblas/"),
        "the cited claim's facets name the page"
    );
    assert_same_as_full(&session, root, "a page citing a claim of a paged index");

    // Few enough claims for one page: the second pages go, and the facets file.
    std::fs::write(&log, bulk_log(300)).expect("write");
    let (changed, _, _) = rendered(&session.rebuild(&Change::Paths(vec![log])).expect("readable"));
    assert!(changed.contains(&"en/claims/2/index.html".to_owned()), "{changed:?}");
    assert!(!session_files(&session).contains_key("en/claims/2/index.html"));
    assert!(!session_files(&session).contains_key("en/claims/facets.js"), "one page needs no facets");
    assert_same_as_full(&session, root, "an index shrinking to one page");
}

#[test]
fn an_engine_patches_only_the_output_it_rendered_last() {
    let tmp = site();
    let root = tmp.path();
    let mut engine = Engine::new(root, options());
    let mut first = MemoryOutput::default();
    assert!(matches!(engine.rebuild(&Change::Everything, &mut first).expect("readable"), Rebuilt::Rendered { .. }));
    let page = root.join("content/components/rocblas.md");
    let text = std::fs::read_to_string(&page).expect("read");
    std::fs::write(&page, text.replacen("rocBLAS is the base layer", "rocBLAS is the bottom layer", 1)).expect("write");
    // Another output than the one of the last run: rendered whole, not patched.
    let mut other = MemoryOutput::default();
    let result = engine.rebuild(&Change::Paths(vec![page.clone()]), &mut other).expect("readable");
    assert!(matches!(result, Rebuilt::Rendered { full: true, .. }), "{result:?}");
    let whole: BTreeMap<String, Vec<u8>> = other.files().iter().map(|(k, v)| (k.clone(), v.to_vec())).collect();
    assert_eq!(whole, full_build(root), "a fresh output gets the whole site");
}

#[test]
fn a_premise_changed_far_away_re_renders_the_pages_whose_claims_now_need_review() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path();
    copy_tree(&repo().join("tests/fixtures/invalid/claim/needs-review"), root);
    // `top` rests on `root` three steps away and is shown on a page that cites nothing else.
    // It is declared in a log of its own, so that no edit below moves it.
    let log = root.join("content/logs/a.yaml");
    let text = std::fs::read_to_string(&log).expect("read");
    let start = text.find("  - id: top").expect("top");
    let end = text.find("  # Looked at again").expect("the next claim");
    let reviewed = "      - { date: \"2026-05-03\", from: inferred, to: inferred, kind: review, reason: { ja: \"確認\", en: \"Checked\" } }\n";
    std::fs::write(root.join("content/logs/b.yaml"), format!("claims:\n{}{reviewed}", &text[start..end]))
        .expect("write");
    let text = format!("{}{}", &text[..start], &text[end..]);
    // And `root` in a log of its own, so that its edit moves nothing else either.
    let (start, end) = (text.find("  - id: root").expect("root"), text.find("  # Confirmed").expect("base"));
    std::fs::write(root.join("content/logs/r.yaml"), format!("claims:\n{}", &text[start..end])).expect("write");
    std::fs::write(&log, format!("{}{}", &text[..start], &text[end..])).expect("write");
    std::fs::write(
        root.join("content/other.md"),
        "---\ntitle: { ja: \"別\", en: \"Other\" }\n---\n\n:::ja\n[根拠](claim:top)\n:::\n\n:::en\n[evidence](claim:top)\n:::\n",
    )
    .expect("write");
    let mut session = Session::new(root, options());
    rendered(&session.rebuild(&Change::Everything).expect("readable"));
    assert!(!String::from_utf8_lossy(&session_files(&session)["en/other/index.html"]).contains("badge-review"));
    let result = edit(&mut session, root, "content/logs/r.yaml", |t| {
        t.replacen("  - id: root\n    class: confirmed", "  - id: root\n    class: unresolved\n    blocked_by: { kind: observer, detail: { ja: \"再現せず\", en: \"Not seen again\" } }", 1)
            .replacen(
                "to: confirmed, reason: { ja: \"初回\", en: \"First record\" } }\n",
                "to: confirmed, reason: { ja: \"初回\", en: \"First record\" } }\n      - { date: \"2026-06-01\", from: confirmed, to: unresolved, reason: { ja: \"再現せず\", en: \"Not seen again\" } }\n",
                1,
            )
    });
    let (changed, _, full) = rendered(&result);
    assert!(!full, "a claim edit is not a full render");
    assert!(changed.contains(&"en/other/index.html".to_owned()), "{changed:?}");
    assert!(String::from_utf8_lossy(&session_files(&session)["en/other/index.html"]).contains("badge-review"));
    assert_same_as_full(&session, root, "a premise weakened three steps away");
}

/// With no clone configured, the sources are counted again only when the site is linked again:
/// a prose edit keeps the note, a source naming another repository changes it.
#[test]
fn the_note_of_unverified_sources_follows_the_claims() {
    let tmp = site();
    let root = tmp.path();
    let mut session = Session::new(root, options());
    session.rebuild(&Change::Everything).expect("readable");
    let before = session.sources_note().expect("the default content cites repositories without clones");
    assert!(!before.contains("Other/repo"), "{before}");
    edit(
        &mut session,
        root,
        "content/components/rocblas.md",
        swap("rocBLAS is the base layer", "rocBLAS is the bottom layer"),
    );
    assert_eq!(session.sources_note().as_deref(), Some(before.as_str()), "a prose edit keeps the count");
    edit(
        &mut session,
        root,
        "content/logs/ggml-hip.yaml",
        swap("repo: \"ggml (vendored by Ollama)\"", "repo: \"Other/repo\""),
    );
    let after = session.sources_note().expect("still sources without clones");
    assert!(after.contains("Other/repo"), "the claims changed, so they are counted again: {after}");
    assert_same_as_full(&session, root, "a source's repository changed");
}

#[test]
fn an_engine_that_lives_on_updates_its_search_indexes_instead_of_making_them_again() {
    // Enough pages for an index of many bucket files (a page's records live in one of them).
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path();
    let page = |title: &str, body: &str| {
        format!("---\ntitle: {{ ja: \"{title}\", en: \"{title}\" }}\n---\n\n:::ja\n{body}\n:::\n\n:::en\n{body}\n:::\n")
    };
    std::fs::create_dir_all(root.join("content/notes")).expect("folder");
    std::fs::write(root.join("content/index.md"), page("Home", "Home text.")).expect("write");
    std::fs::write(root.join("content/notes/index.md"), page("Notes", "The notes.")).expect("write");
    for i in 0..64 {
        let text = page(&format!("Note {i}"), &format!("Kernel {i} dispatch, observed on gfx{i}."));
        std::fs::write(root.join(format!("content/notes/n{i}.md")), text).expect("write");
    }
    let (mut engine, mut out) = (Engine::new(root, options()), MemoryOutput::default());
    let search_files = |rebuilt: Rebuilt| match rebuilt {
        Rebuilt::Rendered { written, .. } => written.iter().filter(|p| p.starts_with("search/")).count(),
        Rebuilt::Failed => panic!("the build failed"),
    };
    let whole = search_files(engine.rebuild(&Change::Everything, &mut out).expect("readable"));
    let edited = root.join("content/notes/n7.md");
    std::fs::write(&edited, page("Note 7", "Kernel 7 dispatch, observed again.")).expect("write");
    let updated = search_files(engine.rebuild(&Change::Paths(vec![edited]), &mut out).expect("readable"));
    // Made again, each index would hand over every file; updated, those of the page's bucket
    // and the token files whose lists changed.
    assert!(whole >= 30, "{whole} search files in all");
    assert!(updated > 0 && updated * 3 < whole, "{updated} of {whole} search files handed over again");
}

/// Commit everything in `root` (a repository) on `day`.
fn commit_all(root: &Path, day: &str) {
    for args in [vec!["add", "-A"], vec!["commit", "-q", "-m", "Change"]] {
        let status = std::process::Command::new("git")
            .args(["-c", "user.name=Test", "-c", "user.email=test@example.org", "-c", "commit.gpgsign=false"])
            .args(&args)
            .current_dir(root)
            .env("GIT_AUTHOR_DATE", format!("{day}T12:00:00Z"))
            .env("GIT_COMMITTER_DATE", format!("{day}T12:00:00Z"))
            .status()
            .expect("git runs");
        assert!(status.success(), "git {args:?}");
    }
}

/// A log edited without a change to its claims moves the day of every page showing one of them:
/// not known while the edit is not committed, the commit's day once it is. Each step equals a
/// full build reading the same history.
#[test]
fn the_last_change_of_a_log_re_renders_the_pages_showing_its_claims() {
    let tmp = site();
    let root = tmp.path();
    let status = std::process::Command::new("git").args(["init", "-q", "-b", "main"]).current_dir(root).status();
    assert!(status.expect("git runs").success());
    commit_all(root, "2026-01-02");
    let with_history = BuildOptions { history: true, ..options() };
    let full = |root: &Path| {
        let mut out = MemoryOutput::default();
        let report = shoko_engine::build(root, &mut out, &with_history).expect("readable");
        assert!(report.written.is_some(), "{:?}", report.checked.diagnostics);
        out.files().iter().map(|(k, v)| (k.clone(), v.to_vec())).collect::<BTreeMap<String, Vec<u8>>>()
    };
    let mut session = Session::new(root, with_history.clone());
    rendered(&session.rebuild(&Change::Everything).expect("readable"));
    let page = "en/components/rocblas/index.html";
    let shown = |session: &Session| String::from_utf8_lossy(&session_files(session)[page]).into_owned();
    assert!(shown(&session).contains("<time datetime=\"2026-01-02\">"), "committed: the day shows");
    let result = edit(&mut session, root, "content/logs/rocblas.yaml", |t| t.replacen("title:\n", "title: \n", 1));
    let (changed, _, _) = rendered(&result);
    assert!(changed.contains(&page.to_owned()), "a page showing the log's claims re-renders: {changed:?}");
    assert!(!shown(&session).contains("class=\"page-source\"><time"), "an uncommitted edit: no day");
    assert_eq!(session_files(&session), full(root), "after an uncommitted edit of a log");
    commit_all(root, "2026-02-03");
    rendered(&session.rebuild(&Change::Paths(Vec::new())).expect("readable"));
    assert!(shown(&session).contains("<time datetime=\"2026-02-03\">"), "the commit's day");
    assert_eq!(session_files(&session), full(root), "after the commit");
}

/// A page made a draft and published again under an engine kept from run to run (as a resumed
/// `build` keeps it; `serve` builds drafts): the set of published documents changes while the
/// set of files does not, and each run equals a full build.
#[test]
fn a_page_made_a_draft_and_published_again_matches_a_full_build() {
    let tmp = site();
    let root = tmp.path();
    let page = "---\ntitle: { ja: \"メモ\", en: \"Notes\" }\n---\n\n:::ja\nメモ。\n:::\n\n:::en\nNotes.\n:::\n";
    std::fs::write(root.join("content/zz-notes.md"), page).expect("write");
    let mut session = Session::new(root, options());
    rendered(&session.rebuild(&Change::Everything).expect("readable"));
    let result = edit(&mut session, root, "content/zz-notes.md", |t| t.replacen("---\n", "---\ndraft: true\n", 1));
    rendered(&result);
    assert!(!session_files(&session).contains_key("en/zz-notes/index.html"), "the draft is left out");
    assert_same_as_full(&session, root, "a page made a draft");
    let result = edit(&mut session, root, "content/zz-notes.md", |t| t.replacen("draft: true\n", "", 1));
    rendered(&result);
    assert_same_as_full(&session, root, "a draft published again");
}
