//! Discovery and reading: every `*.md`, `*.yaml` and `*.yml` file under `content/` but hidden
//! ones (`shoko_vocab::layout::is_hidden`), in sorted order, found first and read as it is
//! validated, as UTF-8 (a BOM is dropped; invalid UTF-8 is a diagnostic, not a crash).

use crate::IoError;
use crate::inputs::{Decoded, read_text};
use shoko_diagnostics::{Diagnostic, FileId, SourceFile, SourceMap, Span};
use shoko_model::SourceKind;
use shoko_model::rules::{file_bad_name, file_invalid_utf8, file_symlink, file_too_large, file_unknown_data};
use shoko_vocab::ContentPath;
use shoko_vocab::layout::{CONTENT_DIR, is_hidden};
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
    /// The file on disk (its name as it is, where `path` shows a name that is not UTF-8 with
    /// replacement characters).
    pub disk: std::path::PathBuf,
}

/// The files of a site root.
#[derive(Debug, Default)]
pub struct Loaded {
    /// Every file found, with its text while it is held (see [`find`]).
    pub sources: SourceMap,
    /// The content files, sorted by path.
    pub content: Vec<ContentFile>,
    /// Every file under `content/`, relative to it.
    pub files: std::collections::BTreeSet<String>,
    /// Problems of the files found: links, unknown data files.
    pub diagnostics: Vec<Diagnostic>,
}

/// Find every content file under `root/content`, in sorted order, each in the source map with
/// an empty text: the texts are read as they are validated (`pipeline::validate_all`), so a big
/// site's are never all held at once. Symbolic links and unknown data files are reported and
/// skipped.
pub fn find(root: &Path) -> Result<Loaded, IoError> {
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
    // Hidden files and folders are editors' and systems' own, never the site's.
    let shown = |e: &walkdir::DirEntry| e.depth() == 0 || !is_hidden(&e.file_name().to_string_lossy());
    let mut entries = walker.into_iter().filter_entry(shown);
    while let Some(entry) = entries.next() {
        let entry = entry.map_err(|e| {
            let path = e.path().map(Path::to_path_buf).unwrap_or_else(|| content_dir.clone());
            IoError::new("walk", path, e.into())
        })?;
        let rel = entry.path().strip_prefix(&content_dir).unwrap_or(entry.path());
        let rel = rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
        // A name that would put a line break or another control into an address is not read,
        // nor anything below it.
        if let Some(c) = rel.chars().find(|c| c.is_control() || !shoko_vocab::publishable(*c)) {
            let file = loaded.sources.add(ContentPath(&rel).to_string(), "");
            loaded.diagnostics.push(file_bad_name::diagnostic(Span::file_start(file), &rel, c));
            if entry.file_type().is_dir() {
                entries.skip_current_dir();
            }
            continue;
        }
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
    // Added in the walk's order, after the links.
    for (rel, kind, disk) in found {
        let file = loaded.sources.add(ContentPath(&rel).to_string(), "");
        match kind {
            Ok(kind) => loaded.content.push(ContentFile { file, path: rel, kind, disk }),
            Err(()) => loaded.diagnostics.push(file_unknown_data::diagnostic(Span::file_start(file), &rel)),
        }
    }
    Ok(loaded)
}

/// A content file as read for its validation: the file for the source map, or why there is
/// none to validate (the diagnostic, and the text to show it with).
pub(crate) enum Read {
    /// Decoded text, ready for the source map.
    Text(SourceFile),
    /// Not validated: not UTF-8 (the text with replacement characters) or over the size limit
    /// (no text).
    Unreadable(SourceFile, Diagnostic),
}

/// Read and decode content file `file` at `path`, shown as `display` (a BOM is dropped).
pub(crate) fn read(file: FileId, display: &str, path: &Path, max_bytes: u64) -> Result<Read, IoError> {
    Ok(match read_text(path, max_bytes)? {
        Decoded::Text(text) => Read::Text(SourceFile::new(display, text)),
        Decoded::Invalid(lossy, range) => {
            Read::Unreadable(SourceFile::new(display, lossy), file_invalid_utf8::diagnostic(Span::new(file, range)))
        }
        Decoded::TooLarge(size) => Read::Unreadable(
            SourceFile::new(display, ""),
            file_too_large::diagnostic(Span::file_start(file), size, max_bytes),
        ),
    })
}
