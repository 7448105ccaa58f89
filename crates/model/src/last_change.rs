//! When the files a page is made of last changed, as the site's git history says (the engine
//! reads it and sets it with `SiteModel::with_changes`; the site's side is `link/changes.rs`): a page shows the day of the last
//! commit that changed a file it is made of (`SiteModel::made_of`: its own, those declaring
//! what it shows, the data files), and no day at all when any of them changed since its last
//! commit, was never committed, or history was not read. Never a day nobody checked.

/// When a content file last changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum FileChange {
    /// On this day (UTC), by the last commit that changed it; the file is as it left it.
    Committed(jiff::civil::Date),
    /// Changed since its last commit.
    Uncommitted,
    /// Never committed.
    Untracked,
}
