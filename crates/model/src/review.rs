//! Evidence that ages: which claims need review because a premise they rest on — directly or
//! through other claims (`depends_on`, followed transitively) — changed for the worse after the
//! claim's own last history event. For the worse means the premise's class weakened (confirmed →
//! inferred, limited or unresolved; inferred → unresolved) or it was superseded or retracted. A
//! `review` event (same class, with the reason) records that an author looked again, and clears
//! the state until the next change of a premise; an `editorial` event does not.

use crate::link::SiteModel;
use crate::model::{Claim, ClaimId, Event};
use crate::schema::ChangeKind;
use crate::schema::{Class, Lifecycle};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// What made a premise worse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum Worsening {
    /// Its class weakened.
    Weakened {
        /// Class before.
        from: Class,
        /// Class after.
        to: Class,
    },
    /// It was superseded or retracted.
    Ended {
        /// The lifecycle it entered.
        lifecycle: Lifecycle,
    },
    /// The lines one of its sources cites changed upstream since they were pinned (verified
    /// against a clone: `crate::upstream`).
    ChangedUpstream,
}

/// Why a claim needs review.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
pub struct NeedsReview {
    /// The premises from the claim's own to the one that changed (`[B, X]` for `A ← B ← X`).
    #[schemars(with = "Vec<String>")]
    pub chain: Vec<ClaimId>,
    /// What changed in the last of them.
    pub worsening: Worsening,
    /// When it changed.
    pub date: jiff::civil::Date,
    /// The date of the claim's own last history event, which the change came after.
    pub since: jiff::civil::Date,
    /// How many other premises changed for the worse since then, besides the one named.
    pub others: usize,
}

impl NeedsReview {
    /// The premise that changed.
    pub fn premise(&self) -> &ClaimId {
        self.chain.last().unwrap_or_else(|| unreachable!("a chain holds at least the premise"))
    }
}

/// A change for the worse on a day.
trait Dated {
    /// The later of the two.
    fn max_by_date(self, other: Self) -> Self;
}

impl Dated for (jiff::civil::Date, Worsening) {
    fn max_by_date(self, other: Self) -> Self {
        if other.0 > self.0 { other } else { self }
    }
}

/// Whether `from` → `to` weakens a claim.
pub fn weakens(from: Class, to: Class) -> bool {
    matches!(
        (from, to),
        (Class::Confirmed, Class::Inferred | Class::Limited | Class::Unresolved) | (Class::Inferred, Class::Unresolved)
    )
}

/// The last change for the worse in `history`, with its date.
fn last_worsening(history: &[Event]) -> Option<(jiff::civil::Date, Worsening)> {
    history.iter().rev().find_map(|event| {
        let date = event.date;
        if let Some(lifecycle @ (Lifecycle::Superseded | Lifecycle::Retracted)) = event.lifecycle {
            return Some((date, Worsening::Ended { lifecycle }));
        }
        let from = event.from?;
        weakens(from, event.to).then_some((date, Worsening::Weakened { from, to: event.to }))
    })
}

/// The date of the last event of `history` that looked at the claim again: an editorial one
/// (a typo fixed) does not, so it leaves the claim needing review.
fn last_event(history: &[Event]) -> Option<jiff::civil::Date> {
    history.iter().rev().find(|e| e.kind != ChangeKind::Editorial).or(history.first()).map(|e| e.date)
}

/// Every current claim of `site` that needs review, by ID.
pub fn needs_review(site: &SiteModel) -> BTreeMap<ClaimId, NeedsReview> {
    let declared = || site.claims.iter().map(|(id, d)| (id, &site.docs[d.doc.0].claims[d.index]));
    let mut worse: BTreeMap<&ClaimId, (jiff::civil::Date, Worsening)> =
        declared().filter_map(|(id, claim)| Some((id, last_worsening(&claim.history)?))).collect();
    // A premise whose cited source changed upstream, on the day of the compared commit (the
    // later of that and its own worsening).
    for (at, change) in site.upstream.iter() {
        let Some((id, _)) = site.claims.get_key_value(&at.claim) else { continue };
        let upstream = (change.date, Worsening::ChangedUpstream);
        worse.entry(id).and_modify(|w| *w = (*w).max_by_date(upstream)).or_insert(upstream);
    }
    if worse.is_empty() {
        return BTreeMap::new();
    }
    declared()
        .filter(|(_, claim)| claim.lifecycle == Lifecycle::Current)
        .filter_map(|(id, claim)| Some((id.clone(), review_of(site, claim, &worse)?)))
        .collect()
}

/// Why `claim` needs review, if it does: the nearest premise (fewest steps) that changed for the
/// worse after the claim's last event, the latest of those at that distance.
fn review_of(
    site: &SiteModel,
    claim: &Claim,
    worse: &BTreeMap<&ClaimId, (jiff::civil::Date, Worsening)>,
) -> Option<NeedsReview> {
    let since = last_event(&claim.history)?;
    let mut seen: BTreeSet<&ClaimId> = BTreeSet::from([&claim.id]);
    let mut queue: VecDeque<Vec<&ClaimId>> = claim.depends_on.iter().map(|r| vec![&r.id]).collect();
    let mut found: Vec<(Vec<&ClaimId>, jiff::civil::Date, Worsening)> = Vec::new();
    while let Some(chain) = queue.pop_front() {
        let Some(&id) = chain.last() else { continue };
        if !seen.insert(id) {
            continue;
        }
        // On the same day as the claim's own last event, which came first is not known from the
        // dates: the claim keeps the flag (never "looked at again" unless it was).
        if let Some(&(date, worsening)) = worse.get(id).filter(|(date, _)| *date >= since) {
            found.push((chain.clone(), date, worsening));
        }
        for premise in site.claim(id).map_or(&[][..], |c| c.depends_on.as_slice()) {
            let mut longer = chain.clone();
            longer.push(&premise.id);
            queue.push_back(longer);
        }
    }
    let others = found.len().checked_sub(1)?;
    let nearest = found.iter().map(|(chain, _, _)| chain.len()).min()?;
    let (chain, date, worsening) =
        found.into_iter().filter(|(chain, _, _)| chain.len() == nearest).max_by_key(|(_, date, _)| *date)?;
    Some(NeedsReview { chain: chain.into_iter().cloned().collect(), worsening, date, since, others })
}

/// The `claim/needs-review` warnings of the claims that need review because a premise's
/// source changed upstream (known only once sources are verified, after linking).
pub fn upstream_diagnostics(site: &SiteModel) -> Vec<shoko_diagnostics::Diagnostic> {
    site.needs_review()
        .iter()
        .filter(|(_, review)| review.worsening == Worsening::ChangedUpstream)
        .filter_map(|(id, review)| {
            let claim = site.claim(id)?;
            Some(crate::rules::claim_needs_review::diagnostic(
                claim.id_span.clone(),
                &id.0,
                claim.class.as_str(),
                review,
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::weakens;
    use crate::schema::Class::*;

    #[test]
    fn only_the_changes_the_rules_name_weaken() {
        for (from, to) in [(Confirmed, Inferred), (Confirmed, Limited), (Confirmed, Unresolved), (Inferred, Unresolved)]
        {
            assert!(weakens(from, to), "{from:?} -> {to:?}");
        }
        for (from, to) in [(Inferred, Confirmed), (Unresolved, Inferred), (Limited, Confirmed), (Inferred, Inferred)] {
            assert!(!weakens(from, to), "{from:?} -> {to:?}");
        }
    }
}
