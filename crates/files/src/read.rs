//! Reading without ever leaving where one reads: no symbolic link is followed, at the file or
//! at any folder on the way to it under the folder the caller trusts ([`entry`]); only regular
//! files are read, opened so that a link put there after it was looked at is still refused
//! (`O_NOFOLLOW`) and a FIFO is never waited on (`O_NONBLOCK`); and no file is read past a
//! limit, measured on the open file and held for the bytes read too (a file that grows after it
//! was measured is still read no further).

use crate::IoError;
use std::io::Read as _;
use std::path::{Component, Path};

/// What is at a path under a folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// Nothing.
    Missing,
    /// A symbolic link, at the path or at a folder on the way to it.
    Link,
    /// A folder.
    Folder,
    /// A regular file of this many bytes.
    File(u64),
    /// Anything else (a FIFO, a socket, a device).
    Special,
}

/// What is at `base/rel` (`rel` relative, without `..`), looking at every part of `rel` without
/// following links.
pub fn entry(base: &Path, rel: &Path) -> Result<Entry, IoError> {
    let mut path = base.to_path_buf();
    let parts: Vec<Component<'_>> = rel.components().collect();
    for (i, part) in parts.iter().enumerate() {
        let Component::Normal(name) = part else {
            return Err(IoError::new("read", base.join(rel), std::io::Error::other("not a plain relative path")));
        };
        path.push(name);
        let meta = match std::fs::symlink_metadata(&path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Entry::Missing),
            Err(e) => return Err(IoError::new("read", &path, e)),
        };
        let last = i + 1 == parts.len();
        match () {
            () if meta.file_type().is_symlink() => return Ok(Entry::Link),
            () if meta.is_dir() && last => return Ok(Entry::Folder),
            () if meta.is_dir() => {}
            () if meta.is_file() && last => return Ok(Entry::File(meta.len())),
            () if last => return Ok(Entry::Special),
            () => return Ok(Entry::Missing),
        }
    }
    Ok(Entry::Folder)
}

/// A file's bytes as read.
#[derive(Debug)]
pub enum Bytes {
    /// Nothing there.
    Missing,
    /// A link, a folder, a FIFO, a device: not read.
    NotAFile,
    /// Over the limit (its size, or how far it was read when it grew): not read.
    TooLarge(u64),
    /// The bytes.
    Read(Vec<u8>),
}

/// The bytes of `path` if it is a regular file of at most `max_bytes` (see the module). Only
/// the last part of `path` is guarded here: the caller has looked at the folders on the way
/// ([`entry`]) or trusts them.
pub fn bytes(path: &Path, max_bytes: u64) -> Result<Bytes, IoError> {
    let (file, size) = match open(path) {
        Ok(opened) => opened,
        Err(Refusal::Missing) => return Ok(Bytes::Missing),
        Err(Refusal::NotAFile) => return Ok(Bytes::NotAFile),
        Err(Refusal::Failed(e)) => return Err(IoError::new("read", path, e)),
    };
    if size > max_bytes {
        return Ok(Bytes::TooLarge(size));
    }
    Ok(match at_most(file, size, max_bytes).map_err(|e| IoError::new("read", path, e))? {
        Ok(bytes) => Bytes::Read(bytes),
        Err(read) => Bytes::TooLarge(read),
    })
}

/// Why [`open`] gave no file.
#[derive(Debug)]
pub enum Refusal {
    /// Nothing there.
    Missing,
    /// A link, a folder, a FIFO, a device.
    NotAFile,
    /// Reading failed otherwise.
    Failed(std::io::Error),
}

/// Open `path` for reading if it is a regular file, without following a link at it or waiting
/// on a FIFO; the file and its size, measured on the open file.
pub fn open(path: &Path) -> Result<(std::fs::File, u64), Refusal> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NOFOLLOW | libc::O_NONBLOCK);
    // FILE_FLAG_OPEN_REPARSE_POINT: a link (a reparse point) is opened itself, not followed.
    #[cfg(windows)]
    std::os::windows::fs::OpenOptionsExt::custom_flags(&mut options, 0x0020_0000);
    let file = match options.open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(Refusal::Missing),
        // `O_NOFOLLOW` on a link fails (ELOOP, or EMLINK on some BSDs): look at what is there.
        Err(e) => {
            return Err(match std::fs::symlink_metadata(path) {
                Ok(meta) if !meta.is_file() => Refusal::NotAFile,
                _ => Refusal::Failed(e),
            });
        }
    };
    let meta = file.metadata().map_err(Refusal::Failed)?;
    if !meta.is_file() || meta.file_type().is_symlink() {
        return Err(Refusal::NotAFile);
    }
    Ok((file, meta.len()))
}

/// The bytes of `file`, measured at `size`, read to its end but never past `max_bytes`: `Err`
/// with how many bytes were read (`max_bytes + 1`) when it is longer, as a file that grew after
/// it was measured may be.
pub fn at_most(file: std::fs::File, size: u64, max_bytes: u64) -> std::io::Result<Result<Vec<u8>, u64>> {
    let mut bytes = Vec::with_capacity(usize::try_from(size.min(max_bytes)).unwrap_or(0));
    file.take(max_bytes.saturating_add(1)).read_to_end(&mut bytes)?;
    let read = bytes.len() as u64;
    Ok(if read > max_bytes { Err(read) } else { Ok(bytes) })
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn links_anywhere_on_the_way_are_never_followed() {
        let tmp = tempfile::tempdir().expect("tmp");
        let root = tmp.path();
        std::fs::create_dir_all(root.join("templates/partials")).expect("mkdir");
        std::fs::write(root.join("templates/base.html"), "base").expect("write");
        symlink("/etc/passwd", root.join("templates/404.html")).expect("link");
        symlink("/etc", root.join("static")).expect("link");
        assert_eq!(entry(root, Path::new("templates/base.html")).expect("ok"), Entry::File(4));
        assert_eq!(entry(root, Path::new("templates/404.html")).expect("ok"), Entry::Link);
        assert_eq!(entry(root, Path::new("static")).expect("ok"), Entry::Link);
        assert_eq!(entry(root, Path::new("static/passwd")).expect("ok"), Entry::Link, "through a linked folder");
        assert_eq!(entry(root, Path::new("i18n/en.ftl")).expect("ok"), Entry::Missing);
        assert_eq!(entry(root, Path::new("templates/partials")).expect("ok"), Entry::Folder);
        assert!(entry(root, Path::new("../x")).is_err());
        assert!(matches!(bytes(&root.join("templates/404.html"), 1 << 20), Ok(Bytes::NotAFile)));
        assert!(matches!(bytes(&root.join("templates/base.html"), 2), Ok(Bytes::TooLarge(4))));
        assert!(matches!(bytes(&root.join("templates/base.html"), 4), Ok(Bytes::Read(b)) if b == b"base"));
        assert!(matches!(bytes(&root.join("nothing"), 4), Ok(Bytes::Missing)));
    }

    #[test]
    fn a_fifo_or_a_device_is_not_read_and_not_waited_on() {
        let tmp = tempfile::tempdir().expect("tmp");
        let fifo = tmp.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
        assert!(made.success());
        // Opened for reading without O_NONBLOCK, this would wait for a writer forever.
        assert!(matches!(bytes(&fifo, 1 << 20), Ok(Bytes::NotAFile)));
        assert!(matches!(bytes(Path::new("/dev/zero"), 1 << 20), Ok(Bytes::NotAFile)));
        symlink("/dev/zero", tmp.path().join("zero")).expect("link");
        assert!(matches!(bytes(&tmp.path().join("zero"), 1 << 20), Ok(Bytes::NotAFile)));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_limit_holds_for_the_bytes_read_not_only_for_the_size_reported() {
        // `/proc` files report a size of 0 and then give their text: a file that grew after it
        // was measured looks the same.
        let status = Path::new("/proc/self/status");
        assert!(std::fs::metadata(status).expect("proc").len() == 0, "this test needs Linux's /proc");
        assert!(matches!(bytes(status, 10), Ok(Bytes::TooLarge(11))));
        assert!(matches!(bytes(status, 1 << 20), Ok(Bytes::Read(b)) if b.starts_with(b"Name:")));
    }
}
