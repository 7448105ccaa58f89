//! Where a render plan goes: a folder on disk, replaced atomically, or memory (for `serve`).

use crate::IoError;
use rayon::prelude::*;
use shoko_render::RenderPlan;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A destination for the output: a new version is started with [`Output::begin`], filled in
/// pieces, and only [`Staging::commit`] makes it the output. A staging dropped without commit
/// leaves the previous output as it was.
pub trait Output {
    /// Start a new version of the output.
    fn begin(&mut self) -> Result<Box<dyn Staging + '_>, IoError>;

    /// Replace the whole output with `plan`; on failure the previous output stays as it was.
    fn replace(&mut self, plan: &RenderPlan) -> Result<(), IoError> {
        let mut staging = self.begin()?;
        staging.write(&plan.files)?;
        staging.commit()
    }
}

/// A new version of the output being written.
pub trait Staging: Send {
    /// Add files (output path → bytes).
    fn write(&mut self, files: &BTreeMap<String, Vec<u8>>) -> Result<(), IoError>;
    /// Make this version the output.
    fn commit(self: Box<Self>) -> Result<(), IoError>;
}

/// The built site in memory.
#[derive(Debug, Default)]
pub struct MemoryOutput {
    /// Output path → bytes.
    pub files: BTreeMap<String, Vec<u8>>,
}

struct MemoryStaging<'a> {
    target: &'a mut BTreeMap<String, Vec<u8>>,
    files: BTreeMap<String, Vec<u8>>,
}

impl Output for MemoryOutput {
    fn begin(&mut self) -> Result<Box<dyn Staging + '_>, IoError> {
        Ok(Box::new(MemoryStaging { target: &mut self.files, files: BTreeMap::new() }))
    }
}

impl Staging for MemoryStaging<'_> {
    fn write(&mut self, files: &BTreeMap<String, Vec<u8>>) -> Result<(), IoError> {
        self.files.extend(files.iter().map(|(p, b)| (p.clone(), b.clone())));
        Ok(())
    }

    fn commit(self: Box<Self>) -> Result<(), IoError> {
        let this = *self;
        *this.target = this.files;
        Ok(())
    }
}

/// A folder on disk. The new site is written into a sibling temporary folder, then swapped into
/// place (one atomic exchange on Linux, else two renames), so readers never see a half-written or
/// mixed site, and a build killed at any moment leaves the previous site whole.
#[derive(Debug)]
pub struct DiskOutput {
    /// The output folder, e.g. `site/`.
    pub dir: PathBuf,
}

struct DiskStaging {
    dir: PathBuf,
    staging: PathBuf,
    retired: PathBuf,
    committed: bool,
}

impl Output for DiskOutput {
    fn begin(&mut self) -> Result<Box<dyn Staging + '_>, IoError> {
        guard_existing(&self.dir)?;
        let parent = self.dir.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        std::fs::create_dir_all(parent).map_err(|e| IoError::new("create", parent, e))?;
        let name = self.dir.file_name().map_or_else(|| "site".into(), |n| n.to_string_lossy().into_owned());
        remove_stale(parent, &name);
        let staging = parent.join(format!(".{name}.new-{}", std::process::id()));
        let retired = parent.join(format!(".{name}.old-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&staging);
        std::fs::create_dir_all(&staging).map_err(|e| IoError::new("create", &staging, e))?;
        Ok(Box::new(DiskStaging { dir: self.dir.clone(), staging, retired, committed: false }))
    }
}

impl Staging for DiskStaging {
    fn write(&mut self, files: &BTreeMap<String, Vec<u8>>) -> Result<(), IoError> {
        write_tree(&self.staging, files)
    }

    fn commit(mut self: Box<Self>) -> Result<(), IoError> {
        self.committed = true;
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

impl Drop for DiskStaging {
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

/// Remove the temporary folders that builds killed mid-way left next to the output
/// (`.NAME.new-PID`, `.NAME.old-PID`), where that process no longer runs.
fn remove_stale(parent: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(parent) else { return };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let file = file.to_string_lossy();
        let pid = [".new-", ".old-", ".stamp-new-"]
            .iter()
            .find_map(|kind| file.strip_prefix(&format!(".{name}{kind}")))
            .and_then(|pid| pid.parse::<u32>().ok());
        if let Some(pid) = pid
            && pid != std::process::id()
            && !process_alive(pid)
        {
            let path = entry.path();
            let _ = if path.is_dir() { std::fs::remove_dir_all(path) } else { std::fs::remove_file(path) };
        }
    }
}

/// Whether process `pid` still runs (Linux: `/proc/PID`); elsewhere assume it does, so nothing
/// of another build is ever removed.
fn process_alive(pid: u32) -> bool {
    if cfg!(target_os = "linux") { Path::new("/proc").join(pid.to_string()).exists() } else { true }
}

/// Refuse to replace a folder that is not a previous build: an empty folder or one with the
/// `.nojekyll` marker every build writes.
fn guard_existing(dir: &Path) -> Result<(), IoError> {
    if !dir.exists() || dir.join(".nojekyll").is_file() {
        return Ok(());
    }
    let mut entries = std::fs::read_dir(dir).map_err(|e| IoError::new("read", dir, e))?;
    if entries.next().is_none() {
        return Ok(());
    }
    Err(IoError::new(
        "replace",
        dir,
        std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            "the folder exists and is not a previous build output (no .nojekyll); choose another --out or remove it",
        ),
    ))
}

fn write_tree(dir: &Path, files: &BTreeMap<String, Vec<u8>>) -> Result<(), IoError> {
    let mut folders: Vec<PathBuf> = files.keys().filter_map(|p| dir.join(p).parent().map(Path::to_path_buf)).collect();
    folders.sort();
    folders.dedup();
    for folder in &folders {
        std::fs::create_dir_all(folder).map_err(|e| IoError::new("create", folder, e))?;
    }
    files.par_iter().try_for_each(|(path, bytes)| {
        let target = dir.join(path);
        std::fs::write(&target, bytes).map_err(|e| IoError::new("write", target, e))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(files: &[(&str, &str)]) -> RenderPlan {
        RenderPlan { files: files.iter().map(|(p, b)| ((*p).to_owned(), b.as_bytes().to_vec())).collect() }
    }

    #[test]
    fn replace_swaps_whole_tree_and_drops_stale_files() {
        let tmp = tempfile::tempdir().unwrap();
        let mut out = DiskOutput { dir: tmp.path().join("site") };
        out.replace(&plan(&[(".nojekyll", ""), ("ja/index.html", "old"), ("stale.html", "x")])).unwrap();
        out.replace(&plan(&[(".nojekyll", ""), ("ja/index.html", "new")])).unwrap();
        assert_eq!(std::fs::read_to_string(tmp.path().join("site/ja/index.html")).unwrap(), "new");
        assert!(!tmp.path().join("site/stale.html").exists());
        let leftovers: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(leftovers, ["site"], "no temporary folders left behind");
    }

    #[test]
    fn a_staging_dropped_without_commit_leaves_the_old_site_and_no_trace() {
        let tmp = tempfile::tempdir().unwrap();
        let mut out = DiskOutput { dir: tmp.path().join("site") };
        out.replace(&plan(&[(".nojekyll", ""), ("ja/index.html", "old")])).unwrap();
        let mut staging = out.begin().unwrap();
        staging.write(&plan(&[("ja/index.html", "half")]).files).unwrap();
        drop(staging);
        assert_eq!(std::fs::read_to_string(tmp.path().join("site/ja/index.html")).unwrap(), "old");
        let leftovers: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(leftovers, ["site"]);
    }

    #[test]
    fn refuses_to_replace_a_foreign_folder() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("precious.txt"), "keep").unwrap();
        let mut out = DiskOutput { dir: tmp.path().to_path_buf() };
        assert!(out.replace(&plan(&[(".nojekyll", "")])).is_err());
        assert_eq!(std::fs::read_to_string(tmp.path().join("precious.txt")).unwrap(), "keep");
    }
}
