//! Atom feeds of the change log, written with `atom_syndication`: one per language of every
//! change of a claim's class or lifecycle, and one per language and GPU target of the changes of
//! the claims scoped to it. Feeds need absolute addresses, so they are written only when the
//! site's public URL is known. An entry's ID is made from the claim, what the event records
//! (date, classes, lifecycle) and the language, so it never changes and readers do not see an
//! entry twice; each links the claim's card.

use crate::context::{Ctx, EventAt, SitePage};
use crate::urls::encode_path;
use atom_syndication::{
    CategoryBuilder, EntryBuilder, FeedBuilder, FixedDateTime, GeneratorBuilder, LinkBuilder, PersonBuilder, Text,
};
use shoko_markdown::Lang;
use shoko_model::dates::iso_date;
use shoko_model::{ChangeKind, Claim, Event};
use shoko_vocab::claim_anchor;
use std::str::FromStr;

/// The newest changes a feed holds.
pub const FEED_ENTRIES: usize = 100;

/// The file of `lang`'s feed, of every change or of those of claims scoped to `target`, from the
/// site root (`en/changes/feed.xml`, `en/changes/feed-gfx1201.xml`).
pub fn feed_path(lang: Lang, target: Option<&str>) -> String {
    let dir = Ctx::site_page_dir(SitePage::Changes, lang);
    match target {
        None => format!("{dir}feed.xml"),
        Some(gfx) => format!("{dir}feed-{}.xml", encode_path(gfx)),
    }
}

/// Every feed as (path from the site root, bytes); none without the site's public URL.
pub fn feeds(cx: &Ctx<'_>) -> Vec<(String, Vec<u8>)> {
    if cx.base_url.is_none() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for lang in Lang::ALL {
        out.push((feed_path(lang, None), feed(cx, lang, None)));
        for target in cx.site.targets() {
            out.push((feed_path(lang, Some(&target.gfx)), feed(cx, lang, Some(&target.gfx))));
        }
    }
    out
}

/// A stable URN for `parts` on this site: a name-based UUID from their hash and what names the
/// site's feeds (`feed_id`, else its public URL: feeds are written only with one), so that two
/// sites' feeds never share an ID (RFC 4287 asks for universally unique ones; claim IDs alone are
/// only unique on one site) and, with a `feed_id`, moving the site changes none.
fn urn(cx: &Ctx<'_>, parts: &[&str]) -> String {
    let site = cx.feed_id.as_deref().or(cx.base_url.as_deref()).unwrap_or_default();
    let hash = blake3::hash([&[site][..], parts].concat().join("\u{0}").as_bytes());
    let h = hash.to_hex();
    format!("urn:uuid:{}-{}-5{}-8{}-{}", &h[0..8], &h[8..12], &h[13..16], &h[17..20], &h[20..32])
}

/// The start of `date` as an Atom date.
fn day(date: jiff::civil::Date) -> FixedDateTime {
    FixedDateTime::from_str(&[iso_date(date).as_str(), "T00:00:00Z"].concat()).unwrap_or_default()
}

/// One feed's XML.
fn feed(cx: &Ctx<'_>, lang: Lang, target: Option<&str>) -> Vec<u8> {
    let events: Vec<&EventAt> = cx
        .changes()
        .iter()
        .filter(|(doc, index, _)| {
            target.is_none_or(|gfx| {
                let claim = &cx.site.doc(*doc).claims[*index];
                claim.scope.as_ref().is_some_and(|s| s.gfx.iter().any(|g| g == gfx))
            })
        })
        .take(FEED_ENTRIES)
        .collect();
    let changes = Ctx::site_page_dir(SitePage::Changes, lang);
    let site_title = cx.t(lang, "site-title");
    let mut title = format!("{site_title}: {}", cx.t(lang, "changes-title"));
    if let Some(gfx) = target {
        title.push_str(&format!(" ({gfx})"));
    }
    let entries = events.iter().map(|&&(doc, index, event)| {
        let claim = &cx.site.doc(doc).claims[index];
        entry(cx, lang, claim, event)
    });
    let updated = events.first().map(|&&(doc, index, event)| cx.site.doc(doc).claims[index].history[event].date);
    let mut feed = FeedBuilder::default()
        .title(title)
        .id(urn(cx, &["shoko feed", lang.code(), target.unwrap_or("")]))
        .updated(updated.map(day).unwrap_or_default())
        .author(PersonBuilder::default().name(site_title).build())
        .generator(GeneratorBuilder::default().value("shoko").version(env!("CARGO_PKG_VERSION").to_owned()).build())
        .link(
            LinkBuilder::default()
                .rel("self")
                .href(cx.address(&feed_path(lang, target), None))
                .mime_type(Some("application/atom+xml".to_owned()))
                .build(),
        )
        .link(
            LinkBuilder::default()
                .rel("alternate")
                .href(cx.address(&changes, None))
                .mime_type(Some("text/html".to_owned()))
                .build(),
        )
        .entries(entries.collect::<Vec<_>>())
        .build();
    feed.set_lang(Some(lang.code().to_owned()));
    let mut xml = feed.to_string().into_bytes();
    xml.push(b'\n');
    xml
}

/// The entry of event `event` of `claim`: the change, why, and a link to the card.
fn entry(cx: &Ctx<'_>, lang: Lang, claim: &Claim, event: usize) -> atom_syndication::Entry {
    let e: &Event = &claim.history[event];
    let label = |class| cx.badge(class, lang).label;
    let mut change = match e.from {
        Some(from) => format!("{} → {}", label(from), label(e.to)),
        None => format!("{} → {}", cx.t(lang, "change-new"), label(e.to)),
    };
    if let Some(lifecycle) = e.lifecycle.filter(|l| *l != shoko_model::Lifecycle::Current) {
        change.push_str(&format!(" ({})", crate::cards::stale_label(cx, lifecycle, lang).unwrap_or_default()));
    }
    // An event that keeps the class says what it was.
    let kind = match e.kind {
        ChangeKind::Review => Some("change-review"),
        ChangeKind::Editorial => Some("change-editorial"),
        ChangeKind::Substantive => None,
    };
    if let Some(key) = kind {
        change.push_str(&format!(" ({})", cx.t(lang, key)));
    }
    let dir = cx.card_dir(&claim.id, lang);
    let link = cx.address(&dir, Some(&claim_anchor(&claim.id)));
    let mut categories = vec![CategoryBuilder::default().term(e.to.as_str()).build()];
    if let Some(scope) = &claim.scope {
        categories.extend(scope.gfx.iter().map(|g| CategoryBuilder::default().term(g.clone()).build()));
    }
    // The event by what it records, not by its place in the list, so that an event written in
    // before it leaves the IDs of the others alone; alike events of one day are told apart by
    // how many came before.
    let alike = claim.history[..event]
        .iter()
        .filter(|o| o.date == e.date && o.from == e.from && o.to == e.to && o.lifecycle == e.lifecycle)
        .count();
    let what = format!(
        "{} {} {} {} {alike}",
        e.date,
        e.from.map_or("", |c| c.as_str()),
        e.to.as_str(),
        e.lifecycle.map_or("", |l| l.as_str())
    );
    EntryBuilder::default()
        .title(format!("{}: {change}", claim.id))
        .id(urn(cx, &["shoko change", &claim.id.0, &what, lang.code()]))
        .updated(day(e.date))
        .published(Some(day(e.date)))
        .link(LinkBuilder::default().rel("alternate").href(link).mime_type(Some("text/html".to_owned())).build())
        .summary(Some(Text::plain(e.reason.get(lang))))
        .content(Some(
            atom_syndication::ContentBuilder::default()
                .value(Some(claim.text.get(lang).to_owned()))
                .content_type(Some("text".to_owned()))
                .build(),
        ))
        .categories(categories)
        .build()
}
