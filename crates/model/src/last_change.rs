//! When the files a page is made of last changed, as the site's git history says (the engine
//! reads it and sets it with [`SiteModel::with_changes`]): a page shows the day of the last
//! commit that changed its own file or a file declaring a claim it shows, and no day at all
//! when any of them changed since its last commit, was never committed, or history was not
//! read. Never a day nobody checked.

use crate::link::SiteModel;
use crate::model::{ClaimId, DocId};
use std::collections::BTreeMap;
use std::sync::Arc;

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

impl SiteModel {
    /// When each document last changed, as history says (empty when history was not read).
    pub fn changes(&self) -> &BTreeMap<DocId, FileChange> {
        &self.changes
    }

    /// This site with `changes` as when its documents last changed.
    pub fn with_changes(&self, changes: BTreeMap<DocId, FileChange>) -> SiteModel {
        SiteModel { changes: Arc::new(changes), ..self.clone() }
    }

    /// The day page `page` last changed: the latest of the days its file and the files
    /// declaring the claims it shows (`shown`) last changed, when history knows each of them as
    /// committed; else `None`.
    pub fn last_change<'a>(
        &self,
        page: DocId,
        shown: impl IntoIterator<Item = &'a ClaimId>,
    ) -> Option<jiff::civil::Date> {
        let declaring = shown.into_iter().filter_map(|id| self.claims().get(id)).map(|d| d.doc);
        let mut latest = None;
        for doc in std::iter::once(page).chain(declaring) {
            let Some(FileChange::Committed(day)) = self.changes.get(&doc) else { return None };
            latest = latest.max(Some(*day));
        }
        latest
    }
}
