//! Helpers shared by the CLI integration tests: run the real `shoko` binary and find fixtures.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// Exit code, stdout and stderr of one run.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Run `shoko` with `args`.
pub fn shoko(args: &[&str]) -> Run {
    shoko_in(Path::new("."), args)
}

/// `shoko build --root ROOT --out OUT` with `extra` arguments, which must succeed; what it
/// printed to stderr.
pub fn build_site(root: &Path, out: &Path, extra: &[&str]) -> String {
    let (root, out) = (root.display().to_string(), out.display().to_string());
    let mut args = vec!["build", "--root", &root, "--out", &out];
    args.extend(extra);
    let run = shoko(&args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.stderr
}

/// The environment variable that turns reading git history off (`shoko`'s `NO_HISTORY`).
pub const NO_HISTORY_VAR: &str = "SHOKO_NO_HISTORY";

/// Run `shoko` with `args` in the working folder `cwd`. Git history is not read: the fixtures'
/// history is this repository's, which a clean or shallow checkout does not share.
pub fn shoko_in(cwd: &Path, args: &[&str]) -> Run {
    run(Command::new(env!("CARGO_BIN_EXE_shoko")).current_dir(cwd).args(args).env(NO_HISTORY_VAR, "1"))
}

/// Run `shoko` with `args` in `cwd`, reading the git history of the repository around it.
pub fn shoko_with_history(cwd: &Path, args: &[&str]) -> Run {
    run(Command::new(env!("CARGO_BIN_EXE_shoko")).current_dir(cwd).args(args))
}

fn run(command: &mut Command) -> Run {
    // Annotations name files from the repository a workflow runs in; the tests name their own.
    let output = command.env_remove("GITHUB_WORKSPACE").output().expect("run shoko");
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// Run git in `dir` with a fixed author and date, so commit hashes are the same on every run.
pub fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .args(["-c", "user.name=Fixture", "-c", "user.email=fixture@example.org", "-c", "commit.gpgsign=false"])
        .args(args)
        .current_dir(dir)
        .env("GIT_AUTHOR_DATE", "2026-03-27T12:00:00Z")
        .env("GIT_COMMITTER_DATE", "2026-03-27T12:00:00Z")
        .status()
        .expect("git runs");
    assert!(status.success(), "git {args:?}");
}

/// The repository root.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repo root")
}

/// `tests/fixtures/…`.
pub fn fixture(rel: &str) -> PathBuf {
    repo().join("tests/fixtures").join(rel)
}

/// Copy a folder tree.
pub fn copy_tree(from: &Path, to: &Path) {
    for entry in walk(from) {
        let rel = entry.strip_prefix(from).expect("inside");
        let target = to.join(rel);
        std::fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
        std::fs::copy(&entry, &target).expect("copy");
    }
}

/// Every file under `dir`, sorted.
pub fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("read_dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() { stack.push(path) } else { files.push(path) }
        }
    }
    files.sort();
    files
}

/// Write `text` to `root/rel`, creating folders.
pub fn write(root: &Path, rel: &str, text: &str) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

/// Every file under `dir` as (relative path, bytes), sorted: compares two output trees byte for byte.
pub fn tree_bytes(dir: &Path) -> Tree {
    Tree(
        walk(dir)
            .into_iter()
            .map(|p| (p.strip_prefix(dir).expect("inside").display().to_string(), std::fs::read(&p).expect("read")))
            .collect(),
    )
}

/// An output tree read by [`tree_bytes`]. A failed comparison prints each file's path, size and
/// a digest of its bytes, so the files that differ stand out.
#[derive(PartialEq, Eq)]
pub struct Tree(pub Vec<(String, Vec<u8>)>);

impl std::fmt::Debug for Tree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let digest = |bytes: &[u8]| {
            bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3))
        };
        f.debug_list()
            .entries(
                self.0.iter().map(|(path, bytes)| format!("{path} ({} bytes, {:016x})", bytes.len(), digest(bytes))),
            )
            .finish()
    }
}

impl std::ops::Deref for Tree {
    type Target = [(String, Vec<u8>)];
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl IntoIterator for Tree {
    type Item = (String, Vec<u8>);
    type IntoIter = std::vec::IntoIter<(String, Vec<u8>)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

/// The file an internal href points to, relative to the site root, and its fragment.
pub fn target(page: &str, href: &str) -> (String, Option<String>) {
    let (path, fragment) = href.split_once('#').map_or((href, None), |(p, f)| (p, Some(f.to_owned())));
    // A query (`?class=inferred`, read by the page's script) names no other file.
    let path = path.split('?').next().unwrap_or("");
    let mut parts: Vec<&str> = page.split('/').collect();
    parts.pop();
    if !path.is_empty() {
        for part in path.split('/') {
            match part {
                "" | "." => {}
                ".." => {
                    parts.pop();
                }
                p => parts.push(p),
            }
        }
        if path.ends_with('/') || path == "." || path == "./" {
            parts.push("index.html");
        }
    } else {
        return (page.to_owned(), fragment);
    }
    (parts.join("/"), fragment)
}
