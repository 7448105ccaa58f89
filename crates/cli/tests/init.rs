//! `shoko init DIR`: a new site that checks and builds with no warning at all, in both
//! languages; a folder that is not empty, or a file, is refused and left as it was.

mod common;

use common::shoko_in;

#[test]
fn a_new_site_builds_clean_and_nothing_is_overwritten() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("record");
    let run = shoko_in(tmp.path(), &["init", "record"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let check = shoko_in(&dir, &["check"]);
    assert_eq!(check.code, 0, "{}", check.stderr);
    assert!(check.stderr.starts_with("0 errors, 0 warnings"), "{}", check.stderr);
    let build = shoko_in(&dir, &["build"]);
    assert_eq!(build.code, 0, "{}", build.stderr);
    let en = std::fs::read_to_string(dir.join("site/en/index.html")).expect("English page");
    let ja = std::fs::read_to_string(dir.join("site/ja/index.html")).expect("Japanese page");
    assert!(en.contains("id=\"claim-first-observation\"") && ja.contains("id=\"claim-first-observation\""));
    let ignored = std::fs::read_to_string(dir.join(".gitignore")).expect(".gitignore");
    assert!(ignored.contains("/site/") && ignored.contains(".site.cache"), "{ignored}");

    let before = std::fs::read_to_string(dir.join("content/index.md")).expect("page");
    assert_eq!(shoko_in(tmp.path(), &["init", "record"]).code, 2, "a folder that is not empty is refused");
    assert_eq!(std::fs::read_to_string(dir.join("content/index.md")).expect("page"), before);
    std::fs::write(tmp.path().join("file"), "x").expect("write");
    assert_eq!(shoko_in(tmp.path(), &["init", "file"]).code, 2, "a file is refused");
}
