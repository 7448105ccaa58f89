//! When something written in a content file arrived: walking the first-parent chain back from
//! `HEAD`, how long each version of the file has held it without a break. Two events dated the
//! same day (a claim's review and a premise's downgrade) are ordered by the commits that brought
//! them, so a review made after the downgrade clears the flag it answers.

use crate::Unavailable;
use crate::walk::{blob_within, content_in_repo, unreadable};
use gix::ObjectId;
use std::path::Path;

/// Where a text arrived, the newest first when sorted: not committed yet, or held by every
/// version from the commit this many steps back from `HEAD` (0: `HEAD` itself) up to `HEAD`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Arrival {
    /// The committed version does not hold it: it is an edit of the working tree, newer than
    /// every commit.
    Uncommitted,
    /// Held since the commit this many first parents back from `HEAD`.
    CommitsBack(usize),
}

/// Where what `holds` looks for arrived in the file at `path` (relative to `content/`) of the
/// site at `root`: each version is read (no larger than `limit` bytes) where the file's blob
/// changed along the first-parent chain, until one does not hold it. Why not, when a version
/// cannot be read or the history is not there to read (a shallow clone cannot tell).
pub fn arrival(
    root: &Path,
    path: &str,
    limit: u64,
    holds: &mut dyn FnMut(&[u8]) -> bool,
) -> Result<Arrival, Unavailable> {
    let repo = gix::discover(root).map_err(|_| Unavailable::NoRepository)?;
    if repo.is_shallow().map_err(unreadable)? {
        return Err(Unavailable::Shallow);
    }
    let workdir = repo.workdir().ok_or(Unavailable::NoRepository)?;
    let file = content_in_repo(root, workdir)?.join(path);
    let Ok(head) = repo.head_id() else { return Ok(Arrival::Uncommitted) };
    let mut next = Some(head.detach());
    let (mut arrival, mut last): (Arrival, Option<(ObjectId, bool)>) = (Arrival::Uncommitted, None);
    let mut back = 0;
    while let Some(id) = next {
        let commit = crate::walk::find_commit(&repo, id, limit)?;
        let tree = commit.tree().map_err(unreadable)?;
        let Some(entry) = tree.lookup_entry_by_path(&file).map_err(unreadable)? else { break };
        let blob = entry.object_id();
        let held = match last {
            Some((same, held)) if same == blob => held,
            _ => match blob_within(&repo, blob, limit)? {
                Ok(bytes) => holds(&bytes),
                Err(why) => return Err(Unavailable::Unreadable(why)),
            },
        };
        if !held {
            break;
        }
        last = Some((blob, held));
        arrival = Arrival::CommitsBack(back);
        next = commit.parent_ids().next().map(|p| p.detach());
        back += 1;
    }
    Ok(arrival)
}
