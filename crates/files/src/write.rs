//! The one writer: every file the product writes outside a staging folder it has just made goes
//! through here (the stamp and the cache beside the output, a page patched in place, `pin`,
//! `new`, `init`), so none is ever written through a name that something else put there first.
//!
//! - A new file is created exclusively (`O_CREAT | O_EXCL`): a file or a link already at its name
//!   makes the write fail; it is never followed.
//! - A file replaced is written to a temporary file created exclusively beside it with a random
//!   name (`tempfile`), given the permissions of the file it replaces, and renamed over it: a
//!   reader sees the old text or the new, never half, and a link at the name is refused rather
//!   than written through (the rename would replace the link itself, not what it points at, but
//!   the caller asked to edit a file, not to turn a link into one).
//! - Folders are made one part at a time from a folder the caller trusts (the site root, the
//!   output's parent), and a link, FIFO or file on the way is refused.

use crate::IoError;
use std::io::Write;
use std::path::{Component, Path, PathBuf};

/// A temporary file made by [`beside`] or [`temporary_in`], put in place by [`commit`].
pub type Temporary = tempfile::NamedTempFile;

/// How many random characters a temporary file's name carries (with its fixed part, so a
/// clean-up can recognise it).
const RANDOM: usize = 8;

/// The folder `base/rel`, made where missing, one part at a time; a part that is a link, a file
/// or anything else but a folder is refused. `base` itself is taken as it is (a folder named on
/// the command line may be a link the user made).
pub fn folders(base: &Path, rel: &Path) -> Result<PathBuf, IoError> {
    let mut path = base.to_path_buf();
    for part in rel.components() {
        let Component::Normal(name) = part else {
            return Err(refused(&base.join(rel), "not a plain relative path"));
        };
        path.push(name);
        match std::fs::symlink_metadata(&path) {
            Ok(meta) if meta.is_dir() => {}
            Ok(meta) if meta.file_type().is_symlink() => return Err(refused(&path, "it is a symbolic link")),
            Ok(_) => return Err(refused(&path, "it is not a folder")),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => match std::fs::create_dir(&path) {
                Ok(()) => {}
                // Made by another build at the same moment: fine if it is a folder, not a link.
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    if !std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir()) {
                        return Err(refused(&path, "it appeared while it was being made, and not as a folder"));
                    }
                }
                Err(e) => return Err(IoError::new("create", &path, e)),
            },
            Err(e) => return Err(IoError::new("create", &path, e)),
        }
    }
    Ok(path)
}

/// Write `bytes` to a new file at `path`; a file, link or anything else already there is never
/// replaced or followed (the write fails with `AlreadyExists`).
pub fn create_new(path: &Path, bytes: &[u8]) -> Result<(), IoError> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    let mut file = options.open(path).map_err(|e| IoError::new("create", path, e))?;
    file.write_all(bytes).map_err(|e| IoError::new("write", path, e))
}

/// Put `bytes` at `path` through a temporary file beside it (see the module): created when
/// nothing is there, else replacing a regular file, with its permissions. `tag` names the
/// writer in the temporary file's name (`.NAME.TAG-PID.RANDOM`), so what a killed run leaves is
/// recognisable.
pub fn replace(path: &Path, bytes: &[u8], tag: &str) -> Result<(), IoError> {
    let mut temporary = beside(path, tag)?;
    temporary.write_all(bytes).map_err(|e| IoError::new("write", temporary.path(), e))?;
    commit(temporary, path)
}

/// A temporary file to stream into, beside `path` (see [`replace`]); put in place with
/// [`commit`]. Dropped without that, it is removed.
pub fn beside(path: &Path, tag: &str) -> Result<Temporary, IoError> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    temporary_in(folder, &format!(".{name}.{tag}-{}.", std::process::id()))
}

/// A temporary file created exclusively in `folder`, its name `prefix` and random characters,
/// with the permissions a new file gets (`0o666` less the umask, not `tempfile`'s `0o600`).
pub fn temporary_in(folder: &Path, prefix: &str) -> Result<Temporary, IoError> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(prefix).rand_bytes(RANDOM);
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    builder.tempfile_in(folder).map_err(|e| IoError::new("create a temporary file in", folder, e))
}

/// Put the temporary file `temporary` at `path`: refused when `path` is a link or not a regular
/// file; a regular file there gives its permissions and is replaced in one rename.
pub fn commit(temporary: Temporary, path: &Path) -> Result<(), IoError> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => return Err(refused(path, "it is a symbolic link")),
        Ok(meta) if !meta.is_file() => return Err(refused(path, "it is not a regular file")),
        Ok(meta) => {
            temporary
                .as_file()
                .set_permissions(meta.permissions())
                .map_err(|e| IoError::new("set the permissions of", temporary.path(), e))?;
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(IoError::new("write", path, e)),
    }
    temporary.as_file().sync_data().map_err(|e| IoError::new("write", temporary.path(), e))?;
    temporary.persist(path).map(drop).map_err(|e| IoError::new("replace", path, e.error))
}

/// Replace the file `base/rel` with what `edit` makes of its bytes as they are now: read again
/// through the one reader (no link at it or on the way from `base`, no FIFO, at most `limit`
/// bytes), handed to `edit`, which refuses (with why) when they are not the bytes it expects,
/// and the new bytes put in place as [`replace`] does, once the file is seen unchanged again
/// just before the rename. So an edit saved in an editor meanwhile is never overwritten.
pub fn edit_in_place(
    base: &Path,
    rel: &Path,
    limit: u64,
    tag: &str,
    edit: impl FnOnce(&[u8]) -> Result<Vec<u8>, String>,
) -> Result<(), String> {
    let path = base.join(rel);
    let read = || -> Result<Vec<u8>, String> {
        match crate::read::entry(base, rel).map_err(|e| e.to_string())? {
            crate::read::Entry::File(_) => {}
            _ => return Err(format!("{} is not a regular file of the site (a link?)", path.display())),
        }
        match crate::read::bytes(&path, limit).map_err(|e| e.to_string())? {
            crate::read::Bytes::Read(bytes) => Ok(bytes),
            _ => Err(format!("{} is not a regular file within the size limit", path.display())),
        }
    };
    let before = read()?;
    let after = edit(&before)?;
    let mut temporary = beside(&path, tag).map_err(|e| e.to_string())?;
    temporary.write_all(&after).map_err(|e| IoError::new("write", temporary.path(), e).to_string())?;
    if read()? != before {
        return Err(format!("{} changed while it was being edited", path.display()));
    }
    commit(temporary, &path).map_err(|e| e.to_string())
}

/// Whether `name` is a temporary file [`beside`] made for a writer tagged `tag`, and the
/// process that made it.
pub fn temporary_pid(name: &str, tag: &str) -> Option<u32> {
    let (_, rest) = name.rsplit_once(&format!(".{tag}-"))?;
    let (pid, random) = rest.split_once('.')?;
    (random.len() == RANDOM).then_some(())?;
    pid.parse().ok()
}

fn refused(path: &Path, why: &str) -> IoError {
    IoError::new("write", path, std::io::Error::other(format!("refused: {why}, and nothing is written through one")))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::{PermissionsExt, symlink};

    #[test]
    fn a_link_at_any_name_is_refused_and_what_it_points_at_is_untouched() {
        let tmp = tempfile::tempdir().expect("tmp");
        let outside = tempfile::tempdir().expect("tmp");
        let victim = outside.path().join("victim");
        std::fs::write(&victim, "precious").expect("write");
        symlink(&victim, tmp.path().join("log.yaml")).expect("link");
        assert!(replace(&tmp.path().join("log.yaml"), b"evil", "t").is_err());
        assert!(create_new(&tmp.path().join("log.yaml"), b"evil").is_err());
        symlink(outside.path(), tmp.path().join("folder")).expect("link");
        assert!(folders(tmp.path(), Path::new("folder/deeper")).is_err());
        assert_eq!(std::fs::read_to_string(&victim).expect("read"), "precious");
        assert!(!outside.path().join("deeper").exists());
        assert_eq!(std::fs::read_dir(tmp.path()).expect("list").count(), 2, "no temporary file left");
    }

    #[test]
    fn a_replaced_file_keeps_its_permissions_and_a_new_one_gets_the_usual_ones() {
        let tmp = tempfile::tempdir().expect("tmp");
        let path = tmp.path().join("run.sh");
        std::fs::write(&path, "old").expect("write");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o750)).expect("chmod");
        replace(&path, b"new", "t").expect("replace");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "new");
        assert_eq!(std::fs::metadata(&path).expect("meta").permissions().mode() & 0o777, 0o750);
        let fresh = tmp.path().join("fresh");
        replace(&fresh, b"x", "t").expect("create");
        let mode = std::fs::metadata(&fresh).expect("meta").permissions().mode() & 0o777;
        assert_ne!(mode, 0o600, "not tempfile's private mode");
        assert_eq!(mode & 0o600, 0o600);
    }

    #[test]
    fn an_edit_in_place_sees_the_file_as_it_is_now_and_may_refuse_it() {
        let tmp = tempfile::tempdir().expect("tmp");
        std::fs::write(tmp.path().join("log.yaml"), "saved by the editor").expect("write");
        let expecting = |text: &'static str| {
            move |now: &[u8]| if now == text.as_bytes() { Ok(b"pinned".to_vec()) } else { Err("changed".to_owned()) }
        };
        let rel = Path::new("log.yaml");
        assert_eq!(edit_in_place(tmp.path(), rel, 1 << 20, "t", expecting("as validated")), Err("changed".to_owned()));
        assert_eq!(std::fs::read_to_string(tmp.path().join("log.yaml")).expect("read"), "saved by the editor");
        assert_eq!(edit_in_place(tmp.path(), rel, 1 << 20, "t", expecting("saved by the editor")), Ok(()));
        assert_eq!(std::fs::read_to_string(tmp.path().join("log.yaml")).expect("read"), "pinned");
        let outside = tempfile::tempdir().expect("tmp");
        std::fs::write(outside.path().join("bashrc"), "mine").expect("write");
        symlink(outside.path().join("bashrc"), tmp.path().join("linked.yaml")).expect("link");
        let any = |_: &[u8]| Ok(b"evil".to_vec());
        assert!(edit_in_place(tmp.path(), Path::new("linked.yaml"), 1 << 20, "t", any).is_err());
        assert_eq!(std::fs::read_to_string(outside.path().join("bashrc")).expect("read"), "mine");
        assert_eq!(std::fs::read_dir(tmp.path()).expect("list").count(), 2, "no temporary file left");
    }

    #[test]
    fn temporary_names_are_recognised_by_tag_and_process() {
        let tmp = tempfile::tempdir().expect("tmp");
        let file = beside(&tmp.path().join("site.stamp"), "stamp-new").expect("temporary");
        let name = file.path().file_name().expect("name").to_string_lossy().into_owned();
        assert_eq!(temporary_pid(&name, "stamp-new"), Some(std::process::id()), "{name}");
        assert_eq!(temporary_pid(&name, "pin"), None);
        assert_eq!(temporary_pid(".site.stamp-new-12", "stamp-new"), None);
    }
}
