//! Content pages: both languages of one Markdown page are rendered together, so each heading can
//! be mapped to its counterpart for the language switcher and `hreflang` is only emitted for a
//! real translation.

use crate::cards::{claim_view, question_view};
use crate::context::Ctx;
use crate::urls::relative_href;
use crate::view::{CountView, PageView};
use shoko_markdown::{Lang, RenderContext, RenderedBody, Resolved, escape, render_html};
use shoko_model::anchors::{card_ids, reserved};
use shoko_model::schema::Class;
use shoko_model::validate::resolve_relative;
use shoko_model::{Claim, ClaimId, DocId, Document};
use std::collections::BTreeMap;

/// The folder hierarchy: each page's parent index page and each index page's children.
#[derive(Debug, Default)]
pub struct Tree {
    parent: BTreeMap<DocId, DocId>,
    children: BTreeMap<DocId, Vec<DocId>>,
}

impl Tree {
    /// Build the tree from the site's pages.
    pub fn new(cx: &Ctx<'_>) -> Self {
        let mut tree = Tree::default();
        for (path, &doc) in &cx.site.pages {
            if let Some(parent) = parent_index(path).and_then(|p| cx.site.pages.get(&p)) {
                tree.parent.insert(doc, *parent);
                tree.children.entry(*parent).or_default().push(doc);
            }
        }
        for children in tree.children.values_mut() {
            children.sort_by_key(|d| {
                let doc = &cx.site.docs[d.0];
                (doc.page().map_or(0, |p| p.weight), doc.path.clone())
            });
        }
        tree
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
        .strip_suffix("index.md")
        .map_or_else(|| path.rsplit_once('/').map_or("", |(f, _)| f), |f| f.trim_end_matches('/'));
    if path == "index.md" {
        return None;
    }
    let folder = if path.ends_with("/index.md") { folder.rsplit_once('/').map_or("", |(f, _)| f) } else { folder };
    Some(if folder.is_empty() { String::from("index.md") } else { format!("{folder}/index.md") })
}

/// Resolves links and labels inside one page's body.
struct PageCx<'a, 'b> {
    cx: &'a Ctx<'b>,
    doc: &'a Document,
    id: DocId,
    cards: &'a [&'a Claim],
}

impl RenderContext for PageCx<'_, '_> {
    fn resolve(&self, dest: &str, lang: Lang) -> Option<Resolved> {
        let here = self.cx.page_dir(self.id, lang);
        if let Some(id) = dest.strip_prefix("claim:") {
            let key = ClaimId(id.to_owned());
            if let Some(claim) = self.cards.iter().find(|c| c.id == key) {
                let badge = self.cx.badge(claim.class, lang);
                let after = format!(" <span class=\"badge badge-{}\">{}</span>", badge.class, escape(&badge.label));
                return Some(Resolved { href: format!("#claim-{id}"), after: Some(after) });
            }
            if self.doc.questions.iter().any(|q| q.id == key) {
                return Some(Resolved { href: format!("#q-{id}"), after: None });
            }
            let questions = crate::context::Ctx::site_page_dir(crate::context::SitePage::Questions, lang);
            return Some(Resolved { href: format!("{}#q-{id}", relative_href(&here, &questions)), after: None });
        }
        let (file, anchor) = dest.split_once('#').map_or((dest, None), |(f, a)| (f, Some(a)));
        if !file.ends_with(".md") || file.contains("://") {
            return None;
        }
        let target = *self.cx.site.pages.get(&resolve_relative(&self.doc.path, file)?)?;
        let mut href = relative_href(&here, &self.cx.page_dir(target, lang));
        if let Some(a) = anchor {
            href.push('#');
            href.push_str(a);
        }
        Some(Resolved { href, after: None })
    }

    fn fallback_notice(&self, lang: Lang) -> String {
        self.cx.t(lang, "fallback-notice")
    }

    fn callout_title(&self, class: &str, lang: Lang) -> String {
        self.cx.t(lang, &format!("class-{class}"))
    }
}

/// The claims a page shows as cards, in the model's order.
fn shown_claims<'a>(cx: &'a Ctx<'_>, doc: &Document) -> Vec<&'a Claim> {
    card_ids(doc).iter().filter_map(|id| cx.site.claim(id)).collect()
}

/// Both languages of one page: (output path, view) pairs, rendered by the caller's template.
pub fn page_views<'a>(cx: &'a Ctx<'a>, tree: &Tree, id: DocId) -> Vec<(String, PageView<'a>)> {
    let doc = &cx.site.docs[id.0];
    let Some(page) = doc.page() else { return Vec::new() };
    let cards = shown_claims(cx, doc);
    let text = &cx.sources.file(doc.file).text;
    let body_text = &text[page.body_start..];
    let pcx = PageCx { cx, doc, id, cards: &cards };
    let bodies: Vec<RenderedBody> = Lang::ALL
        .iter()
        .map(|&lang| {
            let mut anchors = reserved(doc, cx.site);
            render_html(&page.body.blocks, body_text, page.body_start, lang, &pcx, &mut anchors)
        })
        .collect();
    let translated = |i: usize, lang: Lang| bodies[i].fallbacks == 0 && !page.title.get(lang).1;
    Lang::ALL
        .iter()
        .enumerate()
        .map(|(i, &lang)| {
            let here = cx.page_dir(id, lang);
            let other = cx.page_dir(id, lang.other());
            let anchors = anchor_map(&bodies[i], &bodies[1 - i]);
            let breadcrumbs = tree.ancestors(id).into_iter().map(|a| cx.page_link(&here, a, lang)).collect();
            let title = page.title.get(lang).0.to_owned();
            let layout =
                cx.layout(lang, &here, &other, title, translated(1 - i, lang.other()), anchors, None, breadcrumbs);
            let view = PageView {
                layout,
                gain: page.gain.as_ref().map(|g| g.get(lang).0.to_owned()),
                body: bodies[i].html.clone(),
                summary: summary(cx, &cards, lang),
                claims: cards.iter().map(|c| claim_view(cx, c, &here, lang)).collect(),
                questions: doc.questions.iter().map(|q| question_view(cx, q, &here, lang, None)).collect(),
                does_not_claim: page.does_not_claim.iter().map(|d| d.get(lang).0.to_owned()).collect(),
                children: tree
                    .children
                    .get(&id)
                    .map_or_else(Vec::new, |c| c.iter().map(|d| cx.page_link(&here, *d, lang)).collect()),
            };
            (format!("{here}index.html"), view)
        })
        .collect()
}

/// Counts of each class among `claims` (every class listed, zeros included).
pub fn summary(cx: &Ctx<'_>, claims: &[&Claim], lang: Lang) -> Vec<CountView> {
    Class::ALL
        .iter()
        .map(|&class| CountView {
            badge: cx.badge(class, lang),
            count: claims.iter().filter(|c| c.class == class).count(),
        })
        .collect()
}

/// JSON object from this language's heading IDs to the other language's, by slot.
fn anchor_map(this: &RenderedBody, other: &RenderedBody) -> String {
    let map: BTreeMap<&str, &str> = this
        .headings
        .iter()
        .filter_map(|h| other.headings.iter().find(|o| o.slot == h.slot).map(|o| (h.id.as_str(), o.id.as_str())))
        .collect();
    serde_json::to_string(&map).unwrap_or_else(|_| String::from("{}"))
}

#[cfg(test)]
mod tests {
    use super::parent_index;

    #[test]
    fn parents_follow_folders() {
        assert_eq!(parent_index("index.md"), None);
        assert_eq!(parent_index("about.md").as_deref(), Some("index.md"));
        assert_eq!(parent_index("gpu/index.md").as_deref(), Some("index.md"));
        assert_eq!(parent_index("gpu/gfx900.md").as_deref(), Some("gpu/index.md"));
        assert_eq!(parent_index("gpu/gfx900/index.md").as_deref(), Some("gpu/index.md"));
    }
}
