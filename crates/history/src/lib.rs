//! Translation drift read from history: for each language pair of each content file (see
//! `shoko_model::pairs`), whether one side is behind the other, found by comparing each side's
//! normalised text across the versions of the file, not by commit dates. A side falls behind
//! when its partner changes alone; it catches up when it changes itself ([`History::drift`]).
//!
//! The walk follows the first-parent chain from `HEAD`, oldest first, reading the repository with
//! `gix` (no `git` binary). A commit whose content folder is the same tree as its parent's costs
//! one lookup. A file that disappears while another appears in the same commit is followed as a
//! rename when it has the same bytes or shares at least half of its lines. A commit whose message
//! carries the trailer `Translation: unaffected` updates the texts it changes without putting
//! anything behind or catching anything up (typo fixes). A merge's changes are the commits it
//! merged, each with its own message and trailer. Edits not yet committed are the newest change of all. [`arrival`] tells when a
//! text arrived in a file (two events dated the same day are ordered by it).

mod arrival;
mod walk;

pub use arrival::{Arrival, arrival};

use serde::{Deserialize, Serialize};
use shoko_model::FileChange;
use shoko_model::SourceKind;
use shoko_model::pairs::{self, Drift, Pair, Pairs, Revision, TextHash};
use shoko_vocab::Lang;
use std::collections::BTreeMap;
use std::path::Path;

/// Why there is no history to read drift from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unavailable {
    /// The site is not inside a git repository.
    NoRepository,
    /// The repository is a shallow clone: the last changes of older texts are not in it.
    Shallow,
    /// The repository could not be read.
    Unreadable(String),
}

impl std::fmt::Display for Unavailable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unavailable::NoRepository => f.write_str("the site is not in a git repository"),
            Unavailable::Shallow => f.write_str("the repository is a shallow clone (fetch its full history)"),
            Unavailable::Unreadable(why) => write!(f, "the repository could not be read: {why}"),
        }
    }
}

/// One commit of the walked chain.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commit {
    /// Full hash.
    pub id: String,
    /// The day it was committed (UTC).
    pub date: jiff::civil::Date,
    /// First line of the message.
    pub subject: String,
}

/// Where a pair stands after a version of its file: its sides' hashes and, when one side is
/// behind, which (index into [`Lang::ALL`]) and the commit (index into [`History::commits`], or
/// past the end for the working tree) that revised the other; and the sides' hashes when the two
/// were last in step, so a side changed back to that text is in step again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct PairState {
    hashes: [TextHash; 2],
    behind: Option<(usize, usize)>,
    in_step: [TextHash; 2],
}

impl PairState {
    /// The state after a version with sides `hashes`, committed as `at`. A side that changes
    /// alone puts its partner behind, unless it was the one behind (it caught up) or it was
    /// empty (a translation written for the first time); both changing together leave none
    /// behind; an `unaffected` change moves no one.
    fn next(old: Option<PairState>, hashes: [TextHash; 2], at: usize, unaffected: bool) -> PairState {
        let Some(old) = old else { return PairState { hashes, behind: None, in_step: hashes } };
        let changed = [old.hashes[0] != hashes[0], old.hashes[1] != hashes[1]];
        let behind = match changed {
            _ if unaffected => old.behind,
            [false, false] => old.behind,
            [true, true] => None,
            [first, _] => {
                let (revised, partner) = if first { (0, 1) } else { (1, 0) };
                match old.behind {
                    _ if old.hashes[revised] == pairs::empty_hash() => None,
                    Some((b, _)) if b == revised => None,
                    _ => Some((partner, at)),
                }
            }
        };
        // Back to the texts the two were last in step with (a change undone): nothing is behind.
        let behind = if hashes == old.in_step { None } else { behind };
        PairState { hashes, behind, in_step: if behind.is_none() { hashes } else { old.in_step } }
    }

    /// The state `pair` had in the previous version of its file, `old`. A field keeps its name;
    /// a pair of language divs is numbered by its place, so when neither side matches the pair
    /// of the same number (a pair was inserted or removed before it), the pair of divs that
    /// shares a non-empty side with it is the one it was.
    fn previous(old: &BTreeMap<String, PairState>, pair: &Pair) -> Option<PairState> {
        let hashes = [pair.sides[0].hash, pair.sides[1].hash];
        let shares = |state: &PairState| (0..2).any(|i| state.hashes[i] == hashes[i] && !pair.sides[i].empty);
        let by_name = old.get(pair.name).copied();
        if pairs::body_index(pair.name).is_none() || by_name.is_some_and(|s| shares(&s)) {
            return by_name;
        }
        let moved: Vec<PairState> =
            old.iter().filter(|(name, s)| pairs::body_index(name).is_some() && shares(s)).map(|(_, s)| *s).collect();
        moved.iter().find(|s| s.hashes == hashes).or(moved.first()).copied().or(by_name)
    }
}

/// Where every pair of every content file stands at `HEAD`. It can be saved (serde) and
/// brought up to date later by walking only the commits added since ([`History::update`]).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct History {
    /// The commits of the first-parent chain, oldest first.
    pub commits: Vec<Commit>,
    /// By path relative to `content/`, as of `HEAD`.
    files: BTreeMap<String, FileState>,
    /// By path relative to `content/`, as of `HEAD`: the first-parent commit that last changed
    /// the file (index into `commits`) and the file's blob (hex id) then.
    last: BTreeMap<String, (usize, String)>,
    /// Where the walk ended, to go on from.
    end: Option<End>,
    /// The repository, to read a file's first version when it is needed after all.
    git_dir: Option<std::path::PathBuf>,
    /// The most bytes a commit or a version of a file is read of (`max_file_kib`).
    limit: u64,
}

/// Where the pairs of one file stand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
enum FileState {
    /// Unchanged since it was added, as this blob: nothing is behind. Its pairs are read only
    /// if the working tree differs from it.
    Added {
        /// Hex id.
        blob: String,
    },
    /// Changed since it was added: by pair name.
    Changed(BTreeMap<String, PairState>),
    /// A version could not be read (over the size limit), so where its pairs stand is not
    /// known: never reported as up to date.
    Unchecked {
        /// Why, in words.
        why: String,
    },
}

/// The last commit walked and the tree of its content folder (hex ids).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct End {
    commit: String,
    tree: Option<String>,
}

/// The id git gives a file with these bytes: the engine notes it for each content file, so a
/// file unchanged since it was added needs no reading of its history.
pub fn blob_id(bytes: &[u8]) -> String {
    gix::objs::compute_hash(gix::hash::Kind::Sha1, gix::objs::Kind::Blob, bytes)
        .map_or_else(|_| String::new(), |id| id.to_string())
}

/// Where a repository keeps what says which commit `HEAD` is: the repository folder (`HEAD`
/// itself) and the folder shared by all its worktrees (branches, `packed-refs`, `shallow`). In
/// a linked worktree the first is the worktree's own and its `commondir` file names the second.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefPlaces {
    git_dir: std::path::PathBuf,
    common: std::path::PathBuf,
}

impl RefPlaces {
    /// The places of the repository holding `root`; `None` outside a repository.
    pub fn of(root: &Path) -> Option<RefPlaces> {
        let (found, _) = gix::discover::upwards(root).ok()?;
        let (git_dir, _) = found.into_repository_and_work_tree_directories();
        let git_dir = git_dir.canonicalize().unwrap_or(git_dir);
        let common = match small_text(&git_dir.join("commondir")) {
            Some(relative) => git_dir.join(relative.trim()),
            None => git_dir.clone(),
        };
        let common = common.canonicalize().unwrap_or(common);
        Some(RefPlaces { git_dir, common })
    }

    /// The files whose change means the history may have changed: `HEAD`, the branch file it
    /// names, `packed-refs` and `shallow` (a clone deepened). Cheaper than opening the
    /// repository: a build with nothing to do compares their state (the engine's `stamp`).
    pub fn files(&self) -> Vec<std::path::PathBuf> {
        let head = self.git_dir.join("HEAD");
        let mut files = vec![head.clone(), self.common.join("packed-refs"), self.common.join("shallow")];
        if let Some(text) = small_text(&head)
            && let Some(branch) = text.trim().strip_prefix("ref: ")
        {
            files.push(self.common.join(branch));
        }
        files
    }

    /// The files a ref `name` (a branch, tag or remote branch, as written in configuration)
    /// may be kept in, besides `packed-refs`.
    pub fn ref_files(&self, name: &str) -> Vec<std::path::PathBuf> {
        ["refs/heads", "refs/tags", "refs/remotes"].iter().map(|kind| self.common.join(kind).join(name)).collect()
    }

    /// The folders a watcher follows to see `HEAD` move, and whether recursively: the two
    /// repository folders (only their own files) and the branches.
    pub fn folders(&self) -> Vec<(std::path::PathBuf, bool)> {
        let mut folders = vec![(self.git_dir.clone(), false), (self.common.join("refs/heads"), true)];
        if self.common != self.git_dir {
            folders.push((self.common.clone(), false));
        }
        folders
    }

    /// Whether a change of `path` (absolute, as a watcher reports it) may move `HEAD` or change
    /// the history: a commit, a checkout, a branch reset, a deepened clone.
    pub fn moves_head(&self, path: &Path) -> bool {
        path == self.git_dir.join("HEAD")
            || path == self.common.join("packed-refs")
            || path == self.common.join("shallow")
            || path.starts_with(self.common.join("refs/heads")) && path.extension().is_none_or(|e| e != "lock")
    }
}

/// The text of one of git's small files (`HEAD`, `commondir`), through the one reader: never a
/// link followed or a FIFO waited on, never more than a few KiB.
fn small_text(path: &Path) -> Option<String> {
    match shoko_files::read::bytes(path, 4096).ok()? {
        shoko_files::read::Bytes::Read(bytes) => String::from_utf8(bytes).ok(),
        _ => None,
    }
}

/// [`RefPlaces::files`] of the repository holding `root`; empty outside a repository. The
/// engine itself resolves `HEAD` with [`head`].
pub fn head_files(root: &Path) -> Vec<std::path::PathBuf> {
    RefPlaces::of(root).map_or_else(Vec::new, |places| places.files())
}

/// The site's `content/` folder (of the site root `root`) as the repository holding it names it,
/// `/` separated and ending in `/` (`content/` for a site at the repository's root); `None`
/// outside a repository.
pub fn content_in_repository(root: &Path) -> Option<String> {
    let repo = gix::discover(root).ok()?;
    let content = walk::content_in_repo(root, repo.workdir()?).ok()?;
    let parts: Vec<String> = content.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    Some(format!("{}/", parts.join("/")))
}

/// The work tree of the git repository holding `root`, if there is one.
pub fn work_tree(root: &Path) -> Option<std::path::PathBuf> {
    gix::discover(root).ok()?.workdir().map(Path::to_path_buf)
}

/// The commit `HEAD` of the repository holding `root` names, if there is one: a change of it
/// is a change of the history the drift is read from.
pub fn head(root: &Path) -> Option<String> {
    let repo = gix::discover(root).ok()?;
    repo.head_id().ok().map(|id| id.to_string())
}

impl History {
    /// Read the history of the content folder of the site at `root`, reading no commit and no
    /// version of a file larger than `limit` bytes (its size is taken from the object's header
    /// before it is inflated): a file with such a version is not checked.
    pub fn read(root: &Path, limit: u64) -> Result<History, Unavailable> {
        walk::read(root, &|path| SourceKind::of(path).and_then(Result::ok), None, limit)
    }

    /// This history brought up to `HEAD` of the repository at `root`: only the commits after
    /// the last one walked, when `HEAD` descends from it (first parents) and `limit` is the one
    /// it was read with; else read anew.
    pub fn update(&self, root: &Path, limit: u64) -> Result<History, Unavailable> {
        walk::read(root, &|path| SourceKind::of(path).and_then(Result::ok), Some(self), limit)
    }

    /// The most bytes a commit or a version of a file was read of.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// When the file at `path` (relative to `content/`, whose bytes have the git id `blob`, see
    /// [`blob_id`]) last changed: the day of the last commit of the first-parent chain that
    /// changed it (for a branch's change, the merge that brought it), when the file is as that
    /// commit left it; else that it changed since (or was never committed).
    pub fn last_change(&self, path: &str, blob: Option<&str>) -> FileChange {
        match self.last.get(path) {
            Some((at, committed)) if blob == Some(committed.as_str()) => match self.commits.get(*at) {
                Some(commit) => FileChange::Committed(commit.date),
                None => FileChange::Uncommitted,
            },
            Some(_) => FileChange::Uncommitted,
            None => FileChange::Untracked,
        }
    }

    /// The sides of `pairs` (the present pairs of the file at `path`, relative to `content/`,
    /// whose bytes have the git id `blob`, see [`blob_id`]) that are behind their partner. A
    /// pair with an empty side is a missing translation, not a drift. Why not, when where the
    /// file's pairs stand could not be checked (a version over the size limit, a repository
    /// that no longer reads): that is never "nothing behind".
    pub fn drift(&self, path: &str, pairs: &Pairs, blob: Option<&str>) -> Result<Vec<Drift>, String> {
        let known = match self.files.get(path) {
            None => return Ok(Vec::new()),
            // As added and not edited since: nothing can be behind.
            Some(FileState::Added { blob: added }) if blob == Some(added.as_str()) => return Ok(Vec::new()),
            Some(FileState::Added { blob: added }) => std::borrow::Cow::Owned(self.first_version(path, added)?),
            Some(FileState::Changed(state)) => std::borrow::Cow::Borrowed(state),
            Some(FileState::Unchecked { why }) => return Err(why.clone()),
        };
        let working_tree = self.commits.len();
        let drift = pairs
            .iter()
            .filter(|pair| !pair.is_missing())
            .filter_map(|pair| {
                let old = PairState::previous(&known, &pair);
                let hashes = [pair.sides[0].hash, pair.sides[1].hash];
                let (behind, at) = PairState::next(old, hashes, working_tree, false).behind?;
                let revised = match self.commits.get(at) {
                    Some(c) => {
                        Revision::Commit { short: c.id[..7].to_owned(), date: c.date, subject: c.subject.clone() }
                    }
                    None => Revision::WorkingTree,
                };
                let behind = Lang::ALL[behind];
                Some(Drift { pair: pair.name.to_owned(), behind, span: pair.side(behind).span.clone(), revised })
            })
            .collect::<Vec<_>>();
        Ok(drift)
    }

    /// The pair states of a file as it was added (blob `hex`), read from the repository; why
    /// not, when it cannot be read.
    fn first_version(&self, path: &str, hex: &str) -> Result<BTreeMap<String, PairState>, String> {
        let unreadable =
            |e: &dyn std::fmt::Display| format!("its first version could not be read from the repository ({e})");
        let kind = SourceKind::of(path).and_then(Result::ok).ok_or_else(|| unreadable(&"not a content file"))?;
        let git_dir = self.git_dir.as_ref().ok_or_else(|| unreadable(&"no repository"))?;
        let repo = gix::open_opts(git_dir, gix::open::Options::isolated()).map_err(|e| unreadable(&e))?;
        let blob = gix::ObjectId::from_hex(hex.as_bytes()).map_err(|e| unreadable(&e))?;
        let pairs = walk::parse(&repo, blob, kind, self.limit).map_err(|e| unreadable(&e))??;
        Ok(walk::first_state(&pairs))
    }
}
