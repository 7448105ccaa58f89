//! Building the [`RenderPlan`]: every output file of the site with its bytes.

use crate::assets::assets;
use crate::context::{Ctx, SitePage};
use crate::i18n::Ui;
use crate::pages::{Tree, page_views};
use crate::view::{ImageInfo, NotFoundView, RootView};
use crate::{feeds, sitewide};
use rayon::prelude::*;
use shoko_diagnostics::{Code, Diagnostic, FileId, Severity, SourceMap, Span};
use shoko_markdown::Lang;
use shoko_model::{DocId, SiteModel};
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
    // Tera resolves `include` and `extends` when a template is added: partials and the base
    // layout go first.
    let mut ordered: Vec<&(String, FileId)> = files.iter().collect();
    ordered.sort_by_key(|(name, _)| (!name.starts_with("partials/"), name != "base.html"));
    for (name, file) in ordered {
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
    /// Compiled templates.
    pub templates: &'a Templates,
    /// UI strings.
    pub ui: &'a Ui,
    /// Files under `static/` (path → bytes).
    pub static_files: &'a [(String, Vec<u8>)],
    /// Processed images by content path.
    pub images: &'a BTreeMap<String, ImageInfo>,
    /// Image files to write (output path → bytes).
    pub media: &'a BTreeMap<String, Vec<u8>>,
    /// Public URL of the site, for canonical links and the sitemap.
    pub base_url: Option<&'a str>,
    /// The JSON Schema of front-matter and logs, published as `schema/evidence.schema.json`.
    pub schema_json: &'a str,
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
    let (asset_files, asset_paths) = assets(input.static_files);
    let cx = Ctx {
        site: input.site,
        sources: input.sources,
        ui: input.ui,
        assets: asset_paths,
        images: input.images,
        base_url: input.base_url.map(|b| b.trim_end_matches('/').to_owned()),
    };
    let templates = input.templates;
    let tree = Tree::new(&cx);
    let docs: Vec<DocId> = cx.site.pages.values().copied().collect();
    let mut rendered: Vec<Rendered> = docs
        .par_iter()
        .flat_map_iter(|d| {
            let (views, errors) = page_views(&cx, templates, &tree, *d);
            let pages = views.into_iter().map(|(path, view)| file(templates, "page.html", path, &view));
            errors.into_iter().map(|e| Err(Box::new(e))).chain(pages).collect::<Vec<_>>()
        })
        .collect();
    for lang in Lang::ALL {
        let dir = |p: SitePage| format!("{}index.html", Ctx::site_page_dir(p, lang));
        rendered.push(file(templates, "evidence.html", dir(SitePage::Evidence), &sitewide::evidence(&cx, lang)));
        rendered.push(file(templates, "questions.html", dir(SitePage::Questions), &sitewide::questions(&cx, lang)));
        rendered.push(file(templates, "claims.html", dir(SitePage::Claims), &sitewide::claims(&cx, lang)));
        rendered.push(file(templates, "changes.html", dir(SitePage::Changes), &sitewide::changes(&cx, lang)));
        rendered.push(file(templates, "glossary.html", dir(SitePage::Glossary), &sitewide::glossary(&cx, lang)));
    }
    let root = RootView {
        ja: cx.ui.strings(Lang::Ja),
        en: cx.ui.strings(Lang::En),
        css: cx.assets.css.clone(),
        js: cx.assets.js.clone(),
    };
    rendered.push(file(templates, "root.html", "index.html".into(), &root));
    let not_found = NotFoundView {
        ja: cx.ui.strings(Lang::Ja),
        en: cx.ui.strings(Lang::En),
        root: cx.base_url.as_ref().map_or_else(String::new, |b| format!("{b}/")),
        css: cx.base_url.as_ref().map_or_else(|| cx.assets.css.clone(), |b| format!("{b}/{}", cx.assets.css)),
    };
    rendered.push(file(templates, "404.html", "404.html".into(), &not_found));
    let mut plan = RenderPlan { files: asset_files };
    plan.files.extend(input.media.iter().map(|(p, b)| (p.clone(), b.clone())));
    let mut errors = Vec::new();
    for result in rendered {
        match result {
            Ok((path, bytes)) => {
                plan.files.insert(path, bytes);
            }
            Err(e) => errors.push(*e),
        }
    }
    plan.files.insert(".nojekyll".into(), Vec::new());
    plan.files.insert("robots.txt".into(), feeds::robots(&cx).into_bytes());
    plan.files.insert("claims.json".into(), feeds::claims_json(&cx).into_bytes());
    plan.files.insert("schema/evidence.schema.json".into(), input.schema_json.as_bytes().to_vec());
    if let Some(sitemap) = feeds::sitemap(&cx) {
        plan.files.insert("sitemap.xml".into(), sitemap.into_bytes());
    }
    if errors.is_empty() { Ok(plan) } else { Err(errors) }
}

fn file<T: serde::Serialize>(templates: &Templates, name: &str, path: String, view: &T) -> Rendered {
    render_template(templates, name, view).map(|html| (path, html.into_bytes()))
}

pub(crate) fn render_template<T: serde::Serialize>(
    templates: &Templates,
    name: &str,
    view: &T,
) -> Result<String, Box<Diagnostic>> {
    let context = tera::Context::from_serialize(view)
        .map_err(|e| Box::new(Diagnostic::global(&TEMPLATE_CODE, format!("templates/{name}: {e}"))))?;
    templates.tera.render(name, &context).map_err(|e| Box::new(template_diagnostic(&e, &templates.files)))
}
