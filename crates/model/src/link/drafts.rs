//! Drafts in the link stage: a published document (one without `draft: true`) may not point at
//! a draft page, or at a claim or question only drafts declare, in a citation, a link between
//! pages, a premise, a supersession, a question's subject or a target's page (`ref/draft`). Run
//! over the whole site, drafts included, so the reference is reported as what it is rather than
//! as a missing page or claim of the published site.

use super::SiteModel;
use crate::model::{ClaimId, DocKind, Document, Ref};
use crate::rules;
use shoko_diagnostics::{Diagnostic, Span};
use shoko_vocab::ContentPath;
use std::collections::HashSet;

/// Report every reference from a published document to a draft (see the module documentation).
pub(super) fn check_draft_references(site: &SiteModel, out: &mut Vec<Diagnostic>) {
    if !site.docs.iter().any(|d| d.draft) {
        return;
    }
    // An ID a published document declares too is the published site's (a draft may rewrite a
    // claim under its ID): a reference to it leads somewhere.
    let published: HashSet<&ClaimId> = site
        .docs
        .iter()
        .filter(|d| !d.draft)
        .flat_map(|d| d.claims.iter().map(|c| &c.id).chain(d.questions.iter().map(|q| &q.id)))
        .collect();
    let draft_page = |path: &str| site.pages.get(path).map(|d| &*site.docs[d.0]).filter(|d| d.draft);
    for doc in site.docs.iter().filter(|d| !d.draft) {
        let mut refs: Vec<&Ref> = Vec::new();
        for claim in &doc.claims {
            refs.extend(claim.depends_on.iter().chain(&claim.supersedes).chain(&claim.superseded_by));
        }
        for question in &doc.questions {
            refs.extend(&question.about);
        }
        let mut pages: Vec<(&str, &Span)> = Vec::new();
        match &doc.kind {
            DocKind::Page(page) => {
                refs.extend(&page.citations);
                pages.extend(page.page_links.iter().map(|l| (l.target.as_str(), &l.span)));
            }
            DocKind::Targets { observed, .. } => {
                pages.extend(observed.iter().filter_map(|t| t.page.as_ref()).map(|(p, span)| (p.as_str(), span)));
            }
            DocKind::Log { .. } | DocKind::Glossary(_) => {}
        }
        for (path, span) in pages {
            if let Some(target) = draft_page(path) {
                let what = format!("page {}, a draft", ContentPath(&target.path));
                out.push(rules::ref_draft::diagnostic(span.clone(), &what, &ContentPath(&target.path).to_string()));
            }
        }
        for r in refs.into_iter().filter(|r| !published.contains(&r.id)) {
            if let Some(draft) = declaring_draft(site, &r.id) {
                let what = format!("`{}`, declared in a draft", r.id.0);
                out.push(rules::ref_draft::diagnostic(r.span.clone(), &what, &ContentPath(&draft.path).to_string()));
            }
        }
    }
}

/// The draft that declares claim or question `id`, if one does.
fn declaring_draft<'a>(site: &'a SiteModel, id: &ClaimId) -> Option<&'a Document> {
    let declared = site.claims.get(id).or_else(|| site.questions.get(id))?;
    Some(&*site.docs[declared.doc.0]).filter(|d| d.draft)
}
