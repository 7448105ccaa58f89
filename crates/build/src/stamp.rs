//! The build stamp, which makes a rebuild with nothing changed a no-op. After a clean build
//! (no diagnostic at all) `build` records, beside the output folder in `.NAME.stamp`, a
//! fingerprint of everything the output was made from (every input file's path and bytes, the
//! options, the date, the binary) and the size and modification time of every file it wrote.
//! The next `build` computes the fingerprint again; when it and every output file match, the
//! output is already what a build would write, and nothing is done.
//!
//! Anything uncertain means "rebuild": a missing, unreadable or foreign stamp, an output file
//! added, removed or touched, a build with warnings (they must be shown again). The fingerprint
//! is taken before the build reads its inputs, so an edit made during a build is never hidden.

use crate::pipeline::BuildOptions;
use crate::{CONFIG_FILE, INPUT_DIRS, IoError};
use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// First line of a stamp; a stamp of another format is ignored.
const HEADER: &str = "shoko-stamp 1";

/// A fingerprint of everything a build of `root` with `options` reads.
pub fn fingerprint(root: &Path, options: &BuildOptions) -> Result<blake3::Hash, IoError> {
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
    let hashes = files
        .par_iter()
        .map(|(rel, path)| {
            // A symlink is hashed by where it points: the build reports it and does not follow it.
            let bytes = match std::fs::read_link(path) {
                Ok(target) => target.to_string_lossy().into_owned().into_bytes(),
                Err(_) => std::fs::read(path).map_err(|e| IoError::new("read", path, e))?,
            };
            Ok((rel, blake3::hash(&bytes)))
        })
        .collect::<Result<Vec<_>, IoError>>()?;
    let mut hasher = blake3::Hasher::new();
    hasher.update(HEADER.as_bytes());
    hasher.update(env!("CARGO_PKG_VERSION").as_bytes());
    hasher.update(executable().as_bytes());
    hasher.update(format!("{}\0{:?}\0", options.today, options.base_url).as_bytes());
    for (rel, hash) in hashes {
        hasher.update(rel.as_bytes());
        hasher.update(b"\0");
        hasher.update(hash.as_bytes());
    }
    Ok(hasher.finalize())
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

/// Every file under `dir` as `size \t modified-ns \t path` lines, sorted by path; `None` if the
/// folder cannot be read or a path cannot be written on one line. The walk is serial, the
/// `stat` of each file parallel: at 20,000 files it was a quarter of a second on one core.
fn listing(dir: &Path) -> Option<Vec<String>> {
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let entry = entry.ok()?;
        if !entry.file_type().is_dir() {
            files.push(entry.into_path());
        }
    }
    files
        .par_iter()
        .map(|path| {
            let meta = std::fs::symlink_metadata(path).ok()?;
            let modified = meta.modified().ok()?.duration_since(std::time::UNIX_EPOCH).ok()?.as_nanos();
            let rel = path.strip_prefix(dir).ok()?.to_string_lossy().into_owned();
            (!rel.contains(['\n', '\t'])).then(|| format!("{}\t{modified}\t{rel}", meta.len()))
        })
        .collect()
}

/// How many files `dir` holds, if its stamp says it was built from `inputs` and every file is
/// as that build left it.
pub fn up_to_date(dir: &Path, inputs: &blake3::Hash) -> Option<usize> {
    let stamp = std::fs::read_to_string(stamp_path(dir)).ok()?;
    let mut lines = stamp.lines();
    if lines.next()? != HEADER || lines.next()? != format!("inputs {}", inputs.to_hex()) {
        return None;
    }
    let recorded: Vec<&str> = lines.collect();
    let now = listing(dir)?;
    (recorded.len() == now.len() && recorded.iter().zip(&now).all(|(a, b)| *a == b)).then_some(now.len())
}

/// Record that `dir` was just built, cleanly, from `inputs`. Written to a temporary file and
/// renamed, so a stamp is whole or absent.
pub fn record(dir: &Path, inputs: &blake3::Hash) -> Result<(), IoError> {
    let path = stamp_path(dir);
    let Some(files) = listing(dir) else {
        // Without a listing the next build cannot be skipped; that is all.
        return std::fs::remove_file(&path).or_else(ignore_missing).map_err(|e| IoError::new("remove", &path, e));
    };
    let mut text = format!("{HEADER}\ninputs {}\n", inputs.to_hex());
    for line in files {
        text.push_str(&line);
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
        record(&dir, &inputs).expect("recorded");
        assert!(tmp.path().join(".site.stamp").is_file(), "beside the output, not in it");
        assert_eq!(up_to_date(&dir, &inputs), Some(1));
        assert_eq!(up_to_date(&dir, &blake3::hash(b"other")), None, "other inputs");
        std::fs::write(dir.join("extra.html"), "x").expect("write");
        assert_eq!(up_to_date(&dir, &inputs), None, "a file added");
        std::fs::remove_file(dir.join("extra.html")).expect("remove");
        assert_eq!(up_to_date(&dir, &inputs), Some(1), "back as it was");
        std::fs::write(dir.join("en/index.html"), "edited by hand").expect("write");
        assert_eq!(up_to_date(&dir, &inputs), None, "a file changed");
        record(&dir, &inputs).expect("recorded");
        std::fs::remove_file(dir.join("en/index.html")).expect("remove");
        assert_eq!(up_to_date(&dir, &inputs), None, "a file removed");
        forget(&dir).expect("forgotten");
        assert!(!tmp.path().join(".site.stamp").exists());
        forget(&dir).expect("forgetting twice is fine");
    }
}
