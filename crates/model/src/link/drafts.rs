//! Drafts in the link stage: a published document (one without `draft: true`) may not point at
//! a draft page, or at a claim or question a draft declares, in a citation, a link between
//! pages, a premise, a supersession or a question's subject (`ref/draft`). Run over the whole
//! site, drafts included, so the reference is reported as what it is rather than as a missing
//! page or claim of the published site.

use super::SiteModel;
use crate::model::{ClaimId, Document, Ref};
use crate::rules;
use shoko_diagnostics::{Diagnostic, Span};
use shoko_vocab::ContentPath;

pub(super) fn check_references(site: &SiteModel, out: &mut Vec<Diagnostic>) {
    if !site.docs.iter().any(|d| d.draft) {
        return;
    }
    for doc in site.docs.iter().filter(|d| !d.draft) {
        let mut refs: Vec<&Ref> = Vec::new();
        for claim in &doc.claims {
            refs.extend(&claim.depends_on);
            refs.extend(&claim.supersedes);
            refs.extend(&claim.superseded_by);
        }
        for question in &doc.questions {
            refs.extend(&question.about);
        }
        if let Some(page) = doc.page() {
            refs.extend(&page.citations);
            for link in &page.page_links {
                let target = site.pages.get(&link.target).map(|d| &site.docs[d.0]);
                if let Some(target) = target.filter(|t| t.draft) {
                    let what = format!("page {}, a draft", ContentPath(&target.path));
                    out.push(rules::ref_draft::diagnostic(
                        link.span.clone(),
                        &what,
                        &ContentPath(&target.path).to_string(),
                    ));
                }
            }
        }
        for r in refs {
            if let Some(draft) = draft_declaring(site, &r.id) {
                out.push(draft_diagnostic(r.span.clone(), &r.id, draft));
            }
        }
    }
}

/// The draft that declares claim or question `id`, if a draft does.
fn draft_declaring<'a>(site: &'a SiteModel, id: &ClaimId) -> Option<&'a Document> {
    let declared = site.claims.get(id).or_else(|| site.questions.get(id))?;
    Some(&site.docs[declared.doc.0]).filter(|d| d.draft).map(|d| &**d)
}

fn draft_diagnostic(span: Span, id: &ClaimId, draft: &Document) -> Diagnostic {
    let what = format!("`{}`, declared in a draft", id.0);
    rules::ref_draft::diagnostic(span, &what, &ContentPath(&draft.path).to_string())
}
