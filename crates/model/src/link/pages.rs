//! The link stage's rules about pages: the data files (targets, glossary) gathered into the
//! model, callouts, the files pages show or link, and links between pages (with the anchors they
//! name).

use super::SiteModel;
use crate::anchors::kept_anchors;
use crate::model::{Claim, DocId, DocKind, Target, Term};
use crate::rules;
use crate::schema::Lifecycle;
use shoko_diagnostics::{Diagnostic, Span};
use shoko_markdown::{Component, Lang};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Targets and terms from the data files; each gfx and term ID once; target pages exist.
pub(super) fn collect_data(site: &mut SiteModel, files: &BTreeSet<String>, out: &mut Vec<Diagnostic>) {
    let mut targets: Vec<Target> = Vec::new();
    let mut named: Vec<(&str, &Span)> = Vec::new();
    let mut unread: Vec<&str> = Vec::new();
    let mut terms: Vec<Term> = Vec::new();
    for doc in &site.docs {
        match &doc.kind {
            DocKind::Targets { observed, mentioned, unreadable } => {
                // Those that do not read were reported; their names are known all the same.
                unread.extend(unreadable.iter().map(String::as_str));
                let all = observed.iter().map(|t| (&t.gfx, &t.span)).chain(mentioned.iter().map(|m| (&m.gfx, &m.span)));
                for (gfx, span) in all {
                    match named.iter().find(|(known, _)| known == gfx) {
                        Some((_, first)) => {
                            out.push(rules::claim_duplicate_id::diagnostic(span.clone(), gfx, (*first).clone()))
                        }
                        None => named.push((gfx, span)),
                    }
                }
                for target in observed {
                    if !targets.iter().any(|t| t.gfx == target.gfx) {
                        targets.push(target.clone());
                    }
                    if let Some((page, span)) = &target.page
                        && !site.pages.contains_key(page)
                        && !files.contains(page)
                    {
                        out.push(rules::ref_unknown_page::diagnostic(span.clone(), page, page));
                    }
                }
            }
            DocKind::Glossary(list) => {
                for term in list {
                    match terms.iter().find(|t| t.id == term.id) {
                        Some(first) => out.push(rules::claim_duplicate_id::diagnostic(
                            term.span.clone(),
                            &term.id,
                            first.span.clone(),
                        )),
                        None => terms.push(term.clone()),
                    }
                }
            }
            _ => {}
        }
    }
    let named: Vec<&str> = named.into_iter().map(|(gfx, _)| gfx).collect();
    let known_all = |gfx: &str| named.contains(&gfx) || unread.contains(&gfx);
    // With no targets file there is nothing to hold a scope to (a component that needs one
    // says so below).
    let scoped = site.docs.iter().flat_map(|doc| {
        let claims = doc.claims.iter().flat_map(|c| c.scope.iter().flat_map(|s| &s.gfx).zip(&c.gfx_spans));
        claims.chain(doc.questions.iter().flat_map(|q| q.gfx.iter().zip(&q.gfx_spans)))
    });
    // One error per unknown target and file: the first place, the others as its secondary
    // places (a target misspelled in four claims of a log is one mistake, four times).
    let mut unknown: Vec<Diagnostic> = Vec::new();
    let mut index: HashMap<(&str, shoko_diagnostics::FileId), usize> = HashMap::new();
    for (gfx, span) in scoped.filter(|(gfx, _)| !named.is_empty() && !known_all(gfx)) {
        match index.get(&(gfx.as_str(), span.file)) {
            Some(&i) => {
                unknown[i]
                    .secondary
                    .push(shoko_diagnostics::Label { span: span.clone(), text: "named again here".into() });
            }
            None => {
                index.insert((gfx, span.file), unknown.len());
                unknown.push(rules::ref_unknown_target::in_scope(span.clone(), gfx, &named));
            }
        }
    }
    out.extend(unknown);
    site.targets = targets;
    site.glossary = terms;
    let known: Vec<&str> = site.targets.iter().map(|t| t.gfx.as_str()).collect();
    for doc in &site.docs {
        let Some(page) = doc.page() else { continue };
        for use_ in page.components.iter().filter(|c| c.component == Component::Generations) {
            if known.is_empty() {
                let file = shoko_vocab::layout::data_file(shoko_vocab::layout::TARGETS_FILE);
                let hint = format!("add {file} with the GPU targets");
                out.push(rules::component_missing_data::diagnostic(use_.span.clone(), Component::Generations, &hint));
            }
            for gfx in use_.args.split_whitespace().filter(|g| !known.contains(g) && !unread.contains(g)) {
                out.push(rules::ref_unknown_target::diagnostic(use_.span.clone(), gfx, &known));
            }
        }
    }
}

/// Callouts whose class is stronger than every claim they cite (claims that do not exist are
/// reported by the reference check, and leave the callout unjudged).
pub(super) fn check_callouts(site: &SiteModel, out: &mut Vec<Diagnostic>) {
    for doc in &site.docs {
        for callout in doc.page().map_or(&[][..], |p| p.callouts.as_slice()) {
            // A superseded or retracted claim supports nothing, whatever its class: only current
            // ones are weighed (a callout citing none is `ref/non-current-claim` at each citation).
            let cited: Option<Vec<(String, &Claim)>> =
                callout.cites.iter().map(|id| site.claim(id).map(|c| (id.0.clone(), c))).collect();
            // A claim that does not exist is reported by the reference check, and leaves the
            // callout unjudged.
            let cited: Vec<(String, &str)> = cited
                .into_iter()
                .flatten()
                .filter(|(_, c)| c.lifecycle == Lifecycle::Current)
                .map(|(id, c)| (id, c.class.as_str()))
                .collect();
            if cited.is_empty() {
                continue;
            }
            let weaker = callout
                .cites
                .iter()
                .filter_map(|id| site.claim(id))
                .filter(|c| c.lifecycle == Lifecycle::Current)
                .all(|c| crate::review::weakens(callout.class, c.class));
            if weaker {
                let mut shown: Vec<(String, &str)> = Vec::new();
                for one in cited {
                    if !shown.contains(&one) {
                        shown.push(one);
                    }
                }
                out.push(rules::claim_overstated_callout::diagnostic(
                    callout.span.clone(),
                    callout.class.as_str(),
                    &shown,
                ));
            }
        }
    }
}

pub(super) fn check_files(site: &SiteModel, files: &BTreeSet<String>, out: &mut Vec<Diagnostic>) {
    for doc in &site.docs {
        let Some(page) = doc.page() else { continue };
        // "Did you mean" offers only files this site has, of the same kind (extension).
        let nearest = |missing: &str| {
            let ext = missing.rsplit_once('.').map(|(_, e)| e);
            let same_kind = files.iter().filter(|f| f.rsplit_once('.').map(|(_, e)| e) == ext).map(String::as_str);
            shoko_diagnostics::closest(same_kind, missing)
        };
        for (image, span) in page.images.iter().chain(&page.media) {
            if !files.contains(image) {
                out.push(rules::ref_missing_file::diagnostic(span.clone(), image, image, nearest(image), &doc.path));
            }
        }
        for (file, dest, span) in &page.files {
            if files.contains(file) {
                // Published for download (or as an image), unless a browser would run it.
                if crate::media::active_when_served(file) {
                    out.push(rules::file_unsafe_download::diagnostic(span.clone(), file));
                }
                continue;
            }
            // A built page's address (`gfx942.html`, `gpu/`) written where its source belongs.
            let sources = source_of_address(file);
            match sources.iter().find(|md| site.pages.contains_key(*md)) {
                Some(md) => out.push(rules::ref_unknown_page::site_address(span.clone(), dest, md, &doc.path)),
                // Written as a page's address, but no page has it.
                None if is_address(file) => {
                    out.push(rules::ref_unknown_page::diagnostic(span.clone(), dest, &sources[0]))
                }
                None => {
                    out.push(rules::ref_missing_file::diagnostic(span.clone(), dest, file, nearest(file), &doc.path))
                }
            }
        }
    }
}

/// Whether `file` is written as the address of a built page (`x.html`, `x/`), not a file's name.
fn is_address(file: &str) -> bool {
    file.ends_with(".html") || file.ends_with(".htm") || file.ends_with('/') || file.is_empty()
}

/// The content pages whose address `file` may be (`x.html`, `x/index.html`, `x/` and `x`): the
/// candidates `x.md` and `x/index.md`.
fn source_of_address(file: &str) -> Vec<String> {
    let bare = file.strip_suffix(".html").or_else(|| file.strip_suffix(".htm")).unwrap_or(file).trim_end_matches('/');
    let bare = bare.strip_suffix("/index").or_else(|| (bare == "index").then_some("")).unwrap_or(bare);
    match bare {
        "" => vec![shoko_vocab::FOLDER_PAGE.to_owned()],
        bare => vec![format!("{bare}.md"), format!("{bare}/index.md")],
    }
}

/// The link stage's findings about links between pages (a page or an anchor that does not
/// exist): all a page whose anchors alone changed can alter (see
/// [`crate::surface::SurfaceHash::anchors_only`]). `files` as for [`link`].
pub fn page_link_problems(site: &SiteModel, files: &BTreeSet<String>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    check_page_links(site, files, &mut out);
    out
}

/// Whether `diagnostic` has a code [`page_link_problems`] may give. A site whose findings hold
/// none, and whose new version's `page_link_problems` are none, has the same findings.
pub fn is_page_link_problem(diagnostic: &Diagnostic) -> bool {
    [&rules::ref_unknown_page::CODE, &rules::ref_unknown_anchor::CODE]
        .iter()
        .any(|code| diagnostic.code.name == code.name)
}

pub(super) fn check_page_links(site: &SiteModel, files: &BTreeSet<String>, out: &mut Vec<Diagnostic>) {
    let mut anchors: BTreeMap<(DocId, Lang), BTreeSet<String>> = BTreeMap::new();
    for doc in &site.docs {
        let Some(page) = doc.page() else { continue };
        for link in &page.page_links {
            let Some(&target) = site.pages.get(&link.target) else {
                if !files.contains(&link.target) {
                    let nearest = shoko_diagnostics::closest(site.pages.keys().map(String::as_str), &link.target);
                    let dest = link_text(link);
                    out.push(rules::ref_unknown_page::near(link.span.clone(), &dest, &link.target, nearest, &doc.path));
                }
                continue;
            };
            let Some(anchor) = &link.anchor else { continue };
            let langs = link.lang.map_or(Vec::from(Lang::ALL), |l| vec![l]);
            for lang in langs {
                let ids =
                    anchors.entry((target, lang)).or_insert_with(|| kept_anchors(&site.docs[target.0], site, lang));
                if !ids.contains(anchor) {
                    let nearest = shoko_diagnostics::closest(ids.iter().map(String::as_str), anchor);
                    let page = shoko_vocab::ContentPath(&link.target).to_string();
                    // The headings: not the template's sections, claim cards or questions (a page
                    // can hold hundreds of cards).
                    let generated = [shoko_vocab::claim_anchor(""), shoko_vocab::question_anchor("")];
                    let existing: Vec<&str> = ids
                        .iter()
                        .map(String::as_str)
                        .filter(|id| !crate::anchors::TEMPLATE_IDS.contains(id))
                        .filter(|id| !generated.iter().any(|prefix| id.starts_with(prefix.as_str())))
                        .collect();
                    out.push(rules::ref_unknown_anchor::diagnostic(
                        link.span.clone(),
                        anchor,
                        &page,
                        lang.code(),
                        nearest,
                        &existing,
                    ));
                }
            }
        }
    }
}

fn link_text(link: &crate::model::PageLink) -> String {
    match &link.anchor {
        Some(a) => format!("{}#{a}", link.target),
        None => link.target.clone(),
    }
}
