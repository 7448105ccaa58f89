//! A document's surface: everything about it that the link stage or another page reads — its
//! claims and questions, title and weight, the IDs it cites, the pages, anchors and images it
//! points at, its components, and the anchors other pages may link to. Two versions of a page
//! with the same surface link the same; only the page itself renders differently. `serve` uses
//! this to skip linking the whole site after a prose edit.

use crate::anchors::page_anchors;
use crate::link::SiteModel;
use crate::model::{DocKind, Document};
use shoko_markdown::Lang;
use std::fmt::Write as _;

/// The surface of `doc` (whose text is `text`) in `site`, or `None` for documents that are not
/// pages (logs and data files are all surface).
pub fn surface(doc: &Document, site: &SiteModel, text: &str) -> Option<String> {
    let DocKind::Page(page) = &doc.kind else { return None };
    let mut s = String::new();
    // Claims and questions sit in the front-matter, before the body: a prose edit does not move
    // their spans, so comparing them with their spans is exact for the case that matters.
    let _ = write!(s, "{:?}|{:?}|{:?}|", doc.claims, doc.questions, doc.unreadable_ids);
    let _ = write!(s, "{:?}|{}|", page.title, page.weight);
    for r in &page.citations {
        let _ = write!(s, "cite {}|", r.id);
    }
    for l in &page.page_links {
        let _ = write!(s, "link {} {:?} {:?}|", l.target, l.anchor, l.lang);
    }
    for (image, _) in &page.images {
        let _ = write!(s, "image {image}|");
    }
    for c in &page.components {
        let _ = write!(s, "component {} {}|", c.component.name(), c.args);
    }
    for lang in Lang::ALL {
        let _ = write!(s, "anchors {:?}|", page_anchors(doc, site, text, lang));
    }
    Some(s)
}
