//! A claim looked at again on the day a premise changed for the worse: the dates cannot say which
//! came first, so the commits that brought the two events do (`shoko_history::arrival`). The look
//! counts as after the change only when its event arrived in a strictly later commit (or is an
//! edit not committed yet while the change is committed); the same commit, a version that cannot
//! be read or no history at all leave the claim needing review.

use crate::pipeline::Inputs;
use shoko_diagnostics::SourceMap;
use shoko_history::{Arrival, arrival};
use shoko_model::model::Event;
use shoko_model::review::SameDay;
use shoko_model::{ClaimId, SiteModel, SourceKind, validate_document};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The `(claim, premise)` pairs of `site`'s same-day changes whose look the history of the site
/// at `root` (versions read no larger than `limit` bytes) shows came after the change.
pub(super) fn looked_after(
    root: &Path,
    site: &SiteModel,
    inputs: &Inputs,
    today: jiff::civil::Date,
    limit: u64,
) -> BTreeSet<(ClaimId, ClaimId)> {
    let mut known: BTreeMap<(ClaimId, usize), Option<Arrival>> = BTreeMap::new();
    let mut arrived = |id: &ClaimId, event: usize| -> Option<Arrival> {
        *known.entry((id.clone(), event)).or_insert_with(|| event_arrival(root, site, inputs, today, limit, id, event))
    };
    shoko_model::review::same_day(site)
        .into_iter()
        .filter(|SameDay { claim, looked, premise, worsened }| {
            match (arrived(claim, *looked), arrived(premise, *worsened)) {
                // Sorted newest first: the look is newer than the change.
                (Some(look), Some(change)) => look < change,
                _ => false,
            }
        })
        .map(|same| (same.claim, same.premise))
        .collect()
}

/// Where event `event` of claim `id` arrived in its file: the versions that hold it are those
/// where a claim of that ID has an event of the same date, classes, lifecycle and kind (its
/// reason may have been reworded since). `None` when the history cannot tell.
fn event_arrival(
    root: &Path,
    site: &SiteModel,
    inputs: &Inputs,
    today: jiff::civil::Date,
    limit: u64,
    id: &ClaimId,
    event: usize,
) -> Option<Arrival> {
    let declared = site.claims().get(id)?;
    let doc = &site.doc(declared.doc);
    let wanted = site.claim(id)?.history.get(event)?.clone();
    let kind = SourceKind::of(&doc.path)?.ok()?;
    let mut holds = |bytes: &[u8]| {
        let Ok(text) = std::str::from_utf8(bytes) else { return false };
        let mut sources = SourceMap::new();
        let file = sources.add(doc.path.clone(), text);
        let (version, _) = validate_document(&shoko_model::DocumentInput {
            file,
            source: sources.file(file),
            path: &doc.path,
            kind,
            today,
            raw_html: inputs.config.raw_html,
            assertive: &inputs.assertive,
        });
        version.is_some_and(|version| {
            version.claims.iter().any(|c| &c.id == id && c.history.iter().any(|e| same_event(e, &wanted)))
        })
    };
    arrival(root, &doc.path, limit, &mut holds).ok()
}

/// Whether `a` and `b` are the same event, its reason aside.
fn same_event(a: &Event, b: &Event) -> bool {
    (a.date, a.from, a.to, a.lifecycle, a.kind) == (b.date, b.from, b.to, b.lifecycle, b.kind)
}
