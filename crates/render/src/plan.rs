//! Building the [`RenderPlan`]: every output file of the site with its bytes.

use crate::urls::{page_url, relative_href};
use crate::view::{ClaimView, PageView, RootView};
use rayon::prelude::*;
use shoko_diagnostics::{Code, Diagnostic, Severity, SourceMap};
use shoko_markdown::{render_html, Lang, LinkResolver};
use shoko_model::schema::Lifecycle;
use shoko_model::validate::resolve_relative;
use shoko_model::{ClaimId, Document, SiteModel};
use std::collections::BTreeMap;

/// A template failed to parse or render.
pub static TEMPLATE_CODE: Code = Code {
    name: "template/error",
    severity: Severity::Error,
    summary: "a template under templates/ failed to parse or render.",
};

/// What the render stage needs.
pub struct RenderInput<'a> {
    /// The linked site.
    pub site: &'a SiteModel,
    /// Texts of all files (bodies are rendered from them).
    pub sources: &'a SourceMap,
    /// Templates by name (`page.html`, `root.html`).
    pub templates: &'a [(String, String)],
    /// Public URL of the site (ends in `/`), for canonical links.
    pub base_url: Option<&'a str>,
}

/// Every output file, by path relative to the output folder, sorted.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct RenderPlan {
    /// Output path → bytes.
    pub files: BTreeMap<String, Vec<u8>>,
}

/// Render the whole site.
pub fn render(input: &RenderInput<'_>) -> Result<RenderPlan, Vec<Diagnostic>> {
    let mut tera = tera::Tera::new();
    for (name, text) in input.templates {
        tera.add_raw_template(name, text)
            .map_err(|e| vec![Diagnostic::global(&TEMPLATE_CODE, format!("templates/{name}: {e}"))])?;
    }
    let jobs: Vec<(&Document, Lang)> = input
        .site
        .docs
        .iter()
        .filter(|d| d.page().is_some())
        .flat_map(|d| Lang::ALL.map(|l| (d, l)))
        .collect();
    let rendered: Vec<Result<(String, Vec<u8>), Diagnostic>> =
        jobs.par_iter().map(|(doc, lang)| render_page(&tera, input, doc, *lang)).collect();
    let mut plan = RenderPlan::default();
    let mut errors = Vec::new();
    for result in rendered {
        match result {
            Ok((path, bytes)) => {
                plan.files.insert(path, bytes);
            }
            Err(e) => errors.push(e),
        }
    }
    let home = input.site.pages.get("index.md").and_then(|d| input.site.docs[d.0].page());
    let root = RootView {
        title_ja: home.map(|p| p.title.get(Lang::Ja).0.to_owned()).unwrap_or_default(),
        title_en: home.map(|p| p.title.get(Lang::En).0.to_owned()).unwrap_or_default(),
    };
    match render_template(&tera, "root.html", &root) {
        Ok(html) => {
            plan.files.insert("index.html".into(), html.into_bytes());
        }
        Err(e) => errors.push(e),
    }
    plan.files.insert(".nojekyll".into(), Vec::new());
    if errors.is_empty() { Ok(plan) } else { Err(errors) }
}

fn render_template<T: serde::Serialize>(tera: &tera::Tera, name: &str, view: &T) -> Result<String, Diagnostic> {
    let context = tera::Context::from_serialize(view)
        .map_err(|e| Diagnostic::global(&TEMPLATE_CODE, format!("templates/{name}: {e}")))?;
    tera.render(name, &context).map_err(|e| Diagnostic::global(&TEMPLATE_CODE, format!("templates/{name}: {e}")))
}

struct Resolver<'a> {
    site: &'a SiteModel,
    doc: &'a Document,
    here: String,
}

impl LinkResolver for Resolver<'_> {
    fn resolve(&self, dest: &str, lang: Lang) -> Option<String> {
        if let Some(id) = dest.strip_prefix("claim:") {
            return Some(format!("#claim-{id}"));
        }
        let (file, anchor) = dest.split_once('#').map_or((dest, None), |(f, a)| (f, Some(a)));
        if !file.ends_with(".md") || file.contains("://") {
            return None;
        }
        let target = resolve_relative(&self.doc.path, file)?;
        self.site.pages.get(&target)?;
        let mut href = relative_href(&self.here, &format!("{}/{}", lang.code(), page_url(&target)));
        if let Some(a) = anchor {
            href.push('#');
            href.push_str(a);
        }
        Some(href)
    }

    fn fallback_notice(&self, lang: Lang) -> String {
        match lang {
            Lang::Ja => String::from("この部分は日本語訳がまだありません。"),
            Lang::En => String::from("This part has not been translated into English yet."),
        }
    }
}

fn render_page(tera: &tera::Tera, input: &RenderInput<'_>, doc: &Document, lang: Lang) -> Result<(String, Vec<u8>), Diagnostic> {
    let page = doc.page().ok_or_else(|| Diagnostic::global(&TEMPLATE_CODE, "not a page"))?;
    let url = page_url(&doc.path);
    let here = format!("{}/{url}", lang.code());
    let other = format!("{}/{url}", lang.other().code());
    let text = &input.sources.file(doc.file).text;
    let resolver = Resolver { site: input.site, doc, here: here.clone() };
    let body = render_html(&page.body.blocks, &text[page.body_start..], page.body_start, lang, &resolver);
    let mut shown: Vec<&ClaimId> = doc.claims.iter().map(|c| &c.id).chain(page.citations.iter().map(|r| &r.id)).collect();
    shown.sort();
    shown.dedup();
    let claims = shown
        .into_iter()
        .filter_map(|id| input.site.claim(id))
        .map(|c| ClaimView {
            id: c.id.0.clone(),
            class: c.class.as_str(),
            text: c.text.get(lang).to_owned(),
            stale: c.lifecycle != Lifecycle::Current,
        })
        .collect();
    let view = PageView {
        lang: lang.code(),
        other_lang: lang.other().code(),
        other_href: relative_href(&here, &other),
        root: relative_href(&here, ""),
        title: page.title.get(lang).0.to_owned(),
        gain: page.gain.as_ref().map(|g| g.get(lang).0.to_owned()),
        body,
        claims,
        canonical: input.base_url.map(|b| format!("{}/{here}", b.trim_end_matches('/'))),
    };
    let html = render_template(tera, "page.html", &view)?;
    Ok((format!("{here}index.html"), html.into_bytes()))
}
