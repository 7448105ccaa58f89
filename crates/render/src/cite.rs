//! "Cite this claim": a reference to a claim as shown on a page, in plain text and as BibTeX,
//! with the card's address (absolute under the site's public URL) and the date of the claim's
//! last change of class or lifecycle, so a citation says which state of the record it read.

use crate::context::Ctx;
use crate::view::CiteView;
use shoko_markdown::Lang;
use shoko_model::Claim;
use shoko_model::dates::iso_date;
use std::fmt::Write;

/// The citation of `claim`, cited wherever its card is shown as its card on the page to read
/// ([`Ctx::card_dir`]: a deck or a poster is not what a reader following the citation wants,
/// and one claim has one address).
pub fn cite(cx: &Ctx<'_>, claim: &Claim, lang: Lang) -> CiteView {
    let url = cx.address(&cx.card_dir(&claim.id, lang), Some(&shoko_vocab::claim_anchor(&claim.id)));
    let site = cx.t(lang, "site-title");
    // A claim no longer in force is cited as what it is now: superseded or retracted.
    let class =
        crate::cards::stale_label(cx, claim.lifecycle, lang).unwrap_or_else(|| cx.badge(claim.class, lang).label);
    // The last event that changed the class or lifecycle (a review or an editorial fix keeps both).
    let changed =
        claim.history.iter().rev().find(|e| e.from != Some(e.to) || e.lifecycle.is_some()).or(claim.history.first());
    let since = changed.map(|e| iso_date(e.date)).unwrap_or_default();
    let text = claim.text.get(lang);
    let since_label = cx.t(lang, "cite-since");
    // Written into strings made large enough at once: made for every card, the `format!`s'
    // estimate of their length was too small, and they grew their strings again and again.
    let mut plain = String::with_capacity(site.len() + text.len() + url.len() + 96);
    let _ = match lang {
        Lang::Ja => write!(plain, "{site}「{text}」（{}、{class}、{since_label} {since}）{url}", claim.id),
        Lang::En => write!(plain, "{site}. “{text}” ({}, {class}, {since_label} {since}). {url}", claim.id),
    };
    let year = changed.map(|e| e.date.year().to_string()).unwrap_or_default();
    let mut bibtex = String::with_capacity(2 * text.len() + site.len() + url.len() + 192);
    let _ = write!(
        bibtex,
        "@misc{{{key},\n  title = {{{title}}},\n  author = {{{{{author}}}}},\n  year = {{{year}}},\n  howpublished = {{\\url{{{url}}}}},\n  note = {{{note}}},\n  language = {{{language}}}\n}}",
        key = bibtex_key(&claim.id.0),
        title = bibtex_escape(text),
        author = bibtex_escape(&site),
        note = bibtex_escape(&format!("{}: {class}, {since_label} {since}", claim.id)),
        language = match lang {
            Lang::Ja => "japanese",
            Lang::En => "english",
        },
    );
    CiteView { text: plain, bibtex }
}

/// A BibTeX key from a claim ID: letters, digits and `-` kept, anything else `_`.
fn bibtex_key(id: &str) -> String {
    id.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect()
}

/// `text` with BibTeX's special characters escaped.
fn bibtex_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '%' | '&' | '#' | '_' | '$' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{bibtex_escape, bibtex_key};

    #[test]
    fn special_characters_are_escaped_and_keys_are_plain() {
        assert_eq!(
            bibtex_escape("mul_mat_vec_q {50%} & #1 $x\\y"),
            "mul\\_mat\\_vec\\_q \\{50\\%\\} \\& \\#1 \\$x\\textbackslash{}y"
        );
        assert_eq!(bibtex_key("gfx1201-q4k.dispatch"), "gfx1201-q4k_dispatch");
    }
}
