//! What the filters of a paged claims index know of every claim, so that a filter chosen on one
//! page of the index counts the matches on every page: a script beside the index's first page
//! (`LANG/claims/facets.js`, written only when the index has more than one page) that hands
//! `shokoClaimFacets` one entry per claim in the index's order (the page of the index that lists
//! it follows from its place). `static/js/site.js` loads it when a filter is chosen.

use crate::context::{Ctx, INDEX_PAGE_SIZE, SitePage, SitePageExt};
use shoko_markdown::Lang;
use std::collections::BTreeMap;

/// The file's name, in the folder of the index's first page.
pub const FACETS_FILE: &str = "facets.js";

/// The facets file of one language.
pub struct FacetsFile {
    /// Its path from the site root (`ja/claims/facets.js`).
    pub path: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// The first 10 hex digits of its blake3, for the `?v=` of the links to it.
    pub version: String,
    /// Every GPU target a claim concerns, sorted: the index's target filters.
    pub targets: Vec<String>,
}

/// The data of the file: the index's page size, the GPU targets and the page keys that entries
/// point into, and per claim `[class, [GPU target, …], lifecycle, [page key, …]]` (targets and
/// page keys by their place in those lists).
#[derive(serde::Serialize)]
struct Facets<'a> {
    size: usize,
    gfx: Vec<&'a str>,
    pages: Vec<String>,
    claims: Vec<(&'static str, Vec<usize>, &'static str, Vec<usize>)>,
}

/// The facets file of `lang`'s claims index, when the index has more than one page; made once
/// per render.
pub fn facets_file<'c>(cx: &'c Ctx<'_>, lang: Lang) -> Option<&'c FacetsFile> {
    let slot = match lang {
        Lang::Ja => &cx.facets[0],
        Lang::En => &cx.facets[1],
    };
    slot.get_or_init(|| make(cx, lang)).as_ref()
}

fn make(cx: &Ctx<'_>, lang: Lang) -> Option<FacetsFile> {
    if SitePage::Claims.parts(cx.site) < 2 {
        return None;
    }
    let claims: Vec<&shoko_model::Claim> =
        cx.claims_in_order().order.iter().map(|&(doc, i)| &cx.site.doc(doc).claims[i]).collect();
    let mut gfx: Vec<&str> =
        claims.iter().flat_map(|c| c.scope.iter().flat_map(|s| s.gfx.iter().map(String::as_str))).collect();
    gfx.sort_unstable();
    gfx.dedup();
    let mut pages: BTreeMap<shoko_model::DocId, usize> = BTreeMap::new();
    let entries = claims
        .iter()
        .map(|claim| {
            let targets =
                claim.scope.iter().flat_map(|s| &s.gfx).filter_map(|g| gfx.binary_search(&g.as_str()).ok()).collect();
            let shown = cx.site.shown_on().get(&claim.id).map_or_else(Vec::new, |on| {
                on.iter()
                    .map(|p| {
                        let next = pages.len();
                        *pages.entry(*p).or_insert(next)
                    })
                    .collect()
            });
            (claim.class.as_str(), targets, claim.lifecycle.as_str(), shown)
        })
        .collect();
    let mut keys = vec![String::new(); pages.len()];
    for (doc, i) in pages {
        keys[i] = cx.page_key(doc);
    }
    let targets = gfx.iter().map(|g| (*g).to_owned()).collect();
    let data = Facets { size: INDEX_PAGE_SIZE, gfx, pages: keys, claims: entries };
    let json = serde_json::to_string(&data).ok()?;
    let bytes = format!("shokoClaimFacets({json});\n").into_bytes();
    let version = blake3::hash(&bytes).to_hex().as_str()[..10].to_owned();
    let path = format!("{}{FACETS_FILE}", Ctx::site_page_dir(SitePage::Claims, lang));
    Some(FacetsFile { path, bytes, version, targets })
}
