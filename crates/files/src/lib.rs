//! The one reader and the one writer. Every file shoko reads from a site root, a repository or
//! its own cache goes through [`read`], which follows no link, waits on no FIFO and reads no
//! further than a limit; every file it writes outside a staging folder it has just made goes
//! through [`write`], which creates exclusively and never writes through a link. So a
//! repository someone clones cannot make a command read or write outside it, whatever links,
//! FIFOs or special files it holds.

pub mod read;
pub mod write;

use std::path::{Path, PathBuf};

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

/// The folder `root` as it is reached from the working folder, ending in `/` (`../site/`,
/// `tests/fixtures/valid/`), so a path under it can be opened from where the command ran: an
/// absolute path when it lies more than two folders up; empty when it is the working folder,
/// or when either cannot be resolved.
pub fn from_working_folder(root: &Path) -> String {
    let (Ok(here), Ok(root)) = (std::env::current_dir().and_then(|d| d.canonicalize()), root.canonicalize()) else {
        return String::new();
    };
    let shown = relative(&here, &root);
    if shown.matches("../").count() > 2 {
        return format!("{}/", root.display().to_string().trim_end_matches('/'));
    }
    shown
}

/// `to` as reached from the folder `from` (both absolute and resolved), ending in `/`; empty
/// when they are the same folder.
pub fn relative(from: &Path, to: &Path) -> String {
    let (from, to): (Vec<_>, Vec<_>) = (from.components().collect(), to.components().collect());
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = vec!["..".to_owned(); from.len() - common];
    parts.extend(to[common..].iter().map(|c| c.as_os_str().to_string_lossy().into_owned()));
    if parts.is_empty() { String::new() } else { format!("{}/", parts.join("/")) }
}

#[cfg(test)]
mod tests {
    use super::relative;
    use std::path::Path;

    #[test]
    fn a_folder_is_reached_down_up_or_across() {
        assert_eq!(relative(Path::new("/a/b"), Path::new("/a/b")), "");
        assert_eq!(relative(Path::new("/a/b"), Path::new("/a/b/site")), "site/");
        assert_eq!(relative(Path::new("/a/b/c"), Path::new("/a/site")), "../../site/");
        assert_eq!(relative(Path::new("/a"), Path::new("/x/y")), "../x/y/");
    }
}
