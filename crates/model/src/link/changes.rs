//! The site's side of [`crate::last_change`]: when each document last changed, the files a page
//! is made of, and the day it shows.

use super::SiteModel;
use crate::last_change::FileChange;
use crate::model::{ClaimId, DocId};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

impl SiteModel {
    /// When each document last changed, as history says (empty when history was not read).
    pub fn changes(&self) -> &BTreeMap<DocId, FileChange> {
        &self.changes
    }

    /// This site with `changes` as when its documents last changed.
    pub fn with_changes(&self, changes: BTreeMap<DocId, FileChange>) -> SiteModel {
        SiteModel { changes: Arc::new(changes), ..self.clone() }
    }

    /// The documents page `page` is made of as a reader sees it: its file; the files declaring
    /// the claims it shows (`shown`), and their premises, successors and the claims they
    /// supersede (their texts are shown as links); the files declaring the questions it shows
    /// (`questions`); and the data files (targets, glossary), which any page may show.
    pub fn made_of<'a>(
        &self,
        page: DocId,
        shown: impl IntoIterator<Item = &'a ClaimId>,
        questions: impl IntoIterator<Item = &'a ClaimId>,
    ) -> BTreeSet<DocId> {
        let mut docs = BTreeSet::from([page]);
        for id in shown {
            let Some(claim) = self.claim(id) else { continue };
            let linked = claim.depends_on.iter().chain(&claim.supersedes).chain(&claim.superseded_by).map(|r| &r.id);
            docs.extend(std::iter::once(id).chain(linked).filter_map(|id| self.claims().get(id)).map(|d| d.doc));
        }
        docs.extend(questions.into_iter().filter_map(|id| self.questions().get(id)).map(|d| d.doc));
        for name in [shoko_vocab::layout::TARGETS_FILE, shoko_vocab::layout::GLOSSARY_FILE] {
            let path = [shoko_vocab::layout::DATA_DIR, "/", name].concat();
            if let Ok(at) = self.docs.binary_search_by(|d| d.path.as_str().cmp(path.as_str())) {
                docs.insert(DocId(at));
            }
        }
        docs
    }

    /// The day the documents `made_of` (see [`SiteModel::made_of`]) last changed: the latest of
    /// their days, when history knows each of them as committed as it is; else `None`.
    pub fn last_change(&self, made_of: &BTreeSet<DocId>) -> Option<jiff::civil::Date> {
        let mut latest = None;
        for doc in made_of {
            let Some(FileChange::Committed(day)) = self.changes.get(doc) else { return None };
            latest = latest.max(Some(*day));
        }
        latest
    }
}
