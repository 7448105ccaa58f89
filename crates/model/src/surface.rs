//! A document's surface: everything about it that the link stage or another page reads — its
//! claims and questions, title and weight, the IDs it cites, the pages, anchors, images, media
//! and other files it points at, its callouts, its components, and the anchors other pages may
//! link to. Two versions of a page with the same surface link the same; only the page itself
//! renders differently. The engine uses this to skip linking the whole site after a prose edit,
//! and after a heading edit when no link between pages is broken (see
//! [`SurfaceHash::anchors_only`]). What the page points at is compared without where it is
//! written: a page the link stage found fault with is linked again whatever its surface (the
//! engine's `revalidate`). A surface is made from the validated document alone (its anchors
//! from the sections the page kept), so the surface before an edit is known also for a page
//! whose old text was never read.

use crate::anchors::kept_anchors;
use crate::link::SiteModel;
use crate::model::{Claim, ClaimId, DocKind, Document, LocalizedText, Question};
use crate::schema::Class;
use shoko_markdown::{Component, Lang};
use std::collections::BTreeSet;

/// The surface of a page (see the module documentation), compared by value.
#[derive(Debug, PartialEq)]
pub struct Surface<'a> {
    /// All but the anchors.
    linked: Linked<'a>,
    /// The anchors other pages may link to, per language.
    anchors: Vec<BTreeSet<String>>,
}

/// What of a surface the link stage reads besides the anchors: a page whose anchors alone
/// changed links the same but for the links to it (see [`SurfaceHash::anchors_only`]).
#[derive(Debug, PartialEq, serde::Serialize)]
struct Linked<'a> {
    // Claims and questions sit in the front-matter, before the body: a prose edit does not move
    // their spans, so comparing them with their spans is exact for the case that matters.
    claims: &'a [Claim],
    questions: &'a [Question],
    /// A draft may not be linked to from a published page (`ref/draft`).
    draft: bool,
    unreadable: &'a [ClaimId],
    title: &'a LocalizedText,
    weight: i64,
    citations: Vec<&'a ClaimId>,
    links: Vec<(&'a str, Option<&'a str>, Option<Lang>)>,
    images: Vec<&'a str>,
    media: Vec<&'a str>,
    /// Other files linked to: path and the link as written.
    files: Vec<(&'a str, &'a str)>,
    /// Callouts of an evidence class: the class and the claims cited inside.
    callouts: Vec<(Class, &'a [ClaimId])>,
    components: Vec<(Component, &'a str)>,
}

/// A surface's hash in two parts: its anchors, and all the rest. Stable within one build of
/// the binary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SurfaceHash {
    linked: blake3::Hash,
    anchors: blake3::Hash,
}

impl SurfaceHash {
    /// Whether `self` and `other` differ in their anchors alone (a heading renamed, added or
    /// removed): the site links the same then, but for the links into the page's anchors.
    pub fn anchors_only(&self, other: &SurfaceHash) -> bool {
        self.linked == other.linked && self.anchors != other.anchors
    }
}

impl Surface<'_> {
    /// The surface's hash (see [`SurfaceHash`]).
    pub fn hash(&self) -> SurfaceHash {
        SurfaceHash { linked: hash_of(&self.linked), anchors: hash_of(&self.anchors) }
    }
}

/// A hash of plain data. Serializing into a hasher cannot fail; if it ever did, the hash would
/// differ from every other and the site would be linked again: safe.
fn hash_of(value: &impl serde::Serialize) -> blake3::Hash {
    let mut hasher = blake3::Hasher::new();
    let _ = rmp_serde::encode::write(&mut HashWriter(&mut hasher), value);
    hasher.finalize()
}

/// Feeds what is written into a hasher.
struct HashWriter<'a>(&'a mut blake3::Hasher);

impl std::io::Write for HashWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.update(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The surface of `doc` in `site`, or `None` for documents that are not pages (logs and data
/// files are all surface).
pub fn surface<'a>(doc: &'a Document, site: &SiteModel) -> Option<Surface<'a>> {
    let DocKind::Page(page) = &doc.kind else { return None };
    let linked = Linked {
        claims: &doc.claims,
        questions: &doc.questions,
        draft: doc.draft,
        unreadable: &doc.unreadable_ids,
        title: &page.title,
        weight: page.weight,
        citations: page.citations.iter().map(|r| &r.id).collect(),
        links: page.page_links.iter().map(|l| (l.target.as_str(), l.anchor.as_deref(), l.lang)).collect(),
        images: page.images.iter().map(|(image, _)| image.as_str()).collect(),
        media: page.media.iter().map(|(file, _)| file.as_str()).collect(),
        files: page.files.iter().map(|(file, written, _)| (file.as_str(), written.as_str())).collect(),
        callouts: page.callouts.iter().map(|c| (c.class, c.cites.as_slice())).collect(),
        components: page.components.iter().map(|c| (c.component, c.args.as_str())).collect(),
    };
    Some(Surface { linked, anchors: Lang::ALL.iter().map(|lang| kept_anchors(doc, site, *lang)).collect() })
}
