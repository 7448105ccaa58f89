//! The one reader and the one writer. Every file shoko reads from a site root, a repository or
//! its own cache goes through [`read`], which follows no link, waits on no FIFO and reads no
//! further than a limit; every file it writes outside a staging folder it has just made goes
//! through [`write`], which creates exclusively and never writes through a link. So a
//! repository someone clones cannot make a command read or write outside it, whatever links,
//! FIFOs or special files it holds.

pub mod read;
pub mod write;

use std::path::PathBuf;

/// A failure to read or write files (not a content problem).
#[derive(Debug)]
pub struct IoError {
    /// What was being done.
    pub action: String,
    /// The path involved.
    pub path: PathBuf,
    /// The underlying error.
    pub source: std::io::Error,
}

impl std::fmt::Display for IoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot {} {}: {}", self.action, self.path.display(), self.source)
    }
}

impl std::error::Error for IoError {}

impl IoError {
    /// `action` on `path` failed with `source`.
    pub fn new(action: &str, path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        IoError { action: action.to_owned(), path: path.into(), source }
    }
}
