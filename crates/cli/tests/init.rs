//! `shoko init DIR`: a new site that checks and builds with no warning at all, in both
//! languages; a folder holding more than a new repository's files, or a file, is refused and
//! left as it was; a repository's files are kept. Also `--version` and `completions`.

mod common;

use common::shoko_in;

#[test]
fn a_new_site_builds_clean_and_nothing_is_overwritten() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("record");
    let run = shoko_in(tmp.path(), &["init", "record"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("Created a site in record. Next: `shoko serve --root record`"), "{}", run.stderr);
    let here = tmp.path().join("here");
    std::fs::create_dir(&here).expect("folder");
    let run = shoko_in(&here, &["init"]);
    assert!(run.stderr.contains("Created a site in this folder. Next: `shoko serve` to preview"), "{}", run.stderr);
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

/// A new GitHub repository (its `.git`, README, LICENSE, `.gitignore`, `.github/`) takes a site
/// with no file overwritten: the ignore file gets the lines it lacks, the workflow is written
/// unless one is there, and the workflow installs the release this binary is, pinned as this
/// repository's own workflow pins its actions.
#[test]
fn init_adds_a_site_to_a_new_repository_and_keeps_its_files() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let repo = tmp.path().join("notes");
    for (rel, text) in [
        ("README.md", "# My notes\n"),
        ("LICENSE", "MIT\n"),
        (".gitignore", "/target\n/site/\n"),
        (".git/HEAD", "ref: refs/heads/main\n"),
    ] {
        let path = repo.join(rel);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    }
    let run = shoko_in(&repo, &["init"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(repo.join("README.md")).expect("readme"), "# My notes\n");
    let ignored = std::fs::read_to_string(repo.join(".gitignore")).expect(".gitignore");
    assert!(ignored.starts_with("/target\n/site/\n"), "{ignored}");
    assert_eq!(ignored.matches("/site/").count(), 1, "a line already there is not added again: {ignored}");
    assert!(ignored.contains("/.site.cache/") && ignored.contains("/.site.stamp"), "{ignored}");
    assert!(run.stderr.contains("added /.site.cache/, /.site.stamp to the existing .gitignore"), "{}", run.stderr);
    let check = shoko_in(&repo, &["check"]);
    assert_eq!(check.code, 0, "{}", check.stderr);

    let workflow = std::fs::read_to_string(repo.join(".github/workflows/pages.yml")).expect("workflow");
    assert!(workflow.contains(&format!("SHOKO_VERSION: \"{}\"", env!("CARGO_PKG_VERSION"))), "{workflow}");
    assert!(workflow.contains(&format!("SHOKO_REPOSITORY: {}", env!("CARGO_PKG_REPOSITORY"))), "{workflow}");
    assert!(workflow.contains("sha256sum -c") && workflow.contains("cargo install --locked"), "{workflow}");
    assert!(workflow.contains("shoko check --format github") && workflow.contains("fetch-depth: 0"));
    // Each action at the commit this repository's own workflow pins it to.
    let ours = std::fs::read_to_string(common::repo().join(".github/workflows/pages.yml")).expect("our workflow");
    let pins = |text: &str| -> Vec<String> {
        let mut pins: Vec<String> = text
            .lines()
            .filter_map(|l| l.split("uses: ").nth(1))
            .map(|u| u.split(' ').next().unwrap_or(u).to_owned())
            .collect();
        pins.sort();
        pins.dedup();
        pins
    };
    let theirs = pins(&workflow);
    assert!(theirs.len() >= 5 && theirs.iter().all(|p| pins(&ours).contains(p)), "{theirs:?} vs {:?}", pins(&ours));

    // A second repository whose workflow is its own: kept, and said so.
    let other = tmp.path().join("other");
    std::fs::create_dir_all(other.join(".github/workflows")).expect("mkdir");
    std::fs::write(other.join(".github/workflows/pages.yml"), "name: mine\n").expect("write");
    let run = shoko_in(&other, &["init"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(other.join(".github/workflows/pages.yml")).expect("kept"), "name: mine\n");
    assert!(run.stderr.contains("kept the existing .github/workflows/pages.yml"), "{}", run.stderr);

    // Anything else in the folder: refused, naming it, and nothing written.
    let busy = tmp.path().join("busy");
    std::fs::create_dir_all(&busy).expect("mkdir");
    std::fs::write(busy.join("notes.txt"), "x").expect("write");
    let run = shoko_in(&busy, &["init"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("holds notes.txt"), "{}", run.stderr);
    assert!(!busy.join("content").exists() && !busy.join("shoko.yaml").exists());
    // A `.gitignore` that is a link is not written through.
    #[cfg(unix)]
    {
        let linked = tmp.path().join("linked");
        std::fs::create_dir_all(&linked).expect("mkdir");
        std::fs::write(tmp.path().join("outside"), "/x\n").expect("write");
        std::os::unix::fs::symlink(tmp.path().join("outside"), linked.join(".gitignore")).expect("link");
        let run = shoko_in(&linked, &["init"]);
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert_eq!(std::fs::read_to_string(tmp.path().join("outside")).expect("outside"), "/x\n");
    }
}

/// `--version` names the release and the commit; `completions` prints a script each shell loads.
#[test]
fn version_names_the_commit_and_completions_cover_the_commands() {
    let run = shoko_in(std::path::Path::new("."), &["--version"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let said = run.stdout.trim();
    assert!(said.starts_with(&format!("shoko {} (commit ", env!("CARGO_PKG_VERSION"))), "{said}");
    let commit = said.rsplit("(commit ").next().unwrap_or("").trim_end_matches(')');
    assert!(commit == "unknown" || (commit.len() == 12 && commit.chars().all(|c| c.is_ascii_hexdigit())), "{said}");
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef shoko"),
        ("fish", "complete -c shoko"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let run = shoko_in(std::path::Path::new("."), &["completions", shell]);
        assert_eq!(run.code, 0, "{shell}: {}", run.stderr);
        assert!(run.stdout.contains(marker), "{shell}: {}", &run.stdout[..run.stdout.len().min(300)]);
        for command in ["build", "check", "serve", "init", "pin", "completions"] {
            assert!(run.stdout.contains(command), "{shell} completes {command}");
        }
    }
}
