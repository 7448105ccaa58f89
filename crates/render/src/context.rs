//! What every page builder shares: the site, UI strings, asset paths, and how to reach one page
//! from another with relative hrefs.

use crate::i18n::Ui;
use crate::urls::relative_href;
use crate::view::{AlternateView, BadgeView, LayoutView, LinkView, NavView, SwitchView};
use shoko_diagnostics::SourceMap;
use shoko_markdown::{Gloss, Glossary, Lang, escape};
use shoko_model::Class;
use shoko_model::{ClaimId, DocId, SiteModel};
use shoko_vocab::{claim_anchor, term_anchor};
use std::collections::BTreeMap;

pub use shoko_vocab::SitePage;

/// Rows on one page of a paged index (every claim, the change log). A site with more rows gets
/// `claims/2/`, `claims/3/`, …, so no page grows with the whole site.
pub const INDEX_PAGE_SIZE: usize = 500;

/// What the renderer knows of a generated page beyond its folder.
pub trait SitePageExt {
    /// How many pages this generated page spans in `site`: 1, except for the paged indexes.
    fn parts(self, site: &SiteModel) -> usize;
    /// UI key of its navigation label.
    fn nav_key(self) -> &'static str;
}

impl SitePageExt for SitePage {
    fn parts(self, site: &SiteModel) -> usize {
        let rows = match self {
            SitePage::Claims => site.claims().len(),
            SitePage::Changes => site.events(),
            SitePage::Evidence | SitePage::Questions | SitePage::Glossary | SitePage::Translations => return 1,
        };
        rows.div_ceil(INDEX_PAGE_SIZE).max(1)
    }

    fn nav_key(self) -> &'static str {
        match self {
            SitePage::Evidence => "nav-evidence",
            SitePage::Questions => "nav-questions",
            SitePage::Claims => "nav-claims",
            SitePage::Changes => "nav-changes",
            SitePage::Glossary => "nav-glossary",
            SitePage::Translations => "nav-translations",
        }
    }
}

/// Site-root-relative paths of the fingerprinted assets.
#[derive(Debug, Clone, Default)]
pub struct AssetPaths {
    /// The main stylesheet.
    pub css: String,
    /// The code highlighting stylesheet.
    pub highlight_css: String,
    /// The script.
    pub js: String,
    /// The search script.
    pub search_js: String,
    /// The deck script (fingerprinted path).
    pub deck_js: String,
    /// The theme script.
    pub theme_js: String,
    /// The figure viewer.
    pub viewer_js: String,
    /// The site's icon.
    pub icon: String,
}

/// One history event of one claim: the claim's declaring document, its index there, and the
/// event's index in its history.
pub(crate) type EventAt = (DocId, usize, usize);

/// Every claim in ID order, with what every page of the claims index shows of them all.
pub(crate) struct ClaimList {
    /// Each claim's document and index there, in ID order.
    pub(crate) order: Vec<(DocId, usize)>,
    /// How many current claims each class has (`Class::ALL` order): a superseded or retracted
    /// one no longer says anything.
    pub(crate) counts: Vec<usize>,
    /// The lifecycles some claim has.
    pub(crate) lifecycles: std::collections::BTreeSet<shoko_model::schema::Lifecycle>,
}

/// Shared, read-only state of one render.
pub struct Ctx<'a> {
    /// The site.
    pub site: &'a SiteModel,
    /// File texts.
    pub sources: &'a SourceMap,
    /// UI strings.
    pub ui: &'a Ui,
    /// Asset paths.
    pub assets: AssetPaths,
    /// Public URL of the site, without a trailing slash.
    pub base_url: Option<String>,
    /// What the site's feeds are named by (`feed_id` in `shoko.yaml`), if given.
    pub feed_id: Option<String>,
    /// Processed images by content path.
    pub images: &'a std::collections::BTreeMap<String, crate::view::ImageInfo>,
    /// Every history event, newest first, worked out once by the first change-log page that
    /// needs it (each page of the log takes its slice).
    pub(crate) changes: std::sync::OnceLock<Vec<EventAt>>,
    /// Every claim in ID order with its declaring document, the count of each class and the
    /// lifecycles present, worked out once by the first job that needs them (a claims-index
    /// page, its facets or its search records).
    pub(crate) claims: std::sync::OnceLock<ClaimList>,
    /// Each document's folders and the pages' folder tree (see [`crate::shape`]).
    pub(crate) shape: std::sync::Arc<crate::shape::Shape>,
    /// The glossary of each language (`Lang::ALL` order), made once by the first page that
    /// glosses: its automaton is shared by every page.
    pub(crate) glossaries: std::sync::OnceLock<[Glossary; 2]>,
    /// The facets file of each language's claims index (`Lang::ALL` order), made once by the
    /// first index page that needs it (see `claim_facets`).
    pub(crate) facets: [std::sync::OnceLock<Option<crate::claim_facets::FacetsFile>>; 2],
    /// The questions of observation logs by each claim they are about (document and index,
    /// in the site's order), made once by the first page that shows a card: a page shows those
    /// about its cards without reading every log.
    pub(crate) log_questions: std::sync::OnceLock<BTreeMap<ClaimId, Vec<(DocId, usize)>>>,
    /// Where the content's sources are in the site's repository, if known.
    pub(crate) sources_at: Option<crate::plan::SourcesAt<'a>>,
}

impl<'a> Ctx<'a> {
    /// The edit page of the source of document `doc`, when the repository is known and the file
    /// is in it (history, when read, knows it: a file never committed has no page there yet).
    pub(crate) fn edit_href(&self, doc: DocId) -> Option<String> {
        let at = self.sources_at.filter(|_| self.committed(doc))?;
        Some(at.links.edit(&[at.content, &self.site.doc(doc).path].concat()))
    }

    /// Where claim `claim` is recorded (its ID's line in the file declaring it), when the
    /// repository is known and the file is in it.
    pub(crate) fn record_href(&self, claim: &shoko_model::Claim) -> Option<String> {
        let at = self.sources_at?;
        let declared = self.site.claims().get(&claim.id).filter(|d| self.committed(d.doc))?;
        Some(at.links.at_line(&[at.content, &self.site.doc(declared.doc).path].concat(), claim.id_line))
    }

    /// Whether document `doc` is in the repository's history, as far as it was read (without
    /// history nothing says it is not).
    fn committed(&self, doc: DocId) -> bool {
        !matches!(self.site.changes().get(&doc), Some(shoko_model::FileChange::Untracked))
    }

    /// The questions of observation logs about claim `id` (see [`Ctx::log_questions`]).
    pub(crate) fn log_questions_about(&self, id: &ClaimId) -> &[(DocId, usize)] {
        let by_claim = self.log_questions.get_or_init(|| {
            let mut by_claim: BTreeMap<ClaimId, Vec<(DocId, usize)>> = BTreeMap::new();
            for (d, doc) in self.site.docs().iter().enumerate() {
                if !matches!(doc.kind, shoko_model::DocKind::Log { .. }) {
                    continue;
                }
                for (i, q) in doc.questions.iter().enumerate() {
                    for about in &q.about {
                        let list = by_claim.entry(about.id.clone()).or_default();
                        if list.last() != Some(&(DocId(d), i)) {
                            list.push((DocId(d), i));
                        }
                    }
                }
            }
            by_claim
        });
        by_claim.get(id).map_or(&[], Vec::as_slice)
    }

    /// The glossary of each language (`Lang::ALL` order). A term's HTML links the glossary page
    /// through `{glossary}` (each page's own href) and shows the spelling as written (`{}`).
    pub(crate) fn glossaries(&self) -> &[Glossary; 2] {
        self.glossaries.get_or_init(|| {
            Lang::ALL.map(|lang| {
                let terms = self
                    .site
                    .glossary()
                    .iter()
                    .map(|t| {
                        let mut spellings: Vec<String> =
                            std::iter::once(t.term.get(lang).to_owned()).chain(t.aliases.iter().cloned()).collect();
                        // An English plural is the same term (`GEMMs`).
                        let plurals: Vec<String> = spellings
                            .iter()
                            .filter(|s| s.bytes().last().is_some_and(|b| b.is_ascii_alphabetic() && b != b's'))
                            .map(|s| format!("{s}s"))
                            .collect();
                        spellings.extend(plurals);
                        spellings.sort_by_key(|s| std::cmp::Reverse(s.len()));
                        spellings.dedup();
                        // The gloss opens beside the term on hover or focus, without breaking the
                        // sentence; it is in the text for screen readers and in print (the
                        // parentheses are for them).
                        let gloss = escape(t.gloss.get(lang).trim_end_matches(['。', '.']));
                        let (open, close) = match lang {
                            Lang::Ja => ("（", "）"),
                            Lang::En => (" (", ")"),
                        };
                        let html = format!(
                            "<span class=\"termed\"><a class=\"term\" href=\"{{glossary}}#{}\">{{}}</a><span class=\"gloss\"><span class=\"gloss-paren\">{open}</span>{gloss}<span class=\"gloss-paren\">{close}</span></span></span>",
                            term_anchor(&t.id)
                        );
                        Gloss { id: t.id.clone(), spellings, html }
                    })
                    .collect();
                Glossary::new(terms)
            })
        })
    }

    /// The key the claims index filters `doc`'s claims by (`?page=KEY`): its folder without the
    /// language, the same in both (`/gpu/gfx1201/`, `/` for the home page), encoded as a query
    /// value (so it holds no space: `data-pages` lists keys with spaces between; the index's
    /// script decodes both sides before comparing).
    pub fn page_key(&self, doc: DocId) -> String {
        let dir = self.page_dir(doc, Lang::Ja);
        let key = crate::urls::encode_query(dir.strip_prefix(Lang::Ja.code()).unwrap_or(dir).trim_start_matches('/'));
        ["/", &*key].concat()
    }

    /// The site-root-relative folder of a content page in `lang`: `ja/gpu/`.
    pub fn page_dir(&self, doc: DocId, lang: Lang) -> &str {
        let [ja, en] = &self.shape.dirs[doc.0];
        match lang {
            Lang::Ja => ja,
            Lang::En => en,
        }
    }

    /// The site-root-relative folder of a generated page (the first page of a paged index).
    pub fn site_page_dir(page: SitePage, lang: Lang) -> String {
        [lang.code(), "/", page.folder(), "/"].concat()
    }

    /// The folder of page `part` (from 0) of a generated page: `en/claims/`, `en/claims/2/`, ….
    pub fn site_part_dir(page: SitePage, lang: Lang, part: usize) -> String {
        match part {
            0 => Self::site_page_dir(page, lang),
            _ => [lang.code(), "/", page.folder(), "/", itoa::Buffer::new().format(part + 1), "/"].concat(),
        }
    }

    /// Every claim in ID order (see [`ClaimList`]), worked out once: each page of a paged claims
    /// index takes its slice (a pass over every claim per page was quadratic in the site).
    pub(crate) fn claims_in_order(&self) -> &ClaimList {
        self.claims.get_or_init(|| {
            let order: Vec<(DocId, usize)> = self.site.claims().values().map(|d| (d.doc, d.index)).collect();
            let claim = |&(doc, i): &(DocId, usize)| &self.site.doc(doc).claims[i];
            let current = |c: &&(DocId, usize)| claim(c).lifecycle == shoko_model::schema::Lifecycle::Current;
            let counts = Class::ALL
                .iter()
                .map(|&k| order.iter().filter(current).filter(|c| claim(c).class == k).count())
                .collect();
            let lifecycles = order.iter().map(|c| claim(c).lifecycle).collect();
            ClaimList { order, counts, lifecycles }
        })
    }

    /// The claims on page `part` of the paged claims index (declaring document and index), in
    /// ID order.
    pub(crate) fn claims_on_part(&self, part: usize) -> &[(DocId, usize)] {
        let order = &self.claims_in_order().order;
        let start = (part * INDEX_PAGE_SIZE).min(order.len());
        &order[start..(start + INDEX_PAGE_SIZE).min(order.len())]
    }

    /// Every history event of every claim, newest first (same day: by claim ID, then in history
    /// order).
    pub(crate) fn changes(&self) -> &[EventAt] {
        self.changes.get_or_init(|| {
            let mut events: Vec<(jiff::civil::Date, &str, EventAt)> = Vec::new();
            for (id, d) in self.site.claims().iter() {
                let claim = &self.site.doc(d.doc).claims[d.index];
                for (i, event) in claim.history.iter().enumerate() {
                    events.push((event.date, id.0.as_str(), (d.doc, d.index, i)));
                }
            }
            events.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(b.1)));
            events.into_iter().map(|(_, _, at)| at).collect()
        })
    }

    /// A UI string.
    pub fn t(&self, lang: Lang, key: &str) -> String {
        self.ui.get(lang, key).to_owned()
    }

    /// The badge of a class.
    pub fn badge(&self, class: Class, lang: Lang) -> BadgeView {
        let key = match class {
            Class::Confirmed => "class-confirmed",
            Class::Inferred => "class-inferred",
            Class::Unresolved => "class-unresolved",
            Class::Limited => "class-limited",
        };
        BadgeView { class: class.as_str(), label: self.t(lang, key) }
    }

    /// The badge of an open question (not a claim: it has no class).
    pub fn question_badge(&self, lang: Lang) -> BadgeView {
        BadgeView { class: "question", label: self.t(lang, "question-badge") }
    }

    /// The title of a document in `lang` (falling back to the other language, then the path).
    pub fn doc_title(&self, doc: DocId, lang: Lang) -> String {
        let d = &self.site.doc(doc);
        let title = match &d.kind {
            shoko_model::DocKind::Page(p) => Some(&p.title),
            shoko_model::DocKind::Log { title } => title.as_ref(),
            shoko_model::DocKind::Targets { .. } | shoko_model::DocKind::Glossary(_) => None,
        };
        title.map(|t| t.get(lang).0.to_owned()).filter(|t| !t.is_empty()).unwrap_or_else(|| d.path.clone())
    }

    /// A link from folder `here` to a content page.
    pub fn page_link(&self, here: &str, doc: DocId, lang: Lang) -> LinkView {
        LinkView { href: relative_href(here, self.page_dir(doc, lang)), label: self.doc_title(doc, lang) }
    }

    /// The page of the claims index (0 the first) that lists claim `id`; 0 for an unknown one.
    pub fn index_part(&self, id: &shoko_model::ClaimId) -> usize {
        self.site.claims().get(id).map_or(0, |d| d.ordinal / INDEX_PAGE_SIZE)
    }

    /// A link from `here` to a claim's card in the claims index (on the index page that lists it).
    pub fn claim_link(&self, here: &str, id: &str, lang: Lang) -> LinkView {
        let claim = shoko_model::ClaimId(id.to_owned());
        let declared = self.site.claims().get(&claim);
        let part = self.index_part(&claim);
        let index = Self::site_part_dir(SitePage::Claims, lang, part);
        let href = crate::urls::href(here, crate::urls::Target::Element(&index, &claim_anchor(id)));
        let label =
            declared.map_or_else(|| id.to_owned(), |d| self.site.doc(d.doc).claims[d.index].text.get(lang).to_owned());
        LinkView { href, label }
    }

    /// The layout of a page at folder `here` titled `title`.
    #[allow(clippy::too_many_arguments)]
    pub fn layout(
        &self,
        lang: Lang,
        here: &str,
        other: &str,
        title: String,
        translated: bool,
        anchors: String,
        current: Option<SitePage>,
        breadcrumbs: Vec<LinkView>,
    ) -> LayoutView {
        let home = [lang.code(), "/"].concat();
        let mut nav =
            vec![NavView { href: relative_href(here, &home), label: self.t(lang, "nav-home"), current: here == home }];
        nav.extend(SitePage::ALL.iter().filter(|p| p.in_nav()).map(|p| NavView {
            href: relative_href(here, &Self::site_page_dir(*p, lang)),
            label: self.t(lang, p.nav_key()),
            current: current == Some(*p),
        }));
        let footer = SitePage::ALL
            .iter()
            .filter(|p| !p.in_nav())
            .map(|p| NavView {
                href: relative_href(here, &Self::site_page_dir(*p, lang)),
                label: self.t(lang, p.nav_key()),
                current: current == Some(*p),
            })
            .collect();
        let other_lang = lang.other();
        let mut alternates = vec![AlternateView { hreflang: lang.code(), href: self.url(here) }];
        if translated {
            alternates.push(AlternateView { hreflang: other_lang.code(), href: self.url_from(here, other) });
        }
        // The site root's folder, as a prefix of root-relative paths (`../../`, or empty).
        let search_root = relative_href(here, "").trim_end_matches(crate::owned::INDEX_PAGE).to_owned();
        LayoutView {
            lang: lang.code(),
            title,
            root: relative_href(here, ""),
            css: relative_href(here, &self.assets.css),
            highlight_css: relative_href(here, &self.assets.highlight_css),
            js: relative_href(here, &self.assets.js),
            search_js: relative_href(here, &self.assets.search_js),
            theme_js: relative_href(here, &self.assets.theme_js),
            viewer_js: relative_href(here, &self.assets.viewer_js),
            icon: relative_href(here, &self.assets.icon),
            search_root: search_root.clone(),
            search_index: [&*search_root, &crate::search::index_dir(lang), "/"].concat(),
            nav,
            footer,
            switch: SwitchView {
                href: relative_href(here, other),
                lang: other_lang.code(),
                label: self.t(lang, "other-lang-name"),
                anchors,
            },
            alternates,
            canonical: self.base_url.as_ref().map(|b| format!("{b}/{}", crate::urls::encode_path(here))),
            breadcrumbs,
            sidebar: Vec::new(),
            feed: self.base_url.as_ref().map(|_| relative_href(here, &crate::atom::feed_path(lang, None))),
            json_ld: None,
            deck_js: None,
            print_size: None,
        }
    }

    /// The folder of the page that holds claim `id`'s card for data other tools read: its home
    /// ([`shoko_model::SiteModel::home`]), else the page of the claims index that lists it.
    pub fn card_dir(&self, id: &shoko_model::ClaimId, lang: Lang) -> String {
        match self.site.home(id) {
            Some(page) => self.page_dir(page, lang).to_owned(),
            None => Self::site_part_dir(SitePage::Claims, lang, self.index_part(id)),
        }
    }

    /// The address of the page in folder `dir` (from the site root), at `anchor` if given, for
    /// data other tools read: with the public URL the absolute canonical address (the folder, as
    /// `<link rel="canonical">` gives it), else the page's file from the site root (which also
    /// opens from disk).
    pub fn address(&self, dir: &str, anchor: Option<&str>) -> String {
        // Written into one string: made for every claim in several places, three `format!`s
        // each were 1.3% of a cold build's instructions.
        let mut out = String::with_capacity(dir.len() + anchor.map_or(0, str::len) + 64);
        match &self.base_url {
            Some(base) => {
                out.push_str(base);
                out.push('/');
                out.extend(crate::urls::encoded_pieces(dir));
            }
            None => out
                .extend(crate::urls::encoded_pieces(dir).chain(crate::urls::encoded_pieces(crate::owned::INDEX_PAGE))),
        }
        match anchor {
            Some(anchor) => crate::urls::at(out, anchor),
            None => out,
        }
    }

    /// The URL of `here` as seen from itself: absolute with a base URL, else `./`.
    fn url(&self, here: &str) -> String {
        self.url_from(here, here)
    }

    /// The address of `to` as seen from `here`: absolute under the public URL, else relative.
    pub(crate) fn url_from(&self, here: &str, to: &str) -> String {
        match &self.base_url {
            Some(b) => format!("{b}/{}", crate::urls::encode_path(to)),
            None => relative_href(here, to),
        }
    }
}
