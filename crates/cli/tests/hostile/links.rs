//! Nothing outside the site root is read or written: symbolic links are never followed, in any
//! input folder or at the folders themselves, images are read only from files the content walk
//! found and within the size limit, and `new` never writes through a link.
#![cfg(unix)]

use super::common::{shoko, walk, write};
use super::{build, check, page, site};
use std::os::unix::fs::symlink;

const SECRET: &str = "SECRET-7f3a9c-do-not-publish";

/// A folder outside the site holding a secret file `name`.
fn outside(name: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("tmp");
    write(tmp.path(), name, SECRET);
    tmp
}

/// Whether the secret appears in any file under `dir`.
fn leaked(dir: &std::path::Path) -> bool {
    dir.exists() && walk(dir).iter().any(|p| String::from_utf8_lossy(&std::fs::read(p).expect("read")).contains(SECRET))
}

#[test]
fn a_linked_content_folder_is_not_built_from() {
    let elsewhere = tempfile::tempdir().expect("tmp");
    write(elsewhere.path(), "index.md", &page("外", SECRET));
    let tmp = tempfile::tempdir().expect("tmp");
    symlink(elsewhere.path(), tmp.path().join("content")).expect("link");
    let run = shoko(&["build", "--root", &tmp.path().display().to_string()]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("symbolic link") && run.stderr.contains("content"), "{}", run.stderr);
    assert!(!tmp.path().join("site").exists());
}

#[test]
fn an_image_link_cannot_probe_host_files() {
    let body = "---\ntitle: { ja: \"覗\", en: \"Probe\" }\n---\n\n![a](host/hostname)\n\n![b](host/no-such-file)\n";
    let tmp = site(&[("content/probe.md", body)]);
    symlink("/etc", tmp.path().join("content/host")).expect("link");
    let (code, diags) = check(tmp.path());
    assert_eq!(code, 1);
    let found: Vec<(&str, u64)> = diags.iter().map(|d| (d.0.as_str(), d.2)).collect();
    assert_eq!(found, [("file/symlink", 1), ("ref/missing-file", 5), ("ref/missing-file", 7)], "{diags:?}");
    assert_eq!(
        diags[1].4.replace("hostname", "X"),
        diags[2].4.replace("no-such-file", "X"),
        "existing and missing look alike"
    );
}

#[test]
fn linked_static_template_and_string_files_are_skipped_and_never_published() {
    let home = outside(".ssh/id_rsa");
    let secret_file = outside("secret.txt");
    let tmp = site(&[]);
    let root = tmp.path();
    symlink(home.path(), root.join("static")).expect("link");
    std::fs::create_dir_all(root.join("templates")).expect("mkdir");
    symlink(secret_file.path().join("secret.txt"), root.join("templates/404.html")).expect("link");
    std::fs::create_dir_all(root.join("i18n")).expect("mkdir");
    symlink(secret_file.path().join("secret.txt"), root.join("i18n/en.ftl")).expect("link");
    symlink(secret_file.path().join("secret.txt"), root.join("shoko.yaml")).expect("link");
    let run = shoko(&["check", "--root", &root.display().to_string()]);
    assert!(!run.stdout.contains(SECRET) && !run.stderr.contains(SECRET), "{}", run.stderr);
    let (code, diags) = check(root);
    assert_eq!(code, 0, "warnings only: {diags:?}");
    let links: Vec<&str> = diags.iter().filter(|d| d.0 == "file/symlink").map(|d| d.1.as_str()).collect();
    assert_eq!(links, ["i18n/en.ftl", "shoko.yaml", "static", "templates/404.html"]);
    let (code, out) = build(root);
    assert_eq!(code, 0);
    assert!(!leaked(&out), "a secret reached the site");
    assert!(!out.join(".ssh").exists());
    assert!(out.join("css").is_dir(), "the built-in style sheet stands in");
}

#[test]
fn links_inside_the_static_folder_are_skipped() {
    let secret_file = outside("secret.txt");
    let tmp = site(&[("static/css/site.css", "body{}"), ("static/js/site.js", "")]);
    symlink(secret_file.path().join("secret.txt"), tmp.path().join("static/leak.txt")).expect("link");
    let (code, diags) = check(tmp.path());
    assert_eq!(code, 0);
    assert_eq!(
        diags.iter().map(|d| (d.0.as_str(), d.1.as_str())).collect::<Vec<_>>(),
        [("file/symlink", "static/leak.txt")]
    );
    let (code, out) = build(tmp.path());
    assert_eq!(code, 0);
    assert!(!leaked(&out) && !out.join("leak.txt").exists());
}

#[test]
fn new_never_writes_through_a_link() {
    let elsewhere = tempfile::tempdir().expect("tmp");
    let tmp = site(&[]);
    symlink(elsewhere.path(), tmp.path().join("content/linkout")).expect("link");
    let run = shoko(&["new", "page", "content/linkout/x.md", "--root", &tmp.path().display().to_string()]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("symbolic link"), "{}", run.stderr);
    assert!(walk(elsewhere.path()).is_empty(), "nothing written outside the site");
}

#[test]
fn images_over_the_size_limit_are_not_read() {
    let body = "---\ntitle: { ja: \"大\", en: \"Big\" }\n---\n\n![a](big.png)\n";
    let tmp = site(&[("content/p.md", body), ("shoko.yaml", "max_file_kib: 1\n")]);
    std::fs::write(tmp.path().join("content/big.png"), vec![0u8; 4096]).expect("write");
    let (code, diags) = check(tmp.path());
    assert_eq!(code, 1);
    assert_eq!(
        (diags[0].0.as_str(), diags[0].1.as_str(), diags[0].2),
        ("file/too-large", "content/p.md", 5),
        "{diags:?}"
    );
}

#[test]
fn new_prints_a_hostile_file_name_harmlessly() {
    let tmp = site(&[]);
    let run =
        shoko(&["new", "page", "content/\u{1b}]0;PWN\u{7}\u{1b}[31mx.md", "--root", &tmp.path().display().to_string()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stderr.contains('\u{1b}') && run.stderr.contains("␛]0;PWN␇"), "{:?}", run.stderr);
}
