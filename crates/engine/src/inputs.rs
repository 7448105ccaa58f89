//! Reading a site root's inputs without ever leaving it: no symbolic link is followed, in the
//! input itself or in any folder on the way to it, and only regular files are read (a FIFO or a
//! device would block or never end). Every input folder goes through here: the configuration,
//! templates, UI strings and static files, the content folder itself, and `shoko new`.

use crate::IoError;
use crate::load::Decoded;
use std::path::{Component, Path};

/// What is at a path under the site root.
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

/// What is at `root/rel` (`rel` relative, without `..`), looking at every part of `rel` without
/// following links.
pub fn entry(root: &Path, rel: &Path) -> Result<Entry, IoError> {
    let mut path = root.to_path_buf();
    let parts: Vec<Component<'_>> = rel.components().collect();
    for (i, part) in parts.iter().enumerate() {
        let Component::Normal(name) = part else {
            return Err(IoError::new("read", root.join(rel), std::io::Error::other("not a plain relative path")));
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

/// A text input as read.
#[derive(Debug)]
pub(crate) enum Text {
    /// Not there.
    Missing,
    /// A symbolic link (skipped; the caller reports it).
    Link,
    /// Over `max_bytes` (not read): its size.
    TooLarge(u64),
    /// The text (a BOM dropped; invalid UTF-8 replaced).
    Read(String),
}

/// Read the text input `root/rel` if it is a regular file within the site root.
pub(crate) fn read_input(root: &Path, rel: &str, max_bytes: u64) -> Result<Text, IoError> {
    let path = root.join(rel);
    match entry(root, Path::new(rel))? {
        Entry::Missing => Ok(Text::Missing),
        Entry::Link => Ok(Text::Link),
        // Read as content files are: the size limit, then the bytes without a BOM, as UTF-8.
        Entry::File(_) => Ok(match crate::load::read_text(&path, max_bytes)? {
            Decoded::Text(text) | Decoded::Invalid(text, _) => Text::Read(text),
            Decoded::TooLarge(size) => Text::TooLarge(size),
        }),
        Entry::Folder | Entry::Special => Err(IoError::new("read", &path, std::io::Error::other("not a regular file"))),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn links_anywhere_on_the_way_are_never_followed() {
        let tmp = tempfile::tempdir().expect("tmp");
        let root = tmp.path();
        std::fs::create_dir_all(root.join("templates/partials")).expect("mkdir");
        std::fs::write(root.join("templates/base.html"), "base").expect("write");
        std::os::unix::fs::symlink("/etc/passwd", root.join("templates/404.html")).expect("link");
        std::os::unix::fs::symlink("/etc", root.join("static")).expect("link");
        assert_eq!(entry(root, Path::new("templates/base.html")).expect("ok"), Entry::File(4));
        assert_eq!(entry(root, Path::new("templates/404.html")).expect("ok"), Entry::Link);
        assert_eq!(entry(root, Path::new("static")).expect("ok"), Entry::Link);
        assert_eq!(entry(root, Path::new("static/passwd")).expect("ok"), Entry::Link, "through a linked folder");
        assert_eq!(entry(root, Path::new("i18n/en.ftl")).expect("ok"), Entry::Missing);
        assert_eq!(entry(root, Path::new("templates/partials")).expect("ok"), Entry::Folder);
        assert!(matches!(read_input(root, "templates/404.html", 1 << 20).expect("ok"), Text::Link));
        assert!(matches!(read_input(root, "templates/base.html", 2).expect("ok"), Text::TooLarge(4)));
        assert!(entry(root, Path::new("../x")).is_err());
    }
}
