//! Reading a site root's inputs without ever leaving it, through the one reader
//! (`shoko_files::read`): no symbolic link is followed, in the input itself or in any folder on
//! the way to it, and only regular files are read (a FIFO or a device would block or never end). Every input folder goes through here: the configuration,
//! templates, UI strings and static files, the content folder itself, and `shoko new`.

use crate::IoError;
use crate::load::Decoded;
use std::path::Path;

pub use shoko_files::read::{Entry, entry};

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
