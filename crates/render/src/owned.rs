//! Which paths of the built site the generator writes, and for what: the one place that names
//! the files at the site root, so that a file under `static/` that would land on one of them is
//! reported (`file/generated-path`) instead of silently replacing it, or being replaced.

use shoko_markdown::Lang;
use shoko_model::SiteModel;
use shoko_vocab::{ContentPath, SitePage, page_address};

pub use shoko_vocab::layout::{INDEX_PAGE, NOT_FOUND_PAGE};
/// What crawlers may read.
pub const ROBOTS: &str = "robots.txt";
/// Every page's public address (with the site's public URL only).
pub const SITEMAP: &str = "sitemap.xml";
/// Tells GitHub Pages not to run Jekyll over the site.
pub const NO_JEKYLL: &str = ".nojekyll";
/// Every current claim (see `export`).
pub const CLAIMS_JSON: &str = "claims.json";
/// The claims as sphinx-needs reads them.
pub const NEEDS_JSON: &str = "needs.json";
/// The folder of the published JSON schemas.
pub const SCHEMA_DIR: &str = "schema";
/// The JSON schema of the front-matter and logs.
pub use shoko_vocab::layout::EVIDENCE_SCHEMA;
/// The JSON schema of `claims.json`.
pub const CLAIMS_SCHEMA: &str = "schema/claims.schema.json";

/// What writes a path of the built site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Generated<'a> {
    /// A content page (its path under `content/`), in one language.
    Page(&'a str, Lang),
    /// A generated page of one language, with everything in its folder.
    SitePage(SitePage, Lang),
    /// A file at the site root or a folder of generated files (`search`, `schema`, `media`: the
    /// images pages show, and their smaller copies).
    Site(&'static str),
}

impl std::fmt::Display for Generated<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Generated::Page(path, lang) => write!(f, "the {} page of {}", lang.english_name(), ContentPath(path)),
            Generated::SitePage(page, lang) => {
                write!(f, "the generated {} `{}/` page", lang.english_name(), page.folder())
            }
            Generated::Site(name) => write!(f, "the generated `{name}`"),
        }
    }
}

/// The files at the root of every build, and the folders whose every file is generated.
fn site_files() -> [&'static str; 11] {
    let (highlight, search, media) =
        (crate::assets::HIGHLIGHT_CSS, crate::search::SEARCH_DIR, shoko_vocab::layout::MEDIA_DIR);
    [
        INDEX_PAGE,
        NOT_FOUND_PAGE,
        ROBOTS,
        SITEMAP,
        NO_JEKYLL,
        CLAIMS_JSON,
        NEEDS_JSON,
        highlight,
        SCHEMA_DIR,
        search,
        media,
    ]
}

/// What of `site` the build writes at `path` (from the site root, `/` separators), if anything,
/// whether or not this build writes it (`sitemap.xml` needs a public URL).
/// The site's own files (`css/site.css`, …) are not generated: a static file replaces them on
/// purpose.
pub fn generated_at<'s>(site: &'s SiteModel, path: &str) -> Option<Generated<'s>> {
    if let Some(name) = site_files().into_iter().find(|name| path == *name || in_folder(path, name)) {
        return Some(Generated::Site(name));
    }
    let (code, rest) = path.split_once('/')?;
    let lang = Lang::from_code(code)?;
    let first = rest.split('/').next().unwrap_or("");
    if let Some(page) = SitePage::owning(first) {
        return Some(Generated::SitePage(page, lang));
    }
    let address = rest.strip_suffix(INDEX_PAGE)?;
    site.pages().keys().find(|doc| page_address(doc) == address).map(|doc| Generated::Page(doc.as_str(), lang))
}

/// Whether `path` lies under the folder `name` (`search/ja/x.json` under `search`).
fn in_folder(path: &str, name: &str) -> bool {
    path.strip_prefix(name).is_some_and(|rest| rest.starts_with('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn root_files_and_generated_folders_are_owned_but_the_sites_own_files_are_not() {
        let site = SiteModel::default();
        assert_eq!(generated_at(&site, "404.html"), Some(Generated::Site(NOT_FOUND_PAGE)));
        assert_eq!(generated_at(&site, "search/ja/t0.js"), Some(Generated::Site("search")));
        assert_eq!(generated_at(&site, "schema/x.json"), Some(Generated::Site(SCHEMA_DIR)));
        assert_eq!(generated_at(&site, "searchx/a.js"), None);
        assert_eq!(generated_at(&site, "css/site.css"), None);
        assert_eq!(generated_at(&site, "img/logo.png"), None);
        let claims = crate::context::Ctx::site_page_dir(SitePage::Claims, Lang::En);
        assert_eq!(
            generated_at(&site, &format!("{claims}2/index.html")),
            Some(Generated::SitePage(SitePage::Claims, Lang::En))
        );
        assert_eq!(generated_at(&site, "en/guide/index.html"), None, "no such page");
    }
}
