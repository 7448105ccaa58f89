//! Machine-readable outputs besides `claims.json` (see `export`): `sitemap.xml` with language
//! alternates (needs the public URL), `robots.txt`.

use crate::context::{Ctx, SitePage, SitePageExt};
use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesText, Event};
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

/// `sitemap.xml` with `xhtml:link` alternates, written with quick-xml; `None` without a public
/// URL (sitemaps need absolute URLs).
pub fn sitemap(cx: &Ctx<'_>) -> Option<String> {
    let base = cx.base_url.as_ref()?;
    let address = |dir: &str| format!("{base}/{}", crate::urls::encode_path(dir));
    let mut writer = Writer::new_with_indent(Vec::new(), b' ', 2);
    let urls = |w: &mut Writer<Vec<u8>>| -> std::io::Result<()> {
        for pair in page_dirs(cx) {
            for dir in &pair {
                w.create_element("url").write_inner_content(|w| {
                    w.create_element("loc").write_text_content(BytesText::new(&address(dir)))?;
                    for (lang, alt) in Lang::ALL.iter().zip(&pair) {
                        let href = address(alt);
                        w.create_element("xhtml:link")
                            .with_attributes([("rel", "alternate"), ("hreflang", lang.code()), ("href", href.as_str())])
                            .write_empty()?;
                    }
                    Ok(())
                })?;
            }
        }
        Ok(())
    };
    let written = writer.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None))).and_then(|()| {
        writer
            .create_element("urlset")
            .with_attributes([
                ("xmlns", "http://www.sitemaps.org/schemas/sitemap/0.9"),
                ("xmlns:xhtml", "http://www.w3.org/1999/xhtml"),
            ])
            .write_inner_content(urls)
            .map(|_| ())
    });
    // Writing into memory cannot fail.
    written.ok()?;
    let mut xml = String::from_utf8(writer.into_inner()).ok()?;
    xml.push('\n');
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
