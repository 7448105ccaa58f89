//! Building the [`RenderPlan`]: every output file of the site with its bytes.

use crate::urls::{page_url, relative_href};
use crate::view::{ClaimView, PageView, RootView};
use rayon::prelude::*;
use shoko_diagnostics::{Code, Diagnostic, FileId, Severity, SourceMap, Span};
use shoko_markdown::{Lang, LinkResolver, render_html};
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

/// Compiled templates, ready to render.
pub struct Templates {
    tera: tera::Tera,
    files: Vec<(String, FileId)>,
}

impl std::fmt::Debug for Templates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Templates").field("files", &self.files).finish()
    }
}

/// Compile the templates `files` (name and file id in `sources`); every template with a syntax
/// error is reported at its line and column.
pub fn compile_templates(files: &[(String, FileId)], sources: &SourceMap) -> Result<Templates, Vec<Diagnostic>> {
    let mut tera = tera::Tera::new();
    let mut errors = Vec::new();
    for (name, file) in files {
        if let Err(e) = tera.add_raw_template(name, &sources.file(*file).text) {
            errors.push(template_diagnostic(&e, files));
        }
    }
    if errors.is_empty() { Ok(Templates { tera, files: files.to_vec() }) } else { Err(errors) }
}

/// A located diagnostic for a tera error, when tera says where it is.
fn template_diagnostic(error: &tera::Error, files: &[(String, FileId)]) -> Diagnostic {
    let report = match error.kind() {
        tera::ErrorKind::SyntaxError(report) | tera::ErrorKind::RenderingError(report) => Some(report),
        _ => None,
    };
    let located = report.and_then(|r| {
        let file = files.iter().find(|(name, _)| name == r.filename())?.1;
        Some(Diagnostic::new(&TEMPLATE_CODE, r.message().to_owned(), Span::new(file, r.span().range.clone())))
    });
    located
        .unwrap_or_else(|| Diagnostic::global(&TEMPLATE_CODE, error.to_string()))
        .with_hint("see the tera template syntax; templates receive the typed views of shoko-render's `view` module")
}

/// What the render stage needs.
pub struct RenderInput<'a> {
    /// The linked site.
    pub site: &'a SiteModel,
    /// Texts of all files (bodies are rendered from them).
    pub sources: &'a SourceMap,
    /// Compiled templates (`page.html`, `root.html`).
    pub templates: &'a Templates,
    /// Public URL of the site (ends in `/`), for canonical links.
    pub base_url: Option<&'a str>,
}

/// Every output file, by path relative to the output folder, sorted.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct RenderPlan {
    /// Output path → bytes.
    pub files: BTreeMap<String, Vec<u8>>,
}

/// One output file (path and bytes), or why it could not be rendered.
type Rendered = Result<(String, Vec<u8>), Box<Diagnostic>>;

/// Render the whole site.
pub fn render(input: &RenderInput<'_>) -> Result<RenderPlan, Vec<Diagnostic>> {
    let templates = input.templates;
    let jobs: Vec<(&Document, Lang)> =
        input.site.docs.iter().filter(|d| d.page().is_some()).flat_map(|d| Lang::ALL.map(|l| (d, l))).collect();
    let rendered: Vec<Rendered> =
        jobs.par_iter().map(|(doc, lang)| render_page(templates, input, doc, *lang)).collect();
    let mut plan = RenderPlan::default();
    let mut errors = Vec::new();
    for result in rendered {
        match result {
            Ok((path, bytes)) => {
                plan.files.insert(path, bytes);
            }
            Err(e) => errors.push(*e),
        }
    }
    let home = input.site.pages.get("index.md").and_then(|d| input.site.docs[d.0].page());
    let root = RootView {
        title_ja: home.map(|p| p.title.get(Lang::Ja).0.to_owned()).unwrap_or_default(),
        title_en: home.map(|p| p.title.get(Lang::En).0.to_owned()).unwrap_or_default(),
    };
    match render_template(templates, "root.html", &root) {
        Ok(html) => {
            plan.files.insert("index.html".into(), html.into_bytes());
        }
        Err(e) => errors.push(*e),
    }
    plan.files.insert(".nojekyll".into(), Vec::new());
    if errors.is_empty() { Ok(plan) } else { Err(errors) }
}

fn render_template<T: serde::Serialize>(
    templates: &Templates,
    name: &str,
    view: &T,
) -> Result<String, Box<Diagnostic>> {
    let context = tera::Context::from_serialize(view)
        .map_err(|e| Box::new(Diagnostic::global(&TEMPLATE_CODE, format!("templates/{name}: {e}"))))?;
    templates.tera.render(name, &context).map_err(|e| Box::new(template_diagnostic(&e, &templates.files)))
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

fn render_page(templates: &Templates, input: &RenderInput<'_>, doc: &Document, lang: Lang) -> Rendered {
    let page = doc.page().ok_or_else(|| Box::new(Diagnostic::global(&TEMPLATE_CODE, "not a page")))?;
    let url = page_url(&doc.path);
    let here = format!("{}/{url}", lang.code());
    let other = format!("{}/{url}", lang.other().code());
    let text = &input.sources.file(doc.file).text;
    let resolver = Resolver { site: input.site, doc, here: here.clone() };
    let body = render_html(&page.body.blocks, &text[page.body_start..], page.body_start, lang, &resolver);
    let mut shown: Vec<&ClaimId> =
        doc.claims.iter().map(|c| &c.id).chain(page.citations.iter().map(|r| &r.id)).collect();
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
    let html = render_template(templates, "page.html", &view)?;
    Ok((format!("{here}index.html"), html.into_bytes()))
}
