//! Content pages: both languages of one Markdown page are rendered together, so each heading can
//! be mapped to its counterpart for the language switcher and `hreflang` is only emitted for a
//! real translation.

use crate::cards::{CardPage, claim_view, drift_notice, question_view};
use crate::components::{self, ComponentView};
use crate::context::Ctx;
use crate::context::SitePage;
use crate::plan::{Templates, render_template};
use crate::urls::{Target as Link, href, relative_href};
use crate::view::{CountView, PageView, PosterView, TocEntryView};
use shoko_diagnostics::Diagnostic;
use shoko_markdown::{Component, Glossary, Lang, RenderContext, RenderedBody, Resolved, Target, escape, render_html};
use shoko_model::Class;
use shoko_model::Page;
use shoko_model::anchors;
use shoko_model::anchors::{card_ids, reserved};
use shoko_model::schema::Lifecycle;
use shoko_model::schema::PageLayout;
use shoko_model::validate::resolve_relative;
use shoko_model::{Claim, ClaimId, DocId, Document};
use shoko_vocab::{claim_anchor, question_anchor};
use std::cell::RefCell;
use std::collections::BTreeMap;

/// Resolves links, labels and components inside one page's body.
struct PageCx<'a, 'b> {
    cx: &'a Ctx<'b>,
    templates: &'a Templates,
    doc: &'a Document,
    page: &'a Page,
    id: DocId,
    cards: &'a [&'a Claim],
    questions: &'a [&'a shoko_model::Question],
    /// The href from this page to the glossary page, per language (`Lang::ALL` order).
    glossary_hrefs: [String; 2],
    errors: RefCell<Vec<Diagnostic>>,
}

impl PageCx<'_, '_> {
    /// The HTML of `component` from its template, `partials/NAME.html` (the component's name
    /// with `_` for `-`).
    fn partial<T: serde::Serialize>(&self, component: Component, data: T, lang: Lang) -> String {
        let name = component.name().replace('-', "_");
        let view = ComponentView { data };
        let html =
            render_template(self.templates, &format!("partials/{name}.html"), &view, Some(self.cx.ui.value(lang)));
        match html.map(String::from_utf8) {
            Ok(Ok(html)) => html,
            Ok(Err(e)) => {
                let message =
                    format!("{}/partials/{name}.html rendered invalid UTF-8: {e}", shoko_vocab::layout::TEMPLATES_DIR);
                self.errors.borrow_mut().push(Diagnostic::global(&crate::rules::template_error::CODE, message));
                String::new()
            }
            Err(e) => {
                self.errors.borrow_mut().push(*e);
                String::new()
            }
        }
    }
}

#[derive(serde::Serialize)]
struct Rows<T> {
    rows: T,
}

#[derive(serde::Serialize)]
struct Entries<T> {
    entries: T,
}

#[derive(serde::Serialize)]
struct CanShow<T> {
    can: T,
    cannot: T,
}

impl PageCx<'_, '_> {
    /// A citation of claim (or question) `id` from the page folder `here`.
    fn claim_link(&self, id: &str, here: &str, lang: Lang) -> Resolved {
        let key = ClaimId(id.to_owned());
        if let Some(claim) = self.cards.iter().find(|c| c.id == key) {
            let badge = self.cx.badge(claim.class, lang);
            let mut after =
                [" <span class=\"badge badge-", badge.class, "\">", &escape(&badge.label), "</span>"].concat();
            // A superseded or retracted claim is struck through where it is cited, and says so.
            let stale = crate::cards::stale_label(self.cx, claim.lifecycle, lang);
            if let Some(label) = &stale {
                after.extend([" <span class=\"badge badge-stale\">", &escape(label), "</span>"]);
            }
            let struck = stale.is_some();
            return Resolved { href: href(here, Link::Here(&claim_anchor(id))), after: Some(after), struck };
        }
        if self.doc.questions.iter().any(|q| q.id == key) {
            return Resolved { href: href(here, Link::Here(&question_anchor(id))), after: None, struck: false };
        }
        let questions = crate::context::Ctx::site_page_dir(crate::context::SitePage::Questions, lang);
        Resolved { href: href(here, Link::Element(&questions, &question_anchor(id))), after: None, struck: false }
    }
}

impl RenderContext for PageCx<'_, '_> {
    fn resolve(&self, dest: &str, lang: Lang) -> Option<Resolved> {
        let here = self.cx.page_dir(self.id, lang);
        let (file, anchor) = match Target::of(dest) {
            Target::Claim(id) => return Some(self.claim_link(id, here, lang)),
            Target::Page { file, anchor } => (file, anchor),
            // A file published for download (or as an image): its copy under `media/`.
            Target::File { file, anchor } => {
                let info = self.cx.images.get(&resolve_relative(&self.doc.path, &file)?)?;
                let to = match &anchor {
                    Some(anchor) => Link::Element(&info.original, anchor),
                    None => Link::Path(&info.original),
                };
                return Some(Resolved { href: href(here, to), after: None, struck: false });
            }
            Target::Anchor(_) | Target::External | Target::Refused(_) | Target::Slip => return None,
        };
        let target = *self.cx.site.pages().get(&resolve_relative(&self.doc.path, &file)?)?;
        let dir = self.cx.page_dir(target, lang);
        let to = match anchor {
            Some(anchor) => Link::Element(dir, anchor),
            None => Link::Path(dir),
        };
        Some(Resolved { href: href(here, to), after: None, struck: false })
    }

    fn media(&self, file: &str, lang: Lang) -> Option<String> {
        let info = self.cx.images.get(&resolve_relative(&self.doc.path, file)?)?;
        Some(relative_href(self.cx.page_dir(self.id, lang), &info.src))
    }

    fn fallback_notice(&self, lang: Lang) -> String {
        self.cx.t(lang, "fallback-notice")
    }

    fn drift_notice(&self, open: usize, lang: Lang) -> Option<String> {
        let drift = self.cx.site.drift().get(&self.id)?;
        let behind = drift.iter().find(|d| d.behind == lang && d.span.start == open)?;
        Some(drift_notice(self.cx, &behind.revised, lang))
    }

    fn label(&self, key: &str, lang: Lang) -> String {
        self.cx.t(lang, key)
    }

    fn image(&self, dest: &str, alt: &str, lang: Lang) -> Option<String> {
        let (Target::File { file, .. } | Target::Page { file, .. }) = Target::of(dest) else { return None };
        let info = self.cx.images.get(&resolve_relative(&self.doc.path, &file)?)?;
        let here = self.cx.page_dir(self.id, lang);
        let href = |p: &str| escape(&relative_href(here, p));
        let size =
            |w: u32, h: u32| if w > 0 && h > 0 { format!(" width=\"{w}\" height=\"{h}\"") } else { String::new() };
        let srcset = if info.srcset.len() > 1 {
            let list: Vec<String> = info.srcset.iter().map(|(p, w)| format!("{} {w}w", href(p))).collect();
            format!(" srcset=\"{}\" sizes=\"(max-width: 48rem) 100vw, 46rem\"", list.join(", "))
        } else {
            String::new()
        };
        // An SVG figure: its version in the page's language, light and dark, the theme in use
        // showing one (the stylesheet); enlarged, the light one.
        if let Some([light, dark]) = Lang::ALL.iter().position(|l| *l == lang).and_then(|i| info.figures.get(i)) {
            let img = |class: &str, src: &str| {
                format!(
                    "<img class=\"{class}\" src=\"{}\"{} alt=\"{}\" loading=\"lazy\" decoding=\"async\">",
                    href(src),
                    size(info.width, info.height),
                    escape(alt)
                )
            };
            return Some(format!(
                "<a class=\"enlarge figure-svg\" href=\"{}\">{}{}</a>",
                href(light),
                img("scheme-light", light),
                img("scheme-dark", dark)
            ));
        }
        Some(format!(
            "<a class=\"enlarge\" href=\"{}\"><img src=\"{}\"{srcset}{} alt=\"{}\" loading=\"lazy\" decoding=\"async\"></a>",
            href(&info.original),
            href(&info.src),
            size(info.width, info.height),
            escape(alt)
        ))
    }

    fn glossary(&self, lang: Lang) -> Option<(&Glossary, &str)> {
        let glossary = &self.cx.glossaries()[usize::from(lang == Lang::En)];
        Some((glossary, &self.glossary_hrefs[usize::from(lang == Lang::En)]))
    }

    fn component(&self, component: Component, args: &str, lang: Lang) -> String {
        let here = self.cx.page_dir(self.id, lang);
        match component {
            Component::Generations => {
                self.partial(component, Rows { rows: components::generations(self.cx, args, here, lang) }, lang)
            }
            Component::CanShow => {
                let (can, cannot) = components::can_show(self.cx, self.cards, args, lang);
                self.partial(component, CanShow { can, cannot }, lang)
            }
            Component::ClaimTable => {
                self.partial(component, Rows { rows: components::claim_table(self.cx, args, lang) }, lang)
            }
            Component::Phases => {
                self.partial(component, Rows { rows: components::phases(self.cx, self.page, lang) }, lang)
            }
            Component::Timeline => {
                self.partial(component, Entries { entries: components::timeline(self.page, lang) }, lang)
            }
            Component::Cards => self.partial(
                component,
                Entries { entries: components::cards(self.cx, self.page, args, here, lang) },
                lang,
            ),
            Component::CaseStudy => {
                self.partial(component, components::case_study(self.cx, self.cards, self.questions, args, lang), lang)
            }
            // Drawn by the Markdown renderer from their own text.
            Component::CallChain
            | Component::Figure
            | Component::Next
            | Component::Notes
            | Component::Audio
            | Component::Pdf => String::new(),
        }
    }
}

/// The claims a page shows as cards, in the model's order.
fn shown_claims<'a>(cx: &'a Ctx<'_>, doc: &Document) -> Vec<&'a Claim> {
    card_ids(doc).iter().filter_map(|id| cx.site.claim(id)).collect()
}

/// The open questions a page shows: its own, then those of the observation logs that are about a
/// claim the page shows, each once.
fn shown_questions<'a>(cx: &'a Ctx<'_>, doc: &'a Document, cards: &[&Claim]) -> Vec<&'a shoko_model::Question> {
    let mut shown: Vec<&shoko_model::Question> = doc.questions.iter().collect();
    let mut of_logs: Vec<(DocId, usize)> = cards.iter().flat_map(|c| cx.log_questions_about(&c.id)).copied().collect();
    of_logs.sort_unstable();
    of_logs.dedup();
    for (d, i) in of_logs {
        let q = &cx.site.doc(d).questions[i];
        if !shown.iter().any(|s| s.id == q.id) {
            shown.push(q);
        }
    }
    shown
}

/// Both languages of one page, whose file's text is `text`: (output path, language, view) for
/// the caller's template, and the errors of component templates.
pub fn page_views<'a>(
    cx: &'a Ctx<'a>,
    templates: &Templates,
    id: DocId,
    text: &str,
) -> (Vec<(String, Lang, PageView)>, Vec<Diagnostic>) {
    let tree = &cx.shape.tree;
    let doc = &cx.site.doc(id);
    let Some(page) = doc.page() else { return (Vec::new(), Vec::new()) };
    let cards = shown_claims(cx, doc);
    let questions = shown_questions(cx, doc, &cards);
    let body_text = &text[page.body_start..];
    let glossary_hrefs =
        Lang::ALL.map(|lang| relative_href(cx.page_dir(id, lang), &Ctx::site_page_dir(SitePage::Glossary, lang)));
    let pcx = PageCx {
        cx,
        templates,
        doc,
        page,
        id,
        cards: &cards,
        questions: &questions,
        glossary_hrefs,
        errors: RefCell::new(Vec::new()),
    };
    let bodies: Vec<RenderedBody> = Lang::ALL
        .iter()
        .map(|&lang| {
            let mut anchors = reserved(doc, cx.site);
            render_html(page.body.source(body_text, page.body_start), lang, &pcx, &mut anchors)
        })
        .collect();
    let translated = |i: usize, lang: Lang| bodies[i].fallbacks == 0 && !page.title.get(lang).1;
    let made_of = cx.site.made_of(id, cards.iter().map(|c| &c.id), questions.iter().map(|q| &q.id));
    let views = Lang::ALL
        .iter()
        .enumerate()
        .map(|(i, &lang)| {
            let here = cx.page_dir(id, lang);
            let other = cx.page_dir(id, lang.other());
            let anchors = anchor_map(&bodies[i], &bodies[1 - i]);
            let breadcrumbs = tree.ancestors(id).into_iter().map(|a| cx.page_link(here, a, lang)).collect();
            let title = page.title.get(lang).0.to_owned();
            let json_ld = crate::linked_data::page_json_ld(cx, here, other, lang, &title, &cards);
            let mut layout =
                cx.layout(lang, here, other, title, translated(1 - i, lang.other()), anchors, None, breadcrumbs);
            layout.sidebar = crate::sidebar::sidebar(cx, tree, here, Some(id), lang);
            layout.json_ld = Some(json_ld);
            let sections = [
                (!tree.children(id).is_empty(), anchors::CHILDREN_ID, "section-pages"),
                (!cards.is_empty(), anchors::CLAIMS_ID, "claims-title"),
                (!questions.is_empty(), anchors::QUESTIONS_ID, "questions-title"),
                (!page.does_not_claim.is_empty(), anchors::DOES_NOT_CLAIM_ID, "does-not-claim-title"),
            ];
            let toc = contents(cx, &bodies[i], &sections, lang);
            let (before, after) = tree.neighbours(id);
            let (deck, poster) = cut(page.layout, &bodies[i].html);
            layout.deck_js = deck.is_some().then(|| relative_href(here, &cx.assets.deck_js));
            if deck.is_some() || poster.is_some() {
                layout.print_size = crate::present::print_size(page.layout);
            }
            let poster = poster.map(|(before, panels)| {
                let address = cx.address(here, None);
                let link_text = address.split_once("://").map_or(address.as_str(), |(_, rest)| rest).to_owned();
                (before, PosterView { panels, link: cx.url_from(here, here), link_text })
            });
            let card_page = CardPage { here, page: Some(id) };
            let view = PageView {
                draft: doc.draft,
                edit: cx.edit_href(id),
                changed: cx.site.last_change(&made_of).map(|day| day.to_string()),
                previous: before.map(|d| cx.page_link(here, d, lang)),
                next: after.map(|d| cx.page_link(here, d, lang)),
                toc,
                layout,
                gain: page.gain.as_ref().map(|g| g.get(lang).0.to_owned()),
                body: match (&deck, &poster) {
                    (Some((before, _)), _) | (_, Some((before, _))) => before.clone(),
                    _ => bodies[i].html.clone(),
                },
                slides: deck.map(|(_, slides)| slides),
                poster: poster.map(|(_, view)| view),
                summary: summary(cx, &cards, here, &cx.page_key(id), lang),
                needs_review: cards.iter().filter(|c| cx.site.needs_review().contains_key(&c.id)).count(),
                claims: cards.iter().map(|c| claim_view(cx, c, card_page, lang)).collect(),
                questions: questions.iter().map(|q| question_view(cx, q, card_page, lang, None)).collect(),
                does_not_claim: page.does_not_claim.iter().map(|d| d.get(lang).0.to_owned()).collect(),
                env: page.env.clone(),
                phase: page.phase.as_ref().map(|p| p.get(lang).0.to_owned()),
                children: tree.children(id).iter().map(|d| cx.page_link(here, *d, lang)).collect(),
            };
            ([here, crate::owned::INDEX_PAGE].concat(), lang, view)
        })
        .collect();
    (views, pcx.errors.into_inner())
}

/// A body cut into what precedes its first `##` section and the sections.
type Cut = Option<(String, Vec<String>)>;

/// The body `html` of a page laid out as `layout`, cut as a deck or as a poster; neither for a
/// page to read, or for a deck or poster without a `##` section (shown as a page).
fn cut(layout: PageLayout, html: &str) -> (Cut, Cut) {
    let cut = layout.presents().then(|| crate::present::sections(html)).filter(|(_, parts)| !parts.is_empty());
    match (layout, cut) {
        (PageLayout::Slides, Some(cut)) => (Some(cut), None),
        (PageLayout::Poster, Some(cut)) => (None, Some(cut)),
        _ => (None, None),
    }
}

/// A page's contents: its headings of levels 2 and 3, then the `sections` the template adds
/// that it shows (whether shown, anchor, UI string of the title).
fn contents(cx: &Ctx<'_>, body: &RenderedBody, sections: &[(bool, &str, &str)], lang: Lang) -> Vec<TocEntryView> {
    let headings = body.headings.iter().filter(|h| (2..=3).contains(&h.level));
    let mut toc: Vec<TocEntryView> =
        headings.map(|h| TocEntryView { id: h.id.clone(), text: h.text.clone(), level: h.level }).collect();
    toc.extend(sections.iter().filter(|(shown, _, _)| *shown).map(|(_, id, key)| TocEntryView {
        id: (*id).to_owned(),
        text: cx.t(lang, key),
        level: 2,
    }));
    toc
}

/// Counts of each class among the current `claims` of the page at `here` (every class listed,
/// zeros included; a superseded or retracted claim no longer counts), each but a zero leading to
/// the claims index narrowed to the page's current claims of that class
/// (`?page=KEY&class=…&lifecycle=current`, `key` from [`Ctx::page_key`]) at the index page that
/// lists the first of them, so a large site's index opens where they are.
pub fn summary(cx: &Ctx<'_>, claims: &[&Claim], here: &str, key: &str, lang: Lang) -> Vec<CountView> {
    let current = Lifecycle::Current.as_str();
    Class::ALL
        .iter()
        .map(|&class| {
            let of_class = claims.iter().filter(|c| c.class == class && c.lifecycle == Lifecycle::Current);
            let part = of_class.clone().map(|c| cx.index_part(&c.id)).min().unwrap_or(0);
            let index = Ctx::site_part_dir(SitePage::Claims, lang, part);
            let badge = cx.badge(class, lang);
            let href =
                [&*relative_href(here, &index), "?page=", key, "&class=", badge.class, "&lifecycle=", current].concat();
            // A count of none opens nothing.
            let count = of_class.count();
            CountView { badge, count, href: (count > 0).then_some(href) }
        })
        .collect()
}

/// JSON object from this language's heading IDs to the other language's, by slot.
fn anchor_map(this: &RenderedBody, other: &RenderedBody) -> String {
    let by_slot: std::collections::HashMap<_, &str> =
        other.headings.iter().map(|o| (o.slot, o.id.as_str())).rev().collect();
    let map: BTreeMap<&str, &str> =
        this.headings.iter().filter_map(|h| by_slot.get(&h.slot).map(|o| (h.id.as_str(), *o))).collect();
    serde_json::to_string(&map).unwrap_or_else(|_| String::from("{}"))
}
