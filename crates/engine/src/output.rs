//! Where a render plan goes: a folder on disk, replaced atomically, or memory (for `serve`).

use crate::early::Early;
use crate::{IoError, stamp};
use rayon::prelude::*;
use shoko_render::RenderPlan;
use shoko_vocab::layout::OUTPUT_DIR;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// How a new version of the output starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Empty: the files written are the whole new version.
    Replace,
    /// As the last version: the files written replace theirs, every other file stays. Only for
    /// outputs that have a [`Output::version`].
    Patch,
}

/// A destination for the output: a new version is started with [`Output::begin`], filled in
/// pieces, and only [`Staging::commit`] makes it the output. A staging dropped without commit
/// leaves the previous output as it was.
pub trait Output {
    /// Start a new version of the output.
    fn begin(&mut self, mode: Mode) -> Result<Box<dyn Staging + '_>, IoError>;

    /// The version this output holds, if it keeps it so that the next may be a patch of it:
    /// unique among outputs and changed by every commit. An engine patches only the version it
    /// made itself.
    fn version(&self) -> Option<u64> {
        None
    }

    /// How many render jobs a patch of this output may hold (`None`: it cannot be patched);
    /// where it can, an engine keeps what each render was made from.
    fn patch_limit(&self) -> Option<usize> {
        None
    }

    /// Replace the whole output with `plan`'s files; on failure the previous output stays as it
    /// was. A plan with streams needs its renderer to write them: the engine does that.
    fn replace(&mut self, plan: &RenderPlan) -> Result<(), IoError> {
        debug_assert!(plan.streams.is_empty(), "streams are written by the engine, with their renderer");
        let mut staging = self.begin(Mode::Replace)?;
        staging.write(&plan.files)?;
        staging.commit(false)
    }
}

/// A new version of the output being written.
pub trait Staging: Send {
    /// Add files (output path → bytes).
    fn write(&mut self, files: &BTreeMap<String, Vec<u8>>) -> Result<(), IoError>;
    /// [`Staging::write`], all on the calling thread: the search indexes' files, whose thread's
    /// processor time is reported as theirs alone (a parallel write would let that thread take
    /// other work while it waits, and hand some of its own to other threads).
    fn write_here(&mut self, files: &BTreeMap<String, Vec<u8>>) -> Result<(), IoError> {
        self.write(files)
    }
    /// Start the file at `path` (of about `size` bytes), to be written into the [`OpenFile`] and
    /// handed to [`Staging::close`]: an output that keeps its files in memory, or compares them
    /// with the last version's, takes the bytes whole; one that writes a new folder streams them
    /// into the file (and the staging need not be locked while they are made).
    fn open(&mut self, path: &str, size: usize) -> Result<OpenFile, IoError> {
        let _ = path;
        Ok(OpenFile::Memory(Vec::with_capacity(size)))
    }
    /// Add the file at `path` that [`Staging::open`] started.
    fn close(&mut self, path: &str, file: OpenFile) -> Result<(), IoError> {
        match file.finish()? {
            Some(bytes) => self.write(&BTreeMap::from([(path.to_owned(), bytes)])),
            None => Ok(()),
        }
    }
    /// Make this version the output; `clean` when the build reported nothing at all, so that
    /// the next build with the same inputs may be skipped.
    fn commit(self: Box<Self>, clean: bool) -> Result<(), IoError>;
}

/// Where a file started with [`Staging::open`] is written.
pub enum OpenFile {
    /// Into memory, handed whole to the staging.
    Memory(Vec<u8>),
    /// Into its file in the staging folder (at that path).
    File(std::io::BufWriter<std::fs::File>, PathBuf),
    /// Nowhere ([`NoOutput`]).
    Discard,
}

impl OpenFile {
    /// Its bytes when they are in memory; a file is flushed and its bytes are in it.
    fn finish(self) -> Result<Option<Vec<u8>>, IoError> {
        match self {
            OpenFile::Memory(bytes) => Ok(Some(bytes)),
            OpenFile::File(mut out, target) => out.flush().map(|()| None).map_err(|e| IoError::new("write", target, e)),
            OpenFile::Discard => Ok(None),
        }
    }
}

impl Write for OpenFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            OpenFile::Memory(bytes) => bytes.write(buf),
            OpenFile::File(out, _) => out.write(buf),
            OpenFile::Discard => Ok(buf.len()),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            OpenFile::Memory(_) | OpenFile::Discard => Ok(()),
            OpenFile::File(out, _) => out.flush(),
        }
    }
}

/// No output at all: every file of a render is made and dropped. `check` renders into it, so it
/// finds every error `build` finds (a template that fails on a page, for one) and writes nothing.
#[derive(Debug, Default)]
pub struct NoOutput;

/// The staging of a [`NoOutput`]: takes every file and keeps none.
struct NoStaging;

impl Output for NoOutput {
    fn begin(&mut self, _mode: Mode) -> Result<Box<dyn Staging + '_>, IoError> {
        Ok(Box::new(NoStaging))
    }
}

impl Staging for NoStaging {
    fn write(&mut self, _files: &BTreeMap<String, Vec<u8>>) -> Result<(), IoError> {
        Ok(())
    }

    fn open(&mut self, _path: &str, _size: usize) -> Result<OpenFile, IoError> {
        Ok(OpenFile::Discard)
    }

    fn commit(self: Box<Self>, _clean: bool) -> Result<(), IoError> {
        Ok(())
    }
}

/// The files of a [`MemoryOutput`]: output path → shared bytes, in a persistent map (`imbl`), so
/// a snapshot of it is one pointer and a patch copies only the map's nodes it changes, not the
/// 29,000 entries of a 10,000-page site.
pub type MemoryFiles = imbl::OrdMap<String, Arc<[u8]>>;

/// The built site in memory (`serve`'s, and tests'); each commit notes which paths changed.
#[derive(Debug)]
pub struct MemoryOutput {
    files: MemoryFiles,
    changed: Vec<String>,
    version: u64,
}

/// Versions of memory outputs: each commit of any of them takes the next, so two outputs never
/// hold the same version.
static VERSIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn next_version() -> u64 {
    VERSIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl Default for MemoryOutput {
    fn default() -> Self {
        MemoryOutput { files: MemoryFiles::new(), changed: Vec::new(), version: next_version() }
    }
}

impl MemoryOutput {
    /// Output path → bytes (cloned in constant time).
    pub fn files(&self) -> &MemoryFiles {
        &self.files
    }

    /// The output paths whose bytes the last commit added, changed or removed, sorted.
    pub fn changed(&self) -> &[String] {
        &self.changed
    }
}

struct MemoryStaging<'a> {
    target: &'a mut MemoryOutput,
    mode: Mode,
    files: BTreeMap<String, Arc<[u8]>>,
}

impl Output for MemoryOutput {
    fn begin(&mut self, mode: Mode) -> Result<Box<dyn Staging + '_>, IoError> {
        Ok(Box::new(MemoryStaging { target: self, mode, files: BTreeMap::new() }))
    }

    fn version(&self) -> Option<u64> {
        Some(self.version)
    }

    fn patch_limit(&self) -> Option<usize> {
        Some(usize::MAX)
    }
}

impl Staging for MemoryStaging<'_> {
    fn write(&mut self, files: &BTreeMap<String, Vec<u8>>) -> Result<(), IoError> {
        self.files.extend(files.iter().map(|(p, b)| (p.clone(), Arc::from(b.as_slice()))));
        Ok(())
    }

    fn commit(self: Box<Self>, _clean: bool) -> Result<(), IoError> {
        let MemoryStaging { target, mode, files } = *self;
        let mut changed: Vec<String> = files
            .iter()
            .filter(|(p, b)| target.files.get(*p).is_none_or(|old| old != *b))
            .map(|(p, _)| p.clone())
            .collect();
        match mode {
            Mode::Replace => {
                changed.extend(target.files.keys().filter(|p| !files.contains_key(*p)).cloned());
                target.files = files.into_iter().collect();
            }
            // The last version is updated in place, not copied (29,000 entries at 10,000 pages).
            Mode::Patch => target.files.extend(files),
        }
        changed.sort();
        target.changed = changed;
        target.version = next_version();
        Ok(())
    }
}

/// A folder on disk. The new site is written into a sibling temporary folder, then swapped into
/// place (one atomic exchange on Linux, else two renames), so readers never see a half-written or
/// mixed site, and a build killed at any moment leaves the previous site whole.
///
/// Nothing that a build did not write is ever replaced: the folder is resolved (through a
/// symbolic link to the folder it names) and refused when it is, or holds, the site root, lies
/// inside one of the site's input folders or is a repository; an existing folder is replaced
/// only when the record beside it ([`crate::stamp`]) lists every entry it holds.
#[derive(Debug)]
pub struct DiskOutput {
    dir: PathBuf,
    /// The fingerprint of the inputs, recorded after a clean build so that the next build with
    /// the same inputs can be skipped.
    pub fingerprint: Option<blake3::Hash>,
    /// The version of the folder (see [`stamp::version`]), read the first time it is asked for
    /// and set by every commit.
    version: std::cell::OnceCell<Option<u64>>,
    /// The version being read beside the build since [`DiskOutput::read_version_early`].
    early: std::cell::RefCell<Option<Early<u64>>>,
}

struct DiskStaging<'a> {
    dir: PathBuf,
    staging: PathBuf,
    retired: PathBuf,
    previous: Option<stamp::Record>,
    fingerprint: Option<blake3::Hash>,
    written: Vec<String>,
    committed: bool,
    /// The output's version, set on commit.
    version: &'a mut std::cell::OnceCell<Option<u64>>,
}

/// The most render jobs (a page in both languages is one) patched into a folder on disk.
const DISK_PATCH_JOBS: usize = 16;

/// A patch of a folder on disk: the files are kept until commit, then each replaces its old
/// self through a temporary file and a rename (files whose bytes did not change are left alone).
/// Readers may see some files new and others old for that moment; a build killed during it
/// leaves an output without a version, which the next build replaces whole.
struct DiskPatch<'a> {
    dir: PathBuf,
    previous: stamp::Record,
    fingerprint: Option<blake3::Hash>,
    files: BTreeMap<String, Vec<u8>>,
    version: &'a mut std::cell::OnceCell<Option<u64>>,
}

impl DiskOutput {
    /// The output folder `dir` for the site at `root`, resolved to the folder it names (a
    /// symbolic link is followed, so the link keeps pointing at the new output), or why it may
    /// not be one. Nothing is created or changed here.
    pub fn new(root: &Path, dir: &Path) -> Result<Self, IoError> {
        let dir = resolve(dir)?;
        let refuse = |why: &str| Err(refusal(&dir, why));
        let root = resolve(root)?;
        if dir.file_name().is_none() {
            return refuse("the output needs a folder of its own, not a file system root");
        }
        if within(&root, &dir) {
            let what = if within(&dir, &root) { "is the site root" } else { "holds the site root" };
            return refuse(&format!("it {what}; a build replaces its output folder whole. Choose another --out"));
        }
        for input in crate::INPUT_DIRS.iter().chain([&crate::CONFIG_FILE]) {
            if within(&dir, &root.join(input)) {
                return refuse(&format!("it lies inside the site's input {input}. Choose another --out"));
            }
        }
        if std::fs::symlink_metadata(dir.join(".git")).is_ok() {
            return refuse("it is a git repository. Choose another --out");
        }
        Ok(DiskOutput { dir, fingerprint: None, version: std::cell::OnceCell::new(), early: Default::default() })
    }

    /// The output folder, resolved.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Start reading the folder's version now, on a thread of its own, for a build that will
    /// ask for it (a patch): checking every file and folder against the record is a tenth of a
    /// one-page edit at 10,000 pages per language, and it runs beside the reading and linking of
    /// the site instead of after them. Nothing writes the folder in between.
    /// A build that replaces the folder instead lets the check go (it stops at its next file).
    pub fn read_version_early(&mut self) {
        let dir = self.dir.clone();
        *self.early.get_mut() = Early::start(move |wanted| stamp::version_while(&dir, || wanted.still()));
    }

    /// Why the folder may not be replaced, given the record beside it, if any.
    fn guard(&self, record: Option<&stamp::Record>) -> Result<(), IoError> {
        let dir = &self.dir;
        let meta = match std::fs::symlink_metadata(dir) {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(IoError::new("read", dir, e)),
        };
        if !meta.is_dir() {
            return Err(refusal(dir, "it is a file, not a folder"));
        }
        // An empty folder holds nothing to lose.
        let mut entries = std::fs::read_dir(dir).map_err(|e| IoError::new("read", dir, e))?;
        if entries.next().is_none() {
            return Ok(());
        }
        let Some(record) = record else {
            return Err(refusal(
                dir,
                &format!(
                    "it is not empty and no record of a build is beside it ({}), so it was not written by `shoko build`. Choose another --out, or empty the folder yourself (an output of an older shoko version: delete it once)",
                    stamp::stamp_path(dir).display()
                ),
            ));
        };
        if !stamp::same_folder(dir, record) {
            return Err(refusal(
                dir,
                "it is not the folder the last build wrote (it was made again since), so the files in it are not the build's own. Choose another --out, or empty the folder yourself",
            ));
        }
        let foreign = stamp::foreign(dir, record)?;
        if let Some(first) = foreign.first() {
            let more = match foreign.len() - 1 {
                0 => String::new(),
                n => format!(" and {n} more"),
            };
            return Err(refusal(
                dir,
                &format!(
                    "it holds `{}`{more}, which `shoko build` did not write. Move it out of the output folder, or choose another --out",
                    first.escape_debug()
                ),
            ));
        }
        Ok(())
    }
}

/// Whether `path` is `base` or lies below it; where file systems ignore case (macOS, Windows),
/// whatever the case of either.
fn within(path: &Path, base: &Path) -> bool {
    if cfg!(any(target_os = "macos", windows)) {
        let fold = |p: &Path| PathBuf::from(p.to_string_lossy().to_lowercase());
        fold(path).starts_with(fold(base))
    } else {
        path.starts_with(base)
    }
}

/// The reason a folder may not be the output, as an error of the action "write the site into".
fn refusal(dir: &Path, why: &str) -> IoError {
    IoError::new("write the site into", dir, std::io::Error::other(format!("{why}; nothing was changed")))
}

/// `path` made absolute with every symbolic link and `..` resolved, also where its last parts do
/// not exist yet (they are appended to the nearest existing folder).
fn resolve(path: &Path) -> Result<PathBuf, IoError> {
    let absolute = std::path::absolute(path).map_err(|e| IoError::new("resolve", path, e))?;
    let mut existing = absolute.as_path();
    let mut rest = Vec::new();
    loop {
        match std::fs::canonicalize(existing) {
            Ok(mut resolved) => {
                for part in rest.into_iter().rev() {
                    match part {
                        std::path::Component::ParentDir => {
                            resolved.pop();
                        }
                        std::path::Component::Normal(name) => resolved.push(name),
                        _ => {}
                    }
                }
                return Ok(resolved);
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                if std::fs::symlink_metadata(existing).is_ok() {
                    return Err(IoError::new("resolve", existing, std::io::Error::other("a symbolic link to nothing")));
                }
                let Some(parent) = existing.parent() else { return Err(IoError::new("resolve", path, e)) };
                rest.extend(existing.components().next_back());
                existing = parent;
            }
            Err(e) => return Err(IoError::new("resolve", existing, e)),
        }
    }
}

impl Output for DiskOutput {
    /// A new folder swapped in whole (`Replace`), or the files written replaced in place, one by
    /// one (`Patch`, only into a folder that has a version).
    fn begin(&mut self, mode: Mode) -> Result<Box<dyn Staging + '_>, IoError> {
        // Read once: it decides whether the folder may go, which leftovers are a build's, and
        // what the pending record vouches for besides the new version.
        if mode == Mode::Patch {
            // A folder with a version holds exactly what its record lists (an entry added
            // anywhere would have changed the state of its folder), so there is nothing to guard.
            // The record read now must be the one the version was checked against (another build
            // may have replaced the folder since).
            let previous = stamp::read_versioned(&self.dir)
                .filter(|(_, now)| self.version() == Some(*now))
                .map(|(record, _)| record)
                .ok_or_else(|| {
                    IoError::new("patch", &self.dir, std::io::Error::other("the folder is not as its record says"))
                })?;
            let fingerprint = self.fingerprint;
            self.version = std::cell::OnceCell::new();
            // What was read early is of the folder before this version.
            *self.early.get_mut() = None;
            return Ok(Box::new(DiskPatch {
                dir: self.dir.clone(),
                previous,
                fingerprint,
                files: BTreeMap::new(),
                version: &mut self.version,
            }));
        }
        let previous = stamp::read(&self.dir);
        self.guard(previous.as_ref())?;
        self.version = std::cell::OnceCell::new();
        *self.early.get_mut() = None;
        let parent = self.dir.parent().unwrap_or(Path::new("."));
        std::fs::create_dir_all(parent).map_err(|e| IoError::new("create", parent, e))?;
        let name = self.dir.file_name().map_or_else(|| OUTPUT_DIR.into(), |n| n.to_string_lossy().into_owned());
        remove_stale(parent, &name, previous.as_ref());
        let staging = parent.join(format!(".{name}.new-{}", std::process::id()));
        let retired = parent.join(format!(".{name}.old-{}", std::process::id()));
        if std::fs::symlink_metadata(&staging).is_ok() {
            if !ours(&staging, previous.as_ref()) {
                return Err(refusal(
                    &staging,
                    "it is in the way of the build's staging folder and was not made by a build",
                ));
            }
            let _ = std::fs::remove_dir_all(&staging);
        }
        // Made here, now (`mkdir` fails on anything already at the name, a link included), so
        // nothing below it was put there by anyone else.
        std::fs::create_dir(&staging).map_err(|e| IoError::new("create", &staging, e))?;
        shoko_files::write::create_new(&staging.join(STAGING_MARKER), b"")?;
        Ok(Box::new(DiskStaging {
            dir: self.dir.clone(),
            staging,
            retired,
            previous,
            fingerprint: self.fingerprint,
            written: Vec::new(),
            committed: false,
            version: &mut self.version,
        }))
    }

    fn version(&self) -> Option<u64> {
        // A check that panicked read nothing: the folder has no version, it is replaced whole.
        *self.version.get_or_init(|| match self.early.borrow_mut().take() {
            Some(early) => early.result(),
            None => stamp::version(&self.dir),
        })
    }

    /// Files are patched in place one by one, so a patch stays small: the moment in which a
    /// reader or a kill could meet some files new and others old lasts a few renames. A larger
    /// change is swapped in whole.
    fn patch_limit(&self) -> Option<usize> {
        Some(DISK_PATCH_JOBS)
    }
}

impl Staging for DiskStaging<'_> {
    fn write(&mut self, files: &BTreeMap<String, Vec<u8>>) -> Result<(), IoError> {
        write_tree(&self.staging, files, Threads::Parallel)?;
        self.written.extend(files.keys().cloned());
        Ok(())
    }

    fn write_here(&mut self, files: &BTreeMap<String, Vec<u8>>) -> Result<(), IoError> {
        write_tree(&self.staging, files, Threads::Here)?;
        self.written.extend(files.keys().cloned());
        Ok(())
    }

    fn open(&mut self, path: &str, _size: usize) -> Result<OpenFile, IoError> {
        let target = self.staging.join(path);
        if let Some(folder) = target.parent() {
            std::fs::create_dir_all(folder).map_err(|e| IoError::new("create", folder, e))?;
        }
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&target)
            .map_err(|e| IoError::new("write", &target, e))?;
        Ok(OpenFile::File(std::io::BufWriter::with_capacity(1 << 16, file), target))
    }

    fn close(&mut self, path: &str, file: OpenFile) -> Result<(), IoError> {
        match file.finish()? {
            Some(bytes) => self.write(&BTreeMap::from([(path.to_owned(), bytes)])),
            None => {
                self.written.push(path.to_owned());
                Ok(())
            }
        }
    }

    fn commit(mut self: Box<Self>, clean: bool) -> Result<(), IoError> {
        self.committed = true;
        self.written.sort();
        self.written.dedup();
        // From here on the pending record vouches for the staging folder, and for whichever
        // folder a kill leaves in place; then the marker can go (it is not published).
        stamp::write_pending(&self.dir, &self.staging, self.previous.as_ref(), &self.written)?;
        let marker = self.staging.join(STAGING_MARKER);
        std::fs::remove_file(&marker).map_err(|e| IoError::new("remove", &marker, e))?;
        self.swap()?;
        let fingerprint = self.fingerprint.filter(|_| clean);
        let version = stamp::write(&self.dir, fingerprint.as_ref(), &self.written)?;
        let _ = self.version.set(Some(version));
        Ok(())
    }
}

impl Staging for DiskPatch<'_> {
    fn write(&mut self, files: &BTreeMap<String, Vec<u8>>) -> Result<(), IoError> {
        self.files.extend(files.iter().map(|(p, b)| (p.clone(), b.clone())));
        Ok(())
    }

    fn commit(self: Box<Self>, clean: bool) -> Result<(), IoError> {
        let DiskPatch { dir, previous, fingerprint, files, version } = *self;
        let touched: Vec<String> = files
            .par_iter()
            // Through the one reader: a link at an output's name is never followed, only replaced.
            .filter(|(path, bytes)| {
                let old = shoko_files::read::bytes(&dir.join(path), bytes.len() as u64);
                !matches!(old, Ok(shoko_files::read::Bytes::Read(old)) if old == **bytes)
            })
            .map(|(path, _)| path.clone())
            .collect();
        let pid = std::process::id();
        let temporary = |path: &str| match path.rsplit_once('/') {
            Some((folder, name)) => format!("{folder}/.{name}.shoko-new-{pid}"),
            None => format!(".{path}.shoko-new-{pid}"),
        };
        if !touched.is_empty() {
            stamp::write_patch_pending(&dir, &previous, &touched, temporary)?;
            for path in &touched {
                let (target, temp) = (dir.join(path), dir.join(temporary(path)));
                if let Some((folder, _)) = path.rsplit_once('/') {
                    shoko_files::write::folders(&dir, Path::new(folder))?;
                }
                // The record names the temporary file before it exists, so it is made exclusively
                // under that name (a folder with a version holds nothing else, see `begin`).
                shoko_files::write::create_new(&temp, &files[path])?;
                std::fs::rename(&temp, &target).map_err(|e| IoError::new("rename", &temp, e))?;
            }
        }
        let new = stamp::write_patched(&dir, fingerprint.filter(|_| clean).as_ref(), &previous, &touched)?;
        let _ = version.set(Some(new));
        Ok(())
    }
}

impl DiskStaging<'_> {
    /// Put the staging folder in the output's place.
    fn swap(&self) -> Result<(), IoError> {
        let (dir, staging, retired) = (&self.dir, &self.staging, &self.retired);
        if dir.exists() && exchange(staging, dir) {
            // One atomic step: the new site is in place and the old one is where staging was.
            let _ = std::fs::remove_dir_all(staging);
            return Ok(());
        }
        let had_previous = dir.exists();
        if had_previous {
            std::fs::rename(dir, retired).map_err(|e| {
                let _ = std::fs::remove_dir_all(staging);
                IoError::new("move aside", dir, e)
            })?;
        }
        if let Err(e) = std::fs::rename(staging, dir) {
            if had_previous {
                let _ = std::fs::rename(retired, dir);
            }
            let _ = std::fs::remove_dir_all(staging);
            return Err(IoError::new("move into place", dir, e));
        }
        if had_previous {
            let _ = std::fs::remove_dir_all(retired);
        }
        Ok(())
    }
}

impl Drop for DiskStaging<'_> {
    /// Not committed (an error, or rendering failed): the half-written version goes.
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_dir_all(&self.staging);
        }
    }
}

/// Swap two folders in one atomic step (Linux `renameat2(RENAME_EXCHANGE)`), so there is no
/// moment without an output folder. `false` where the system or file system cannot; the caller
/// then uses two renames.
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> bool {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE).is_ok()
}

#[cfg(not(target_os = "linux"))]
fn exchange(_: &Path, _: &Path) -> bool {
    false
}

/// A file in a staging folder from the moment it is made until just before it is swapped in:
/// proof, for the clean-up of a later build, that a leftover folder is a build's own.
const STAGING_MARKER: &str = ".shoko-staging";

/// Remove the temporary folders and files that builds killed mid-way left next to the output
/// (`.NAME.new-PID`, `.NAME.old-PID`, `.NAME.stamp-new-PID`), where that process no longer runs
/// and the leftover is provably a build's: a staging folder with its marker, an earlier output
/// that `record` vouches for, a record being written (or still empty). Anything else of that
/// name stays.
fn remove_stale(parent: &Path, name: &str, record: Option<&stamp::Record>) {
    let Ok(entries) = std::fs::read_dir(parent) else { return };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let file = file.to_string_lossy();
        // A record being written has random characters after its process (`stamp::save`).
        let pid = [".new-", ".old-", stamp::TEMPORARY]
            .iter()
            .find_map(|kind| file.strip_prefix(&format!(".{name}{kind}")))
            .and_then(|pid| pid.split_once('.').map_or(pid, |(pid, _)| pid).parse::<u32>().ok());
        if !pid.is_some_and(|pid| pid != std::process::id() && !process_alive(pid)) {
            continue;
        }
        let path = entry.path();
        let _ = if path.is_dir() {
            if ours(&path, record) { std::fs::remove_dir_all(path) } else { Ok(()) }
        } else if stamp::is_record(&path) || std::fs::metadata(&path).is_ok_and(|m| m.len() == 0) {
            // A record, or the empty file of one whose writing a kill cut off: nothing is lost.
            std::fs::remove_file(path)
        } else {
            Ok(())
        };
    }
}

/// Whether the folder at `path` is a build's: a staging folder (with its marker, or still empty:
/// a build killed before it wrote the marker), or an output that `record` vouches for.
fn ours(path: &Path, record: Option<&stamp::Record>) -> bool {
    let empty = std::fs::read_dir(path).is_ok_and(|mut entries| entries.next().is_none());
    empty || path.join(STAGING_MARKER).is_file() || record.is_some_and(|r| stamp::same_folder(path, r))
}

/// Whether process `pid` still runs (Linux: `/proc/PID`); elsewhere assume it does, so nothing
/// of another build is ever removed.
fn process_alive(pid: u32) -> bool {
    if cfg!(target_os = "linux") { Path::new("/proc").join(pid.to_string()).exists() } else { true }
}

/// Where [`write_tree`] writes.
#[derive(Clone, Copy)]
enum Threads {
    /// On the thread pool, the files spread over its threads.
    Parallel,
    /// On the calling thread only.
    Here,
}

fn write_tree(dir: &Path, files: &BTreeMap<String, Vec<u8>>, threads: Threads) -> Result<(), IoError> {
    let mut folders: Vec<PathBuf> = files.keys().filter_map(|p| dir.join(p).parent().map(Path::to_path_buf)).collect();
    folders.sort();
    folders.dedup();
    for folder in &folders {
        std::fs::create_dir_all(folder).map_err(|e| IoError::new("create", folder, e))?;
    }
    // Each file is new in a folder this build made.
    let write = |(path, bytes): (&String, &Vec<u8>)| shoko_files::write::create_new(&dir.join(path), bytes);
    match threads {
        Threads::Parallel => files.par_iter().try_for_each(write),
        Threads::Here => files.iter().try_for_each(write),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(files: &[(&str, &str)]) -> RenderPlan {
        RenderPlan {
            files: files.iter().map(|(p, b)| ((*p).to_owned(), b.as_bytes().to_vec())).collect(),
            streams: Vec::new(),
        }
    }

    /// A site root with an input folder, and the output `site/` beside its inputs.
    fn setup() -> (tempfile::TempDir, DiskOutput) {
        let tmp = tempfile::tempdir().expect("tmp");
        std::fs::create_dir_all(tmp.path().join("content")).expect("mkdir");
        let out = DiskOutput::new(tmp.path(), &tmp.path().join("site")).expect("allowed");
        (tmp, out)
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .expect("read")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn replace_swaps_whole_tree_and_drops_stale_files() {
        let (tmp, mut out) = setup();
        out.replace(&plan(&[(".nojekyll", ""), ("ja/index.html", "old"), ("stale.html", "x")])).unwrap();
        out.replace(&plan(&[(".nojekyll", ""), ("ja/index.html", "new")])).unwrap();
        assert_eq!(std::fs::read_to_string(tmp.path().join("site/ja/index.html")).unwrap(), "new");
        assert!(!tmp.path().join("site/stale.html").exists());
        assert_eq!(names(tmp.path()), [".site.stamp", "content", "site"], "no temporary folders left behind");
    }

    #[test]
    fn a_staging_dropped_without_commit_leaves_the_old_site_and_no_trace() {
        let (tmp, mut out) = setup();
        out.replace(&plan(&[(".nojekyll", ""), ("ja/index.html", "old")])).unwrap();
        let mut staging = out.begin(Mode::Replace).unwrap();
        staging.write(&plan(&[("ja/index.html", "half")]).files).unwrap();
        drop(staging);
        assert_eq!(std::fs::read_to_string(tmp.path().join("site/ja/index.html")).unwrap(), "old");
        assert_eq!(names(tmp.path()), [".site.stamp", "content", "site"]);
    }

    #[test]
    fn a_folder_on_disk_is_never_patched() {
        let (_tmp, mut out) = setup();
        assert!(out.begin(Mode::Patch).is_err());
        assert_eq!(out.version(), None);
        let mut memory = MemoryOutput::default();
        let before = memory.version();
        memory.replace(&plan(&[("a", "1")])).unwrap();
        assert!(memory.version().is_some() && memory.version() != before, "every commit is a new version");
    }

    #[test]
    fn a_version_read_early_is_the_folders_and_a_patch_after_another_build_is_refused() {
        let (tmp, mut out) = setup();
        out.replace(&plan(&[(".nojekyll", ""), ("ja/index.html", "one")])).unwrap();
        let mut early = DiskOutput::new(tmp.path(), &tmp.path().join("site")).expect("allowed");
        early.read_version_early();
        assert!(early.version().is_some() && early.version() == out.version(), "read early, the same version");
        // Another build replaces the folder after the check: the record is not the one checked.
        out.replace(&plan(&[(".nojekyll", ""), ("ja/index.html", "two")])).unwrap();
        assert!(early.begin(Mode::Patch).is_err(), "a patch of a folder that changed since its check");
        assert_eq!(std::fs::read_to_string(tmp.path().join("site/ja/index.html")).unwrap(), "two");
    }

    #[test]
    fn a_folder_the_build_did_not_write_is_never_replaced() {
        let (tmp, mut out) = setup();
        let docs = tmp.path().join("site");
        std::fs::create_dir_all(&docs).unwrap();
        std::fs::write(docs.join(".nojekyll"), "").unwrap();
        std::fs::write(docs.join("notes.md"), "keep").unwrap();
        let refused = out.replace(&plan(&[(".nojekyll", "")])).unwrap_err().to_string();
        assert!(refused.contains("not written by `shoko build`"), "{refused}");
        assert_eq!(std::fs::read_to_string(docs.join("notes.md")).unwrap(), "keep");
        // An empty folder is fine; so is one this build wrote, until something is added to it.
        std::fs::remove_file(docs.join("notes.md")).unwrap();
        std::fs::remove_file(docs.join(".nojekyll")).unwrap();
        out.replace(&plan(&[(".nojekyll", ""), ("en/index.html", "x")])).unwrap();
        out.replace(&plan(&[(".nojekyll", ""), ("en/index.html", "y")])).unwrap();
        std::fs::write(docs.join("en/notes.md"), "mine").unwrap();
        let refused = out.replace(&plan(&[(".nojekyll", "")])).unwrap_err().to_string();
        assert!(refused.contains("`en/notes.md`"), "{refused}");
        assert_eq!(std::fs::read_to_string(docs.join("en/notes.md")).unwrap(), "mine");
    }

    #[test]
    fn the_site_root_its_inputs_and_repositories_are_never_the_output() {
        let (tmp, _) = setup();
        let root = tmp.path();
        std::fs::create_dir_all(root.join("repo/.git")).unwrap();
        for (out, why) in [
            (root.to_path_buf(), "is the site root"),
            (root.join("."), "is the site root"),
            (root.join("content/.."), "is the site root"),
            (root.join(".."), "holds the site root"),
            (root.join("content"), "inside the site's input content"),
            (root.join("content/site"), "inside the site's input content"),
            (root.join("static/deep/site"), "inside the site's input static"),
            (root.join("repo"), "is a git repository"),
        ] {
            let refused = DiskOutput::new(root, &out).unwrap_err().to_string();
            assert!(refused.contains(why), "{}: {refused}", out.display());
        }
        assert!(!root.join("static").exists(), "refusing creates nothing");
    }

    #[test]
    fn leftovers_are_cleaned_up_only_when_they_are_a_builds_own() {
        let (tmp, mut out) = setup();
        let dead = 999_990; // a process that does not run
        let foreign = tmp.path().join(format!(".site.old-{dead}"));
        std::fs::create_dir_all(foreign.join("thesis")).unwrap();
        std::fs::write(foreign.join("thesis/main.tex"), "mine").unwrap();
        std::fs::write(tmp.path().join(format!(".site.stamp-new-{}", dead + 1)), "keep").unwrap();
        let staged = tmp.path().join(format!(".site.new-{}", dead + 2));
        std::fs::create_dir_all(&staged).unwrap();
        std::fs::write(staged.join(STAGING_MARKER), "").unwrap();
        std::fs::write(tmp.path().join(format!(".site.stamp-new-{}", dead + 3)), "shoko-stamp 4\n").unwrap();
        // Killed between creating the record and writing to it.
        std::fs::write(tmp.path().join(format!(".site.stamp-new-{}", dead + 4)), "").unwrap();
        out.replace(&plan(&[("index.html", "x")])).unwrap();
        assert_eq!(std::fs::read_to_string(foreign.join("thesis/main.tex")).unwrap(), "mine");
        assert!(tmp.path().join(format!(".site.stamp-new-{}", dead + 1)).is_file(), "not a record: kept");
        assert!(!staged.exists(), "a marked staging folder goes");
        assert!(!tmp.path().join(format!(".site.stamp-new-{}", dead + 3)).exists(), "a record being written goes");
        assert!(!tmp.path().join(format!(".site.stamp-new-{}", dead + 4)).exists(), "an empty one goes too");
        assert!(!tmp.path().join("site").join(STAGING_MARKER).exists(), "the marker is never published");
    }

    #[cfg(unix)]
    #[test]
    fn a_symlinked_output_folder_is_replaced_where_it_points() {
        let (tmp, _) = setup();
        let target = tmp.path().join("real");
        std::fs::create_dir_all(&target).unwrap();
        std::os::unix::fs::symlink(&target, tmp.path().join("site")).unwrap();
        let mut out = DiskOutput::new(tmp.path(), &tmp.path().join("site")).unwrap();
        out.replace(&plan(&[("index.html", "one")])).unwrap();
        out.replace(&plan(&[("index.html", "two")])).unwrap();
        assert!(std::fs::symlink_metadata(tmp.path().join("site")).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(tmp.path().join("site/index.html")).unwrap(), "two");
        assert_eq!(std::fs::read_to_string(target.join("index.html")).unwrap(), "two");
    }
}
