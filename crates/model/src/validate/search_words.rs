//! The words a page's data components add to its text for search: a hub's cards (kind, title,
//! description, bullets) are found as the words of the section that places them.

use crate::model::Card;
use shoko_markdown::{Component, Lang};

/// The words of the components of a page with `cards` (its valid cards), for
/// [`shoko_markdown::sections`]: `::: cards GROUP` gives the group's cards' words (every card's
/// without a group), any other component none.
pub(super) fn card_words(cards: &[Card]) -> impl Fn(Component, &str, Lang) -> Option<String> + '_ {
    move |component, args, lang| {
        if component != Component::Cards {
            return None;
        }
        let group = args.trim();
        let words: Vec<&str> = cards
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
