//! The site's shape as pages see it: the folder of every document in each language and the
//! folder tree of the pages (parents, children in their order). Both are worked out from the
//! documents' paths and the pages' weights alone, but over the whole site: at 10,000 pages per
//! language that took about 5 ms of a one-page edit's 12 ms under `serve`. So the caller keeps
//! them in a [`ShapeMemo`] between renders, and an edit that leaves the site's [`Structure`] as
//! it was reuses them.

use shoko_markdown::Lang;
use shoko_model::{DocId, SiteModel, Structure};
use shoko_vocab::page_address;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

/// The folders and the tree of one site structure.
#[derive(Debug)]
pub struct Shape {
    /// The structure these were worked out for.
    structure: Structure,
    /// The folder of every document in each language (`Lang::ALL` order), by `DocId`: links to
    /// pages are made many times per page.
    pub(crate) dirs: Vec<[String; 2]>,
    /// The folder hierarchy of the content pages.
    pub(crate) tree: Tree,
}

impl Shape {
    /// The shape of `site`, worked out anew.
    pub(crate) fn of(site: &SiteModel) -> Shape {
        let dirs = site
            .docs()
            .iter()
            .map(|doc| Lang::ALL.map(|lang| format!("{}/{}", lang.code(), page_address(&doc.path))))
            .collect();
        Shape { structure: site.structure(), dirs, tree: Tree::of(site) }
    }
}

/// The shape of the last site rendered, kept by the caller between renders like the search
/// memos: a render whose site has the same [`Structure`] takes it as it is.
#[derive(Debug, Default)]
pub struct ShapeMemo(Mutex<Option<Arc<Shape>>>);

impl ShapeMemo {
    /// The shape of `site`: the one kept, if it was worked out for the same structure, else a
    /// new one, which is kept instead.
    pub(crate) fn of(&self, site: &SiteModel) -> Arc<Shape> {
        let mut kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        match kept.as_ref() {
            Some(shape) if shape.structure == site.structure() => Arc::clone(shape),
            _ => {
                let shape = Arc::new(Shape::of(site));
                *kept = Some(Arc::clone(&shape));
                shape
            }
        }
    }
}

/// The folder hierarchy: each page's parent index page and each index page's children.
#[derive(Debug, Default)]
pub struct Tree {
    parent: BTreeMap<DocId, DocId>,
    children: BTreeMap<DocId, Vec<DocId>>,
}

impl Tree {
    /// Build the tree from the site's pages.
    pub fn of(site: &SiteModel) -> Self {
        let mut tree = Tree::default();
        for (path, &doc) in site.pages().iter() {
            // A folder without its own index page adds no level: its pages go to the nearest
            // index page above it (else nothing would list them or link to them).
            let mut parent = parent_index(path);
            while let Some(p) = parent.as_deref().filter(|p| !site.pages().contains_key(*p)) {
                parent = parent_index(p);
            }
            if let Some(parent) = parent.and_then(|p| site.pages().get(&p)) {
                tree.parent.insert(doc, *parent);
                tree.children.entry(*parent).or_default().push(doc);
            }
        }
        for children in tree.children.values_mut() {
            let key = |d: &DocId| {
                let doc = &site.doc(*d);
                (doc.page().map_or(0, |p| p.weight), doc.path.as_str())
            };
            children.sort_by(|a, b| key(a).cmp(&key(b)));
        }
        tree
    }

    /// The pages directly below the index page `doc`, in their order.
    pub fn children(&self, doc: DocId) -> &[DocId] {
        self.children.get(&doc).map_or(&[], Vec::as_slice)
    }

    /// The index page directly above `doc`.
    pub fn parent(&self, doc: DocId) -> Option<DocId> {
        self.parent.get(&doc).copied()
    }

    /// `doc` and the pages beside it under the same parent, in their order (empty at the top).
    pub fn siblings(&self, doc: DocId) -> &[DocId] {
        self.parent(doc).and_then(|p| self.children.get(&p)).map_or(&[], Vec::as_slice)
    }

    /// The pages before and after `doc` among its siblings.
    pub fn neighbours(&self, doc: DocId) -> (Option<DocId>, Option<DocId>) {
        let siblings = self.siblings(doc);
        let Some(at) = siblings.iter().position(|d| *d == doc) else { return (None, None) };
        (at.checked_sub(1).map(|i| siblings[i]), siblings.get(at + 1).copied())
    }

    /// The index pages above `doc`, home first.
    pub fn ancestors(&self, doc: DocId) -> Vec<DocId> {
        let mut chain = Vec::new();
        let mut at = doc;
        while let Some(&parent) = self.parent.get(&at) {
            if chain.contains(&parent) {
                break;
            }
            chain.push(parent);
            at = parent;
        }
        chain.reverse();
        chain
    }
}

/// `gpu/gfx900.md` → `gpu/index.md`; `gpu/index.md` → `index.md`; `index.md` → none.
fn parent_index(path: &str) -> Option<String> {
    let folder = path
        .strip_suffix(shoko_vocab::FOLDER_PAGE)
        .map_or_else(|| path.rsplit_once('/').map_or("", |(f, _)| f), |f| f.trim_end_matches('/'));
    if path == shoko_vocab::FOLDER_PAGE {
        return None;
    }
    let folder = if path.ends_with("/index.md") { folder.rsplit_once('/').map_or("", |(f, _)| f) } else { folder };
    Some(if folder.is_empty() {
        String::from(shoko_vocab::FOLDER_PAGE)
    } else {
        format!("{folder}/{}", shoko_vocab::FOLDER_PAGE)
    })
}

#[cfg(test)]
mod tests {
    use super::{ShapeMemo, parent_index};
    use std::sync::Arc;

    #[test]
    fn a_shape_is_kept_while_the_site_is_not_linked_again() {
        let (site, _) = shoko_model::link(Vec::new(), &Default::default());
        let memo = ShapeMemo::default();
        let first = memo.of(&site);
        assert!(
            Arc::ptr_eq(&first, &memo.of(&site.with_drift(Err(shoko_model::pairs::HistoryState::Off)))),
            "the same structure: kept"
        );
        let (relinked, _) = shoko_model::link(Vec::new(), &Default::default());
        let second = memo.of(&relinked);
        assert!(!Arc::ptr_eq(&first, &second), "linked again: worked out anew");
        assert!(Arc::ptr_eq(&second, &memo.of(&relinked)));
    }

    #[test]
    fn parents_follow_folders() {
        assert_eq!(parent_index("index.md"), None);
        assert_eq!(parent_index("about.md").as_deref(), Some("index.md"));
        assert_eq!(parent_index("gpu/index.md").as_deref(), Some("index.md"));
        assert_eq!(parent_index("gpu/gfx900.md").as_deref(), Some("gpu/index.md"));
        assert_eq!(parent_index("gpu/gfx900/index.md").as_deref(), Some("gpu/index.md"));
    }
}
