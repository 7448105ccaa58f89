//! Machine-readable outputs: `claims.json`, `sitemap.xml` with language alternates (needs the
//! public URL), `robots.txt`.

use crate::context::{Ctx, SitePage, SitePageExt};
use serde::Serialize;
use shoko_markdown::Lang;
use shoko_model::{Blocker, Event, Limitation, Scope, Source};
use shoko_model::{Class, Lifecycle};

#[derive(Serialize)]
struct ClaimExport<'a> {
    id: &'a str,
    class: Class,
    lifecycle: Lifecycle,
    text: TextExport<'a>,
    scope: &'a Option<Scope>,
    sources: &'a [Source],
    depends_on: Vec<&'a str>,
    blocked_by: &'a Option<Blocker>,
    limitations: &'a [Limitation],
    superseded_by: Option<&'a str>,
    supersedes: Vec<&'a str>,
    history: &'a [Event],
    declared_in: String,
    shown_on: Vec<String>,
    /// Why the claim needs review (`null` when it does not): the premises from its own to the
    /// one that changed, the change and its date, and the claim's last history event before it.
    needs_review: Option<&'a shoko_model::review::NeedsReview>,
}

#[derive(Serialize)]
struct TextExport<'a> {
    ja: &'a str,
    en: &'a str,
}

/// Every claim, serialized one at a time (the list is never built: at 45,000 claims it would
/// be tens of megabytes held only to be written out).
struct AllClaims<'a>(&'a Ctx<'a>);

impl Serialize for AllClaims<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let cx = self.0;
        serializer.collect_seq(cx.site.claims().values().map(|d| {
            let c = &cx.site.docs()[d.doc.0].claims[d.index];
            ClaimExport {
                id: &c.id.0,
                class: c.class,
                lifecycle: c.lifecycle,
                text: TextExport { ja: &c.text.ja, en: &c.text.en },
                scope: &c.scope,
                sources: &c.sources,
                depends_on: c.depends_on.iter().map(|r| r.id.0.as_str()).collect(),
                blocked_by: &c.blocked_by,
                limitations: &c.limitations,
                superseded_by: c.superseded_by.as_ref().map(|r| r.id.0.as_str()),
                supersedes: c.supersedes.iter().map(|r| r.id.0.as_str()).collect(),
                history: &c.history,
                declared_in: shoko_vocab::ContentPath(&cx.site.docs()[d.doc.0].path).to_string(),
                shown_on: cx
                    .site
                    .shown_on()
                    .get(&c.id)
                    .map_or_else(Vec::new, |p| p.iter().map(|d| cx.page_dir(*d, Lang::Ja).to_owned()).collect()),
                needs_review: cx.site.needs_review().get(&c.id),
            }
        }))
    }
}

#[derive(Serialize)]
struct Export<'a> {
    claims: AllClaims<'a>,
}

/// Every claim as compact JSON, with the pages (site-root-relative, Japanese) that show it.
pub fn claims_json(cx: &Ctx<'_>) -> Result<Vec<u8>, serde_json::Error> {
    // About 0.8 KB per claim: sized up front so a large export is not copied while it grows.
    let mut json = Vec::with_capacity(1024 + cx.site.claims().len() * 1024);
    serde_json::to_writer(&mut json, &Export { claims: AllClaims(cx) })?;
    json.push(b'\n');
    Ok(json)
}

/// Every page's folder in both languages (content pages first, then generated ones).
pub fn page_dirs(cx: &Ctx<'_>) -> Vec<[String; 2]> {
    let mut dirs: Vec<[String; 2]> =
        cx.site.pages().values().map(|d| Lang::ALL.map(|l| cx.page_dir(*d, l).to_owned())).collect();
    for page in SitePage::ALL {
        dirs.extend((0..page.parts(cx.site)).map(|part| Lang::ALL.map(|l| Ctx::site_part_dir(page, l, part))));
    }
    dirs
}

/// `sitemap.xml` with `xhtml:link` alternates; `None` without a public URL (sitemaps need
/// absolute URLs).
pub fn sitemap(cx: &Ctx<'_>) -> Option<String> {
    let base = cx.base_url.as_ref()?;
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    for pair in page_dirs(cx) {
        for dir in &pair {
            xml.push_str(&format!(
                "  <url>\n    <loc>{}</loc>\n",
                escape_xml(&format!("{base}/{}", crate::urls::encode_path(dir)))
            ));
            for (lang, alt) in Lang::ALL.iter().zip(&pair) {
                xml.push_str(&format!(
                    "    <xhtml:link rel=\"alternate\" hreflang=\"{}\" href=\"{}\"/>\n",
                    lang.code(),
                    escape_xml(&format!("{base}/{}", crate::urls::encode_path(alt)))
                ));
            }
            xml.push_str("  </url>\n");
        }
    }
    xml.push_str("</urlset>\n");
    Some(xml)
}

/// `robots.txt`, pointing at the sitemap when there is one.
pub fn robots(cx: &Ctx<'_>) -> String {
    let mut text = String::from("User-agent: *\nAllow: /\n");
    if let Some(base) = &cx.base_url {
        text.push_str(&format!("Sitemap: {base}/sitemap.xml\n"));
    }
    text
}

fn escape_xml(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
