//! Discovery and reading: every `*.md`, `*.yaml` and `*.yml` file under `content/`, in sorted
//! order, read as UTF-8 (a BOM is dropped; invalid UTF-8 is a diagnostic, not a crash).

use crate::IoError;
use rayon::prelude::*;
use shoko_diagnostics::{Diagnostic, FileId, SourceFile, SourceMap, Span};
use shoko_model::SourceKind;
use shoko_model::rules::{file_invalid_utf8, file_symlink, file_too_large, file_unknown_data};
use shoko_vocab::ContentPath;
use shoko_vocab::layout::CONTENT_DIR;
use std::path::Path;

/// One content file to validate.
#[derive(Debug, Clone)]
pub struct ContentFile {
    /// Id in the source map.
    pub file: FileId,
    /// Path relative to `content/`, `/` separators.
    pub path: String,
    /// Page or log.
    pub kind: SourceKind,
}

/// The files of a site root.
#[derive(Debug, Default)]
pub struct Loaded {
    /// Texts of every file read.
    pub sources: SourceMap,
    /// The content files, sorted by path.
    pub content: Vec<ContentFile>,
    /// Every file under `content/`, relative to it.
    pub files: std::collections::BTreeSet<String>,
    /// Files that could be read but not decoded.
    pub diagnostics: Vec<Diagnostic>,
}

/// Read every content file under `root/content`; files over `max_bytes` and symbolic links are
/// reported and skipped.
pub fn load(root: &Path, max_bytes: u64) -> Result<Loaded, IoError> {
    let content_dir = root.join(CONTENT_DIR);
    let problem = match crate::inputs::entry(root, Path::new(CONTENT_DIR))? {
        crate::inputs::Entry::Folder => None,
        crate::inputs::Entry::Link => Some(
            "it is a symbolic link, and links are never followed (nothing outside the site root is read); move the content into the site root",
        ),
        _ => Some("no such folder (is --root the site root?)"),
    };
    if let Some(problem) = problem {
        return Err(IoError::new("find the content folder", &content_dir, std::io::Error::other(problem)));
    }
    let mut loaded = Loaded::default();
    let mut found = Vec::new();
    let walker = walkdir::WalkDir::new(&content_dir).follow_links(false).sort_by_file_name();
    for entry in walker {
        let entry = entry.map_err(|e| {
            let path = e.path().map(Path::to_path_buf).unwrap_or_else(|| content_dir.clone());
            IoError::new("walk", path, e.into())
        })?;
        let rel = entry.path().strip_prefix(&content_dir).unwrap_or(entry.path());
        let rel = rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
        if entry.path_is_symlink() {
            let file = loaded.sources.add(ContentPath(&rel).to_string(), "");
            loaded.diagnostics.push(file_symlink::diagnostic(Span::file_start(file), &ContentPath(&rel).to_string()));
            continue;
        }
        if !entry.file_type().is_file() {
            continue;
        }
        loaded.files.insert(rel.clone());
        let Some(kind) = SourceKind::of(&rel) else { continue };
        found.push((rel, kind, entry.into_path()));
    }
    // Reading, decoding and indexing lines are the slow part on a big site: in parallel, then
    // added in the walk's order.
    let read: Vec<Read> =
        found.into_par_iter().map(|(rel, kind, path)| read(rel, kind, &path, max_bytes)).collect::<Result<_, _>>()?;
    for file in read {
        match file {
            Read::Text(rel, kind, source) => {
                let file = loaded.sources.push(source);
                loaded.content.push(ContentFile { file, path: rel, kind });
            }
            Read::Invalid(source, range) => {
                let file = loaded.sources.push(source);
                loaded.diagnostics.push(file_invalid_utf8::diagnostic(Span::new(file, range)));
            }
            Read::TooLarge(rel, size) => {
                let file = loaded.sources.add(ContentPath(&rel).to_string(), "");
                loaded.diagnostics.push(file_too_large::diagnostic(Span::file_start(file), size, max_bytes));
            }
            Read::UnknownData(rel) => {
                let file = loaded.sources.add(ContentPath(&rel).to_string(), "");
                loaded.diagnostics.push(file_unknown_data::diagnostic(Span::file_start(file), &rel));
            }
        }
    }
    Ok(loaded)
}

/// One content file as read: its text, or why it has none.
enum Read {
    /// Decoded text (path relative to `content/`, kind, the file ready for the source map).
    Text(String, SourceKind, SourceFile),
    /// Not UTF-8: the text with replacement characters and the range of the first bad sequence.
    Invalid(SourceFile, std::ops::Range<usize>),
    /// Over the size limit (its size in bytes); not read.
    TooLarge(String, u64),
    /// A data file under `_data/` that is not one of the known ones.
    UnknownData(String),
}

/// Read and decode one content file (a BOM is dropped).
fn read(rel: String, kind: Result<SourceKind, ()>, path: &Path, max_bytes: u64) -> Result<Read, IoError> {
    let Ok(kind) = kind else { return Ok(Read::UnknownData(rel)) };
    let display = ContentPath(&rel).to_string();
    Ok(match read_text(path, max_bytes)? {
        Decoded::Text(text) => Read::Text(rel, kind, SourceFile::new(display, text)),
        Decoded::Invalid(lossy, range) => Read::Invalid(SourceFile::new(display, lossy), range),
        Decoded::TooLarge(size) => Read::TooLarge(rel, size),
    })
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
    let size = std::fs::metadata(path).map_err(|e| IoError::new("read", path, e))?.len();
    if size > max_bytes {
        return Ok(Decoded::TooLarge(size));
    }
    let mut bytes = std::fs::read(path).map_err(|e| IoError::new("read", path, e))?;
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
