//! What every page builder shares: the site, UI strings, asset paths, and how to reach one page
//! from another with relative hrefs.

use crate::i18n::Ui;
use crate::urls::{page_url, relative_href};
use crate::view::{AlternateView, BadgeView, LayoutView, LinkView, NavView, SwitchView};
use shoko_diagnostics::SourceMap;
use shoko_markdown::Lang;
use shoko_model::schema::Class;
use shoko_model::{DocId, SiteModel};

/// A generated, site-wide page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SitePage {
    /// Evidence classes and site policy.
    Evidence,
    /// Every open question.
    Questions,
    /// Every claim.
    Claims,
    /// The change log.
    Changes,
    /// The glossary.
    Glossary,
}

impl SitePage {
    /// Every generated page, in navigation order.
    pub const ALL: [SitePage; 5] =
        [SitePage::Evidence, SitePage::Questions, SitePage::Claims, SitePage::Changes, SitePage::Glossary];

    /// Folder under the language root; content may not use these (`page/reserved-path`).
    pub fn folder(self) -> &'static str {
        match self {
            SitePage::Evidence => "evidence",
            SitePage::Questions => "questions",
            SitePage::Claims => "claims",
            SitePage::Changes => "changes",
            SitePage::Glossary => "glossary",
        }
    }

    /// UI key of its navigation label.
    pub fn nav_key(self) -> &'static str {
        match self {
            SitePage::Evidence => "nav-evidence",
            SitePage::Questions => "nav-questions",
            SitePage::Claims => "nav-claims",
            SitePage::Changes => "nav-changes",
            SitePage::Glossary => "nav-glossary",
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
    /// Processed images by content path.
    pub images: &'a std::collections::BTreeMap<String, crate::view::ImageInfo>,
}

impl<'a> Ctx<'a> {
    /// The site-root-relative folder of a content page in `lang`: `ja/gpu/`.
    pub fn page_dir(&self, doc: DocId, lang: Lang) -> String {
        format!("{}/{}", lang.code(), page_url(&self.site.docs[doc.0].path))
    }

    /// The site-root-relative folder of a generated page.
    pub fn site_page_dir(page: SitePage, lang: Lang) -> String {
        format!("{}/{}/", lang.code(), page.folder())
    }

    /// A UI string.
    pub fn t(&self, lang: Lang, key: &str) -> String {
        self.ui.get(lang, key).to_owned()
    }

    /// The badge of a class.
    pub fn badge(&self, class: Class, lang: Lang) -> BadgeView {
        BadgeView { class: class.as_str(), label: self.t(lang, &format!("class-{}", class.as_str())) }
    }

    /// The title of a document in `lang` (falling back to the other language, then the path).
    pub fn doc_title(&self, doc: DocId, lang: Lang) -> String {
        let d = &self.site.docs[doc.0];
        let title = match &d.kind {
            shoko_model::DocKind::Page(p) => Some(&p.title),
            shoko_model::DocKind::Log { title } => title.as_ref(),
            shoko_model::DocKind::Targets(_) | shoko_model::DocKind::Glossary(_) => None,
        };
        title.map(|t| t.get(lang).0.to_owned()).filter(|t| !t.is_empty()).unwrap_or_else(|| d.path.clone())
    }

    /// A link from folder `here` to a content page.
    pub fn page_link(&self, here: &str, doc: DocId, lang: Lang) -> LinkView {
        LinkView { href: relative_href(here, &self.page_dir(doc, lang)), label: self.doc_title(doc, lang) }
    }

    /// A link from `here` to a claim's card in the claims index.
    pub fn claim_link(&self, here: &str, id: &str, lang: Lang) -> LinkView {
        let href = format!("{}#claim-{id}", relative_href(here, &Self::site_page_dir(SitePage::Claims, lang)));
        let label = self
            .site
            .claim(&shoko_model::ClaimId(id.to_owned()))
            .map_or_else(|| id.to_owned(), |c| c.text.get(lang).to_owned());
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
    ) -> LayoutView<'a> {
        let home = format!("{}/", lang.code());
        let mut nav =
            vec![NavView { href: relative_href(here, &home), label: self.t(lang, "nav-home"), current: here == home }];
        nav.extend(SitePage::ALL.iter().map(|p| NavView {
            href: relative_href(here, &Self::site_page_dir(*p, lang)),
            label: self.t(lang, p.nav_key()),
            current: current == Some(*p),
        }));
        let other_lang = lang.other();
        let mut alternates = vec![AlternateView { hreflang: lang.code(), href: self.url(here) }];
        if translated {
            alternates.push(AlternateView { hreflang: other_lang.code(), href: self.url_from(here, other) });
        }
        LayoutView {
            lang: lang.code(),
            ui: self.ui.strings(lang),
            title,
            root: relative_href(here, ""),
            css: relative_href(here, &self.assets.css),
            highlight_css: relative_href(here, &self.assets.highlight_css),
            js: relative_href(here, &self.assets.js),
            nav,
            switch: SwitchView {
                href: relative_href(here, other),
                lang: other_lang.code(),
                label: self.t(lang, "other-lang-name"),
                anchors,
            },
            alternates,
            canonical: self.base_url.as_ref().map(|b| format!("{b}/{}", crate::urls::encode_path(here))),
            breadcrumbs,
        }
    }

    /// The URL of `here` as seen from itself: absolute with a base URL, else `./`.
    fn url(&self, here: &str) -> String {
        self.url_from(here, here)
    }

    fn url_from(&self, here: &str, to: &str) -> String {
        match &self.base_url {
            Some(b) => format!("{b}/{}", crate::urls::encode_path(to)),
            None => relative_href(here, to),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SitePage;

    #[test]
    fn generated_folders_are_reserved_for_content() {
        for page in SitePage::ALL {
            assert!(
                shoko_model::rules::page_reserved_path::RESERVED.contains(&page.folder()),
                "{} is generated but content may use it",
                page.folder()
            );
        }
    }
}
