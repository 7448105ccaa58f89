//! Where Japanese lines may break. Japanese has no spaces, so a browser breaks between any two
//! characters: a heading splits inside a word (「確かめ|たか」) and a `。` can start a line after
//! an inline badge. Two remedies, both worked out at build time so every browser gets them:
//!
//! - [`phrases`]: the phrase boundaries BudouX's model finds (the `budoux` crate), marked with
//!   `<wbr>`, for text the stylesheet sets to `word-break: keep-all` (headings, labels); a phrase
//!   longer than the line still wraps (`overflow-wrap: anywhere`).
//! - [`keep_with_badge`]: the punctuation that closes a clause after an inline evidence badge is
//!   kept on the badge's line (a `nowrap` span around the two).

use pulldown_cmark::{CowStr, Event};

/// Characters that must not start a line: closing punctuation of Japanese and English.
const CLOSING: &[char] = &[
    '。', '、', '，', '．', '・', '：', '；', '？', '！', '）', '」', '』', '】', '〕', '〉', '》', '”', '’', '.', ',',
    ';', ':', '?', '!', ')', ']',
];

/// The class of the span that keeps a badge and the punctuation after it on one line.
pub const KEEP_CLASS: &str = "keep";

/// Whether `text` holds Japanese (kana or kanji), which is what phrase breaks are for.
fn japanese(text: &str) -> bool {
    text.chars().any(|c| matches!(c, '\u{3040}'..='\u{30ff}' | '\u{3400}'..='\u{9fff}' | '\u{f900}'..='\u{faff}'))
}

/// The most texts [`phrases`] remembers on one thread before it forgets them all.
const REMEMBERED: usize = 4096;

thread_local! {
    /// What [`phrases`] made of each text lately: a site's navigation and sidebar labels come
    /// again on every page, and BudouX's model (a hash map per feature) took a quarter of a cold
    /// build's processor time at 10,000 pages when it read them each time.
    static MADE: std::cell::RefCell<std::collections::HashMap<String, String>> = Default::default();
}

/// `text` as HTML (escaped) with `<wbr>` between its phrases when it holds Japanese.
pub fn phrases(text: &str) -> String {
    if !japanese(text) {
        return crate::escape(text);
    }
    if let Some(made) = MADE.with_borrow(|made| made.get(text).cloned()) {
        return made;
    }
    let out = phrases_of(text);
    MADE.with_borrow_mut(|made| {
        if made.len() >= REMEMBERED {
            made.clear();
        }
        made.insert(text.to_owned(), out.clone());
    });
    out
}

/// [`phrases`] of a text that holds Japanese, worked out.
fn phrases_of(text: &str) -> String {
    let chunks = budoux::parse(budoux::models::default_japanese_model(), text);
    let mut out = String::with_capacity(text.len() + chunks.len() * 5);
    for (i, chunk) in chunks.iter().enumerate() {
        // A space already allows a break.
        let after_space = i > 0 && chunks[i - 1].ends_with(char::is_whitespace);
        if i > 0 && !after_space && !chunk.starts_with(char::is_whitespace) {
            out.push_str("<wbr>");
        }
        out.push_str(&crate::escape(chunk));
    }
    out
}

/// The Markdown text events of a heading (`events`) as HTML with phrase breaks (see
/// [`phrases`]); other events (code, links) as they are.
pub(crate) fn phrase_heading(events: &mut [Event<'_>]) {
    for event in events {
        if let Event::Text(text) = event
            && japanese(text)
        {
            *event = Event::InlineHtml(CowStr::from(phrases(text)));
        }
    }
}

/// `events` with each badge (the indexes in `badges`, inline HTML) that text starting with
/// closing punctuation follows wrapped with that punctuation in a span that does not break.
pub(crate) fn keep_with_badge<'a>(events: Vec<Event<'a>>, badges: &[usize]) -> Vec<Event<'a>> {
    if badges.is_empty() {
        return events;
    }
    let mut out = Vec::with_capacity(events.len() + badges.len() * 2);
    let mut events = events.into_iter().enumerate().peekable();
    while let Some((i, event)) = events.next() {
        let punctuation = match events.peek() {
            Some((_, Event::Text(next))) if badges.contains(&i) => {
                let end = next.char_indices().find(|(_, c)| !CLOSING.contains(c)).map_or(next.len(), |(at, _)| at);
                (end > 0).then_some(end)
            }
            _ => None,
        };
        let Some(end) = punctuation else {
            out.push(event);
            continue;
        };
        let Some((_, Event::Text(next))) = events.next() else { unreachable!("peeked a text") };
        out.push(Event::InlineHtml(CowStr::from(format!("<span class=\"{KEEP_CLASS}\">"))));
        out.push(event);
        out.push(Event::Text(CowStr::from(next[..end].to_owned())));
        out.push(Event::InlineHtml(CowStr::Borrowed("</span>")));
        if end < next.len() {
            out.push(Event::Text(CowStr::from(next[end..].to_owned())));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn japanese_breaks_between_phrases_and_latin_text_is_only_escaped() {
        let html = phrases("確かめたかったこと");
        assert!(html.contains("<wbr>"), "{html}");
        assert_eq!(html.replace("<wbr>", ""), "確かめたかったこと");
        // A break never falls inside 確かめた.
        assert!(!html.contains("確かめ<wbr>た"), "{html}");
        assert_eq!(phrases("Tom & <Jerry>"), "Tom &amp; &lt;Jerry&gt;");
        assert!(phrases("ROCm の <観測>").contains("&lt;観測&gt;"));
    }

    #[test]
    fn closing_punctuation_stays_on_the_badge_s_line() {
        let badge = Event::InlineHtml(CowStr::Borrowed("<span class=\"badge\">B</span>"));
        let events = vec![Event::Text("a".into()), badge.clone(), Event::Text("。次".into())];
        let kept = keep_with_badge(events, &[1]);
        let mut html = String::new();
        pulldown_cmark::html::push_html(&mut html, kept.into_iter());
        assert_eq!(html, "a<span class=\"keep\"><span class=\"badge\">B</span>。</span>次");
        // Text that does not start with punctuation, and a badge not listed, are left alone.
        let events = vec![badge.clone(), Event::Text("次。".into())];
        assert_eq!(keep_with_badge(events.clone(), &[0]), events);
        assert_eq!(keep_with_badge(vec![badge.clone(), Event::Text("、".into())], &[]).len(), 2);
    }
}
