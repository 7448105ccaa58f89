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

/// The data of the file: the index's page size, the GPU targets and the page keys that entries
/// point into, and per claim `[class, GPU targets as bits, lifecycle, [page key, …]]`.
#[derive(serde::Serialize)]
struct Facets<'a> {
    size: usize,
    gfx: Vec<&'a str>,
    pages: Vec<String>,
    claims: Vec<(&'static str, u64, &'static str, Vec<usize>)>,
}

/// The facets file of `lang`'s claims index (path from the site root, bytes), when the index has
/// more than one page.
pub fn facets_file(cx: &Ctx<'_>, lang: Lang) -> Option<(String, Vec<u8>)> {
    if SitePage::Claims.parts(cx.site) < 2 {
        return None;
    }
    let (all, _) = cx.claims_in_order();
    let claims: Vec<&shoko_model::Claim> = all.iter().map(|&(doc, i)| &cx.site.docs()[doc.0].claims[i]).collect();
    let mut gfx: Vec<&str> =
        claims.iter().flat_map(|c| c.scope.iter().flat_map(|s| s.gfx.iter().map(String::as_str))).collect();
    gfx.sort_unstable();
    gfx.dedup();
    let mut pages: BTreeMap<shoko_model::DocId, usize> = BTreeMap::new();
    let entries = claims
        .iter()
        .map(|claim| {
            let bits = claim.scope.iter().flat_map(|s| &s.gfx).fold(0u64, |bits, g| {
                gfx.iter().position(|x| x == g).filter(|&i| i < 64).map_or(bits, |i| bits | 1 << i)
            });
            let shown = cx.site.shown_on().get(&claim.id).map_or_else(Vec::new, |on| {
                on.iter()
                    .map(|p| {
                        let next = pages.len();
                        *pages.entry(*p).or_insert(next)
                    })
                    .collect()
            });
            (claim.class.as_str(), bits, claim.lifecycle.as_str(), shown)
        })
        .collect();
    let mut keys = vec![String::new(); pages.len()];
    for (doc, i) in pages {
        keys[i] = cx.page_key(doc);
    }
    let data = Facets { size: INDEX_PAGE_SIZE, gfx, pages: keys, claims: entries };
    let json = serde_json::to_string(&data).ok()?;
    let path = format!("{}{FACETS_FILE}", Ctx::site_page_dir(SitePage::Claims, lang));
    Some((path, format!("shokoClaimFacets({json});\n").into_bytes()))
}
