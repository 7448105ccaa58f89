//! The build stamp, which makes a rebuild with nothing changed a no-op. After a clean build
//! (no diagnostic at all) `build` records, beside the output folder in `.NAME.stamp`, a
//! fingerprint of everything the output was made from (every input file, the options, the date,
//! the binary) and the state of every file and folder it wrote. The next `build` computes the
//! fingerprint again; when it and every output file and folder match, the output is already what
//! a build would write, and nothing is done.
//!
//! Files are compared by their metadata, as `make` and `git` do: size, modification and change
//! times (nanoseconds) and inode. Writing a file always moves its change time, which no tool can
//! set back. On a file system whose timestamps are whole seconds, an edit made in the same second
//! as the fingerprint would leave them as they were, so an input changed in the last two seconds
//! is hashed by content there as well. A file added to the output moves its folder's times, so the
//! output is checked without listing its folders (20,000 of them at 10,000 pages per language,
//! where listing took a quarter of a second).
//!
//! Anything uncertain means "rebuild": a missing, unreadable or foreign stamp, an output file or
//! folder added, removed or touched, a build with warnings (they must be shown again). The
//! fingerprint is taken before the build reads its inputs, so an edit made during a build is
//! never hidden.

use crate::pipeline::BuildOptions;
use crate::{CONFIG_FILE, INPUT_DIRS, IoError};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// First line of a stamp; a stamp of another format is ignored.
const HEADER: &str = "shoko-stamp 2";

/// Inputs with whole-second timestamps changed this recently are hashed by content too (see the
/// module documentation).
const RECENT: Duration = Duration::from_secs(2);

/// A fingerprint of everything a build of `root` with `options` reads.
pub fn fingerprint(root: &Path, options: &BuildOptions) -> Result<blake3::Hash, IoError> {
    fingerprint_at(root, options, SystemTime::now())
}

/// [`fingerprint`] as if taken at `now`.
fn fingerprint_at(root: &Path, options: &BuildOptions, now: SystemTime) -> Result<blake3::Hash, IoError> {
    let mut files: Vec<(String, PathBuf)> = Vec::new();
    for input in INPUT_DIRS.into_iter().chain([CONFIG_FILE]) {
        for entry in walkdir::WalkDir::new(root.join(input)).sort_by_file_name() {
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
                files.push((rel.to_string_lossy().into_owned(), entry.into_path()));
            }
        }
    }
    let states = files
        .par_iter()
        .map(|(rel, path)| {
            let meta = std::fs::symlink_metadata(path).map_err(|e| IoError::new("read", path, e))?;
            let mut state = blake3::Hasher::new();
            state.update(state_line(&meta).as_bytes());
            if meta.file_type().is_symlink() {
                // Hashed by where it points: the build reports it and does not follow it.
                let target = std::fs::read_link(path).map_err(|e| IoError::new("read", path, e))?;
                state.update(target.to_string_lossy().as_bytes());
            } else if coarse_and_changed_since(&meta, now.checked_sub(RECENT).unwrap_or(now)) {
                state.update(&std::fs::read(path).map_err(|e| IoError::new("read", path, e))?);
            }
            Ok((rel, state.finalize()))
        })
        .collect::<Result<Vec<_>, IoError>>()?;
    let mut hasher = blake3::Hasher::new();
    hasher.update(HEADER.as_bytes());
    hasher.update(env!("CARGO_PKG_VERSION").as_bytes());
    hasher.update(executable().as_bytes());
    hasher.update(format!("{}\0{:?}\0", options.today, options.base_url).as_bytes());
    for (rel, state) in states {
        hasher.update(rel.as_bytes());
        hasher.update(b"\0");
        hasher.update(state.as_bytes());
    }
    Ok(hasher.finalize())
}

/// A file's or folder's state as one line: size, modification and change times, inode.
#[cfg(unix)]
fn state_line(meta: &std::fs::Metadata) -> String {
    use std::os::unix::fs::MetadataExt;
    format!(
        "{}\t{}.{:09}\t{}.{:09}\t{}",
        meta.len(),
        meta.mtime(),
        meta.mtime_nsec(),
        meta.ctime(),
        meta.ctime_nsec(),
        meta.ino()
    )
}

/// Elsewhere: size and modification time.
#[cfg(not(unix))]
fn state_line(meta: &std::fs::Metadata) -> String {
    format!("{}\t{:?}", meta.len(), meta.modified().ok())
}

/// Whether the file's timestamps are whole seconds and it was modified or changed after `since`
/// (elsewhere than unix: always, so every input is hashed by content).
fn coarse_and_changed_since(meta: &std::fs::Metadata, since: SystemTime) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let coarse = meta.mtime_nsec() == 0 && meta.ctime_nsec() == 0;
        let since = since.duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let latest = meta.mtime().max(meta.ctime());
        coarse && u64::try_from(latest).is_ok_and(|t| t >= since)
    }
    #[cfg(not(unix))]
    {
        let _ = (meta, since);
        true
    }
}

/// Which binary is running (path, size, modification time): a rebuilt binary may render
/// differently, so its output is not reused.
fn executable() -> String {
    let Ok(exe) = std::env::current_exe() else { return String::from("unknown") };
    let meta = std::fs::metadata(&exe).ok();
    let modified = meta.as_ref().and_then(|m| m.modified().ok());
    format!("{}\0{:?}\0{:?}", exe.display(), meta.map(|m| m.len()), modified)
}

/// Where the stamp of output folder `dir` lives: `.NAME.stamp` beside it, so it is not
/// published with the site.
fn stamp_path(dir: &Path) -> PathBuf {
    let name = dir.file_name().map_or_else(|| "site".into(), |n| n.to_string_lossy().into_owned());
    dir.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")).join(format!(".{name}.stamp"))
}

/// Every file of `files` (relative to `dir`) and every folder that holds them, `dir` itself
/// included (as `./`), sorted by path, each with its state. `None` if one cannot be read or a
/// path cannot be written on one line.
fn listing(dir: &Path, files: &[String]) -> Option<Vec<(String, String)>> {
    let mut paths: Vec<String> = vec![String::from("./")];
    for file in files {
        paths.push(file.clone());
        let mut folder = file.as_str();
        while let Some((parent, _)) = folder.rsplit_once('/') {
            paths.push(format!("{parent}/"));
            folder = parent;
        }
    }
    paths.sort();
    paths.dedup();
    paths.into_par_iter().map(|path| state_of(dir, path)).collect()
}

/// The state line of `path` (relative to `dir`; folders end in `/`).
fn state_of(dir: &Path, path: String) -> Option<(String, String)> {
    if path.contains(['\n', '\t']) {
        return None;
    }
    let meta = std::fs::symlink_metadata(dir.join(&path)).ok()?;
    (meta.is_dir() == path.ends_with('/')).then(|| (state_line(&meta), path))
}

/// How many files `dir` holds, if its stamp says it was built from `inputs` and every file and
/// folder is as that build left it.
pub fn up_to_date(dir: &Path, inputs: &blake3::Hash) -> Option<usize> {
    let stamp = std::fs::read_to_string(stamp_path(dir)).ok()?;
    let mut lines = stamp.lines();
    if lines.next()? != HEADER || lines.next()? != format!("inputs {}", inputs.to_hex()) {
        return None;
    }
    let recorded: Vec<(&str, &str)> = lines.map(|line| line.rsplit_once('\t')).collect::<Option<_>>()?;
    let unchanged = recorded
        .par_iter()
        .all(|(state, path)| state_of(dir, (*path).to_owned()).is_some_and(|(now, _)| now == *state));
    unchanged.then(|| recorded.iter().filter(|(_, path)| !path.ends_with('/')).count())
}

/// Record that `dir` was just built, cleanly, from `inputs`, writing `files` (relative paths).
/// Written to a temporary file and renamed, so a stamp is whole or absent.
pub fn record(dir: &Path, inputs: &blake3::Hash, files: &[String]) -> Result<(), IoError> {
    let path = stamp_path(dir);
    let Some(listing) = listing(dir, files) else {
        // Without a listing the next build cannot be skipped; that is all.
        return std::fs::remove_file(&path).or_else(ignore_missing).map_err(|e| IoError::new("remove", &path, e));
    };
    let mut text = format!("{HEADER}\ninputs {}\n", inputs.to_hex());
    for (state, file) in listing {
        text.push_str(&state);
        text.push('\t');
        text.push_str(&file);
        text.push('\n');
    }
    // Named so that the next build's clean-up removes it if this process dies before the rename.
    let temp = path.with_extension(format!("stamp-new-{}", std::process::id()));
    std::fs::write(&temp, text).map_err(|e| IoError::new("write", &temp, e))?;
    std::fs::rename(&temp, &path).map_err(|e| IoError::new("rename", &temp, e))
}

/// Forget the stamp of `dir` (the output is about to change, or the build was not clean).
pub fn forget(dir: &Path) -> Result<(), IoError> {
    let path = stamp_path(dir);
    std::fs::remove_file(&path).or_else(ignore_missing).map_err(|e| IoError::new("remove", &path, e))
}

fn ignore_missing(e: std::io::Error) -> std::io::Result<()> {
    if e.kind() == std::io::ErrorKind::NotFound { Ok(()) } else { Err(e) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> BuildOptions {
        BuildOptions { today: jiff::civil::date(2026, 11, 21), base_url: None }
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
        std::fs::write(root.join("site.txt"), "not an input").expect("write");
        assert_eq!(configured, fingerprint(root, &options()).expect("readable"), "other files are not inputs");
    }

    #[test]
    fn a_stamp_holds_only_while_the_output_is_untouched() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let dir = tmp.path().join("site");
        std::fs::create_dir_all(dir.join("en")).expect("mkdir");
        std::fs::write(dir.join("en/index.html"), "page").expect("write");
        let inputs = blake3::hash(b"inputs");
        assert_eq!(up_to_date(&dir, &inputs), None, "no stamp yet");
        let files = [String::from("en/index.html")];
        record(&dir, &inputs, &files).expect("recorded");
        assert!(tmp.path().join(".site.stamp").is_file(), "beside the output, not in it");
        assert_eq!(up_to_date(&dir, &inputs), Some(1));
        assert_eq!(up_to_date(&dir, &blake3::hash(b"other")), None, "other inputs");
        std::fs::write(dir.join("extra.html"), "x").expect("write");
        assert_eq!(up_to_date(&dir, &inputs), None, "a file added");
        std::fs::remove_file(dir.join("extra.html")).expect("remove");
        assert_eq!(up_to_date(&dir, &inputs), None, "a file added and removed again still touched the folder");
        record(&dir, &inputs, &files).expect("recorded");
        std::fs::create_dir(dir.join("en/deeper")).expect("mkdir");
        assert_eq!(up_to_date(&dir, &inputs), None, "a folder added");
        std::fs::remove_dir(dir.join("en/deeper")).expect("rmdir");
        record(&dir, &inputs, &files).expect("recorded");
        std::fs::write(dir.join("en/index.html"), "edited by hand").expect("write");
        assert_eq!(up_to_date(&dir, &inputs), None, "a file changed");
        record(&dir, &inputs, &files).expect("recorded");
        std::fs::remove_file(dir.join("en/index.html")).expect("remove");
        assert_eq!(up_to_date(&dir, &inputs), None, "a file removed");
        forget(&dir).expect("forgotten");
        assert!(!tmp.path().join(".site.stamp").exists());
        forget(&dir).expect("forgetting twice is fine");
    }
}
