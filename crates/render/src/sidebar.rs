//! The section tree beside every page (a menu on a phone): the pages under the home page, with
//! the branch that leads to the current page opened, level by level, down to the current page's
//! own children. A level longer than [`WINDOW`] shows the entries around the branch and a link
//! to the page that lists them all, so a page's tree grows with the depth of the site, not with
//! its size.

use crate::context::Ctx;
use crate::shape::Tree;
use crate::view::SideEntryView;
use shoko_markdown::Lang;
use shoko_model::DocId;
use shoko_model::anchors::CHILDREN_ID;

/// The most pages one level of the tree shows.
pub const WINDOW: usize = 12;

/// The tree as seen from the folder `here`, opened along the branch to `current` (a content
/// page), or only its first level (a generated page: `None`). Entries come in reading order;
/// an entry that `opens` is followed by its children, and `closes` counts the levels that end
/// after it.
pub fn sidebar(cx: &Ctx<'_>, tree: &Tree, here: &str, current: Option<DocId>, lang: Lang) -> Vec<SideEntryView> {
    let Some(&home) = cx.site.pages().get(shoko_vocab::FOLDER_PAGE) else { return Vec::new() };
    let mut branch = current.map(|d| tree.ancestors(d)).unwrap_or_default();
    branch.extend(current);
    if branch.first() != Some(&home) {
        branch = vec![home];
    }
    let mut entries = Vec::new();
    level(cx, tree, here, lang, &branch, 0, &mut entries);
    entries
}

/// The children of `branch[at]`, the one on the branch opened; appended to `out`.
fn level(cx: &Ctx<'_>, tree: &Tree, here: &str, lang: Lang, branch: &[DocId], at: usize, out: &mut Vec<SideEntryView>) {
    let parent = branch[at];
    let children = tree.children(parent);
    if children.is_empty() {
        return;
    }
    let next = branch.get(at + 1).copied();
    let focus = next.and_then(|n| children.iter().position(|c| *c == n)).unwrap_or(0);
    let start = focus.saturating_sub(WINDOW / 2).min(children.len().saturating_sub(WINDOW));
    let shown = &children[start..children.len().min(start + WINDOW)];
    let depth = at + 1;
    for &child in shown {
        let link = cx.page_link(here, child, lang);
        let on_branch = Some(child) == next;
        out.push(SideEntryView {
            href: link.href,
            label: link.label,
            depth,
            current: on_branch && at + 2 == branch.len(),
            open: on_branch,
            more: None,
            opens: false,
            closes: 0,
        });
        if on_branch {
            let before = out.len();
            level(cx, tree, here, lang, branch, at + 1, out);
            if out.len() > before {
                out[before - 1].opens = true;
                if let Some(last) = out.last_mut() {
                    last.closes += 1;
                }
            }
        }
    }
    let hidden = children.len() - shown.len();
    if hidden > 0 {
        let href = crate::urls::href(here, crate::urls::Target::Element(cx.page_dir(parent, lang), CHILDREN_ID));
        let label = cx.t(lang, "sidebar-more");
        out.push(SideEntryView {
            href,
            label,
            depth,
            current: false,
            open: false,
            more: Some(hidden),
            opens: false,
            closes: 0,
        });
    }
}
