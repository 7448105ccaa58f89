//! Machine-readable outputs besides `claims.json` (see `export`): `sitemap.xml` with language
//! alternates (needs the public URL), `robots.txt`.

use crate::context::{Ctx, SitePage, SitePageExt};
use shoko_markdown::Lang;

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
