//! The record beside an output folder, `.NAME.stamp`: every file `build` wrote into the folder,
//! the state of each of those files and of the folders that hold them, and, after a clean build,
//! the fingerprint of everything the output was made from. It serves two purposes:
//!
//! 1. **Ownership.** Only a folder whose every entry the record lists may be replaced
//!    ([`foreign`]): a folder someone made by hand, a repository, or an output to which someone
//!    added a file has entries the record does not list, and the build refuses to touch it.
//! 2. **No-op rebuilds.** When the fingerprint of the inputs (every input file, the options, the
//!    date, the binary) and every recorded state still match, the output is already what a build
//!    would write, and nothing is done ([`up_to_date`]).
//!
//! Files and folders are compared by their metadata, as `make` and `git` do: size, modification
//! and change times (nanoseconds) and inode. Writing a file always moves its change time, which
//! no tool can set back, and adding or removing an entry moves its folder's times, so the output
//! is checked without listing its folders (20,000 of them at 10,000 pages per language, where
//! listing took a quarter of a second). Only folders whose state changed, or whose file system
//! keeps whole-second times, are listed. On such a file system an input changed in the last two
//! seconds is hashed by content as well.
//!
//! Anything uncertain means "rebuild" (for the no-op) and "list the folder" (for ownership): a
//! missing, unreadable or foreign record, a state that could not be read, a build with warnings
//! (they must be shown again). Before the new output is swapped in, a *pending* record lists
//! both the old and the new files, so a build killed at any moment leaves a record that vouches
//! for whichever folder is in place.

use crate::pipeline::BuildOptions;
use crate::{CONFIG_FILE, INPUT_DIRS, IoError};
use rayon::prelude::*;
use shoko_vocab::layout::{CONTENT_DIR, OUTPUT_DIR, is_hidden};
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// First line of a record; a record of another format is ignored.
const HEADER: &str = "shoko-stamp 4";

/// The format before ownership was recorded: written only after clean builds, paths unescaped,
/// identities without birth times. Still accepted as proof of ownership, never as a no-op.
const LEGACY_HEADER: &str = "shoko-stamp 2";

/// The state of an entry whose state is not known (a pending record's new files).
const UNKNOWN: &str = "-";

/// Inputs with whole-second timestamps changed this recently are hashed by content too (see the
/// module documentation).
const RECENT: Duration = Duration::from_secs(2);

/// What a build of a site root reads, as found before the build: the state of every input
/// file and one fingerprint of them all with the options, the date and the binary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inputs {
    /// The fingerprint of everything below and the options.
    pub hash: blake3::Hash,
    /// Each input file (path relative to the site root, `/` separators) and a hash of its state.
    pub files: BTreeMap<String, blake3::Hash>,
}

/// A fingerprint of everything a build of `root` with `options` reads.
pub fn fingerprint(root: &Path, options: &BuildOptions) -> Result<Inputs, IoError> {
    fingerprint_at(root, options, SystemTime::now())
}

/// [`fingerprint`] as if taken at `now`.
fn fingerprint_at(root: &Path, options: &BuildOptions, now: SystemTime) -> Result<Inputs, IoError> {
    let mut files: Vec<(String, PathBuf)> = Vec::new();
    for input in INPUT_DIRS.into_iter().chain([CONFIG_FILE]) {
        // A linked input is not read by a build, so only the link itself counts (walking it
        // would follow it: a link to /usr took seconds).
        let walk = walkdir::WalkDir::new(root.join(input)).follow_root_links(false).sort_by_file_name();
        // A hidden file under `content/` is never read (`layout::is_hidden`): an editor's swap
        // file coming and going changes nothing a build makes.
        let read = |e: &walkdir::DirEntry| {
            input != CONTENT_DIR || e.depth() == 0 || !is_hidden(&e.file_name().to_string_lossy())
        };
        for entry in walk.into_iter().filter_entry(read) {
            let entry = match entry {
                Ok(entry) => entry,
                Err(e) if e.io_error().is_some_and(|e| e.kind() == std::io::ErrorKind::NotFound) => continue,
                Err(e) => {
                    let path = e.path().map_or_else(|| root.join(input), Path::to_path_buf);
                    return Err(IoError::new("read", path, e.into()));
                }
            };
            if !entry.file_type().is_dir() {
                let rel = entry.path().strip_prefix(root).unwrap_or(entry.path());
                let rel = rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
                files.push((rel, entry.into_path()));
            }
        }
    }
    let states = files
        .into_par_iter()
        .map(|(rel, path)| {
            let meta = std::fs::symlink_metadata(&path).map_err(|e| IoError::new("read", &path, e))?;
            let mut state = blake3::Hasher::new();
            state.update(state_line(&meta).as_bytes());
            if meta.file_type().is_symlink() {
                // Links are never followed by a build (it reports them), so where one points
                // is all of it that matters.
                let target = std::fs::read_link(&path).map_err(|e| IoError::new("read", &path, e))?;
                state.update(target.to_string_lossy().as_bytes());
            } else if meta.is_file() && coarse_and_changed_since(&meta, now.checked_sub(RECENT).unwrap_or(now)) {
                // Streamed into the hash, through the one reader: a file of any size costs no
                // more memory than a buffer.
                let (file, _) = shoko_files::read::open(&path).map_err(|refused| match refused {
                    shoko_files::read::Refusal::Failed(e) => IoError::new("read", &path, e),
                    _ => IoError::new("read", &path, std::io::Error::other("it is no longer a regular file")),
                })?;
                std::io::copy(&mut std::io::BufReader::new(file), &mut state)
                    .map_err(|e| IoError::new("read", &path, e))?;
            }
            Ok((rel, state.finalize()))
        })
        .collect::<Result<BTreeMap<_, _>, IoError>>()?;
    let mut hasher = blake3::Hasher::new();
    hasher.update(HEADER.as_bytes());
    hasher.update(binary().as_bytes());
    let o = options;
    hasher.update(format!("{}\0{:?}\0{:?}\0{}\0{}\0", o.today, o.base_url, o.base_path, o.served, o.drafts).as_bytes());
    // A commit changes the history translation drift is read from, with no input file changed:
    // the state of the files that say where HEAD is (not the repository opened: that would cost
    // a build with nothing to do more than the rest of it).
    if options.history {
        for file in shoko_history::head_files(root) {
            let state = std::fs::symlink_metadata(&file).map_or_else(|_| "absent".to_owned(), |m| state_line(&m));
            hasher.update(format!("{}\0{state}\0", file.display()).as_bytes());
        }
    }
    // Sources are verified against local clones: their refs moving is a change too.
    for file in clone_ref_files(root) {
        let state = std::fs::symlink_metadata(&file).map_or_else(|_| "absent".to_owned(), |m| state_line(&m));
        hasher.update(format!("{}\0{state}\0", file.display()).as_bytes());
    }
    for (rel, state) in &states {
        hasher.update(rel.as_bytes());
        hasher.update(b"\0");
        hasher.update(state.as_bytes());
    }
    Ok(Inputs { hash: hasher.finalize(), files: states })
}

/// The files that say where the refs of the clones under `repos:` in `shoko.yaml` point (see
/// `shoko_history::RefPlaces`); none when the file does not read.
fn clone_ref_files(root: &Path) -> Vec<PathBuf> {
    let limit = shoko_model::config::DEFAULT_MAX_FILE_BYTES;
    let Ok(crate::inputs::Text::Read(text)) = crate::inputs::read_input(root, CONFIG_FILE, limit) else {
        return Vec::new();
    };
    let mut sources = shoko_diagnostics::SourceMap::new();
    let file = sources.add(CONFIG_FILE, text);
    let (config, _) = shoko_model::config::parse_config(file, sources.file(file));
    config
        .repos
        .values()
        .filter_map(|clone| Some((shoko_history::RefPlaces::of(&root.join(&clone.path))?, clone)))
        .flat_map(|(places, clone)| {
            let mut files = places.files();
            files.extend(clone.reference.iter().flat_map(|name| places.ref_files(name)));
            files
        })
        .collect()
}

/// A file's or folder's state as one line: size, modification and change times, identity
/// (inode and, where the file system keeps it, birth time: an inode number is reused at once
/// for a folder made again).
#[cfg(unix)]
fn state_line(meta: &std::fs::Metadata) -> String {
    use std::os::unix::fs::MetadataExt;
    // `len\tmtime.nanos\tctime.nanos\tino@birth.nanos`, written with `itoa`: every input file
    // and folder has a line, and `format!` with padded numbers cost about 6,000 instructions each.
    let mut line = String::with_capacity(96);
    push_number(&mut line, meta.len());
    line.push('\t');
    push_time(&mut line, meta.mtime(), meta.mtime_nsec());
    line.push('\t');
    push_time(&mut line, meta.ctime(), meta.ctime_nsec());
    line.push('\t');
    push_identity(&mut line, meta);
    line
}

/// Inode and birth time (`-` where unknown), as the last field of a state line.
#[cfg(unix)]
fn identity(meta: &std::fs::Metadata) -> String {
    let mut out = String::with_capacity(40);
    push_identity(&mut out, meta);
    out
}

/// [`identity`] onto `out`.
#[cfg(unix)]
fn push_identity(out: &mut String, meta: &std::fs::Metadata) {
    use std::os::unix::fs::MetadataExt;
    push_number(out, meta.ino());
    out.push('@');
    match meta.created().ok().and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok()) {
        Some(born) => push_time(out, born.as_secs(), born.subsec_nanos()),
        None => out.push('-'),
    }
}

/// `n` in decimal onto `out`.
#[cfg(unix)]
fn push_number(out: &mut String, n: impl itoa::Integer) {
    out.push_str(itoa::Buffer::new().format(n));
}

/// `seconds.nanos`, the nanoseconds as nine digits, onto `out`.
#[cfg(unix)]
fn push_time(out: &mut String, seconds: impl itoa::Integer, nanos: impl itoa::Integer) {
    push_number(out, seconds);
    out.push('.');
    let mut buffer = itoa::Buffer::new();
    let digits = buffer.format(nanos);
    out.extend(std::iter::repeat_n('0', 9usize.saturating_sub(digits.len())));
    out.push_str(digits);
}

/// Elsewhere: size and modification time.
#[cfg(not(unix))]
fn state_line(meta: &std::fs::Metadata) -> String {
    format!("{}\t{:?}", meta.len(), meta.modified().ok())
}

/// Whether the file system keeps only whole seconds for this entry, so that a change within the
/// same second leaves its state as it was (elsewhere than unix: always assumed).
fn coarse(meta: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        meta.mtime_nsec() == 0 && meta.ctime_nsec() == 0
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        true
    }
}

/// Whether the file's timestamps are whole seconds and it was modified or changed after `since`
/// (elsewhere than unix: always, so every input is hashed by content).
fn coarse_and_changed_since(meta: &std::fs::Metadata, since: SystemTime) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let since = since.duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let latest = meta.mtime().max(meta.ctime());
        coarse(meta) && u64::try_from(latest).is_ok_and(|t| t >= since)
    }
    #[cfg(not(unix))]
    {
        let _ = since;
        coarse(meta)
    }
}

/// Which binary is running (version, path, size, modification time): a rebuilt binary may
/// render differently, so nothing it did not make itself is reused.
pub(crate) fn binary() -> String {
    let version = env!("CARGO_PKG_VERSION");
    let Ok(exe) = std::env::current_exe() else { return format!("{version} unknown") };
    let meta = std::fs::metadata(&exe).ok();
    let modified = meta.as_ref().and_then(|m| m.modified().ok());
    format!("{version}\0{}\0{:?}\0{:?}", exe.display(), meta.map(|m| m.len()), modified)
}

/// Where the record of output folder `dir` lives: `.NAME.stamp` beside it, so it is not
/// published with the site.
/// What a record being written is named by, after `.NAME` and before the process and random
/// characters (`.site.stamp-new-PID.RANDOM`).
pub(crate) const TEMPORARY: &str = ".stamp-new-";

/// The most a record is read of: one line per file written, some 2 MB at 10,000 pages per
/// language. A larger one was not written by a build and vouches for nothing.
const RECORD_LIMIT: u64 = 1 << 30;

/// The text of the record of `dir`, read through the one reader (no link, no FIFO, a limit).
fn record_text(dir: &Path) -> Option<String> {
    match shoko_files::read::bytes(&stamp_path(dir), RECORD_LIMIT).ok()? {
        shoko_files::read::Bytes::Read(bytes) => String::from_utf8(bytes).ok(),
        _ => None,
    }
}

pub(crate) fn stamp_path(dir: &Path) -> PathBuf {
    let name = dir.file_name().map_or_else(|| OUTPUT_DIR.into(), |n| n.to_string_lossy().into_owned());
    dir.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")).join(format!(".{name}.stamp"))
}

/// A record as read back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Record {
    /// The fingerprint of the inputs (hex) when the output was a clean build.
    inputs: Option<String>,
    /// Each recorded path (relative to the folder; folders end in `/`, the folder itself is
    /// `./`) with its state, or [`UNKNOWN`].
    entries: Vec<(String, String)>,
}

/// The record of `dir`, if there is one in a known format.
pub(crate) fn read(dir: &Path) -> Option<Record> {
    read_versioned(dir).map(|(record, _)| record)
}

/// The version of the output `dir` (see [`crate::Output::version`]): a hash of its record, when
/// the record is whole (no entry of unknown state: no build stopped half-way) and every file and
/// folder is as it says. Any other folder has no version, so nothing is patched into it.
pub(crate) fn version(dir: &Path) -> Option<u64> {
    version_while(dir, || true)
}

/// [`version`], given up (`None`) once `wanted` says so.
pub(crate) fn version_while(dir: &Path, wanted: impl Fn() -> bool + Sync) -> Option<u64> {
    let text = record_text(dir)?;
    let record = parse(&text)?;
    let intact = record
        .entries
        .par_iter()
        .all(|(state, path)| wanted() && state != UNKNOWN && state_of(dir, path).is_some_and(|now| now == *state));
    intact.then(|| version_of(&text))
}

/// The record of `dir` and the version its text stands for (not checked against the folder).
pub(crate) fn read_versioned(dir: &Path) -> Option<(Record, u64)> {
    let text = record_text(dir)?;
    Some((parse(&text)?, version_of(&text)))
}

/// The version a record's text stands for.
fn version_of(text: &str) -> u64 {
    let hash = blake3::hash(text.as_bytes());
    let mut first = [0; 8];
    first.copy_from_slice(&hash.as_bytes()[..8]);
    u64::from_le_bytes(first)
}

fn parse(text: &str) -> Option<Record> {
    let mut lines = text.lines();
    let legacy = match lines.next()? {
        HEADER => false,
        LEGACY_HEADER => true,
        _ => return None,
    };
    let inputs = lines.next()?.strip_prefix("inputs ")?;
    let inputs = (!legacy && inputs != "none").then(|| inputs.to_owned());
    let entries = lines
        .map(|line| {
            let (state, path) = line.rsplit_once('\t')?;
            Some((state.to_owned(), if legacy { path.to_owned() } else { unescape(path) }))
        })
        .collect::<Option<_>>()?;
    Some(Record { inputs, entries })
}

/// Whether the file at `path` is a record (a temporary one a killed build left, say).
pub(crate) fn is_record(path: &Path) -> bool {
    let Ok((file, _)) = shoko_files::read::open(path) else { return false };
    let mut first = String::new();
    let _ = std::io::BufRead::read_line(&mut std::io::BufReader::new(std::io::Read::take(file, 64)), &mut first);
    first.starts_with("shoko-stamp ")
}

/// How many files `dir` holds, if its record says it was built cleanly from `inputs` and every
/// file and folder is as that build left it.
pub fn up_to_date(dir: &Path, inputs: &blake3::Hash) -> Option<usize> {
    let record = read(dir)?;
    if record.inputs.as_deref() != Some(inputs.to_hex().as_str()) {
        return None;
    }
    let unchanged = record
        .entries
        .par_iter()
        .all(|(state, path)| state != UNKNOWN && state_of(dir, path).is_some_and(|now| now == *state));
    unchanged.then(|| record.entries.iter().filter(|(_, path)| !path.ends_with('/')).count())
}

/// Every file of `files` (relative to `dir`) and every folder that holds them, `dir` itself
/// included (as `./`), sorted and without duplicates.
fn with_folders(files: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut paths: Vec<String> = vec![String::from("./")];
    for file in files {
        let mut folder = file.as_str();
        while let Some((parent, _)) = folder.rsplit_once('/') {
            paths.push(format!("{parent}/"));
            folder = parent;
        }
        paths.push(file);
    }
    paths.sort();
    paths.dedup();
    paths
}

/// The state line of `path` (relative to `dir`; folders end in `/`), if it is there and of
/// the recorded kind.
fn state_of(dir: &Path, path: &str) -> Option<String> {
    let meta = std::fs::symlink_metadata(dir.join(path)).ok()?;
    (meta.is_dir() == path.ends_with('/')).then(|| state_line(&meta))
}

/// Record that `dir` now holds exactly `files` (relative paths), written by a build that was
/// clean when `inputs` is given. Written to a temporary file and renamed, so a record is whole
/// or absent.
pub(crate) fn write(dir: &Path, inputs: Option<&blake3::Hash>, files: &[String]) -> Result<u64, IoError> {
    let entries = with_folders(files.iter().cloned())
        .into_par_iter()
        .map(|path| (state_of(dir, &path).unwrap_or_else(|| UNKNOWN.to_owned()), path))
        .collect();
    let record = Record { inputs: inputs.map(|h| h.to_hex().to_string()), entries };
    save(dir, &record)
}

/// Before the folder `staging`, holding `files`, replaces the output `dir`: a record that vouches
/// for both, so that whichever folder a killed build leaves in place can be replaced by the
/// next build.
pub(crate) fn write_pending(
    dir: &Path,
    staging: &Path,
    previous: Option<&Record>,
    files: &[String],
) -> Result<u64, IoError> {
    let mut entries: Vec<(String, String)> = previous.map(|r| r.entries.clone()).unwrap_or_default();
    if let Some(state) = state_of(staging, "./") {
        entries.push((state, String::from("./")));
    }
    let known: HashSet<String> = entries.iter().map(|(_, p)| p.clone()).collect();
    entries.extend(
        with_folders(files.iter().cloned()).into_iter().filter(|p| !known.contains(p)).map(|p| (UNKNOWN.to_owned(), p)),
    );
    save(dir, &Record { inputs: None, entries })
}

/// Before the files `touched` (relative to `dir`) are replaced in place, one by one, each through
/// a temporary file named by `temporary`: a record in which they, the folders that hold them and
/// the temporary files are of unknown state. A build killed before [`write_patched`] thus leaves
/// an output without a version (the next build replaces it whole) whose every entry is vouched
/// for.
pub(crate) fn write_patch_pending(
    dir: &Path,
    previous: &Record,
    touched: &[String],
    temporary: impl Fn(&str) -> String,
) -> Result<(), IoError> {
    // The output folder itself keeps its recorded state: its identity (the last field) is what
    // proves, after a kill, that it is the folder the record was written for.
    let unsure: HashSet<String> = with_folders(touched.iter().cloned()).into_iter().filter(|p| p != "./").collect();
    let mut entries: Vec<(String, String)> = previous
        .entries
        .iter()
        .map(|(state, path)| (if unsure.contains(path) { UNKNOWN.to_owned() } else { state.clone() }, path.clone()))
        .collect();
    let known: HashSet<String> = entries.iter().map(|(_, p)| p.clone()).collect();
    let new = unsure.into_iter().chain(touched.iter().map(|t| temporary(t))).filter(|p| !known.contains(p));
    entries.extend(new.map(|p| (UNKNOWN.to_owned(), p)));
    entries.sort_by(|a, b| a.1.cmp(&b.1));
    save(dir, &Record { inputs: None, entries }).map(|_| ())
}

/// After the files `touched` were replaced in place: the record of `previous` with their states
/// and those of the folders that hold them read again (every other entry is as it was, which
/// [`version`] checked before the patch began); the new version.
pub(crate) fn write_patched(
    dir: &Path,
    inputs: Option<&blake3::Hash>,
    previous: &Record,
    touched: &[String],
) -> Result<u64, IoError> {
    let fresh: BTreeMap<String, String> = with_folders(touched.iter().cloned())
        .into_par_iter()
        .map(|path| (path.clone(), state_of(dir, &path).unwrap_or_else(|| UNKNOWN.to_owned())))
        .collect();
    let mut entries: Vec<(String, String)> =
        previous.entries.iter().filter(|(_, path)| !fresh.contains_key(path)).cloned().collect();
    entries.extend(fresh.into_iter().map(|(path, state)| (state, path)));
    entries.sort_by(|a, b| a.1.cmp(&b.1));
    save(dir, &Record { inputs: inputs.map(|h| h.to_hex().to_string()), entries })
}

fn save(dir: &Path, record: &Record) -> Result<u64, IoError> {
    let path = stamp_path(dir);
    let inputs = record.inputs.as_deref().unwrap_or("none");
    let mut text = format!("{HEADER}\ninputs {inputs}\n");
    for (state, file) in &record.entries {
        text.push_str(state);
        text.push('\t');
        text.push_str(&escape(file));
        text.push('\n');
    }
    // Named so that the next build's clean-up removes it if this process dies before the rename
    // (`.NAME.stamp-new-PID.RANDOM`), and made exclusively: never written through a name or a
    // link already there.
    let folder = path.parent().unwrap_or(Path::new("."));
    let name = dir.file_name().map_or_else(|| OUTPUT_DIR.into(), |n| n.to_string_lossy().into_owned());
    let mut temp = shoko_files::write::temporary_in(folder, &format!(".{name}{TEMPORARY}{}.", std::process::id()))?;
    std::io::Write::write_all(&mut temp, text.as_bytes()).map_err(|e| IoError::new("write", temp.path(), e))?;
    shoko_files::write::commit(temp, &path)?;
    Ok(version_of(&text))
}

/// A path on one line of a record: `%`, tab, line feed and carriage return percent-encoded.
fn escape(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\t' => out.push_str("%09"),
            '\n' => out.push_str("%0A"),
            '\r' => out.push_str("%0D"),
            c => out.push(c),
        }
    }
    out
}

fn unescape(path: &str) -> String {
    if !path.contains('%') {
        return path.to_owned();
    }
    path.replace("%09", "\t").replace("%0A", "\n").replace("%0D", "\r").replace("%25", "%")
}

/// Whether `dir` is a folder the record was written for: the very folder (by inode), not one
/// made again under the same name, whose files would carry recorded names without being the
/// build's own. Elsewhere than unix, where there is no inode, every folder is taken for it.
pub(crate) fn same_folder(dir: &Path, record: &Record) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let Ok(meta) = std::fs::symlink_metadata(dir) else { return false };
        let (now, inode) = (identity(&meta), meta.ino().to_string());
        record.entries.iter().filter(|(_, path)| path == "./").any(|(state, _)| {
            // A record of the format before birth times holds the inode alone.
            let recorded = state.rsplit('\t').next().unwrap_or("");
            if recorded.contains('@') { recorded == now } else { recorded == inode }
        })
    }
    #[cfg(not(unix))]
    {
        let _ = (dir, record);
        true
    }
}

/// The entries of `dir` (relative paths, folders ending in `/`) that `record` does not list:
/// files and folders a build did not write. The folder itself is always listed unless the
/// record holds its current state; below it, folders whose state is one the record holds are not
/// listed, since adding or removing an entry would have changed it, and folders the record does
/// not name are found as strangers of the folder above them.
pub(crate) fn foreign(dir: &Path, record: &Record) -> Result<Vec<String>, IoError> {
    let recorded: HashSet<&str> = record.entries.iter().map(|(_, p)| p.as_str()).collect();
    let mut folders: std::collections::BTreeMap<&str, Vec<&str>> = std::collections::BTreeMap::new();
    folders.entry("./").or_default();
    for (state, path) in record.entries.iter().filter(|(_, p)| p.ends_with('/')) {
        folders.entry(path.as_str()).or_default().push(state.as_str());
    }
    let folders: Vec<(&str, Vec<&str>)> = folders.into_iter().collect();
    let found: Vec<Vec<String>> = folders
        .par_iter()
        .map(|(folder, states)| {
            let path = dir.join(folder);
            let Ok(meta) = std::fs::symlink_metadata(&path) else { return Ok(Vec::new()) };
            let now = state_line(&meta);
            let untouched = !coarse(&meta) && states.iter().any(|s| *s != UNKNOWN && *s == now);
            if !meta.is_dir() || untouched {
                // Not a folder any more (its parent's listing judges it), or untouched.
                return Ok(Vec::new());
            }
            let prefix = if *folder == "./" { "" } else { folder };
            let mut strangers = Vec::new();
            for entry in std::fs::read_dir(&path).map_err(|e| IoError::new("read", &path, e))? {
                let entry = entry.map_err(|e| IoError::new("read", &path, e))?;
                let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
                let name = entry.file_name().to_string_lossy().into_owned();
                let rel = format!("{prefix}{name}{}", if is_dir { "/" } else { "" });
                if !recorded.contains(rel.as_str()) {
                    strangers.push(rel);
                }
            }
            Ok(strangers)
        })
        .collect::<Result<_, IoError>>()?;
    let mut found: Vec<String> = found.into_iter().flatten().collect();
    found.sort();
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_state_line_is_the_formatted_line() {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().expect("temporary folder");
        let file = dir.path().join("a.md");
        std::fs::write(&file, "x").expect("write");
        for path in [dir.path(), file.as_path()] {
            let meta = std::fs::symlink_metadata(path).expect("metadata");
            let born = meta.created().ok().and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok());
            let identity = match born {
                Some(born) => format!("{}@{}.{:09}", meta.ino(), born.as_secs(), born.subsec_nanos()),
                None => format!("{}@-", meta.ino()),
            };
            let (m, c) = ((meta.mtime(), meta.mtime_nsec()), (meta.ctime(), meta.ctime_nsec()));
            let expected = format!("{}\t{}.{:09}\t{}.{:09}\t{identity}", meta.len(), m.0, m.1, c.0, c.1);
            assert_eq!(state_line(&meta), expected);
        }
        let mut short = String::new();
        push_time(&mut short, 7u64, 5u32);
        assert_eq!(short, "7.000000005");
    }

    fn options() -> BuildOptions {
        BuildOptions::on(jiff::civil::date(2026, 11, 21))
    }

    #[test]
    fn fingerprint_follows_every_input_and_option() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let root = tmp.path();
        std::fs::create_dir_all(root.join("content")).expect("mkdir");
        std::fs::write(root.join("content/index.md"), "a").expect("write");
        let first = fingerprint(root, &options()).expect("readable");
        assert_eq!(first, fingerprint(root, &options()).expect("readable"), "stable");
        std::fs::write(root.join("content/index.md"), "b").expect("write");
        let edited = fingerprint(root, &options()).expect("readable");
        assert_ne!(first, edited, "an edit");
        // Seen from a minute later, nothing is recent: files are compared by metadata alone,
        // and an edit that keeps the size still moves the change time.
        let later = SystemTime::now() + Duration::from_secs(60);
        let by_metadata = fingerprint_at(root, &options(), later).expect("readable");
        std::fs::write(root.join("content/index.md"), "c").expect("write");
        assert_ne!(by_metadata, fingerprint_at(root, &options(), later).expect("readable"), "a same-size edit");
        std::fs::write(root.join("shoko.yaml"), "").expect("write");
        let configured = fingerprint(root, &options()).expect("readable");
        assert_ne!(edited, configured, "a new configuration file");
        let tomorrow = BuildOptions { today: jiff::civil::date(2026, 11, 22), ..options() };
        assert_ne!(configured, fingerprint(root, &tomorrow).expect("readable"), "another day");
        let published = BuildOptions { base_url: Some("https://example.org/".into()), ..options() };
        assert_ne!(configured, fingerprint(root, &published).expect("readable"), "a base URL");
        let under = BuildOptions { base_path: Some("/docs/".into()), ..options() };
        assert_ne!(configured, fingerprint(root, &under).expect("readable"), "a base path");
        let served = BuildOptions { served: true, ..options() };
        assert_ne!(configured, fingerprint(root, &served).expect("readable"), "served: the 404 page's links");
        let drafts = BuildOptions { drafts: true, ..options() };
        assert_ne!(configured, fingerprint(root, &drafts).expect("readable"), "drafts built");
        std::fs::write(root.join("site.txt"), "not an input").expect("write");
        assert_eq!(configured, fingerprint(root, &options()).expect("readable"), "other files are not inputs");
        #[cfg(unix)]
        {
            let outside = tempfile::tempdir().expect("temp dir");
            std::os::unix::fs::symlink(outside.path(), root.join("static")).expect("link");
            let linked = fingerprint(root, &options()).expect("readable");
            std::fs::write(outside.path().join("big.bin"), "outside").expect("write");
            assert_eq!(linked, fingerprint(root, &options()).expect("readable"), "what a link leads to is not read");
        }
    }

    #[test]
    fn a_record_holds_only_while_the_output_is_untouched() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let dir = tmp.path().join("site");
        std::fs::create_dir_all(dir.join("en")).expect("mkdir");
        std::fs::write(dir.join("en/index.html"), "page").expect("write");
        let inputs = blake3::hash(b"inputs");
        assert_eq!(up_to_date(&dir, &inputs), None, "no record yet");
        let files = [String::from("en/index.html")];
        write(&dir, Some(&inputs), &files).expect("recorded");
        assert!(tmp.path().join(".site.stamp").is_file(), "beside the output, not in it");
        assert_eq!(up_to_date(&dir, &inputs), Some(1));
        assert_eq!(up_to_date(&dir, &blake3::hash(b"other")), None, "other inputs");
        std::fs::write(dir.join("extra.html"), "x").expect("write");
        assert_eq!(up_to_date(&dir, &inputs), None, "a file added");
        std::fs::remove_file(dir.join("extra.html")).expect("remove");
        assert_eq!(up_to_date(&dir, &inputs), None, "a file added and removed again still touched the folder");
        write(&dir, Some(&inputs), &files).expect("recorded");
        std::fs::create_dir(dir.join("en/deeper")).expect("mkdir");
        assert_eq!(up_to_date(&dir, &inputs), None, "a folder added");
        std::fs::remove_dir(dir.join("en/deeper")).expect("rmdir");
        write(&dir, Some(&inputs), &files).expect("recorded");
        std::fs::write(dir.join("en/index.html"), "edited by hand").expect("write");
        assert_eq!(up_to_date(&dir, &inputs), None, "a file changed");
        write(&dir, Some(&inputs), &files).expect("recorded");
        std::fs::remove_file(dir.join("en/index.html")).expect("remove");
        assert_eq!(up_to_date(&dir, &inputs), None, "a file removed");
        write(&dir, None, &files).expect("recorded");
        assert_eq!(up_to_date(&dir, &inputs), None, "a build with warnings is never skipped");
    }

    #[test]
    fn foreign_entries_are_found_where_folders_changed() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let dir = tmp.path().join("site");
        std::fs::create_dir_all(dir.join("en/gpu")).expect("mkdir");
        for file in ["index.html", "en/index.html", "en/gpu/index.html"] {
            std::fs::write(dir.join(file), "x").expect("write");
        }
        let files: Vec<String> = ["index.html", "en/index.html", "en/gpu/index.html"].map(String::from).to_vec();
        write(&dir, None, &files).expect("recorded");
        let record = read(&dir).expect("readable");
        assert!(foreign(&dir, &record).expect("listed").is_empty());
        std::fs::write(dir.join("en/gpu/notes.md"), "mine").expect("write");
        std::fs::create_dir(dir.join(".git")).expect("mkdir");
        assert_eq!(foreign(&dir, &record).expect("listed"), [".git/", "en/gpu/notes.md"]);
    }

    #[test]
    fn a_pending_record_vouches_for_the_old_and_the_new_output() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let dir = tmp.path().join("site");
        std::fs::create_dir_all(&dir).expect("mkdir");
        std::fs::write(dir.join("old.html"), "x").expect("write");
        write(&dir, None, &[String::from("old.html")]).expect("recorded");
        let old = read(&dir).expect("readable");
        let staging = tmp.path().join(".site.new-1");
        std::fs::create_dir_all(staging.join("new")).expect("mkdir");
        std::fs::write(staging.join("new/index.html"), "x").expect("write");
        write_pending(&dir, &staging, Some(&old), &[String::from("new/index.html")]).expect("pending");
        let pending = read(&dir).expect("readable");
        assert!(same_folder(&dir, &pending) && foreign(&dir, &pending).expect("listed").is_empty(), "the old output");
        let aside = tmp.path().join("aside");
        std::fs::rename(&dir, &aside).expect("move");
        std::fs::rename(&staging, &dir).expect("swap");
        assert!(same_folder(&dir, &pending), "the new output is the staging folder");
        assert!(foreign(&dir, &pending).expect("listed").is_empty(), "the new output");
    }

    #[test]
    fn a_patch_killed_half_way_leaves_an_output_without_a_version_that_is_still_ours() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let dir = tmp.path().join("site");
        std::fs::create_dir_all(dir.join("en")).expect("mkdir");
        for file in ["index.html", "en/index.html", "en/other.html"] {
            std::fs::write(dir.join(file), "old").expect("write");
        }
        let files: Vec<String> = ["index.html", "en/index.html", "en/other.html"].map(String::from).to_vec();
        write(&dir, None, &files).expect("recorded");
        assert!(version(&dir).is_some(), "a whole output has a version");
        let previous = read(&dir).expect("readable");
        let touched = [String::from("en/index.html")];
        let temporary = |p: &str| format!("{p}.new");
        write_patch_pending(&dir, &previous, &touched, temporary).expect("pending");
        // Killed after the temporary file was written, before the rename.
        std::fs::write(dir.join("en/index.html.new"), "new").expect("write");
        let pending = read(&dir).expect("readable");
        assert_eq!(version(&dir), None, "the next build replaces it whole");
        assert!(same_folder(&dir, &pending), "it is still the folder the record was written for");
        assert!(foreign(&dir, &pending).expect("listed").is_empty(), "the temporary file is vouched for");
        // The patch finished: a version again, and the other entries kept their states.
        std::fs::rename(dir.join("en/index.html.new"), dir.join("en/index.html")).expect("rename");
        let patched = write_patched(&dir, None, &previous, &touched).expect("recorded");
        assert_eq!(version(&dir), Some(patched));
    }

    #[test]
    fn a_record_that_names_no_folder_vouches_for_nothing() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let dir = tmp.path().join("victim");
        std::fs::create_dir_all(dir.join("sub")).expect("mkdir");
        std::fs::write(dir.join("notes.txt"), "precious").expect("write");
        std::fs::write(stamp_path(&dir), format!("{HEADER}\ninputs none\n")).expect("write");
        let record = read(&dir).expect("readable");
        assert!(!same_folder(&dir, &record));
        assert_eq!(foreign(&dir, &record).expect("listed"), ["notes.txt", "sub/"]);
    }

    #[test]
    fn a_folder_made_again_under_the_same_name_is_not_the_recorded_one() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let dir = tmp.path().join("docs");
        std::fs::create_dir_all(&dir).expect("mkdir");
        std::fs::write(dir.join("index.html"), "built").expect("write");
        write(&dir, None, &[String::from("index.html")]).expect("recorded");
        assert!(same_folder(&dir, &read(&dir).expect("readable")));
        std::fs::remove_dir_all(&dir).expect("remove");
        std::fs::create_dir_all(&dir).expect("mkdir");
        std::fs::write(dir.join("index.html"), "my notes").expect("write");
        assert!(!same_folder(&dir, &read(&dir).expect("readable")));
    }

    #[test]
    fn paths_with_tabs_newlines_and_percent_signs_survive_a_record() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let dir = tmp.path().join("site");
        let odd = "a\tb\nc%0A.html";
        std::fs::create_dir_all(&dir).expect("mkdir");
        std::fs::write(dir.join(odd), "x").expect("write");
        write(&dir, None, &[odd.to_owned()]).expect("recorded");
        let record = read(&dir).expect("readable");
        assert!(record.entries.iter().any(|(_, p)| p == odd), "{record:?}");
        assert!(foreign(&dir, &record).expect("listed").is_empty());
    }
}
