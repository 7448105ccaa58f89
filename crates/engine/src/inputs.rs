//! Reading a site root's inputs without ever leaving it, through the one reader
//! (`shoko_files::read`): no symbolic link is followed, in the input itself or in any folder on
//! the way to it, and only regular files are read (a FIFO or a device would block or never end). Every input folder goes through here: the configuration,
//! templates, UI strings and static files, the content folder itself, and `shoko new`; and
//! each content file's text (`read_text`: the size limit, the BOM, UTF-8), the one way a
//! content file is read, by a full build and by `serve` re-reading what changed.

use crate::IoError;
use std::path::Path;

use shoko_files::read::Bytes;
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
        Entry::File(_) => Ok(match read_text(&path, max_bytes)? {
            Decoded::Text(text) | Decoded::Invalid(text, _) => Text::Read(text),
            Decoded::TooLarge(size) => Text::TooLarge(size),
        }),
        Entry::Folder | Entry::Special => Err(IoError::new("read", &path, std::io::Error::other("not a regular file"))),
    }
}

/// A content file's bytes as text.
pub(crate) enum Decoded {
    /// UTF-8 text, a leading BOM dropped.
    Text(String),
    /// Not UTF-8: the text with replacement characters and the range of the first bad sequence.
    Invalid(String, std::ops::Range<usize>),
    /// Over the size limit (its size in bytes): not read.
    TooLarge(u64),
}

/// The one way a content file is read, by a full build and by `serve` re-reading what changed:
/// the size limit first, then the bytes, without a BOM, as UTF-8.
pub(crate) fn read_text(path: &Path, max_bytes: u64) -> Result<Decoded, IoError> {
    let mut bytes = match shoko_files::read::bytes(path, max_bytes)? {
        Bytes::Read(bytes) => bytes,
        Bytes::TooLarge(size) => return Ok(Decoded::TooLarge(size)),
        // Found by the walk as a regular file, and replaced since by a link or a FIFO.
        Bytes::Missing | Bytes::NotAFile => {
            return Err(IoError::new("read", path, std::io::Error::other("it is no longer a regular file")));
        }
    };
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    Ok(match String::from_utf8(bytes) {
        Ok(text) => Decoded::Text(text),
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let lossy = String::from_utf8_lossy(e.as_bytes()).into_owned();
            // The prefix is valid, so its length is the same in the lossy text.
            let end = lossy[valid..].chars().next().map_or(valid, |c| valid + c.len_utf8());
            Decoded::Invalid(lossy, valid..end)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::{Decoded, read_text};

    #[test]
    fn a_file_at_the_limit_is_read_and_one_over_it_is_not() {
        let tmp = tempfile::tempdir().expect("tmp");
        let path = tmp.path().join("page.md");
        std::fs::write(&path, "\u{feff}abcd").expect("write");
        assert!(matches!(read_text(&path, 7).expect("read"), Decoded::Text(t) if t == "abcd"));
        assert!(matches!(read_text(&path, 6).expect("read"), Decoded::TooLarge(7)));
    }
}
