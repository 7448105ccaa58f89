//! The engine's state between runs of `build`: a cache folder beside the output (`.NAME.cache/`
//! next to `NAME/`, never published, ignored by git, safe to delete). It holds every validated
//! document with its diagnostics, the linked site, the processed images, what the last render
//! was made from and the state of every input file when that build began.
//!
//! The documents are kept in chunks of [`CHUNK_DOCS`], each in a file named by the hash of its
//! bytes, read and decoded in parallel; a run writes only the chunks whose documents it validated
//! again, then the head file that lists them, then removes the chunks no head lists.
//!
//! A resumed engine compares those states with the present ones: when only content files
//! changed (none added or removed), it reads and validates just those, and the render patches
//! only what they affect. The texts of the other files stay unread until a render or a
//! diagnostic needs them. Anything else — another binary, date, base URL, base path or site
//! root, a file added, removed or changed outside `content/`, a problem with the files
//! themselves — and the cache is not used. The head starts with what it was made by and ends
//! with a hash of what lies between, and each chunk must hash to its name, so a cache that is
//! foreign, stale, cut short or damaged is recognised and ignored, never trusted.

use super::{Change, Current, Engine, Good, held_diagnostics, read_texts};
use crate::images::Images;
use crate::load::{ContentFile, Loaded};
use crate::pipeline::{BuildOptions, Timings, read_inputs_with};
use crate::stamp::{self, Inputs};
use crate::{IoError, all_codes};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use shoko_diagnostics::{Code, Diagnostic, FileId, Label};
use shoko_history::History;
use shoko_markdown::Lang;
use shoko_model::{Document, SiteModel, SourceKind};
use shoko_render::Job;
use shoko_render::view::ImageInfo;
use shoko_vocab::ContentPath;
use shoko_vocab::layout::CONTENT_DIR;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What the saved state is; changed with anything about it.
const FORMAT: &str = "shoko-engine-cache 13";

/// The file in the cache folder that holds the state (all but the documents).
const STATE_FILE: &str = "engine.state";

/// How many content files' documents one chunk file holds.
const CHUNK_DOCS: usize = 256;

/// The validated content files of one chunk, as saved.
type Chunk = Vec<(Option<Arc<Document>>, Vec<SavedDiagnostic>)>;

/// The cache folder of the output folder `dir`: `.NAME.cache` beside it.
pub fn cache_dir(dir: &Path) -> PathBuf {
    let name = dir.file_name().map_or_else(|| "site".into(), |n| n.to_string_lossy().into_owned());
    dir.parent().unwrap_or(Path::new(".")).join(format!(".{name}.cache"))
}

/// A diagnostic as saved: its code by name.
#[derive(Serialize, Deserialize)]
struct SavedDiagnostic {
    code: String,
    message: String,
    primary: Option<Label>,
    secondary: Vec<Label>,
    hint: Option<String>,
}

impl SavedDiagnostic {
    fn of(d: &Diagnostic) -> Self {
        SavedDiagnostic {
            code: d.code.name.to_owned(),
            message: d.message.clone(),
            primary: d.primary.clone(),
            secondary: d.secondary.clone(),
            hint: d.hint.clone(),
        }
    }

    fn back(self, codes: &HashMap<&str, &'static Code>) -> Option<Diagnostic> {
        Some(Diagnostic {
            code: codes.get(self.code.as_str())?,
            message: self.message,
            primary: self.primary,
            secondary: self.secondary,
            hint: self.hint,
            draft: None,
        })
    }
}

pub(super) type Hash = [u8; 32];

/// The hash of a chunk's bytes, which names its file.
pub(super) type ChunkHash = Hash;

/// Note that the content file at `index` was validated again: its chunk is written anew.
pub(super) fn changed(chunks: &mut [Option<ChunkHash>], index: usize) {
    if let Some(chunk) = chunks.get_mut(index / CHUNK_DOCS) {
        *chunk = None;
    }
}

/// Everything saved (owned, as read back).
#[derive(Deserialize)]
struct Saved {
    inputs: BTreeMap<String, Hash>,
    content: Vec<(String, SourceKind)>,
    files: BTreeSet<String>,
    chunks: Vec<Hash>,
    linked: Vec<SavedDiagnostic>,
    site: SiteModel,
    image_info: BTreeMap<String, ImageInfo>,
    image_files: BTreeMap<String, Vec<u8>>,
    global: Hash,
    output: u64,
    history: Option<(Option<String>, History)>,
}

/// What follows [`Saved`] in the state file: the names of the search memos, known only once
/// they are written, which is done while the state before them is. Each is a byte (1: there is
/// one) and the 32 bytes of its hash (zeros when there is none).
struct SavedTail {
    search: [Option<Hash>; 2],
}

impl SavedTail {
    /// How many bytes it takes.
    const LEN: usize = 2 * 33;

    fn bytes(&self) -> Vec<u8> {
        self.search
            .iter()
            .flat_map(|hash| std::iter::once(u8::from(hash.is_some())).chain(hash.unwrap_or_default()))
            .collect()
    }

    fn read(bytes: &[u8]) -> Option<SavedTail> {
        if bytes.len() != Self::LEN {
            return None;
        }
        let mut search = [None; 2];
        for (slot, entry) in search.iter_mut().zip(bytes.chunks_exact(33)) {
            *slot = match entry.split_first()? {
                (0, _) => None,
                (1, hash) => Some(hash.try_into().ok()?),
                _ => return None,
            };
        }
        Some(SavedTail { search })
    }
}

/// Everything saved (borrowed, as written; the fields of [`Saved`] in the same order).
#[derive(Serialize)]
struct SavedRef<'a> {
    inputs: BTreeMap<&'a str, Hash>,
    content: Vec<(&'a str, SourceKind)>,
    files: &'a BTreeSet<String>,
    chunks: Vec<Hash>,
    linked: Vec<SavedDiagnostic>,
    site: &'a SiteModel,
    image_info: &'a BTreeMap<String, ImageInfo>,
    image_files: &'a BTreeMap<String, Vec<u8>>,
    global: Hash,
    output: u64,
    history: Option<(&'a Option<String>, &'a History)>,
}

/// What made a cache, as its first bytes: the format, the binary, the site root and the options.
fn header(root: &Path, options: &BuildOptions) -> Vec<u8> {
    let text = format!(
        "{FORMAT}\0{}\0{}\0{}\0{:?}\0{:?}\0{}\0{}\0{}",
        stamp::binary(),
        root.display(),
        options.today,
        options.base_url,
        options.base_path,
        options.served,
        options.history,
        options.drafts
    );
    text.into_bytes()
}

/// The state saved in `cache`, when its head is `expected` and its bytes are whole.
fn read_state(cache: &Path, expected: &[u8]) -> Option<(Saved, SavedTail)> {
    let bytes = read_cached(cache, STATE_FILE)?;
    let rest = bytes.strip_prefix(expected)?.strip_prefix(b"\n")?;
    let (body, hash) = rest.split_at_checked(rest.len().checked_sub(32)?)?;
    if blake3::hash(body).as_bytes() != hash {
        return None;
    }
    let (body, tail) = body.split_at_checked(body.len().checked_sub(SavedTail::LEN)?)?;
    let tail = SavedTail::read(tail)?;
    Some((rmp_serde::from_slice(body).ok()?, tail))
}

/// The content files (under `root`) whose state in `inputs` differs from the state `saved`
/// recorded; `None` when the set of input files differs, or any other input changed.
fn changed_content(root: &Path, saved: &Saved, inputs: &Inputs) -> Option<Vec<PathBuf>> {
    if !saved.inputs.keys().eq(inputs.files.keys()) {
        return None;
    }
    let content_prefix = format!("{CONTENT_DIR}/");
    let mut changed = Vec::new();
    for (path, state) in &inputs.files {
        if saved.inputs.get(path) != Some(state.as_bytes()) {
            let rel = path.strip_prefix(&content_prefix)?;
            changed.push(root.join(CONTENT_DIR).join(rel));
        }
    }
    Some(changed)
}

impl Engine {
    /// An engine for `root` that starts from the state saved in `cache` (see [`Engine::save`])
    /// when it can, with the change that brings it up to date with `inputs` (the state of the
    /// input files now); otherwise a fresh engine and [`Change::Everything`].
    pub fn resume(root: &Path, options: BuildOptions, cache: &Path, inputs: &Inputs) -> (Engine, Change) {
        let mut engine = Engine::new(root, options);
        match engine.restore(cache, inputs) {
            Some(change) => (engine, change),
            None => {
                engine.current = None;
                engine.good = None;
                engine.diagnostics.clear();
                (engine, Change::Everything)
            }
        }
    }

    /// The state saved in `cache` put back, and the content files changed since; `None` when it
    /// cannot be used.
    fn restore(&mut self, cache: &Path, inputs: &Inputs) -> Option<Change> {
        self.timings = Timings::start();
        let (saved, tail) = read_state(cache, &header(&self.root, &self.options))?;
        self.timings.lap("read the cache");
        let changed = changed_content(&self.root, &saved, inputs)?;
        let (content, files) = (saved.content, saved.files);
        let mut timings = std::mem::take(&mut self.timings);
        let mut loaded_inputs = read_inputs_with(&self.root, &mut timings, || {
            let mut loaded = Loaded { files, ..Loaded::default() };
            let content_dir = self.root.join(CONTENT_DIR);
            for (path, kind) in content {
                let file = loaded.sources.add(ContentPath(&path).to_string(), "");
                let disk = content_dir.join(&path);
                loaded.content.push(ContentFile { file, path, kind, disk });
            }
            Ok(loaded)
        })
        .ok()?;
        self.timings = timings;
        let count = loaded_inputs.loaded.content.len();
        if !loaded_inputs.diagnostics.is_empty() || saved.chunks.len() != count.div_ceil(CHUNK_DOCS) {
            return None;
        }
        let codes: HashMap<&str, &'static Code> = all_codes().into_iter().map(|c| (c.name, c)).collect();
        let chunks: Vec<Chunk> = saved.chunks.par_iter().map(|hash| read_chunk(cache, hash)).collect::<Option<_>>()?;
        let mut validated = Vec::with_capacity(count);
        for (i, (doc, diagnostics)) in chunks.into_iter().flatten().enumerate() {
            if doc.as_ref().is_some_and(|d| Some(d.file) != loaded_inputs.loaded.content.get(i).map(|c| c.file)) {
                return None;
            }
            validated.push((doc, diagnostics.into_iter().map(|d| d.back(&codes)).collect::<Option<Vec<_>>>()?));
        }
        if validated.len() != count {
            return None;
        }
        self.timings.lap("read the documents");
        let linked = saved.linked.into_iter().map(|d| d.back(&codes)).collect::<Option<Vec<_>>>()?;
        let docs: Vec<_> = validated.iter().filter_map(|(d, _)| d.clone()).collect();
        let (docs, drafts) = crate::pipeline::published(&docs, &self.options);
        let site = Arc::new(saved.site.with_documents(docs));
        let index = loaded_inputs.loaded.content.iter().enumerate().map(|(i, c)| (c.path.clone(), i)).collect();
        let unread = loaded_inputs.loaded.content.iter().map(|c| (c.file, None)).collect();
        let images = Images { info: saved.image_info, files: saved.image_files, diagnostics: Vec::new() };
        loaded_inputs.diagnostics.clear();
        let mut current = Current {
            inputs: loaded_inputs,
            validated,
            linked,
            drafts,
            site: Arc::clone(&site),
            statics: None,
            images: Some(Arc::new(images)),
            images_for: None,
            index,
            dirty: BTreeSet::new(),
            unread,
            chunks: saved.chunks.into_iter().map(Some).collect(),
        };
        // Diagnostics are sorted and shown by line and column: their files are read, except
        // those that changed (they stay unread, so the update sees them as changed and validates
        // them again; their diagnostics are replaced then).
        let edited: BTreeSet<FileId> = changed
            .iter()
            .filter_map(|path| {
                let rel = path.strip_prefix(self.root.join(CONTENT_DIR)).ok()?;
                let rel = rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
                current.index.get(&rel).map(|i| current.inputs.loaded.content[*i].file)
            })
            .collect();
        let shown: Vec<FileId> = current
            .validated
            .iter()
            .flat_map(|(_, d)| d)
            .chain(&current.linked)
            .flat_map(Diagnostic::files)
            .filter(|file| !edited.contains(file))
            .collect();
        read_texts(&mut current, &shown).ok()?;
        self.diagnostics = held_diagnostics(&current);
        let drafts = current.drafts.clone();
        self.good = Some(Good { site, drafts, global: blake3::Hash::from_bytes(saved.global), output: saved.output });
        self.current = Some(current);
        // The history walked last time: read again only if HEAD moved, and then only the commits since.
        self.history = saved.history.map(|(head, history)| (head, Ok(Arc::new(history))));
        // The search indexes' last builds (the output holds their files), read only when an
        // update of that index needs them (see `read_search_memos`).
        self.search_saved = tail.search.map(|hash| hash.map(|hash| SavedMemo { cache: cache.to_path_buf(), hash }));
        self.timings.lap("resume");
        self.carried = std::mem::take(&mut self.timings.stages);
        Some(Change::Paths(changed))
    }

    /// Save the state of the last run into `cache`, for [`Engine::resume`]: after a render into
    /// an output that can be patched, where `inputs` is the state of the input files taken
    /// before the run. Does nothing when there is nothing a next run could use.
    pub fn save(&mut self, cache: &Path, inputs: &Inputs) -> Result<(), IoError> {
        // The search builds the render wrote as it went: listed if the state is written, else
        // removed (a state that never saves would never sweep them). One that could not be
        // written is built whole next time, and the reason is reported.
        let mut failed = None;
        let spilled = std::mem::take(&mut self.spilled).map(|slot| match slot {
            Some(Ok(spilled)) => Some(spilled),
            Some(Err(e)) => {
                failed = Some(e);
                None
            }
            None => None,
        });
        match self.save_state(cache, inputs, spilled) {
            Ok(true) => failed.map_or(Ok(()), Err),
            Ok(false) => {
                unspill(cache, spilled);
                Ok(())
            }
            Err(e) => {
                unspill(cache, spilled);
                Err(e)
            }
        }
    }

    /// [`Engine::save`] with the search builds written already (`spilled`); whether the state was
    /// written (nothing is when a next run could not use it: no render into an output that can
    /// be patched, or inputs that are not [`sound`]).
    fn save_state(&mut self, cache: &Path, inputs: &Inputs, spilled: [Option<Spilled>; 2]) -> Result<bool, IoError> {
        let (Some(current), Some(good)) = (&mut self.current, &self.good) else { return Ok(false) };
        let Some(images) = current.images.as_ref().filter(|_| sound(current)) else { return Ok(false) };
        make_folder(cache)?;
        // The chunks this cache holds already are kept; the others are written.
        current.chunks.resize(current.validated.len().div_ceil(CHUNK_DOCS), None);
        let chunks: Vec<Hash> = current
            .validated
            .par_chunks(CHUNK_DOCS)
            .zip(current.chunks.par_iter())
            .map(|(validated, known)| match known {
                Some(hash) if cache.join(chunk_name(hash)).is_file() => Ok(*hash),
                _ => write_chunk(cache, validated),
            })
            .collect::<Result<_, IoError>>()?;
        current.chunks = chunks.iter().copied().map(Some).collect();
        for (name, text) in [(".gitignore", GITIGNORE), ("CACHEDIR.TAG", CACHEDIR_TAG)] {
            match shoko_files::write::create_new(&cache.join(name), text.as_bytes()) {
                Err(e) if e.source.kind() != std::io::ErrorKind::AlreadyExists => return Err(e),
                _ => {}
            }
        }
        let saved = SavedRef {
            inputs: inputs.files.iter().map(|(p, h)| (p.as_str(), *h.as_bytes())).collect(),
            content: current.inputs.loaded.content.iter().map(|c| (c.path.as_str(), c.kind)).collect(),
            files: &current.inputs.loaded.files,
            chunks: chunks.clone(),
            linked: current.linked.iter().map(SavedDiagnostic::of).collect(),
            site: &current.site,
            image_info: &images.info,
            image_files: &images.files,
            global: *good.global.as_bytes(),
            output: good.output,
            history: self.history.as_ref().and_then(|(head, h)| Some((head, h.as_deref().ok()?))),
        };
        let temp = shoko_files::write::temporary_in(cache, &temporary_prefix(STATE_FILE))?;
        let temp_path = temp.path().to_path_buf();
        // The memos are written beside the state (a one-page edit writes one language's, some
        // 10 MB at 10,000 pages per language); their names follow the state, as `SavedTail`.
        let (search, state) = rayon::join(
            || -> Result<[Option<Hash>; 2], IoError> {
                let search: Vec<Option<Hash>> = self
                    .search_memos
                    .par_iter()
                    .zip(spilled)
                    .zip(&self.search_saved)
                    .map(|((memo, spilled), saved)| match (spilled, saved) {
                        (Some(spilled), _) => Ok(Some(spilled.hash)),
                        // Not read since it was saved here, so not changed either.
                        (None, Some(saved))
                            if saved.cache == cache && cache.join(named(SEARCH_PREFIX, &saved.hash)).is_file() =>
                        {
                            Ok(Some(saved.hash))
                        }
                        _ => memo.to_bytes().map(|bytes| write_named(cache, SEARCH_PREFIX, &bytes)).transpose(),
                    })
                    .collect::<Result<_, IoError>>()?;
                Ok([search[0], search[1]])
            },
            || -> std::io::Result<Hashing<std::io::BufWriter<shoko_files::write::Temporary>>> {
                // Streamed: the state of a large site is tens of megabytes, not held twice in memory.
                let mut out = std::io::BufWriter::new(temp);
                out.write_all(&header(&self.root, &self.options))?;
                out.write_all(b"\n")?;
                let mut body = Hashing { out, hasher: blake3::Hasher::new() };
                rmp_serde::encode::write(&mut body, &saved).map_err(std::io::Error::other)?;
                Ok(body)
            },
        );
        // The head is complete only with the memos' names; either failing, it is not kept.
        // Dropped unfinished, the temporary file is removed.
        let (search, temp) = search.and_then(|search| {
            let written = state.and_then(|mut body| {
                body.write_all(&SavedTail { search }.bytes())?;
                let hash = body.hasher.finalize();
                body.out.write_all(hash.as_bytes())?;
                body.out.into_inner().map_err(std::io::IntoInnerError::into_error)
            });
            written.map(|temp| (search, temp)).map_err(|e| IoError::new("write", &temp_path, e))
        })?;
        shoko_files::write::commit(temp, &cache.join(STATE_FILE))?;
        // Chunks no longer listed (and what a killed run left) go.
        let listed: HashSet<String> =
            chunks.iter().map(chunk_name).chain(search.iter().flatten().map(|h| named(SEARCH_PREFIX, h))).collect();
        for entry in std::fs::read_dir(cache).map_err(|e| IoError::new("read", cache, e))?.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let ours = is_ours(&name);
            if ours && !listed.contains(&name) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
        Ok(true)
    }
}

/// The start of a chunk file's name.
const CHUNK_PREFIX: &str = "docs-";

/// The start of the name of a file holding a search index's last build.
const SEARCH_PREFIX: &str = "search-";

/// Whether a file of the cache folder is one a save writes (a chunk or a search memo, or a
/// temporary file of one or of the head that a killed save left): only those are ever removed.
fn is_ours(name: &str) -> bool {
    let hex = |s: &str| s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit());
    let named = |s: &str| [CHUNK_PREFIX, SEARCH_PREFIX].iter().any(|p| s.strip_prefix(p).is_some_and(hex));
    // `NAME.new-PID.RANDOM` (`temporary_prefix`), or `NAME.new-PID` as older versions named them.
    let (stem, rest) = name.rsplit_once(".new-").unwrap_or((name, ""));
    let pid = rest.split_once('.').map_or(rest, |(pid, _)| pid);
    let temporary = !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit());
    named(name) || (temporary && (named(stem) || stem == STATE_FILE))
}

/// The most a cache file is read of: the state of a site of 50,000 pages per language is some
/// hundreds of megabytes. A larger file was not written by a save and is ignored.
const CACHE_LIMIT: u64 = 4 << 30;

/// The bytes of the cache file `name`, through the one reader (no link, no FIFO, a limit), if
/// the cache folder is a real folder and the file a regular one.
fn read_cached(cache: &Path, name: &str) -> Option<Vec<u8>> {
    if !std::fs::symlink_metadata(cache).is_ok_and(|m| m.is_dir()) {
        return None;
    }
    match shoko_files::read::bytes(&cache.join(name), CACHE_LIMIT).ok()? {
        shoko_files::read::Bytes::Read(bytes) => Some(bytes),
        _ => None,
    }
}

/// Make the cache folder beside the output: a link or a file at its name is refused, never
/// written through.
fn make_folder(cache: &Path) -> Result<(), IoError> {
    let (Some(parent), Some(name)) = (cache.parent(), cache.file_name()) else {
        return Err(IoError::new("create", cache, std::io::Error::other("not a folder's path")));
    };
    shoko_files::write::folders(parent, Path::new(name)).map(drop)
}

/// The start of the name of a temporary file for the cache file `name`: `NAME.new-PID.`, and
/// random characters after it ([`is_ours`] knows them).
fn temporary_prefix(name: &str) -> String {
    format!("{name}.new-{}.", std::process::id())
}

/// The file name of the chunk whose bytes hash to `hash`.
fn chunk_name(hash: &Hash) -> String {
    named(CHUNK_PREFIX, hash)
}

/// The name of a file of the kind `prefix` whose bytes hash to `hash`.
fn named(prefix: &str, hash: &Hash) -> String {
    format!("{prefix}{}", blake3::Hash::from_bytes(*hash).to_hex())
}

/// Write one chunk of validated files; the hash of its bytes (its name).
fn write_chunk(cache: &Path, validated: &[super::Validated]) -> Result<Hash, IoError> {
    let saved: Vec<(&Option<Arc<Document>>, Vec<SavedDiagnostic>)> =
        validated.iter().map(|(doc, d)| (doc, d.iter().map(SavedDiagnostic::of).collect())).collect();
    let bytes = rmp_serde::to_vec(&saved).map_err(|e| IoError::new("write", cache, std::io::Error::other(e)))?;
    write_named(cache, CHUNK_PREFIX, &bytes)
}

/// Write `bytes` into the cache as a file of the kind `prefix` named by their hash (unless it is
/// there already); the hash.
fn write_named(cache: &Path, prefix: &str, bytes: &[u8]) -> Result<Hash, IoError> {
    write_new(cache, prefix, bytes).map(|(hash, _)| hash)
}

/// [`write_named`], and whether the file was made by this write.
fn write_new(cache: &Path, prefix: &str, bytes: &[u8]) -> Result<(Hash, bool), IoError> {
    let hash = *blake3::hash(bytes).as_bytes();
    let path = cache.join(named(prefix, &hash));
    // One there is whole: a file found damaged when it was read is removed (`read_named`).
    if std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()) {
        return Ok((hash, false));
    }
    let mut temp = shoko_files::write::temporary_in(cache, &temporary_prefix(&named(prefix, &hash)))?;
    temp.write_all(bytes).map_err(|e| IoError::new("write", temp.path(), e))?;
    shoko_files::write::commit(temp, &path)?;
    Ok((hash, true))
}

/// Whether the inputs of `current` have no problems of their own (those are found by reading
/// every file) and their files are numbered in order: a state [`Engine::save`] may write.
pub(super) fn sound(current: &Current) -> bool {
    let in_order = current.inputs.loaded.content.iter().enumerate().all(|(i, c)| c.file.0 as usize == i);
    current.inputs.diagnostics.is_empty() && in_order
}

/// A search index's build written into the cache during a render (see
/// [`Engine::save_search_early`]).
#[derive(Debug, Clone, Copy)]
pub(super) struct Spilled {
    /// The hash it is named by.
    pub(super) hash: Hash,
    /// Whether this write made the file (one that was there may be listed by the saved state).
    created: bool,
}

/// Write a search memo's `bytes` into the cache.
pub(super) fn spill_search(cache: &Path, bytes: &[u8]) -> Result<Spilled, IoError> {
    make_folder(cache)?;
    let (hash, created) = write_new(cache, SEARCH_PREFIX, bytes)?;
    Ok(Spilled { hash, created })
}

/// Remove the files `spilled` made: no state lists them.
pub(super) fn unspill(cache: &Path, spilled: impl IntoIterator<Item = Option<Spilled>>) {
    for spilled in spilled.into_iter().flatten().filter(|s| s.created) {
        let _ = std::fs::remove_file(cache.join(named(SEARCH_PREFIX, &spilled.hash)));
    }
}

/// The bytes of the file of the kind `prefix` named by `hash`, if they still hash to it.
fn read_named(cache: &Path, prefix: &str, hash: &Hash) -> Option<Vec<u8>> {
    let name = named(prefix, hash);
    let bytes = read_cached(cache, &name)?;
    if blake3::hash(&bytes).as_bytes() != hash {
        // Damaged: removed, so the next save writes it again (a file of its name is taken as
        // whole, `write_new`).
        let _ = std::fs::remove_file(cache.join(name));
        return None;
    }
    Some(bytes)
}

/// The chunk named by `hash`, if its bytes still hash to it and decode.
fn read_chunk(cache: &Path, hash: &Hash) -> Option<Chunk> {
    rmp_serde::from_slice(&read_named(cache, CHUNK_PREFIX, hash)?).ok()
}

/// Read the saved search memos (`saved`, see `Engine::search_saved`) into `memos` that the
/// update `jobs` needs; a whole render (`all`) builds every index anew and needs none of them.
/// Whether any was read. (Not read early, beside the linking, as the output's version is: a
/// change too large to patch, a claim's edit say, would then decode both memos for nothing and
/// hold them, some 85 MB at 10,000 pages per language, while its whole render starts.)
pub(super) fn read_search_memos(
    saved: &mut [Option<SavedMemo>; 2],
    memos: &[shoko_search::Memo; 2],
    jobs: &[Job],
    all: bool,
) -> bool {
    let reads: Vec<(usize, SavedMemo)> = Lang::ALL
        .into_iter()
        .enumerate()
        .filter(|(_, lang)| all || jobs.contains(&Job::Search(*lang)))
        .filter_map(|(i, _)| Some((i, saved[i].take()?)))
        .collect();
    if all || reads.is_empty() {
        return false;
    }
    reads.par_iter().for_each(|(i, saved)| {
        // A damaged or missing one only means that index is built whole.
        if let Some(memo) = saved.read() {
            memos[*i].replace(memo);
        }
    });
    true
}

/// A search index's last build as saved in a cache, not read yet (see `Engine::search_saved`).
#[derive(Debug, Clone)]
pub(super) struct SavedMemo {
    /// The cache folder.
    cache: PathBuf,
    /// The hash it is named by.
    hash: Hash,
}

impl SavedMemo {
    /// The memo, if its bytes still hash to its name and decode.
    pub(super) fn read(&self) -> Option<shoko_search::Memo> {
        shoko_search::Memo::from_bytes(&read_named(&self.cache, SEARCH_PREFIX, &self.hash)?)
    }
}

/// A writer that hashes what passes through it.
struct Hashing<W: Write> {
    out: W,
    hasher: blake3::Hasher,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(buf)?;
        self.hasher.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// Keeps git from seeing the cache folder.
const GITIGNORE: &str = "# Made by `shoko build`; safe to delete.\n*\n";

/// Marks the folder as a cache for backup tools (<https://bford.info/cachedir/>).
const CACHEDIR_TAG: &str =
    "Signature: 8a477f597d28d172789f06886806bc55\n# The build cache of `shoko build`; safe to delete.\n";

#[cfg(test)]
mod tests {
    use super::{SavedTail, chunk_name, is_ours};

    #[test]
    fn only_the_files_a_save_writes_are_cleaned_up() {
        let chunk = chunk_name(&[7; 32]);
        let search = super::named(super::SEARCH_PREFIX, &[9; 32]);
        for name in [
            chunk.as_str(),
            &format!("{chunk}.new-12"),
            &format!("{chunk}.new-12.a1B2c3D4"),
            "engine.state.new-345",
            "engine.state.new-345.zzzzzzzz",
            &search,
            &format!("{search}.new-7.k3yS0m3x"),
        ] {
            assert!(is_ours(name), "{name}");
        }
        for name in
            ["engine.state", ".gitignore", "CACHEDIR.TAG", "docs-notes.txt", "docs-", "engine.state.new-x", "search-ja"]
        {
            assert!(!is_ours(name), "{name}");
        }
    }

    #[test]
    fn the_names_of_the_memos_after_the_state_read_back_and_nothing_else_does() {
        for search in [[None, None], [Some([3; 32]), None], [None, Some([0; 32])], [Some([1; 32]), Some([2; 32])]] {
            let bytes = SavedTail { search }.bytes();
            assert_eq!(bytes.len(), SavedTail::LEN);
            assert_eq!(SavedTail::read(&bytes).map(|t| t.search), Some(search));
        }
        let mut flag = SavedTail { search: [None, None] }.bytes();
        flag[33] = 2;
        assert!(SavedTail::read(&flag).is_none(), "a flag that is neither 0 nor 1");
        let bytes = SavedTail { search: [Some([5; 32]), None] }.bytes();
        assert!(SavedTail::read(&bytes[1..]).is_none(), "cut short");
        assert!(SavedTail::read(&[bytes.as_slice(), &[0]].concat()).is_none(), "longer");
    }
}
