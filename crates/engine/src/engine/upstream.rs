//! The sources stage: `source_code` sources verified against local clones of their
//! repositories (`repos:` in `shoko.yaml`, see `shoko-upstream`). Errors and warnings go with the
//! other diagnostics; sources whose lines changed upstream are set on the site for their cards.

use super::{Current, Engine, read_texts, report};
use crate::IoError;
use shoko_diagnostics::{Diagnostic, FileId};
use shoko_model::SourceKind;
use shoko_model::rules::source_unreadable_clone;
use std::sync::Arc;

impl Engine {
    /// Verify the sources whose repositories have clones, after the site is linked.
    pub(super) fn verify_sources(&mut self) -> Result<(), IoError> {
        let Some(current) = self.current.as_mut() else { return Ok(()) };
        let repos = &current.inputs.config.repos;
        // With no clone to read, verifying only counts the sources of each repository: a site
        // of the same structure has the same claims, so the same count (at 10k pages a pass
        // over every claim's sources was a fifth of a one-page edit under `serve`).
        let structure = current.site.structure();
        if repos.is_empty() && self.verified.as_ref() == Some(&structure) {
            self.timings.lap("verify sources");
            return Ok(());
        }
        self.verified = repos.is_empty().then_some(structure);
        let verification = shoko_upstream::verify(
            &self.root,
            repos,
            current.inputs.config.max_source_bytes,
            &current.site,
            &mut self.memo,
        );
        self.sources_note = verification.note(current.inputs.config.unread);
        let unreadable: Vec<Diagnostic> = verification
            .unreadable
            .iter()
            .filter_map(|(name, why)| {
                let clone = repos.get(name)?;
                Some(source_unreadable_clone::diagnostic(clone.span.clone(), name, &clone.path, why))
            })
            .collect();
        if !unreadable.is_empty() {
            report(&mut self.diagnostics, current, unreadable)?;
        }
        let changes = verification.changes();
        if *current.site.upstream() != changes {
            current.site = Arc::new(current.site.with_upstream(changes));
        }
        // Claims resting on one whose source changed upstream need review: said here, where the
        // change is known (the link stage says the others).
        let reviews = shoko_model::review::diagnostics(&current.site, shoko_model::review::Known::WithSources);
        report(&mut self.diagnostics, current, reviews)?;
        if !verification.found.is_empty() {
            let files: Vec<FileId> = verification.found.iter().map(|(d, _, _)| current.site.doc(*d).file).collect();
            // Their spans are found in the texts.
            read_texts(current, &files)?;
            let found = diagnostics(current, &verification.found);
            report(&mut self.diagnostics, current, found)?;
        }
        self.timings.lap("verify sources");
        Ok(())
    }

    /// The sources not verified because no clone is configured for them, in one line (a clone
    /// that could not be read is `source/unreadable-clone`).
    pub fn sources_note(&self) -> Option<&str> {
        self.sources_note.as_deref()
    }
}

/// The diagnostics of what verification found, at the fields they are about.
fn diagnostics(
    current: &Current,
    found: &[(shoko_model::DocId, shoko_model::upstream::SourceAt, shoko_model::upstream::Finding)],
) -> Vec<Diagnostic> {
    found
        .iter()
        .filter_map(|(d, at, finding)| {
            let doc = &current.site.doc(*d);
            let kind = SourceKind::of(&doc.path)?.ok()?;
            let claim = doc.claims.iter().find(|c| c.id == at.claim)?;
            let cited = shoko_upstream::Cited::of(claim.sources.get(at.source)?)?;
            let text = &current.inputs.loaded.sources.file(doc.file).text;
            Some(shoko_upstream::diagnostic(kind, text, doc.file, at, &cited, finding))
        })
        .collect()
}
