//! Static files: CSS and JS get a content hash in their name (`css/site.3f2a9c01be.css`) so they
//! can be cached forever; everything else is copied under its own path. The highlighting
//! stylesheet is generated here from the syntect themes.

use crate::context::AssetPaths;
use std::collections::BTreeMap;

/// The stylesheet every page links.
pub const SITE_CSS: &str = "css/site.css";
/// The script every page links.
pub const SITE_JS: &str = "js/site.js";
/// The search script every page links.
pub const SEARCH_JS: &str = "js/search.js";
/// The script that applies the reader's theme before a page is drawn, linked in every head.
pub const THEME_JS: &str = "js/theme.js";
/// The figure viewer every page links (zoom and pan over a figure).
pub const VIEWER_JS: &str = "js/viewer.js";
/// The script of slide decks, linked by deck pages.
pub const DECK_JS: &str = "js/deck.js";
/// The site's icon every page links (kept under its own name: browsers and bookmarks keep it).
pub const FAVICON: &str = "favicon.svg";
pub(crate) const HIGHLIGHT_CSS: &str = "css/highlight.css";

/// Output files for `files` (path under `static/` → bytes) plus the generated highlighting
/// stylesheet, and the fingerprinted paths of the assets pages link.
pub fn assets(files: &[(String, Vec<u8>)]) -> (BTreeMap<String, Vec<u8>>, AssetPaths) {
    let mut out = BTreeMap::new();
    let mut renamed = BTreeMap::new();
    let highlight = shoko_markdown::highlight_css().into_bytes();
    for (path, bytes) in files.iter().map(|(p, b)| (p.as_str(), b)).chain([(HIGHLIGHT_CSS, &highlight)]) {
        let target =
            if path.ends_with(".css") || path.ends_with(".js") { fingerprint(path, bytes) } else { path.to_owned() };
        renamed.insert(path.to_owned(), target.clone());
        out.insert(target, bytes.clone());
    }
    let name = |p: &str| renamed.get(p).cloned().unwrap_or_else(|| p.to_owned());
    let paths = AssetPaths {
        css: name(SITE_CSS),
        highlight_css: name(HIGHLIGHT_CSS),
        js: name(SITE_JS),
        search_js: name(SEARCH_JS),
        deck_js: name(DECK_JS),
        theme_js: name(THEME_JS),
        viewer_js: name(VIEWER_JS),
        icon: name(FAVICON),
    };
    (out, paths)
}

/// `css/site.css` → `css/site.<first 10 hex of blake3>.css`.
fn fingerprint(path: &str, bytes: &[u8]) -> String {
    let hash = blake3::hash(bytes).to_hex();
    let short = &hash.as_str()[..10];
    match path.rsplit_once('.') {
        Some((stem, ext)) => format!("{stem}.{short}.{ext}"),
        None => format!("{path}.{short}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn css_and_js_are_fingerprinted_by_content() {
        let files = vec![(SITE_CSS.to_owned(), b"body{}".to_vec()), ("img/a.png".to_owned(), vec![1, 2])];
        let (out, paths) = assets(&files);
        assert!(
            paths.css.starts_with("css/site.")
                && paths.css.ends_with(".css")
                && paths.css.len() == "css/site..css".len() + 10
        );
        assert!(out.contains_key("img/a.png"));
        assert!(out.contains_key(&paths.highlight_css));
        let (_, changed) = assets(&[(SITE_CSS.to_owned(), b"body{color:red}".to_vec())]);
        assert_ne!(changed.css, paths.css, "a change of content changes the name");
    }
}
