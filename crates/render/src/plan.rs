//! Building the [`RenderPlan`]: every output file of the site with its bytes.

use crate::assets::assets;
use crate::context::{Ctx, SitePage, SitePageExt};
use crate::i18n::Ui;
use crate::owned::{CLAIMS_SCHEMA, EVIDENCE_SCHEMA, INDEX_PAGE, NO_JEKYLL, NOT_FOUND_PAGE, ROBOTS, SITEMAP};
use crate::pages::page_views;
use crate::rules::template_error;
use crate::shape::ShapeMemo;
use crate::streams::Stream;
use crate::view::{ImageInfo, NotFoundView, RootView};
use crate::{feeds, sitewide};
use rayon::prelude::*;
use shoko_diagnostics::{Diagnostic, FileId, SourceMap, Span};
use shoko_markdown::Lang;
use shoko_model::{DocId, SiteModel};
use std::collections::BTreeMap;

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
    // `{{ text | phrases }}`: escaped, with Japanese broken between phrases (see
    // `shoko_markdown::phrases`); text already marked safe is left as it is.
    tera.register_filter("phrases", |text: tera::StringInput, _: tera::Kwargs, _: &tera::State| {
        if text.is_safe() {
            tera::Value::safe_string(text.as_str())
        } else {
            tera::Value::safe_string(&shoko_markdown::phrases(text.as_str()))
        }
    });
    let mut errors = Vec::new();
    // Tera resolves `include` and `extends` when a template is added: partials and the base
    // layout go first.
    let mut ordered: Vec<&(String, FileId)> = files.iter().collect();
    ordered.sort_by_key(|(name, _)| (!name.starts_with("partials/"), name != "base.html"));
    // Templates that did not parse: a template extending or including one of them fails too,
    // and that is not reported (the root cause is, at its line and column; a broken base
    // layout made one unlocated error for each of the seven templates built on it).
    let mut broken: Vec<&str> = Vec::new();
    for (name, file) in ordered {
        if let Err(e) = tera.add_raw_template(name, &sources.file(*file).text) {
            let caused_by_broken = match e.kind() {
                tera::ErrorKind::MissingParent { parent, .. } => broken.contains(&parent.as_str()),
                tera::ErrorKind::TemplateNotFound(missing) => broken.contains(&missing.as_str()),
                _ => false,
            };
            if !caused_by_broken {
                errors.push(template_diagnostic(&e, files));
            }
            broken.push(name);
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
        Some(Diagnostic::new(&template_error::CODE, r.message().to_owned(), Span::new(file, r.span().range.clone())))
    });
    located
        .unwrap_or_else(|| Diagnostic::global(&template_error::CODE, error.to_string()))
        .with_hint("see the tera template syntax; templates receive the typed views of shoko-render's `view` module")
}

/// What the render stage needs.
pub struct RenderInput<'a> {
    /// The linked site.
    pub site: &'a SiteModel,
    /// Every file read, by id: paths and line indexes for diagnostics, and the texts bodies are
    /// rendered from when a render is not handed them (see [`Renderer::render_texts`]).
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
    /// What the site's feeds are named by (`feed_id`), if given.
    pub feed_id: Option<&'a str>,
    /// The sub-path the site is served under (`/` or `/name/`), when it is known: the 404 page,
    /// shown at any address, links from it when there is no public URL (else relatively).
    pub base_path: Option<&'a str>,
    /// The JSON Schema of front-matter and logs, published as `schema/evidence.schema.json`.
    pub schema_json: &'a str,
    /// What the search indexes (Japanese, English) were last built from, kept between renders
    /// by the caller (who commits or discards each build with the output) so that a rebuild
    /// reads only what changed.
    pub search_memos: &'a [shoko_search::Memo; 2],
    /// The site's shape as the last render worked it out, kept between renders by the caller
    /// (see [`crate::shape`]).
    pub shape: &'a ShapeMemo,
    /// The jobs of this render when it patches an output that holds the files of the memos'
    /// last committed builds: the indexes then read only the pages these jobs render again and
    /// give only the files that changed. `None`: every file.
    pub search_patch: Option<&'a [Job]>,
    /// Where the content's sources are in the site's repository, when `shoko.yaml` names one:
    /// pages link to their edit page, claim cards to their record's line.
    pub sources_at: Option<SourcesAt<'a>>,
}

/// Where the content's sources are in the site's repository.
#[derive(Debug, Clone, Copy)]
pub struct SourcesAt<'a> {
    /// The repository's addresses (`shoko.yaml`).
    pub links: &'a shoko_model::edit_links::EditLinks,
    /// The content folder's path from the repository's root, ending in `/` (`content/` for a
    /// site at the root).
    pub content: &'a str,
}

/// Every output file, by path relative to the output folder, sorted.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct RenderPlan {
    /// Output path → bytes.
    pub files: BTreeMap<String, Vec<u8>>,
    /// The files that grow with the whole site, which the writer has
    /// [`Renderer::write_stream`] write straight into the output.
    pub streams: Vec<Stream>,
}

/// One output file (path and bytes), or why it could not be rendered.
type Rendered = Result<(String, Vec<u8>), Box<Diagnostic>>;

/// A unit of rendering. Jobs are independent of each other,
/// so `serve` can re-run just the jobs a change affects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Job {
    /// Both languages of one content page.
    Page(DocId),
    /// One generated page in one language; the paged indexes have one job per page (from 0).
    Site(SitePage, Lang, usize),
    /// The root language chooser and the 404 page.
    Root,
    /// `claims.json` and `needs.json` (streamed: see [`Stream`]), the Atom feeds,
    /// `sitemap.xml`, `robots.txt`.
    Feeds,
    /// The search index of one language (`search/ja/…`, streamed).
    Search(Lang),
    /// Static files, processed images, the published schema and `.nojekyll`.
    Assets,
}

impl Job {
    /// Whether the job renders files that grow with the whole site (`claims.json`, the search
    /// indexes): they start first, beside the content pages.
    pub fn is_large(&self) -> bool {
        matches!(self, Job::Feeds | Job::Search(_))
    }

    /// Roughly how much output the job holds in memory, in content pages: a page of a paged
    /// index lists hundreds of claims, about twenty pages' worth of HTML.
    pub fn weight(&self) -> usize {
        match self {
            Job::Site(SitePage::Claims | SitePage::Changes, _, _) => 20,
            _ => 1,
        }
    }

    /// Every job of `site`: each page, each generated page per language, root, feeds, assets.
    pub fn all(site: &SiteModel) -> Vec<Job> {
        let mut jobs: Vec<Job> = site.pages().values().map(|d| Job::Page(*d)).collect();
        jobs.extend(Job::site_pages(site));
        jobs.extend([Job::Root, Job::Feeds, Job::Assets]);
        jobs.extend(Lang::ALL.map(Job::Search));
        jobs
    }

    /// The jobs of every generated page of `site`, in both languages.
    pub fn site_pages(site: &SiteModel) -> Vec<Job> {
        let parts = SitePage::ALL.map(|p| (p, p.parts(site)));
        Lang::ALL
            .into_iter()
            .flat_map(|lang| parts.into_iter().flat_map(move |(p, n)| (0..n).map(move |part| Job::Site(p, lang, part))))
            .collect()
    }
}

/// What every job of one render shares, prepared once: the fingerprinted assets and the context
/// (with the site's shape, kept between renders: see [`crate::shape`]). `build` renders the
/// site in chunks through one `Renderer`, writing each chunk while the next renders, so the
/// whole output is never in memory at once.
pub struct Renderer<'a> {
    input: &'a RenderInput<'a>,
    cx: Ctx<'a>,
    asset_files: BTreeMap<String, Vec<u8>>,
}

impl<'a> Renderer<'a> {
    /// The context every job shares.
    pub(crate) fn context(&self) -> &Ctx<'a> {
        &self.cx
    }

    /// What the render is made from.
    pub(crate) fn input(&self) -> &'a RenderInput<'a> {
        self.input
    }

    /// Prepare a render of `input`.
    pub fn new(input: &'a RenderInput<'a>) -> Self {
        let (asset_files, asset_paths) = assets(input.static_files);
        let cx = Ctx {
            site: input.site,
            sources: input.sources,
            ui: input.ui,
            assets: asset_paths,
            images: input.images,
            base_url: input.base_url.map(|b| b.trim_end_matches('/').to_owned()),
            feed_id: input.feed_id.map(str::to_owned),
            changes: std::sync::OnceLock::new(),
            claims: std::sync::OnceLock::new(),
            shape: input.shape.of(input.site),
            glossaries: std::sync::OnceLock::new(),
            facets: Default::default(),
            log_questions: std::sync::OnceLock::new(),
            sources_at: input.sources_at,
        };
        Renderer { input, cx, asset_files }
    }

    /// Render `jobs` in parallel, the pages from their texts in the source map.
    pub fn render(&self, jobs: &[Job]) -> Result<RenderPlan, Vec<Diagnostic>> {
        self.render_texts(jobs, &PageTexts::new())
    }

    /// Render `jobs` in parallel, each page from its text in `texts`, or in the source map when
    /// `texts` lacks it (a full render hands each chunk its pages' texts, which are not held
    /// all at once).
    pub fn render_texts(&self, jobs: &[Job], texts: &PageTexts) -> Result<RenderPlan, Vec<Diagnostic>> {
        let mut ordered = jobs.to_vec();
        ordered.sort_by_key(|j| !j.is_large());
        let rendered: Vec<Rendered> = ordered
            .par_iter()
            .with_max_len(1)
            .flat_map_iter(|job| run_job(&self.cx, self.input, &self.asset_files, *job, texts))
            .collect();
        let mut plan = RenderPlan {
            streams: ordered.iter().flat_map(|job| Stream::made_by(*job)).collect(),
            ..RenderPlan::default()
        };
        let mut errors = Vec::new();
        for result in rendered {
            match result {
                Ok((path, bytes)) => {
                    plan.files.insert(path, bytes);
                }
                Err(e) => errors.push(*e),
            }
        }
        if errors.is_empty() {
            Ok(plan)
        } else {
            Diagnostic::sort(&mut errors, self.input.sources);
            errors.dedup();
            Err(errors)
        }
    }
}

/// The texts of some content files by id, for [`Renderer::render_texts`].
pub type PageTexts = BTreeMap<FileId, String>;

/// The output files of one job.
fn run_job(
    cx: &Ctx<'_>,
    input: &RenderInput<'_>,
    asset_files: &BTreeMap<String, Vec<u8>>,
    job: Job,
    texts: &PageTexts,
) -> Vec<Rendered> {
    let templates = input.templates;
    let dir = |p: SitePage, lang: Lang| Ctx::site_page_dir(p, lang) + INDEX_PAGE;
    let part_dir = |p: SitePage, lang: Lang, part: usize| Ctx::site_part_dir(p, lang, part) + INDEX_PAGE;
    let ui = |lang: Lang| Some(cx.ui.value(lang));
    match job {
        Job::Page(d) => {
            let id = cx.site.doc(d).file;
            let text = texts.get(&id).map_or_else(|| cx.sources.file(id).text.as_str(), String::as_str);
            let (views, errors) = page_views(cx, templates, d, text);
            let pages = views
                .into_iter()
                .map(|(path, lang, view)| file(templates, "page.html", path, &view, Some(cx.ui.value(lang))));
            errors.into_iter().map(|e| Err(Box::new(e))).chain(pages).collect()
        }
        Job::Site(SitePage::Claims, lang, 0) => {
            // The first page of the claims index brings the facets its filters count with.
            let page =
                file(templates, "claims.html", dir(SitePage::Claims, lang), &sitewide::claims(cx, lang, 0), ui(lang));
            let facets = crate::claim_facets::facets_file(cx, lang).map(|f| Ok((f.path.clone(), f.bytes.clone())));
            [page].into_iter().chain(facets).collect()
        }
        Job::Site(page, lang, part) => vec![match page {
            SitePage::Evidence => {
                file(templates, "evidence.html", dir(page, lang), &sitewide::evidence(cx, lang), ui(lang))
            }
            SitePage::Questions => {
                file(templates, "questions.html", dir(page, lang), &sitewide::questions(cx, lang), ui(lang))
            }
            SitePage::Claims => {
                file(templates, "claims.html", part_dir(page, lang, part), &sitewide::claims(cx, lang, part), ui(lang))
            }
            SitePage::Changes => file(
                templates,
                "changes.html",
                part_dir(page, lang, part),
                &sitewide::changes(cx, lang, part),
                ui(lang),
            ),
            SitePage::Glossary => {
                file(templates, "glossary.html", dir(page, lang), &sitewide::glossary(cx, lang), ui(lang))
            }
            SitePage::Translations => {
                file(templates, "translations.html", dir(page, lang), &sitewide::translations(cx, lang), ui(lang))
            }
        }],
        Job::Root => root_pages(cx, input),
        Job::Feeds => {
            let mut files = vec![Ok((ROBOTS.to_owned(), feeds::robots(cx).into_bytes()))];
            files.extend(feeds::sitemap(cx).map(|s| Ok((SITEMAP.to_owned(), s.into_bytes()))));
            files.extend(crate::atom::feeds(cx).into_iter().map(Ok));
            // `claims.json` and `needs.json` are streamed (see [`Stream`]).
            files
        }
        // Streamed (see [`Stream`]).
        Job::Search(_) => Vec::new(),
        Job::Assets => {
            let mut files: Vec<Rendered> = asset_files.iter().map(|(p, b)| Ok((p.clone(), b.clone()))).collect();
            files.extend(input.media.iter().map(|(p, b)| Ok((p.clone(), b.clone()))));
            files.push(Ok((NO_JEKYLL.to_owned(), Vec::new())));
            files.push(Ok((EVIDENCE_SCHEMA.to_owned(), input.schema_json.as_bytes().to_vec())));
            files.push(Ok((CLAIMS_SCHEMA.to_owned(), crate::export::claims_schema().into_bytes())));
            files
        }
    }
}

/// The language chooser at the site's root and the 404 page.
fn root_pages(cx: &Ctx<'_>, input: &RenderInput<'_>) -> Vec<Rendered> {
    // A server shows the 404 page at whatever address was asked for: its links start from the
    // site's root where it is known, else from the address the page is at (right one level
    // below the root, where most mistyped addresses are).
    let site_root = match (&cx.base_url, input.base_path) {
        (Some(url), _) => format!("{url}/"),
        (None, Some(path)) => path.to_owned(),
        (None, None) => String::new(),
    };
    let root = RootView {
        ja: cx.ui.strings(Lang::Ja),
        en: cx.ui.strings(Lang::En),
        css: cx.assets.css.clone(),
        theme_js: cx.assets.theme_js.clone(),
        js: cx.assets.js.clone(),
        icon: cx.assets.icon.clone(),
    };
    let not_found = NotFoundView {
        ja: cx.ui.strings(Lang::Ja),
        en: cx.ui.strings(Lang::En),
        css: [site_root.as_str(), &cx.assets.css].concat(),
        theme_js: [site_root.as_str(), &cx.assets.theme_js].concat(),
        icon: [site_root.as_str(), &cx.assets.icon].concat(),
        root: site_root,
    };
    vec![
        file(input.templates, "root.html", INDEX_PAGE.into(), &root, None),
        file(input.templates, "404.html", NOT_FOUND_PAGE.into(), &not_found, None),
    ]
}

fn file<T: serde::Serialize>(
    templates: &Templates,
    name: &str,
    path: String,
    view: &T,
    ui: Option<tera::Value>,
) -> Rendered {
    render_template(templates, name, view, ui).map(|html| (path, html))
}

/// Render template `name` with `view` as its context and, for pages in one language, that
/// language's UI strings as `ui`.
pub(crate) fn render_template<T: serde::Serialize>(
    templates: &Templates,
    name: &str,
    view: &T,
    ui: Option<tera::Value>,
) -> Result<Vec<u8>, Box<Diagnostic>> {
    let mut context = tera::Context::from_serialize(view).map_err(|e| {
        Box::new(Diagnostic::global(
            &template_error::CODE,
            format!("{}/{name}: {e}", shoko_vocab::layout::TEMPLATES_DIR),
        ))
    })?;
    if let Some(ui) = ui {
        context.insert_value("ui", ui);
    }
    // Into bytes directly: `Tera::render` would check the whole page is UTF-8 again.
    let mut html = Vec::with_capacity(32 * 1024);
    templates
        .tera
        .render_to(name, &context, &mut html)
        .map_err(|e| Box::new(template_diagnostic(&e, &templates.files)))?;
    Ok(html)
}

#[cfg(test)]
mod tests {
    use super::compile_templates;
    use shoko_diagnostics::SourceMap;

    #[test]
    fn a_broken_base_layout_is_reported_once_at_its_place_not_once_per_template_built_on_it() {
        let mut sources = SourceMap::new();
        let texts = [
            ("base.html", "<title>{{ ui[\"x\" }}</title>{% block body %}{% endblock %}"),
            ("page.html", "{% extends \"base.html\" %}{% block body %}p{% endblock %}"),
            ("claims.html", "{% extends \"base.html\" %}{% block body %}c{% endblock %}"),
        ];
        let files: Vec<(String, shoko_diagnostics::FileId)> = texts
            .iter()
            .map(|(name, text)| ((*name).to_owned(), sources.add(format!("templates/{name}"), *text)))
            .collect();
        let Err(errors) = compile_templates(&files, &sources) else { panic!("a broken layout compiled") };
        assert_eq!(errors.len(), 1, "{errors:#?}");
        assert_eq!(errors[0].primary.as_ref().map(|l| l.span.file), Some(files[0].1), "at base.html: {errors:#?}");
    }
}
