//! The output folder: a build replaces only a folder it wrote itself, never the site root, a
//! repository, an input folder or a folder someone put files in; a symlinked output is replaced
//! where it points.

use super::common::{shoko_in, tree_bytes, write};
use super::{HOME, site};
use std::path::Path;

/// `build --out OUT` run in `cwd` for the site at `root`: exit code and stderr.
fn build_into(cwd: &Path, root: &Path, out: &str) -> (i32, String) {
    let run = shoko_in(cwd, &["build", "--root", &root.display().to_string(), "--out", out]);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    (run.code, run.stderr)
}

/// Every file under `dir` with its bytes, `.git` included.
fn everything(dir: &Path) -> super::common::Tree {
    tree_bytes(dir)
}

#[test]
fn the_site_root_is_never_the_output_even_with_a_nojekyll_marker() {
    let tmp = site(&[("notes-uncommitted.txt", "work in progress"), (".git/HEAD", "ref: refs/heads/main\n")]);
    let root = tmp.path();
    write(root, ".nojekyll", "");
    let before = everything(root);
    let path = root.display().to_string();
    for (cwd, out) in [(Path::new("/"), path.as_str()), (root, "."), (&root.join("content"), "..")] {
        let (code, stderr) = build_into(cwd, root, out);
        assert_eq!(code, 2, "--out {out}: {stderr}");
        assert!(stderr.contains("is the site root") && stderr.contains("nothing was changed"), "{stderr}");
        assert_eq!(everything(root), before, "--out {out} changed the site root");
    }
    // A folder that holds the site root is refused as well.
    let (code, stderr) = build_into(root, root, "../");
    assert_eq!(code, 2);
    assert!(stderr.contains("holds the site root"), "{stderr}");
    assert_eq!(everything(root), before);
}

#[test]
fn a_hand_made_pages_folder_is_never_replaced() {
    let tmp = site(&[("docs/.nojekyll", ""), ("docs/notes.md", "keep me"), ("docs/index.html", "<p>hand-made</p>")]);
    let root = tmp.path();
    let before = everything(&root.join("docs"));
    let (code, stderr) = build_into(root, root, "docs");
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("not written by `shoko build`"), "{stderr}");
    assert_eq!(everything(&root.join("docs")), before);
}

#[test]
fn an_output_folder_someone_added_files_to_is_not_replaced() {
    let tmp = site(&[]);
    let root = tmp.path();
    let (code, stderr) = build_into(root, root, "docs");
    assert_eq!(code, 0, "{stderr}");
    write(root, "docs/ja/notes.md", "added by hand");
    let before = everything(&root.join("docs"));
    write(root, "content/index.md", &HOME.replace("Home.", "Home, edited."));
    let (code, stderr) = build_into(root, root, "docs");
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("`ja/notes.md`") && stderr.contains("did not write"), "{stderr}");
    assert_eq!(everything(&root.join("docs")), before);
    // Moved out, the next build goes through.
    std::fs::remove_file(root.join("docs/ja/notes.md")).expect("remove");
    let (code, stderr) = build_into(root, root, "docs");
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn input_folders_and_repositories_are_never_the_output() {
    let tmp = site(&[("static/css/site.css", "body{}"), ("other/.git/HEAD", "ref: refs/heads/main\n")]);
    let root = tmp.path();
    let before = everything(root);
    for (out, why) in [
        ("content", "inside the site's input content"),
        ("content/site", "inside the site's input content"),
        ("static", "inside the site's input static"),
        ("other", "is a git repository"),
    ] {
        let (code, stderr) = build_into(root, root, out);
        assert_eq!(code, 2, "--out {out}: {stderr}");
        assert!(stderr.contains(why), "--out {out}: {stderr}");
    }
    assert_eq!(everything(root), before, "nothing was created or changed");
}

#[cfg(unix)]
#[test]
fn a_symlinked_output_folder_is_built_where_it_points() {
    let tmp = site(&[]);
    let root = tmp.path();
    let target = tempfile::tempdir().expect("tmp");
    std::os::unix::fs::symlink(target.path(), root.join("site")).expect("symlink");
    for version in ["Home.", "Home, again."] {
        write(root, "content/index.md", &HOME.replace("Home.", version));
        let (code, stderr) = build_into(root, root, "site");
        assert_eq!(code, 0, "{stderr}");
        let link = std::fs::symlink_metadata(root.join("site")).expect("link");
        assert!(link.file_type().is_symlink(), "the link stays a link");
        let page = std::fs::read_to_string(root.join("site/en/index.html")).expect("through the link");
        assert!(page.contains(version), "the target holds the new site");
    }
}

#[test]
fn a_record_written_by_hand_vouches_for_nothing() {
    let tmp = site(&[("victim/notes.txt", "precious"), ("victim/sub/thesis.tex", "p2")]);
    let root = tmp.path();
    for header in ["shoko-stamp 4\ninputs none\n", "shoko-stamp 2\ninputs 00\n"] {
        write(root, ".victim.stamp", header);
        let before = everything(&root.join("victim"));
        let (code, stderr) = build_into(root, root, "victim");
        assert_eq!(code, 2, "{header}: {stderr}");
        assert_eq!(everything(&root.join("victim")), before, "{header}");
    }
}

#[test]
fn a_folder_made_again_under_the_old_name_is_not_the_builds() {
    let tmp = site(&[]);
    let root = tmp.path();
    let (code, stderr) = build_into(root, root, "docs");
    assert_eq!(code, 0, "{stderr}");
    std::fs::remove_dir_all(root.join("docs")).expect("remove");
    write(root, "docs/index.html", "MY NOTES");
    let (code, stderr) = build_into(root, root, "docs");
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("made again"), "{stderr}");
    assert_eq!(std::fs::read_to_string(root.join("docs/index.html")).expect("kept"), "MY NOTES");
}

#[test]
fn pages_named_dot_or_dot_dot_are_hidden_files_and_never_read() {
    let page = "---\ntitle: { ja: \"点\", en: \"DOTDOT\" }\n---\n\n:::ja\n点。\n:::\n\n:::en\nDots.\n:::\n";
    let tmp = site(&[("content/..md", page), ("content/...md", page), ("content/a/..md", page)]);
    let root = tmp.path();
    let run = super::shoko(&["check", "--root", &root.display().to_string()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let before = everything(root);
    let (code, stderr) = build_into(root, root, "out");
    assert_eq!(code, 0, "{stderr}");
    let after = everything(root);
    // Only the output and its record are new, and no page of theirs is in it.
    let new: Vec<&(String, Vec<u8>)> = after.iter().filter(|(p, _)| !before.iter().any(|(b, _)| b == p)).collect();
    assert!(new.iter().all(|(p, _)| p.starts_with("out/") || p.starts_with(".out")), "{new:?}");
    assert!(new.iter().any(|(p, _)| p == "out/en/index.html"), "the home page is built");
    assert!(!new.iter().any(|(_, bytes)| bytes.windows(6).any(|w| w == b"DOTDOT")), "a hidden page was read");
}
