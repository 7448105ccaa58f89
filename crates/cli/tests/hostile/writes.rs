//! No command writes a byte anywhere but where README says it writes (the site root, `--out`,
//! and the stamp and cache beside `--out`), whatever links, FIFOs or special files a repository
//! someone clones holds: links are planted at every fixed name the product writes (the old
//! temporary name of `pin`, the stamp, the cache and the files in it, the default output,
//! scaffolds) and at content names, and a folder outside the site must stay byte for byte as
//! it was. Reads of the settings and the cache never follow a link or wait on a FIFO.
#![cfg(unix)]

use super::common::{git, write};
use super::{HOME, page};
use std::collections::BTreeMap;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Every entry under `dir`: a file's bytes and mode, a link's target, a folder.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, String> {
    fn visit(base: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, String>) {
        for entry in std::fs::read_dir(dir).expect("list") {
            let path = entry.expect("entry").path();
            let meta = path.symlink_metadata().expect("meta");
            let what = if meta.file_type().is_symlink() {
                format!("link {}", std::fs::read_link(&path).expect("link").display())
            } else if meta.is_file() {
                let bytes = std::fs::read(&path).expect("read");
                format!("file {:o} {}", meta.permissions().mode(), String::from_utf8_lossy(&bytes))
            } else {
                visit(base, &path, out);
                format!("folder {:o}", meta.permissions().mode())
            };
            out.insert(path.strip_prefix(base).expect("inside").to_path_buf(), what);
        }
    }
    let mut out = BTreeMap::new();
    visit(dir, dir, &mut out);
    out
}

/// A folder outside the site a hostile repository aims at: a shell start-up file, an empty
/// folder (what a build would fill) and a folder of notes.
fn victim() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("tmp");
    write(tmp.path(), ".bashrc", "export PATH=/usr/bin\n");
    write(tmp.path(), "notes/thesis.tex", "mine\n");
    std::fs::create_dir(tmp.path().join("empty")).expect("mkdir");
    tmp
}

/// `shoko` in `cwd` with `args`, killed after a minute: the exit code and stderr (a hang is a
/// failure of its own).
fn bounded(cwd: &Path, args: &[&str]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shoko"))
        .current_dir(cwd)
        .args(args)
        .env(super::common::NO_HISTORY_VAR, "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run shoko");
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        assert!(started.elapsed() < Duration::from_secs(60), "shoko {args:?} hung");
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("output");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{stderr}");
    (output.status.code().unwrap_or(-1), stderr)
}

/// A site with a home page, a second page and a log whose source is not pinned yet, and a
/// clone of the cited repository beside it (`repos:`).
fn site_with_a_clone() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("tmp");
    let clone = tmp.path().join("clones/rocBLAS");
    write(&clone, "library/src/handle.cpp", "// one\nrocblas_create_handle(&handle);\n// three\n");
    git(&clone, &["init", "-q", "-b", "develop"]);
    git(&clone, &["add", "-A"]);
    git(&clone, &["commit", "-q", "-m", "Add the handle"]);
    let root = tmp.path().join("site");
    write(&root, "shoko.yaml", "repos:\n  ROCm/rocBLAS: ../clones/rocBLAS\n");
    write(&root, "content/index.md", HOME);
    write(&root, "content/notes.md", &page("覚え", "Notes."));
    write(
        &root,
        "content/logs/sources.yaml",
        "claims:\n  - id: handle\n    class: confirmed\n    text: { ja: \"ハンドルを作る。\", en: \"A handle is made.\" }\n    scope: { gfx: [gfx1201], observed: \"2026-03-27\" }\n    sources:\n      - basis: source_code\n        repo: ROCm/rocBLAS\n        path: library/src/handle.cpp\n        quote: \"rocblas_create_handle(&handle);\"\n    history:\n      - { date: \"2026-03-27\", from: null, to: confirmed, reason: { ja: \"初回\", en: \"First\" } }\n",
    );
    (tmp, root)
}

#[test]
fn pin_write_never_writes_through_a_link_planted_at_its_temporary_name() {
    let (_tmp, root) = site_with_a_clone();
    let outside = victim();
    let before = snapshot(outside.path());
    let log = root.join("content/logs/sources.yaml");
    std::fs::set_permissions(&log, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    // The name the old `pin` wrote to before renaming it over the log; hidden, so never read.
    symlink(outside.path().join(".bashrc"), root.join("content/logs/.sources.yaml.shoko-pin")).expect("link");
    let (code, stderr) = bounded(&root, &["pin", "--root", ".", "--write"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(snapshot(outside.path()), before, "nothing outside the site changed");
    let meta = log.symlink_metadata().expect("log");
    assert!(meta.is_file(), "the log is still a file, not the link");
    assert_eq!(meta.permissions().mode() & 0o777, 0o640, "the log keeps its permissions");
    assert!(std::fs::read_to_string(&log).expect("log").contains("commit: \""), "and it is pinned");
}

#[test]
fn pin_never_edits_a_log_that_is_a_link() {
    let (_tmp, root) = site_with_a_clone();
    let outside = victim();
    std::fs::rename(root.join("content/logs/sources.yaml"), outside.path().join("sources.yaml")).expect("move");
    symlink(outside.path().join("sources.yaml"), root.join("content/logs/sources.yaml")).expect("link");
    let before = snapshot(outside.path());
    let (_, stderr) = bounded(&root, &["pin", "--root", ".", "--write"]);
    assert!(stderr.contains("file/symlink") && stderr.contains("pinned: 0 sources"), "{stderr}");
    assert_eq!(snapshot(outside.path()), before);
}

/// Names a build, `check`, `new` and `pin` write or read beside the output and in the site,
/// each a link (or, for the cache, a real folder holding links) to the victim.
const PLANTED: &[&[(&str, &str)]] = &[
    &[(".site.stamp", ".bashrc")],
    &[(".site.cache", "empty")],
    &[(".site.cache/engine.state", ".bashrc"), (".site.cache/.gitignore", ".bashrc")],
    &[(".site.cache/CACHEDIR.TAG", ".bashrc")],
    &[("site", "empty")],
    &[("content/drafts", "empty"), ("content/later.md", ".bashrc")],
    &[("content/.index.md.shoko-pin", ".bashrc"), ("content/logs/.sources.yaml.shoko-pin", "notes/thesis.tex")],
];

#[test]
fn links_planted_at_every_name_the_product_writes_are_never_written_through() {
    for planted in PLANTED {
        let (_tmp, root) = site_with_a_clone();
        let outside = victim();
        for (name, target) in *planted {
            let at = root.join(name);
            std::fs::create_dir_all(at.parent().expect("parent")).expect("mkdir");
            symlink(outside.path().join(target), at).expect("link");
        }
        let before = snapshot(outside.path());
        let runs: [&[&str]; 7] = [
            &["build", "--root", "."],
            &["check", "--root", "."],
            &["new", "page", "content/drafts/idea.md"],
            &["new", "page", "content/later.md"],
            &["pin", "--root", ".", "--write"],
            &["build", "--root", "."],
            &["build", "--root", ".", "--force"],
        ];
        for (i, args) in runs.iter().enumerate() {
            if i == 5 {
                // An edit between builds: the second one resumes from the cache and patches.
                write(&root, "content/notes.md", &page("覚え", "Notes, edited."));
            }
            bounded(&root, args);
            assert_eq!(
                snapshot(outside.path()),
                before,
                "{planted:?}: `shoko {}` wrote outside the site",
                args.join(" ")
            );
        }
        for (name, _) in *planted {
            assert!(root.join(name).symlink_metadata().expect("still there").file_type().is_symlink(), "{name}");
        }
    }
}

#[test]
fn the_default_output_is_never_a_link_the_repository_holds() {
    let (_tmp, root) = site_with_a_clone();
    let outside = victim();
    symlink(outside.path().join("empty"), root.join("site")).expect("link");
    let (code, stderr) = bounded(&root, &["build", "--root", "."]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("symbolic link") && stderr.contains("--out"), "{stderr}");
    assert_eq!(std::fs::read_dir(outside.path().join("empty")).expect("list").count(), 0);
    // Given on the command line, it is the user's choice: built where it points.
    let (code, stderr) = bounded(&root, &["build", "--root", ".", "--out", "site"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(outside.path().join("empty/index.html").is_file());
}

#[test]
fn settings_and_cache_linked_to_a_device_or_a_fifo_neither_hang_nor_fill_memory() {
    let (_tmp, root) = site_with_a_clone();
    let (code, stderr) = bounded(&root, &["build", "--root", "."]);
    assert_eq!(code, 0, "{stderr}");
    // The cache's state linked to an endless device: not read, the build reads everything.
    std::fs::remove_file(root.join(".site.cache/engine.state")).expect("remove");
    symlink("/dev/zero", root.join(".site.cache/engine.state")).expect("link");
    write(&root, "content/notes.md", &page("覚え", "Notes, edited."));
    let (code, stderr) = bounded(&root, &["build", "--root", "."]);
    assert_eq!(code, 0, "{stderr}");
    // The settings linked to it: a link, reported, never read.
    std::fs::rename(root.join("shoko.yaml"), root.join("settings.yaml")).expect("move");
    symlink("/dev/zero", root.join("shoko.yaml")).expect("link");
    let (code, stderr) = bounded(&root, &["build", "--root", "."]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("file/symlink") && stderr.contains("shoko.yaml"), "{stderr}");
    // A FIFO in their place: refused at once, not waited on.
    std::fs::remove_file(root.join("shoko.yaml")).expect("remove");
    let made = Command::new("mkfifo").arg(root.join("shoko.yaml")).status().expect("mkfifo");
    assert!(made.success());
    for command in ["build", "check"] {
        let (code, stderr) = bounded(&root, &[command, "--root", "."]);
        assert_ne!(code, 0, "{stderr}");
        assert!(stderr.contains("shoko.yaml"), "{stderr}");
    }
}
