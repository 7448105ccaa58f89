//! Names of things written in content: claim IDs, the paths of content files and the addresses
//! of pages.

use crate::layout::CONTENT_DIR;
use std::fmt;

/// A claim or question ID, unique site-wide.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub struct ClaimId(pub String);

impl AsRef<str> for ClaimId {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ClaimId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The path of a file under `content/`, relative to it, `/` separators (`gpu/gfx900.md`). It
/// displays as users see it in diagnostics: `content/gpu/gfx900.md`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ContentPath<'a>(pub &'a str);

impl fmt::Display for ContentPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{CONTENT_DIR}/{}", self.0)
    }
}

/// The content file that stands for its folder (`gpu/index.md` is `gpu/`); the one at the top of
/// `content/` is the home page of each language.
pub const FOLDER_PAGE: &str = "index.md";

/// The address of the page at content path `path`, below each language folder: `gpu/gfx900.md`
/// → `gpu/gfx900/`, `gpu/index.md` → `gpu/`, `index.md` → `` (the language root). Only a file
/// named exactly `index.md` stands for its folder: `api-index.md` is `api-index/`.
pub fn page_address(path: &str) -> String {
    let stem = path.strip_suffix(".md").unwrap_or(path);
    match stem.rsplit_once('/') {
        Some((folder, "index")) => format!("{folder}/"),
        None if stem == "index" => String::new(),
        _ => format!("{stem}/"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_file_named_index_stands_for_its_folder() {
        assert_eq!(page_address("index.md"), "");
        assert_eq!(page_address("gpu/index.md"), "gpu/");
        assert_eq!(page_address("gpu.md"), "gpu/");
        assert_eq!(page_address("gpu/gfx900.md"), "gpu/gfx900/");
        assert_eq!(page_address("components/api-index.md"), "components/api-index/");
        assert_eq!(page_address("index-x.md"), "index-x/");
        assert_eq!(page_address("reindex.md"), "reindex/");
        assert_eq!(page_address("a/reindex.md"), "a/reindex/");
    }

    #[test]
    fn content_paths_display_as_users_see_them() {
        assert_eq!(ContentPath("gpu/gfx900.md").to_string(), "content/gpu/gfx900.md");
    }
}
