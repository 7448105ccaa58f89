//! Names the commit shoko is built from, for `shoko --version` (`SHOKO_COMMIT`): the short hash
//! of the repository's HEAD, or `unknown` where there is no git or no repository (a source
//! archive). A release build in CI has both. Edits not yet committed are not told apart: the
//! hash names the commit they were made on.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

fn main() {
    let commit = git(&["rev-parse", "--short=12", "HEAD"]).filter(|c| !c.is_empty());
    println!("cargo:rustc-env=SHOKO_COMMIT={}", commit.as_deref().unwrap_or("unknown"));
    // Built again when HEAD moves (a commit, a checkout).
    // Only files that exist: cargo runs a build script again every time for a missing one.
    if let Some(dir) = git(&["rev-parse", "--absolute-git-dir"]) {
        let head = git(&["symbolic-ref", "-q", "HEAD"]);
        let files = ["HEAD", "packed-refs"].into_iter().map(str::to_owned).chain(head);
        for file in files.map(|f| std::path::Path::new(&dir).join(f)).filter(|p| p.is_file()) {
            println!("cargo:rerun-if-changed={}", file.display());
        }
    }
}
