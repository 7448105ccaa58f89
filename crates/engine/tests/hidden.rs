//! Hidden files and folders under `content/` belong to editors and systems, not to the site:
//! Obsidian's `.trash/`, macOS's `._name` copies on shared drives, Emacs's `.#name` locks,
//! vim's swap files. A build never reads them (a deleted draft with a broken link, or a
//! resource fork that is not UTF-8, made the whole build fail) and never publishes them, and
//! `serve` does nothing when one appears or changes, nor does a build after one.

use shoko_engine::{BuildOptions, Change, Engine, MemoryOutput, Rebuilt};
use std::path::Path;

fn options() -> BuildOptions {
    BuildOptions::on(jiff::civil::date(2026, 11, 21))
}

fn write(root: &Path, rel: &str, bytes: &[u8]) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().expect("parent")).expect("folder");
    std::fs::write(path, bytes).expect("write");
}

fn page(title: &str, body: &str) -> String {
    format!("---\ntitle: {{ ja: \"{title}\", en: \"{title}\" }}\n---\n\n:::ja\n{body}\n:::\n\n:::en\n{body}\n:::\n")
}

/// A site whose only problems are in hidden files: a trashed draft with a broken link, a
/// resource fork that is not UTF-8 and a lock file that copies the home page.
fn site() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path();
    write(root, "content/index.md", page("Home", "Home text.").as_bytes());
    write(root, "content/.trash/old-draft.md", page("Old", "[gone](missing.md)").as_bytes());
    write(root, "content/logs/._probe.yaml", b"\x00\x05\x16\x07\xff\xfe Mac OS X");
    write(root, "content/.#index.md", page("Home", "Home text.").as_bytes());
    tmp
}

#[test]
fn a_build_reads_and_publishes_no_hidden_file_or_folder() {
    let tmp = site();
    let mut out = MemoryOutput::default();
    let report = shoko_engine::build(tmp.path(), &mut out, &options()).expect("readable");
    assert!(report.written.is_some(), "the build failed: {:#?}", report.checked.diagnostics);
    assert!(report.checked.diagnostics.is_empty(), "{:#?}", report.checked.diagnostics);
    let paths: Vec<&String> = out.files().keys().collect();
    assert!(paths.iter().any(|p| p.as_str() == "en/index.html"), "{paths:?}");
    let hidden = [".trash", "old-draft", "._probe", ".#"];
    assert!(!paths.iter().any(|p| hidden.iter().any(|h| p.contains(h))), "{paths:?}");
}

#[test]
fn serve_does_nothing_when_a_hidden_file_appears_or_changes() {
    let tmp = site();
    let root = tmp.path();
    let mut engine = Engine::new(root, options());
    let mut out = MemoryOutput::default();
    assert!(matches!(engine.rebuild(&Change::Everything, &mut out), Ok(Rebuilt::Rendered { full: true, .. })));
    // A swap file appears beside the page, and the trashed draft changes.
    write(root, "content/.index.md.swp", b"\x00binary swap");
    write(root, "content/.trash/old-draft.md", page("Old", "[still gone](missing.md)").as_bytes());
    let changed = vec![root.join("content/.index.md.swp"), root.join("content/.trash/old-draft.md")];
    match engine.rebuild(&Change::Paths(changed), &mut out) {
        Ok(Rebuilt::Rendered { written, jobs, full }) => {
            assert!(!full && jobs == 0 && written.is_empty(), "{written:?}, {jobs} jobs, full: {full}");
        }
        other => panic!("{:?}", other.map(|_| ()).map_err(|e| e.to_string())),
    }
    assert!(engine.diagnostics().is_empty(), "{:#?}", engine.diagnostics());
}

#[test]
fn a_hidden_file_coming_and_going_leaves_the_inputs_fingerprint_as_it_was() {
    let tmp = site();
    let root = tmp.path();
    let fingerprint = || shoko_engine::stamp::fingerprint(root, &options()).expect("readable").hash;
    let before = fingerprint();
    write(root, "content/.index.md.swp", b"\x00swap");
    write(root, "content/.trash/another.md", b"draft");
    assert_eq!(fingerprint(), before, "a build after it would not be a no-op");
    write(root, "content/notes.md", page("Notes", "Text.").as_bytes());
    assert_ne!(fingerprint(), before, "a page added is a change");
}
