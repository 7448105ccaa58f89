//! Drift read from real git repositories made in the test with the `git` binary: a side revised
//! in a later commit puts its partner behind, and editing the partner clears it; a squash of both
//! sides, a `Translation: unaffected` commit, a rename, uncommitted edits, a translation written
//! for the first time, div pairs renumbered by an insertion, a shallow clone and a folder outside
//! any repository.

use shoko_history::{History, Unavailable, blob_id};
use shoko_model::SourceKind;
use shoko_model::pairs::{self, Drift, Revision};
use shoko_vocab::Lang;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The most bytes a commit or a version is read of: the default `max_file_kib`.
const LIMIT: u64 = shoko_model::config::DEFAULT_MAX_FILE_BYTES;

struct Repo {
    _tmp: tempfile::TempDir,
    dir: PathBuf,
}

impl Repo {
    fn new() -> Repo {
        let tmp = tempfile::tempdir().expect("temp dir");
        let dir = tmp.path().join("site");
        std::fs::create_dir_all(dir.join("content")).expect("mkdir");
        let repo = Repo { _tmp: tmp, dir };
        repo.git(&["init", "-q", "-b", "main"]);
        repo
    }

    fn git(&self, args: &[&str]) -> String {
        git_in(&self.dir, args)
    }

    fn write(&self, rel: &str, text: &str) {
        std::fs::write(self.dir.join("content").join(rel), text).expect("write");
    }

    fn commit(&self, message: &str) {
        self.git(&["add", "-A"]);
        self.git(&["commit", "-q", "-m", message]);
    }

    /// The drift of the file at `rel` (relative to `content/`) as it is in the working tree.
    fn drift(&self, rel: &str) -> Vec<Drift> {
        self.drift_within(rel, LIMIT).expect("checked")
    }

    /// [`Repo::drift`] with history read no further than `limit` bytes a version: why not, when
    /// the file could not be checked.
    fn drift_within(&self, rel: &str, limit: u64) -> Result<Vec<Drift>, String> {
        let history = History::read(&self.dir, limit).expect("history");
        let text = std::fs::read_to_string(self.dir.join("content").join(rel)).expect("read");
        let kind = SourceKind::of(rel).expect("kind").expect("known");
        history.drift(rel, &pairs::of_file(kind, &text), Some(&blob_id(text.as_bytes())))
    }
}

fn git_in(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .args(["-c", "user.name=Test", "-c", "user.email=test@example.org", "-c", "commit.gpgsign=false"])
        .args(args)
        .current_dir(dir)
        .env("GIT_AUTHOR_DATE", "2026-03-27T12:00:00Z")
        .env("GIT_COMMITTER_DATE", "2026-03-27T12:00:00Z")
        .output()
        .expect("git runs");
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn page(ja: &str, en: &str) -> String {
    format!("---\ntitle: {{ ja: \"題\", en: \"Title\" }}\n---\n\n:::ja\n{ja}\n:::\n\n:::en\n{en}\n:::\n")
}

fn subject(drift: &Drift) -> &str {
    match &drift.revised {
        Revision::Commit { subject, .. } => subject,
        Revision::WorkingTree => "(working tree)",
    }
}

#[test]
fn a_version_over_the_limit_is_never_read_and_its_file_is_not_checked_rather_than_up_to_date() {
    let repo = Repo::new();
    let big = "x".repeat(4096);
    repo.write("index.md", &page("最初の文。", "The first sentence."));
    repo.write("notes.md", &page("覚え。", "Notes."));
    repo.commit("Add the pages");
    repo.write("index.md", &page(&format!("大きな文。{big}"), "The first sentence."));
    repo.commit("Paste a large table");
    repo.write("index.md", &page("改訂した文。", "The first sentence."));
    repo.commit("Revise the Japanese text");
    // Read whole, the English side is behind; past a limit the large version is not read, and
    // nothing about the file is said to be up to date.
    assert_eq!(repo.drift("index.md")[0].behind, Lang::En);
    let why = repo.drift_within("index.md", 1024).expect_err("not checked");
    assert!(why.contains("over the limit of 1 KiB"), "{why}");
    assert_eq!(repo.drift_within("notes.md", 1024), Ok(Vec::new()), "the other file is checked");
    // A file renamed in the commit that removed a version too large to compare may be that
    // file: not checked either.
    repo.write("index.md", &page(&format!("大きな文。{big}"), "The first sentence."));
    repo.commit("Paste it again");
    repo.git(&["mv", "content/index.md", "content/home.md"]);
    repo.write("home.md", &page("短い文。", "The first sentence."));
    repo.commit("Rename and shorten");
    assert!(repo.drift_within("home.md", 1024).is_err());
    // A commit whose message is over the limit is not read: the history is unavailable.
    repo.write("notes.md", &page("覚え。", "Notes, revised."));
    repo.commit(&format!("Revise the notes\n\n{big}"));
    assert!(
        matches!(History::read(&repo.dir, 1024), Err(Unavailable::Unreadable(why)) if why.contains("over the limit"))
    );
}

#[test]
fn a_later_revision_of_one_side_puts_the_other_behind_until_it_is_edited() {
    let repo = Repo::new();
    repo.write("index.md", &page("最初の文。", "The first sentence."));
    repo.commit("Add the page");
    assert_eq!(repo.drift("index.md"), []);

    repo.write("index.md", &page("改訂した文。", "The first sentence."));
    repo.commit("Revise the Japanese text");
    let drift = repo.drift("index.md");
    assert_eq!(drift.len(), 1, "{drift:?}");
    assert_eq!((drift[0].pair.as_str(), drift[0].behind), ("body/0", Lang::En));
    assert_eq!(subject(&drift[0]), "Revise the Japanese text");
    let text = std::fs::read_to_string(repo.dir.join("content/index.md")).expect("read");
    assert_eq!(&text[drift[0].span.clone()], ":::en", "the warning points at the behind side");
    let Revision::Commit { short, date, .. } = &drift[0].revised else { panic!("a commit") };
    assert_eq!((short.len(), date.to_string().as_str()), (7, "2026-03-27"));

    // The English side edited in the working tree: up to date before it is committed.
    repo.write("index.md", &page("改訂した文。", "The revised sentence."));
    assert_eq!(repo.drift("index.md"), []);
    repo.commit("Bring the English text up to date");
    assert_eq!(repo.drift("index.md"), []);

    // An uncommitted revision is the newest change of all.
    repo.write("index.md", &page("改訂した文。", "The revised sentence, again."));
    let drift = repo.drift("index.md");
    assert_eq!((drift.len(), drift[0].behind, &drift[0].revised), (1, Lang::Ja, &Revision::WorkingTree));
}

#[test]
fn both_sides_in_one_commit_and_an_unaffected_typo_fix_leave_no_drift() {
    let repo = Repo::new();
    repo.write("index.md", &page("文。", "A sentence."));
    repo.commit("Add the page");
    repo.write("index.md", &page("新しい文。", "A new sentence."));
    repo.commit("Revise both sides (squashed)");
    assert_eq!(repo.drift("index.md"), []);
    repo.write("index.md", &page("新しい文。", "A newer sentense."));
    repo.commit("Revise the English");
    assert_eq!(repo.drift("index.md")[0].behind, Lang::Ja);
    repo.write("index.md", &page("新しい文。", "A newer sentence."));
    repo.commit("Fix a typo\n\nTranslation: unaffected");
    // Still behind: the typo fix is not newer, the earlier revision still is.
    assert_eq!(subject(&repo.drift("index.md")[0]), "Revise the English");
    // The Japanese side catches up; a later revision of it puts the English behind, and a
    // typo fix after that changes nothing.
    repo.write("index.md", &page("新しい文です。", "A newer sentence."));
    repo.commit("Bring the Japanese up to date");
    assert_eq!(repo.drift("index.md"), []);
    repo.write("index.md", &page("また新しい文です。", "A newer sentence."));
    repo.commit("Revise the Japanese");
    repo.write("index.md", &page("また新しい文です", "A newer sentence."));
    repo.commit("Drop a full stop\n\nTranslation: unaffected");
    let drift = repo.drift("index.md");
    assert_eq!((drift.len(), drift[0].behind, subject(&drift[0])), (1, Lang::En, "Revise the Japanese"));
    // A typo fixed in the side that is behind does not translate it: still behind.
    repo.write("index.md", &page("また新しい文です", "A newer sentence!"));
    repo.commit("Fix the English punctuation\n\nTranslation: unaffected");
    let drift = repo.drift("index.md");
    assert_eq!((drift.len(), drift[0].behind, subject(&drift[0])), (1, Lang::En, "Revise the Japanese"));
}

#[test]
fn fields_are_followed_through_a_rename_and_an_edit() {
    let repo = Repo::new();
    let log = |ja: &str, en: &str| {
        format!(
            "claims:\n  - id: one\n    text: {{ ja: \"{ja}\", en: \"{en}\" }}\n  - id: two\n    text: {{ ja: \"二\", en: \"Two\" }}\n    note: a line that stays\n    other: another line that stays\n"
        )
    };
    std::fs::create_dir_all(repo.dir.join("content/logs")).expect("mkdir");
    repo.write("logs/a.yaml", &log("一", "One"));
    repo.commit("Add the log");
    repo.write("logs/a.yaml", &log("一つ", "One"));
    repo.commit("Revise claim one in Japanese");
    repo.git(&["mv", "content/logs/a.yaml", "content/logs/b.yaml"]);
    repo.write("logs/b.yaml", &log("一つ", "One").replace("Two", "Two, unchanged in meaning"));
    repo.commit("Rename the log and revise claim two in English");
    let drift = repo.drift("logs/b.yaml");
    let found: Vec<(&str, Lang, &str)> = drift.iter().map(|d| (d.pair.as_str(), d.behind, subject(d))).collect();
    assert_eq!(
        found,
        [
            ("claims[one].text", Lang::En, "Revise claim one in Japanese"),
            ("claims[two].text", Lang::Ja, "Rename the log and revise claim two in English"),
        ]
    );
}

#[test]
fn a_shallow_clone_and_a_folder_outside_git_give_a_reason_and_no_drift() {
    let repo = Repo::new();
    repo.write("index.md", &page("文。", "A sentence."));
    repo.commit("One");
    repo.write("index.md", &page("文です。", "A sentence."));
    repo.commit("Two");
    let clone = tempfile::tempdir().expect("temp dir");
    let url = format!("file://{}", repo.dir.display());
    git_in(clone.path(), &["clone", "-q", "--depth", "1", &url, "shallow"]);
    assert_eq!(History::read(&clone.path().join("shallow"), LIMIT).err(), Some(Unavailable::Shallow));

    let plain = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(plain.path().join("content")).expect("mkdir");
    // The temporary folder itself may sit inside a repository on some machines: only check when not.
    if Command::new("git").arg("rev-parse").current_dir(plain.path()).output().is_ok_and(|o| !o.status.success()) {
        assert_eq!(History::read(plain.path(), LIMIT).err(), Some(Unavailable::NoRepository));
    }
}

#[test]
fn a_saved_history_brought_up_to_date_equals_one_read_anew() {
    let repo = Repo::new();
    repo.write("index.md", &page("文。", "A sentence."));
    repo.commit("One");
    let saved = History::read(&repo.dir, LIMIT).expect("history");
    let text = |repo: &Repo| std::fs::read_to_string(repo.dir.join("content/index.md")).expect("read");
    let current = |repo: &Repo| pairs::of_file(SourceKind::Page, &text(repo));
    let same = |a: &History, b: &History, repo: &Repo| {
        assert_eq!(a.commits, b.commits);
        let id = blob_id(text(repo).as_bytes());
        assert_eq!(a.drift("index.md", &current(repo), Some(&id)), b.drift("index.md", &current(repo), Some(&id)));
    };

    // Two commits on top: only they are walked, and the result is the same.
    repo.write("index.md", &page("文です。", "A sentence."));
    repo.commit("Two");
    repo.write("index.md", &page("文です。", "A sentence, again."));
    repo.commit("Three");
    repo.write("index.md", &page("新しい文です。", "A sentence, again."));
    repo.commit("Four");
    let updated = saved.update(&repo.dir, LIMIT).expect("update");
    let fresh = History::read(&repo.dir, LIMIT).expect("history");
    same(&updated, &fresh, &repo);
    let id = blob_id(text(&repo).as_bytes());
    assert_eq!(updated.drift("index.md", &current(&repo), Some(&id)).expect("checked")[0].behind, Lang::En);

    // History rewritten under it: the saved end is no longer an ancestor, so it is read anew.
    repo.git(&["reset", "-q", "--hard", "HEAD~2"]);
    repo.write("index.md", &page("文です。", "Another sentence."));
    repo.commit("Three, rewritten");
    let updated = updated.update(&repo.dir, LIMIT).expect("update");
    same(&updated, &History::read(&repo.dir, LIMIT).expect("history"), &repo);
    assert_eq!(updated.commits.len(), 3);
}

#[test]
fn a_file_never_changed_since_it_was_added_is_read_when_the_working_tree_differs() {
    let repo = Repo::new();
    repo.write("index.md", &page("文。", "A sentence."));
    repo.write("other.md", &page("別の文。", "Another sentence."));
    repo.commit("Add two pages");
    assert_eq!(repo.drift("index.md"), []);
    // Uncommitted: the Japanese side of a file no commit has changed since it was added.
    repo.write("index.md", &page("文です。", "A sentence."));
    let drift = repo.drift("index.md");
    assert_eq!((drift.len(), drift[0].behind, &drift[0].revised), (1, Lang::En, &Revision::WorkingTree));
    assert_eq!(repo.drift("other.md"), []);
}

#[test]
fn a_translation_written_for_the_first_time_puts_nothing_behind() {
    let repo = Repo::new();
    repo.write("index.md", &page("文。", ""));
    repo.commit("Add the page in Japanese");
    repo.write("index.md", &page("文。", "A sentence."));
    repo.commit("Translate the page");
    assert_eq!(repo.drift("index.md"), [], "a side filled in is a translation, not a revision");
    // The Japanese side revised while the English is empty, then the English written: current.
    repo.write("index.md", &page("文。", ""));
    repo.commit("Drop the English");
    repo.write("index.md", &page("文です。", ""));
    repo.commit("Revise the Japanese");
    repo.write("index.md", &page("文です。", "A sentence."));
    repo.commit("Translate again");
    assert_eq!(repo.drift("index.md"), []);
    // An uncommitted first translation counts the same way.
    repo.write("index.md", &page("", "A sentence."));
    repo.commit("Drop the Japanese");
    repo.write("index.md", &page("文です。", "A sentence."));
    assert_eq!(repo.drift("index.md"), []);
}

#[test]
fn div_pairs_are_followed_by_their_text_when_a_pair_is_inserted_before_them() {
    let repo = Repo::new();
    let pair = |ja: &str, en: &str| format!(":::ja\n{ja}\n:::\n\n:::en\n{en}\n:::\n\n");
    let body = |pairs: &[String]| format!("---\ntitle: {{ ja: \"題\", en: \"Title\" }}\n---\n\n{}", pairs.concat());
    repo.write("index.md", &body(&[pair("一。", "One."), pair("二。", "Two.")]));
    repo.commit("Add the page");
    repo.write("index.md", &body(&[pair("一。", "One."), pair("二です。", "Two.")]));
    repo.commit("Revise the second pair in Japanese");
    // A new pair before both: every pair's number shifts, and the second keeps its drift.
    repo.write("index.md", &body(&[pair("零。", "Zero."), pair("一。", "One."), pair("二です。", "Two.")]));
    repo.commit("Insert a pair at the top");
    let drift = repo.drift("index.md");
    let found: Vec<(&str, Lang, &str)> = drift.iter().map(|d| (d.pair.as_str(), d.behind, subject(d))).collect();
    assert_eq!(found, [("body/2", Lang::En, "Revise the second pair in Japanese")]);
    // Removing the first pair, uncommitted, and revising the English of the shifted pair in the
    // same edit: followed by its Japanese text, it catches up.
    repo.write("index.md", &body(&[pair("一。", "One."), pair("二です。", "Two, revised.")]));
    assert_eq!(repo.drift("index.md"), []);
}

#[test]
fn head_files_of_a_linked_worktree_name_its_head_and_the_branch_in_the_main_repository() {
    let repo = Repo::new();
    repo.write("index.md", &page("文。", "A sentence."));
    repo.commit("One");
    let worktree = repo.dir.parent().expect("parent").join("worktree");
    repo.git(&["worktree", "add", "-q", "-b", "other", worktree.to_str().expect("utf-8")]);
    let files = shoko_history::head_files(&worktree);
    let common = repo.dir.join(".git");
    assert!(files.contains(&common.join("worktrees/worktree/HEAD")), "{files:?}");
    let branch = files.iter().find(|f| f.ends_with("refs/heads/other")).expect("the branch file");
    assert_eq!(branch.canonicalize().ok(), common.join("refs/heads/other").canonicalize().ok());
    let packed = files.iter().find(|f| f.ends_with("packed-refs")).expect("packed-refs");
    assert_eq!(packed.parent().and_then(|p| p.canonicalize().ok()), common.canonicalize().ok());
}

#[test]
fn a_change_merged_through_a_merge_commit_is_the_commit_s_that_made_it() {
    let repo = Repo::new();
    repo.write("index.md", &page("文。", "A sentence."));
    repo.write("notes.md", &page("覚え。", "Notes."));
    repo.commit("Add the pages");
    repo.git(&["checkout", "-q", "-b", "fix"]);
    repo.write("index.md", &page("文です。", "A sentence."));
    repo.commit("Fix the Japanese wording\n\nTranslation: unaffected");
    repo.git(&["checkout", "-q", "main"]);
    repo.write("notes.md", &page("覚え。", "Notes, revised."));
    repo.commit("Revise the English notes");
    repo.git(&[
        "-c",
        "user.name=Test",
        "-c",
        "user.email=test@example.org",
        "merge",
        "-q",
        "--no-ff",
        "-m",
        "Merge pull request #1 from fix",
        "fix",
    ]);
    // The Japanese-only fix carries its trailer on its own commit: nothing falls behind.
    assert_eq!(repo.drift("index.md"), []);
    // The mainline's own revision is still its own.
    assert_eq!(subject(&repo.drift("notes.md")[0]), "Revise the English notes");
    // A branch whose commit has no trailer: the drift names that commit, not the merge.
    repo.git(&["checkout", "-q", "-b", "revise"]);
    repo.write("index.md", &page("文です。", "A revised sentence."));
    repo.commit("Revise the English sentence");
    repo.git(&["checkout", "-q", "main"]);
    repo.git(&[
        "-c",
        "user.name=Test",
        "-c",
        "user.email=test@example.org",
        "merge",
        "-q",
        "--no-ff",
        "-m",
        "Merge pull request #2 from revise",
        "revise",
    ]);
    assert_eq!(subject(&repo.drift("index.md")[0]), "Revise the English sentence");
}

#[test]
fn a_side_changed_and_changed_back_is_in_step_again() {
    let repo = Repo::new();
    repo.write("index.md", &page("文。", "A sentence."));
    repo.commit("Add the page");
    repo.write("index.md", &page("別の文。", "A sentence."));
    repo.commit("Try another Japanese wording");
    assert_eq!(repo.drift("index.md")[0].behind, Lang::En);
    repo.write("index.md", &page("文。", "A sentence."));
    repo.commit("Go back to the first wording");
    assert_eq!(repo.drift("index.md"), [], "the two are as they were last in step");
    // And in the working tree too.
    repo.write("index.md", &page("別の文。", "A sentence."));
    assert_eq!(repo.drift("index.md")[0].behind, Lang::En);
    repo.write("index.md", &page("文。", "A sentence."));
    assert_eq!(repo.drift("index.md"), []);
}

#[test]
fn a_pair_that_moves_to_another_page_keeps_its_drift() {
    let repo = Repo::new();
    let two = |ja: &str, en: &str, ja2: &str, en2: &str| {
        format!(
            "---\ntitle: {{ ja: \"題\", en: \"Title\" }}\n---\n\n:::ja\n{ja}\n:::\n\n:::en\n{en}\n:::\n\n:::ja\n{ja2}\n:::\n\n:::en\n{en2}\n:::\n"
        )
    };
    repo.write("index.md", &two("一。", "One.", "二。", "Two."));
    repo.write("other.md", &page("他。", "Other."));
    repo.commit("Add the pages");
    repo.write("index.md", &two("一。", "One.", "二つ目。", "Two."));
    repo.commit("Revise the second Japanese paragraph");
    assert_eq!(repo.drift("index.md")[0].behind, Lang::En);
    // The pair moves to the other page, both texts as they were, in one commit.
    repo.write("index.md", &page("一。", "One."));
    repo.write("other.md", &two("他。", "Other.", "二つ目。", "Two."));
    repo.commit("Move the second paragraph to the other page");
    let drift = repo.drift("other.md");
    assert_eq!(drift.len(), 1, "{drift:?}");
    assert_eq!((drift[0].behind, subject(&drift[0])), (Lang::En, "Revise the second Japanese paragraph"));
    // Also to a page made in that commit.
    repo.write("other.md", &page("他。", "Other."));
    repo.write("new.md", &two("新。", "New.", "二つ目。", "Two."));
    repo.commit("Move it again, to a new page");
    assert_eq!(repo.drift("new.md").len(), 1, "{:?}", repo.drift("new.md"));
}
