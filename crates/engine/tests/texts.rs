//! The texts of content files once validated: each is dropped as soon as it is validated,
//! unless a diagnostic points into it, and the render drops the pages' texts again once their
//! chunk is rendered (they were the largest part of a build's peak memory), so whatever needs a
//! text later reads it again. These tests hold the engine to what users see: a file saved again
//! unchanged is not validated again, a text read again is the one that was validated (a file
//! changed behind the engine's back is never rendered with the old model), a caller that asks
//! for a text gets that one, and a warning is still shown with its line.

use shoko_diagnostics::{ColorChoice, render_human};
use shoko_engine::{BuildOptions, Change, Engine, MemoryOutput, Rebuilt};
use std::path::Path;

fn options() -> BuildOptions {
    BuildOptions::on(jiff::civil::date(2026, 11, 21))
}

fn write(root: &Path, rel: &str, text: &str) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().expect("parent")).expect("folder");
    std::fs::write(path, text).expect("write");
}

/// A page titled `title` whose body says `body`.
fn page(title: &str, body: &str) -> String {
    format!("---\ntitle: {{ ja: \"{title}\", en: \"{title}\" }}\n---\n\n:::ja\n{body}\n:::\n\n:::en\n{body}\n:::\n")
}

/// A page with a callout that states more than the claim it cites: a warning, at its line
/// (`| ::::callout confirmed`).
const OVERSTATED: &str = "---
title: { ja: \"子\", en: \"Child\" }
claims:
  - id: guess
    class: unresolved
    text: { ja: \"未解決\", en: \"A guess\" }
    blocked_by: { kind: observer, detail: { ja: \"未観測\", en: \"Not observed\" } }
    history:
      - { date: \"2026-11-20\", from: null, to: unresolved, reason: { ja: \"記録\", en: \"Recorded\" } }
---

::::callout confirmed
:::ja
[未解決](claim:guess)。
:::
:::en
[A guess](claim:guess).
:::
::::
";

/// A home page, a section `a` and its child page `a/b`.
fn site() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path();
    write(root, "content/index.md", &page("Home", "Home text."));
    write(root, "content/a/index.md", &page("Section", "Section text."));
    write(root, "content/a/b.md", &page("Child", "Child text."));
    tmp
}

fn files(out: &MemoryOutput) -> std::collections::BTreeMap<String, Vec<u8>> {
    out.files().iter().map(|(k, v)| (k.clone(), v.to_vec())).collect()
}

fn full_build(root: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut out = MemoryOutput::default();
    let report = shoko_engine::build(root, &mut out, &options()).expect("readable");
    assert!(report.written.is_some(), "the full build failed: {:?}", report.checked.diagnostics);
    files(&out)
}

#[test]
fn a_page_saved_again_unchanged_after_a_full_render_renders_nothing() {
    let tmp = site();
    let root = tmp.path();
    let mut engine = Engine::new(root, options());
    let mut out = MemoryOutput::default();
    assert!(matches!(engine.rebuild(&Change::Everything, &mut out), Ok(Rebuilt::Rendered { full: true, .. })));

    // The page's text was dropped after its chunk rendered; the hash kept of it says the file
    // on disk is the one validated.
    let saved = engine.rebuild(&Change::Paths(vec![root.join("content/a/b.md")]), &mut out).expect("readable");
    let Rebuilt::Rendered { jobs, .. } = saved else { panic!("the rebuild failed: {:?}", engine.diagnostics()) };
    assert_eq!(jobs, 0, "a file saved again as it was re-renders nothing");
}

#[test]
fn a_page_changed_behind_the_engines_back_is_not_rendered_from_its_new_text() {
    let tmp = site();
    let root = tmp.path();
    let mut engine = Engine::new(root, options());
    let mut out = MemoryOutput::default();
    assert!(matches!(engine.rebuild(&Change::Everything, &mut out), Ok(Rebuilt::Rendered { .. })));

    // The child changes on disk, but only the section's change is announced: the section's new
    // title is in the child's breadcrumbs, so the child renders again, from its text as it was
    // validated or not at all.
    write(root, "content/a/b.md", &page("Child", "Child text, longer now, with other offsets."));
    write(root, "content/a/index.md", &page("Renamed section", "Section text."));
    let refused = engine.rebuild(&Change::Paths(vec![root.join("content/a/index.md")]), &mut out);
    let error = refused.expect_err("the child's text is not the one validated").to_string();
    assert!(error.contains("changed after it was validated") && error.contains("b.md"), "{error}");

    // Announced, it is read, validated and rendered like any edit.
    let done = engine.rebuild(&Change::Paths(vec![root.join("content/a/b.md")]), &mut out).expect("readable");
    assert!(matches!(done, Rebuilt::Rendered { .. }), "{:?}", engine.diagnostics());
    assert_eq!(files(&out), full_build(root), "the output is a full build's");
}

#[test]
fn a_warning_in_a_page_is_shown_with_its_line_after_a_full_render() {
    let tmp = site();
    let root = tmp.path();
    // A callout that states more than the claim it cites is a warning, at its line in the page.
    write(root, "content/a/b.md", OVERSTATED);
    let mut engine = Engine::new(root, options());
    let mut out = MemoryOutput::default();
    let built = engine.rebuild(&Change::Everything, &mut out).expect("readable");
    assert!(matches!(built, Rebuilt::Rendered { full: true, .. }), "{:?}", engine.diagnostics());
    let sources = engine.sources().expect("the texts");
    let shown = render_human(engine.diagnostics(), sources, ColorChoice::Never, "");
    assert!(shown.contains("claim/overstated-callout"), "{shown}");
    assert!(shown.contains("| ::::callout confirmed"), "the warning shows its line:\n{shown}");
}

#[test]
fn a_text_is_held_only_when_asked_for_and_must_be_the_one_validated() {
    let tmp = site();
    let root = tmp.path();
    let mut engine = Engine::new(root, options());
    engine.validate(&Change::Everything).expect("readable");
    let file_of = |engine: &Engine, path: &str| {
        engine.site().expect("a site").docs().iter().find(|d| d.path == path).map(|d| d.file).expect(path)
    };
    let (child, home) = (file_of(&engine, "a/b.md"), file_of(&engine, "index.md"));
    // Validated without a finding, a text is dropped at once; asked for, it is read again.
    assert_eq!(engine.sources().expect("the files").file(child).text, "", "not held once validated");
    engine.hold_texts(&[child]).expect("the text as validated");
    let on_disk = std::fs::read_to_string(root.join("content/a/b.md")).expect("read");
    assert_eq!(engine.sources().expect("the files").file(child).text, on_disk);

    // Changed after it was validated, a text is refused: to a caller, and to the render.
    write(root, "content/index.md", &page("Home", "Home text, changed after it was validated."));
    let error = engine.hold_texts(&[home]).expect_err("not the text validated").to_string();
    assert!(error.contains("changed after it was validated") && error.contains("index.md"), "{error}");
    let mut out = MemoryOutput::default();
    let error = engine.rebuild(&Change::Paths(Vec::new()), &mut out).expect_err("not rendered").to_string();
    assert!(error.contains("changed after it was validated") && error.contains("index.md"), "{error}");
}

#[test]
fn a_file_that_was_not_utf8_is_read_anew_when_it_is_saved() {
    let tmp = site();
    let root = tmp.path();
    let bad = root.join("content/a/b.md");
    let mut bytes = page("Child", "Child text.").into_bytes();
    bytes.extend_from_slice(b"\xff\xfe\n");
    std::fs::write(&bad, &bytes).expect("write");
    let mut engine = Engine::new(root, options());
    engine.validate(&Change::Everything).expect("readable");
    let invalid = |engine: &Engine| engine.diagnostics().iter().any(|d| d.code.name == "file/invalid-utf8");
    assert!(invalid(&engine), "{:?}", engine.diagnostics());

    // Saved as an editor shows it (the bad bytes as U+FFFD): now UTF-8, so read and validated
    // again, though it equals the text the diagnostic was shown with.
    std::fs::write(&bad, String::from_utf8_lossy(&bytes).as_bytes()).expect("write");
    engine.validate(&Change::Paths(vec![bad])).expect("readable");
    assert!(!invalid(&engine), "{:?}", engine.diagnostics());
}

// Linux file systems take any bytes in a name (APFS, for one, refuses such names).
#[cfg(target_os = "linux")]
#[test]
fn a_page_whose_name_is_not_utf8_is_read_at_its_name_on_disk() {
    use std::os::unix::ffi::OsStrExt;
    let tmp = site();
    let root = tmp.path();
    // Shown as `café` with U+FFFD for the Latin-1 byte, read at the name it has.
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.md");
    std::fs::write(root.join("content/a").join(name), OVERSTATED).expect("write");
    let mut engine = Engine::new(root, options());
    let mut out = MemoryOutput::default();
    let built = engine.rebuild(&Change::Everything, &mut out).expect("read at its name on disk");
    assert!(matches!(built, Rebuilt::Rendered { full: true, .. }), "{:?}", engine.diagnostics());
    let page = files(&out)
        .into_iter()
        .find(|(path, _)| path.starts_with("en/a/caf") && path.ends_with("/index.html"))
        .map(|(_, html)| String::from_utf8(html).expect("HTML is UTF-8"));
    assert!(page.is_some_and(|html| html.contains("A guess")), "the page is rendered from its text");
    // Its warning is shown at its line: the text is read back at the same name.
    let shown = render_human(engine.diagnostics(), engine.sources().expect("the texts"), ColorChoice::Never, "");
    assert!(shown.contains("| ::::callout confirmed"), "the warning shows its line:\n{shown}");
}
