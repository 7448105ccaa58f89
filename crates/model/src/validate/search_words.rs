//! The words a page's data components add to its text for search: a hub's cards (kind, title,
//! description, bullets) are found as the words of the section that places them.

use crate::model::Card;
use shoko_markdown::{Component, Lang, RenderContext, Resolved};

/// A render context for the plain-text walk ([`shoko_markdown::sections`]) that knows a page's
/// cards and resolves nothing else.
pub(super) struct SearchWords<'a> {
    /// The page's valid cards.
    pub(super) cards: &'a [Card],
}

impl RenderContext for SearchWords<'_> {
    fn resolve(&self, _: &str, _: Lang) -> Option<Resolved> {
        None
    }
    fn fallback_notice(&self, _: Lang) -> String {
        String::new()
    }
    fn label(&self, _: &str, _: Lang) -> String {
        String::new()
    }
    fn component(&self, _: Component, _: &str, _: Lang) -> String {
        String::new()
    }
    fn image(&self, _: &str, _: &str, _: Lang) -> Option<String> {
        None
    }
    fn component_text(&self, component: Component, args: &str, lang: Lang) -> Option<String> {
        if component != Component::Cards {
            return None;
        }
        let group = args.trim();
        let words: Vec<&str> = self
            .cards
            .iter()
            .filter(|c| group.is_empty() || c.group == group)
            .flat_map(|c| {
                let fixed = [c.kind.get(lang), c.title.get(lang), c.description.get(lang)];
                fixed.into_iter().chain(c.bullets.iter().map(|b| b.get(lang)))
            })
            .collect();
        Some(words.join(" "))
    }
}
