//! Raw → typed for a page: bilingual page fields, the body's structure, its claim citations and
//! its links to other pages.

use super::claim::{bilingual, bilingual_at};
use super::formats::Check;
use super::{DocumentInput, each_item, heading_ids};
use crate::locate::Locator;
use crate::media::MediaKind;
use crate::model::{
    Callout, Card, CardLink, ClaimId, ComponentUse, LocalizedText, Page, PageLink, Phase, Ref, TimelineEntry,
};
use crate::rules;
use crate::rules::ref_unknown_page;
use crate::schema::{Class, Localized, PageFrontMatter, RawHtml};
use crate::yaml::YamlPath;
use shoko_diagnostics::{Diagnostic, Span};
use shoko_markdown::rules::{missing_translation, raw_html};
use shoko_markdown::{Block, Component, DivKind, Lang, Target, parse_body};
use std::ops::Range;

/// Validate the page parts of a Markdown file whose body is at `body` in the file.
pub fn validate_page(
    front: &PageFrontMatter,
    body: Range<usize>,
    input: &DocumentInput<'_>,
    loc: &Locator<'_>,
    out: &mut Vec<Diagnostic>,
) -> Page {
    let title = localized(&front.title, "title", loc, out);
    let gain = front.gain.as_ref().map(|g| localized(g, "gain", loc, out));
    let does_not_claim = front
        .does_not_claim
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let base = YamlPath::root().key("does_not_claim");
            let at = loc.at(&base);
            localized_at(item, &YamlPath::root().index(i), &format!("does_not_claim[{i}]"), &at, out)
        })
        .collect();
    let text = &input.source.text[body.clone()];
    let (parsed, diags) = parse_body(text, body.start, input.file);
    out.extend(diags);
    placeholders(text, body.start, input.file, out);
    if input.raw_html == RawHtml::Refuse {
        for range in &parsed.raw_html {
            out.push(raw_html::diagnostic(
                Span::new(input.file, range.clone()),
                &text[range.start - body.start..range.end - body.start],
            ));
        }
    }
    let slides = if front.layout == crate::schema::PageLayout::Slides {
        // A slide starts at each `##` outside any div but the language divs (as the deck is
        // cut); a language may have fewer, so the larger count is every slide there can be.
        let top = top_level(&parsed.blocks);
        let count = |lang| {
            let source = shoko_markdown::Source { blocks: &top, ..parsed.source(text, body.start) };
            let found = shoko_markdown::headings(source, lang, &mut Default::default());
            found.iter().filter(|h| h.level == 2).count()
        };
        Lang::ALL.map(count).into_iter().max().unwrap_or(0)
    } else {
        0
    };
    let mut citations = Vec::new();
    let mut page_links = Vec::new();
    let mut images = Vec::new();
    let mut media = Vec::new();
    let mut files = Vec::new();
    for link in &parsed.links {
        let span = Span::new(input.file, link.span.clone());
        let target = Target::of(&link.dest);
        if let Target::Refused(scheme) = &target {
            out.push(rules::ref_unsafe_url::diagnostic(span, scheme));
            continue;
        }
        if link.image {
            if let Target::File { file, .. } | Target::Page { file, .. } = &target {
                match resolve_relative(input.path, file) {
                    Some(target) => images.push((target, span)),
                    None => out.push(ref_unknown_page::escapes(span, &link.dest)),
                }
            }
            continue;
        }
        match target {
            Target::Claim(id) => citations.push(Ref { id: ClaimId(id.to_owned()), span }),
            Target::Anchor(anchor) => {
                let anchor = Some(decoded(anchor));
                page_links.push(PageLink { target: input.path.to_owned(), anchor, span, lang: link.lang });
            }
            Target::Page { file, anchor } => match resolve_relative(input.path, &file) {
                Some(target) => {
                    page_links.push(PageLink { target, anchor: anchor.map(decoded), span, lang: link.lang });
                }
                None => out.push(ref_unknown_page::escapes(span, &link.dest)),
            },
            Target::File { file, .. } => match resolve_relative(input.path, &file) {
                Some(target) => files.push((target, link.dest.clone(), span)),
                None => out.push(ref_unknown_page::escapes(span, &link.dest)),
            },
            Target::External | Target::Refused(_) | Target::Slip => {}
        }
    }
    let callouts = callouts(&parsed.blocks, &citations, input, out);
    let uses: Vec<ComponentUse> = components(&parsed.blocks)
        .into_iter()
        .map(|(component, args, open)| ComponentUse {
            component,
            args: args.to_owned(),
            span: Span::new(input.file, open),
        })
        .collect();
    let cards = each_item(&front.cards, "cards", loc, out, |record, at, out| Card {
        group: record.group.clone(),
        kind: bilingual(&record.kind, "kind", at, out),
        title: bilingual(&record.title, "title", at, out),
        description: bilingual(&record.description, "description", at, out),
        bullets: record
            .bullets
            .iter()
            .enumerate()
            .map(|(i, b)| bilingual_at(b, &YamlPath::root().key("bullets").index(i), at, out))
            .collect(),
        link: card_link(&record.link, at.span(&YamlPath::root().key("link")), input.path, &mut page_links, out),
    });
    for ComponentUse { component, args, span } in &uses {
        let missing = |hint: &str| rules::component_missing_data::diagnostic(span.clone(), *component, hint);
        match component {
            Component::CanShow => {
                let ids = named_ids(&input.source.text, span, args);
                if ids.is_empty() && front.claims.is_empty() && citations.is_empty() {
                    out.push(missing("declare or cite claims on this page, or name them: `::: can-show ID …`"));
                }
                citations.extend(ids);
            }
            Component::ClaimTable => {
                let ids = named_ids(&input.source.text, span, args);
                if ids.is_empty() {
                    out.push(missing("name the claims to list: `::: claim-table ID …`"));
                }
                citations.extend(ids);
            }
            Component::CaseStudy => {
                let ids = named_ids(&input.source.text, span, args);
                if ids.is_empty() && front.claims.is_empty() && citations.is_empty() {
                    out.push(missing("declare or cite claims on this page, or name them: `::: case-study ID …`"));
                }
                citations.extend(ids);
            }
            component if component.names_files() => {
                let files = arg_spans(&input.source.text, span, args);
                if files.is_empty() {
                    out.push(missing(&format!("name the file: `::: {} FILE`", component.name())));
                }
                for (i, (arg, at)) in files.into_iter().enumerate() {
                    let Some(path) = resolve_relative(input.path, arg) else {
                        out.push(ref_unknown_page::escapes(at, arg));
                        continue;
                    };
                    let wanted = match (component, i) {
                        (Component::Pdf, 0) => Some(MediaKind::Pdf),
                        (Component::Audio, 0) => Some(MediaKind::Audio),
                        (Component::Audio, _) => Some(MediaKind::Captions),
                        _ => None,
                    };
                    let kind = crate::media::kind(&path);
                    if kind.is_none() || kind != wanted {
                        let reason = match wanted {
                            Some(MediaKind::Pdf) => "`::: pdf` shows a PDF (`.pdf`)",
                            Some(MediaKind::Audio) => "`::: audio` plays an audio file first",
                            Some(MediaKind::Captions) => {
                                "after the audio file, `::: audio` takes WebVTT captions (`.vtt`)"
                            }
                            _ => "`::: pdf` shows one file",
                        };
                        out.push(rules::file_bad_media::diagnostic(at, &path, reason));
                        continue;
                    }
                    media.push((path, at));
                }
            }
            Component::Cards => {
                let group = args.trim();
                if !cards.iter().any(|c: &Card| group.is_empty() || c.group == group) {
                    let groups: std::collections::BTreeSet<&str> = cards.iter().map(|c| c.group.as_str()).collect();
                    let hint = if groups.is_empty() {
                        String::from("add `cards:` to the front-matter")
                    } else {
                        let named: Vec<String> = groups.iter().map(|g| format!("`{g}`")).collect();
                        format!("no card has `group: {group}`; the groups are {}", named.join(", "))
                    };
                    out.push(missing(&hint));
                }
            }
            Component::Phases if front.phases.is_empty() => out.push(missing("add `phases:` to the front-matter")),
            Component::Timeline if front.timeline.is_empty() => {
                out.push(missing("add `timeline:` to the front-matter"));
            }
            _ => {}
        }
    }
    unplaced_cards(&front.cards, &cards, &uses, loc, out);
    // The IDs the page keeps for its own parts, reserved before its headings are numbered, as
    // the render reserves them (for every claim it cites: one that does not exist is an error).
    use crate::yaml::Item;
    let claim_ids = front.claims.iter().filter_map(|c| if let Item::Valid(c) = c { Some(c.id.as_str()) } else { None });
    let question_ids =
        front.questions.iter().filter_map(|q| if let Item::Valid(q) = q { Some(q.id.as_str()) } else { None });
    let cited = citations.iter().map(|r| r.id.0.as_str());
    let parts: Vec<std::borrow::Cow<'static, str>> =
        crate::anchors::part_ids(claim_ids.chain(cited), question_ids, slides).collect();
    let sections = {
        let words = super::search_words::card_words(&cards);
        Lang::ALL.map(|lang| {
            let mut anchors = crate::anchors::reserving(&parts);
            shoko_markdown::sections(parsed.source(text, body.start), lang, &words, &mut anchors)
        })
    };
    heading_ids::check(&parsed, &sections, &parts, input.file, out);
    let phases = each_item(&front.phases, "phases", loc, out, |record, at, out| Phase {
        id: record.id.clone(),
        question: bilingual(&record.question, "question", at, out),
        action: bilingual(&record.action, "action", at, out),
        expected: bilingual(&record.expected, "expected", at, out),
        actual: bilingual(&record.actual, "actual", at, out),
        status: record.status,
    });
    let timeline = each_item(&front.timeline, "timeline", loc, out, |record, at, out| {
        Check { loc: at, out }.date(&YamlPath::root().key("date"), &record.date);
        TimelineEntry { date: record.date.clone(), text: bilingual(&record.text, "text", at, out) }
    });
    Page {
        env: front.env.clone(),
        phase: front.phase.as_ref().map(|p| localized(p, "phase", loc, out)),
        phases,
        timeline,
        cards,
        components: uses,
        images,
        media,
        files,
        callouts,
        title,
        gain,
        weight: front.weight.unwrap_or(0),
        layout: front.layout,
        slides,
        does_not_claim,
        body: parsed,
        body_start: body.start,
        sections,
        citations,
        page_links,
    }
}

/// `blocks` without the divs other than language divs (callouts, components, notes), at every
/// level: what the reader sees as the body's own flow.
fn top_level(blocks: &[Block]) -> Vec<Block> {
    blocks
        .iter()
        .filter_map(|b| match b {
            Block::Markdown(_) => Some(b.clone()),
            Block::Div(div) if matches!(div.kind, DivKind::Lang(_)) => {
                Some(Block::Div(shoko_markdown::Div { children: top_level(&div.children), ..div.clone() }))
            }
            Block::Div(_) => None,
        })
        .collect()
}

/// A warning at the first card of each group that no `::: cards` places (`records` and `cards`
/// are the front-matter's and the valid ones; an unreadable record is reported already).
fn unplaced_cards(
    records: &[crate::yaml::Item<crate::schema::CardRecord>],
    cards: &[Card],
    uses: &[ComponentUse],
    loc: &Locator<'_>,
    out: &mut Vec<Diagnostic>,
) {
    let placed: Vec<&str> = uses.iter().filter(|u| u.component == Component::Cards).map(|u| u.args.trim()).collect();
    if placed.contains(&"") {
        return;
    }
    let mut reported: Vec<&str> = Vec::new();
    for (i, record) in records.iter().enumerate() {
        let crate::yaml::Item::Valid(record) = record else { continue };
        let group = record.group.as_str();
        if placed.contains(&group) || reported.contains(&group) || !cards.iter().any(|c| c.group == group) {
            continue;
        }
        reported.push(group);
        let at = YamlPath::root().key("cards").index(i).key("group");
        out.push(rules::component_unplaced_data::cards(loc.span(&at), group, &placed));
    }
}

/// Where a hub card's `link` (written at `span` in page `path`) leads: a page of this site,
/// checked with the body's links (added to `page_links`), or an address elsewhere.
fn card_link(
    link: &str,
    span: Span,
    path: &str,
    page_links: &mut Vec<PageLink>,
    out: &mut Vec<Diagnostic>,
) -> CardLink {
    match Target::of(link) {
        Target::External => CardLink::External(link.to_owned()),
        Target::Page { file, anchor } => match resolve_relative(path, &file) {
            Some(target) => {
                let anchor = anchor.map(decoded);
                page_links.push(PageLink { target: target.clone(), anchor: anchor.clone(), span, lang: None });
                CardLink::Page { target, anchor }
            }
            None => {
                out.push(ref_unknown_page::escapes(span, link));
                CardLink::External(String::new())
            }
        },
        Target::Refused(scheme) => {
            out.push(rules::ref_unsafe_url::diagnostic(span, &scheme));
            CardLink::External(String::new())
        }
        Target::Claim(_) | Target::Anchor(_) | Target::File { .. } | Target::Slip => {
            out.push(rules::ref_unknown_page::card_link(span, link));
            CardLink::External(String::new())
        }
    }
}

/// The claim IDs a component names after its name on the fence line (`fence`, a span of the
/// file `text`), each at its own place on the line.
fn named_ids(text: &str, fence: &Span, args: &str) -> Vec<Ref> {
    arg_spans(text, fence, args).into_iter().map(|(id, span)| Ref { id: ClaimId(id.to_owned()), span }).collect()
}

/// Each word of a component's arguments with where it is on the fence line.
fn arg_spans<'a>(text: &str, fence: &Span, args: &'a str) -> Vec<(&'a str, Span)> {
    let line = &text[fence.range.clone()];
    // The arguments are the line's tail (a closing `}` or `:` aside): found from the end.
    let at = fence.range.start + line.rfind(args).unwrap_or(0);
    args.split_whitespace()
        .map(|word| {
            let start = at + (word.as_ptr() as usize - args.as_ptr() as usize);
            (word, Span::new(fence.file, start..start + word.len()))
        })
        .collect()
}

/// Every component of a body, depth first: which, its arguments and the fence line's range.
fn components(blocks: &[Block]) -> Vec<(Component, &str, Range<usize>)> {
    let mut found = Vec::new();
    for block in blocks {
        if let Block::Div(div) = block {
            if let DivKind::Component { component, args } = &div.kind {
                found.push((*component, args.as_str(), div.open.clone()));
            }
            found.extend(components(&div.children));
        }
    }
    found
}

/// The callouts of `blocks` at every level with a valid class and the claims `citations` cites
/// inside each; a callout naming no class is reported.
fn callouts(blocks: &[Block], citations: &[Ref], input: &DocumentInput<'_>, out: &mut Vec<Diagnostic>) -> Vec<Callout> {
    let mut found = Vec::new();
    for block in blocks {
        let Block::Div(div) = block else { continue };
        if let DivKind::Callout(written) = &div.kind {
            let span = Span::new(input.file, div.open.clone());
            match Class::ALL.into_iter().find(|c| c.as_str() == written) {
                Some(class) => {
                    let inside = div.open.start..div.inner.end;
                    let cites = citations
                        .iter()
                        .filter(|r| inside.contains(&r.span.range.start) && r.span.file == input.file)
                        .map(|r| r.id.clone())
                        .collect();
                    found.push(Callout { class, span, cites });
                }
                None => {
                    let closest = shoko_diagnostics::closest(Class::ALL.map(|c| c.as_str()), &written.to_lowercase());
                    out.push(rules::md_callout_class::diagnostic(span, written, closest));
                }
            }
        }
        found.extend(callouts(&div.children, citations, input, out));
    }
    found
}

/// An anchor as the page's IDs spell it: percent-escapes decoded (`#%E8%A6%B3` is `#観`).
fn decoded(anchor: &str) -> String {
    percent_encoding::percent_decode_str(anchor).decode_utf8_lossy().into_owned()
}

/// Resolve `link` relative to the folder of `from` (both relative to `content/`); `None` if it
/// leaves `content/`.
/// The result has no empty, `.` or `..` segments; it is empty when the link names the top of
/// `content/` itself.
pub fn resolve_relative(from: &str, link: &str) -> Option<String> {
    let mut parts: Vec<&str> = Vec::new();
    if !link.starts_with('/') {
        // The folder of `from`, normalised the same way (content paths already are).
        let folder = from.rsplit_once('/').map_or("", |(folder, _)| folder);
        for part in folder.split('/') {
            match part {
                "" | "." => {}
                ".." => {
                    parts.pop()?;
                }
                other => parts.push(other),
            }
        }
    }
    for part in link.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            other => parts.push(other),
        }
    }
    Some(parts.join("/"))
}

/// A page-level bilingual field; a missing language is a warning.
pub fn localized(value: &Localized, key: &str, loc: &Locator<'_>, out: &mut Vec<Diagnostic>) -> LocalizedText {
    localized_at(value, &YamlPath::root().key(key), key, loc, out)
}

fn localized_at(
    value: &Localized,
    rel: &YamlPath,
    field: &str,
    loc: &Locator<'_>,
    out: &mut Vec<Diagnostic>,
) -> LocalizedText {
    let present = |v: &Option<String>| v.as_ref().filter(|t| !t.trim().is_empty()).cloned();
    let text = LocalizedText { ja: present(&value.ja), en: present(&value.en) };
    for (lang, v) in [(Lang::Ja, &text.ja), (Lang::En, &text.en)] {
        if v.is_none() {
            // At the empty text when one is written, else at the field that lacks it.
            let at = rel.key(lang.code());
            let span = if loc.positions.exact(&loc.path(&at)).is_some() { loc.span(&at) } else { loc.key_span(rel) };
            out.push(missing_translation::missing_field_language(span, field, lang));
        }
        if let Some(link) = v.as_deref().and_then(shoko_markdown::first_markup) {
            let at = rel.key(lang.code());
            out.push(rules::fm_markdown_in_text::diagnostic(loc.span(&at), &loc.path(&at).to_string(), link));
        }
    }
    text
}

/// Report every line of a body (`text`, at `start` in file `file`) that is still a placeholder
/// `shoko new` wrote, outside code blocks.
fn placeholders(text: &str, start: usize, file: shoko_diagnostics::FileId, out: &mut Vec<Diagnostic>) {
    let mut fence: Option<char> = None;
    let mut at = start;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let marker = trimmed.chars().next().filter(|c| matches!(c, '`' | '~'));
        match (fence, marker) {
            (None, Some(c)) if trimmed.starts_with(&c.to_string().repeat(3)) => fence = Some(c),
            (Some(open), Some(c)) if c == open && trimmed.starts_with(&c.to_string().repeat(3)) => fence = None,
            (None, _) if rules::page_placeholder::is_placeholder(line) => {
                let from = at + (line.len() - trimmed.len());
                out.push(rules::page_placeholder::diagnostic(Span::new(file, from..at + line.trim_end().len())));
            }
            _ => {}
        }
        at += line.len();
    }
}

#[cfg(test)]
mod tests {
    use super::resolve_relative;

    #[test]
    fn relative_links_resolve_against_the_page_folder() {
        assert_eq!(
            resolve_relative("gpu/gfx1201/index.md", "../gfx900/index.md").as_deref(),
            Some("gpu/gfx900/index.md")
        );
        assert_eq!(resolve_relative("index.md", "./gpu/index.md").as_deref(), Some("gpu/index.md"));
        assert_eq!(resolve_relative("a.md", "../../etc/passwd.md"), None);
        // Found by the link_resolver fuzz target: odd segments in the page's own path.
        assert_eq!(resolve_relative("", "").as_deref(), Some(""));
        assert_eq!(resolve_relative("a//./b/c.md", "d.md").as_deref(), Some("a/b/d.md"));
        assert_eq!(resolve_relative("../x.md", "d.md"), None);
    }
}
