//! The stages in order: load → validate (parallel) → link → render (parallel) → write.
//! `build` stops before render and write when any error exists, so a failed build leaves the
//! previous output untouched.

use crate::IoError;
use crate::load::load;
use crate::output::Output;
use rayon::prelude::*;
use shoko_diagnostics::{Diagnostic, FileId, Severity, SourceMap};
use shoko_model::{DocumentInput, SiteModel, link, validate_document};
use shoko_render::{RenderInput, Templates, compile_templates, render};
use std::path::Path;

/// Settings of a run.
#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// Today's date, for "not in the future" rules (the clock is read by the CLI only).
    pub today: jiff::civil::Date,
    /// Public URL of the site, for canonical links (all other links stay relative).
    pub base_url: Option<String>,
}

/// The outcome of validation: the model and every diagnostic, sorted by file and position.
#[derive(Debug)]
pub struct Checked {
    /// Texts of every file read.
    pub sources: SourceMap,
    /// The linked site (partial when there are errors).
    pub site: SiteModel,
    /// Every diagnostic of the run, sorted.
    pub diagnostics: Vec<Diagnostic>,
    /// The compiled templates, if they compiled.
    pub templates: Option<Templates>,
}

impl Checked {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.severity() == Severity::Error)
    }
}

/// Validate the site under `root` without writing anything.
pub fn check(root: &Path, options: &BuildOptions) -> Result<Checked, IoError> {
    let mut loaded = load(root)?;
    let mut diagnostics = std::mem::take(&mut loaded.diagnostics);
    let template_files = load_templates(root, &mut loaded.sources)?;
    let templates = compile_templates(&template_files, &loaded.sources).map_err(|e| diagnostics.extend(e)).ok();
    let results: Vec<_> = loaded
        .content
        .par_iter()
        .map(|c| {
            validate_document(&DocumentInput {
                file: c.file,
                source: loaded.sources.file(c.file),
                path: &c.path,
                kind: c.kind,
                today: options.today,
            })
        })
        .collect();
    let mut docs = Vec::new();
    for (doc, diags) in results {
        diagnostics.extend(diags);
        docs.extend(doc);
    }
    let (site, link_diags) = link(docs);
    diagnostics.extend(link_diags);
    Diagnostic::sort(&mut diagnostics, &loaded.sources);
    diagnostics.dedup();
    Ok(Checked { sources: loaded.sources, site, diagnostics, templates })
}

/// The outcome of a build.
#[derive(Debug)]
pub struct BuildReport {
    /// Validation outcome (with render diagnostics added, if rendering failed).
    pub checked: Checked,
    /// Number of files written, or `None` if nothing was written because of errors.
    pub written: Option<usize>,
}

/// Validate, render and write the site under `root` into `output`.
pub fn build(root: &Path, output: &mut dyn Output, options: &BuildOptions) -> Result<BuildReport, IoError> {
    let mut checked = check(root, options)?;
    let Some(templates) = checked.templates.as_ref().filter(|_| !checked.has_errors()) else {
        return Ok(BuildReport { checked, written: None });
    };
    let plan = render(&RenderInput {
        site: &checked.site,
        sources: &checked.sources,
        templates,
        base_url: options.base_url.as_deref(),
    });
    match plan {
        Ok(plan) => {
            output.replace(&plan)?;
            Ok(BuildReport { checked, written: Some(plan.files.len()) })
        }
        Err(errors) => {
            checked.diagnostics.extend(errors);
            Ok(BuildReport { checked, written: None })
        }
    }
}

/// The default templates, used for any template a site root does not provide itself.
const DEFAULT_TEMPLATES: &[(&str, &str)] = &[
    ("page.html", include_str!("../../../templates/page.html")),
    ("root.html", include_str!("../../../templates/root.html")),
];

/// Read the templates into the source map: the site root's own `templates/NAME` where it exists,
/// else the built-in default.
fn load_templates(root: &Path, sources: &mut SourceMap) -> Result<Vec<(String, FileId)>, IoError> {
    DEFAULT_TEMPLATES
        .iter()
        .map(|(name, default)| {
            let path = root.join("templates").join(name);
            let (display, text) = match std::fs::read_to_string(&path) {
                Ok(text) => (format!("templates/{name}"), text),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    (format!("templates/{name} (built-in)"), (*default).to_owned())
                }
                Err(e) => return Err(IoError::new("read", path, e)),
            };
            Ok(((*name).to_owned(), sources.add(display, text)))
        })
        .collect()
}
