//! An SVG figure's versions (`NAME.dark.svg`, `NAME.en.svg`, …) never take the published name of
//! another file of the site: when one would, `check` and `build` say so at the figure, naming
//! the other.

mod common;

use common::{copy_tree, fixture, shoko_in, write};

#[test]
fn a_figure_version_may_not_take_another_files_name() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path().join("site");
    copy_tree(&fixture("valid"), &root);
    let clean = shoko_in(&root, &["check", "--root", "."]);
    assert_eq!(clean.code, 0, "{}", clean.stderr);
    // A file named as the figure's dark version would be, shown by a page of its own.
    let svg = std::fs::read_to_string(root.join("content/figure.svg")).expect("figure");
    write(&root, "content/figure.dark.svg", &svg);
    write(
        &root,
        "content/darker.md",
        "---\ntitle: { ja: \"暗い図\", en: \"Dark figure\" }\n---\n\n![dark](figure.dark.svg)\n",
    );
    let run = shoko_in(&root, &["check", "--root", "."]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("would be published under the name of figure.dark.svg"), "{}", run.stderr);
    // `build` finds the same, and writes nothing.
    let out = tmp.path().join("out");
    let built = shoko_in(&root, &["build", "--root", ".", "--out", &out.display().to_string()]);
    assert_eq!(built.code, 1, "{}", built.stderr);
    assert!(built.stderr.contains("would be published under the name of figure.dark.svg"), "{}", built.stderr);
    assert!(!out.exists());
}
