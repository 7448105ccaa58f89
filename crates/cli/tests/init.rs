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
    // Its own name, not the generator's.
    assert!(en.contains("| Observation notes</title>") && ja.contains("| 観測ノート</title>"), "{en}");
    // The claim's target is declared, so a mistyped one is caught.
    let log = dir.join("content/logs/first.yaml");
    let text = std::fs::read_to_string(&log).expect("log");
    std::fs::write(&log, text.replace("gfx: [gfx1201]", "gfx: [gfx1210]")).expect("write");
    let check = shoko_in(&dir, &["check"]);
    assert!(check.stderr.contains("error[ref/unknown-target]: unknown GPU target `gfx1210`"), "{}", check.stderr);
    std::fs::write(&log, text).expect("write");
    // Its feeds have a name of their own (checked as `check` passed above), unlike another site's.
    let feed_id = |dir: &std::path::Path| {
        let config = std::fs::read_to_string(dir.join("shoko.yaml")).expect("shoko.yaml");
        config.lines().find_map(|l| l.strip_prefix("feed_id: urn:uuid:")).map(str::to_owned).expect("a feed_id")
    };
    assert_eq!(shoko_in(tmp.path(), &["init", "other"]).code, 0);
    assert_ne!(feed_id(&dir), feed_id(&tmp.path().join("other")), "two new sites share no feed name");
    let ignored = std::fs::read_to_string(dir.join(".gitignore")).expect(".gitignore");
    assert!(ignored.contains("/site/") && ignored.contains(".site.cache"), "{ignored}");
    // The schema the files' editor lines name is there, and it is the one `shoko schema` prints.
    let page = std::fs::read_to_string(dir.join("content/index.md")).expect("page");
    let named = page.lines().find_map(|l| l.strip_prefix("# yaml-language-server: $schema=../")).expect("modeline");
    let schema = std::fs::read_to_string(dir.join(named)).expect("the schema the page names");
    assert_eq!(schema.trim_end(), shoko_in(&dir, &["schema"]).stdout.trim_end());

    // The site's name in the site's own strings; every other string stays built in.
    std::fs::create_dir_all(dir.join("i18n")).expect("mkdir");
    std::fs::write(dir.join("i18n/en.ftl"), "site-title = Bench notes\n").expect("write");
    std::fs::write(dir.join("i18n/ja.ftl"), "site-title = 実験の記録\n").expect("write");
    let build = shoko_in(&dir, &["build"]);
    assert_eq!(build.code, 0, "{}", build.stderr);
    let en = std::fs::read_to_string(dir.join("site/en/index.html")).expect("English page");
    assert!(en.contains("Bench notes</title>"), "{en}");
    assert!(std::fs::read_to_string(dir.join("site/ja/index.html")).expect("page").contains("実験の記録</title>"));
    // `new` writes into this site only: not into content/ itself, nor where no site is.
    let inside = shoko_in(&dir.join("content"), &["new", "page", "x.md"]);
    assert_eq!(inside.code, 2, "{}", inside.stderr);
    assert!(inside.stderr.contains("content/ itself"), "{}", inside.stderr);
    assert!(!dir.join("content/content").exists());
    assert_eq!(shoko_in(tmp.path(), &["new", "page", "x.md"]).code, 2, "no site here");
    assert!(!tmp.path().join("content").exists());

    let before = std::fs::read_to_string(dir.join("content/index.md")).expect("page");
    assert_eq!(shoko_in(tmp.path(), &["init", "record"]).code, 2, "a folder that is not empty is refused");
    assert_eq!(std::fs::read_to_string(dir.join("content/index.md")).expect("page"), before);
    std::fs::write(tmp.path().join("file"), "x").expect("write");
    assert_eq!(shoko_in(tmp.path(), &["init", "file"]).code, 2, "a file is refused");
}
