//! Evidence that ages: which claims need review because a premise they rest on — directly or
//! through other claims (`depends_on`, followed transitively) — changed for the worse after the
//! claim's own last history event. For the worse means the premise's class weakened (confirmed →
//! inferred, limited or unresolved; inferred → unresolved) or it was superseded or retracted. A
//! `review` event (same class, with the reason) records that an author looked again, and clears
//! the state until the next change of a premise; an `editorial` event does not. When the review
//! and the premise's change carry the same date, the dates cannot tell which came first: the
//! engine orders the two by the commits that brought them ([`same_day`],
//! [`SiteModel::with_looked_after`]); until it has, or where history cannot tell, the claim keeps
//! the flag.

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

/// The last change for the worse in `history`, with its index there.
fn last_worsening(history: &[Event]) -> Option<(usize, Worsening)> {
    history.iter().enumerate().rev().find_map(|(i, event)| {
        if let Some(lifecycle @ (Lifecycle::Superseded | Lifecycle::Retracted)) = event.lifecycle {
            return Some((i, Worsening::Ended { lifecycle }));
        }
        let from = event.from?;
        weakens(from, event.to).then_some((i, Worsening::Weakened { from, to: event.to }))
    })
}

/// The index of the last event of `history` that looked at the claim again: an editorial one
/// (a typo fixed) does not, so it leaves the claim needing review.
fn last_event(history: &[Event]) -> Option<usize> {
    let looked = history.iter().rposition(|e| e.kind != ChangeKind::Editorial);
    looked.or((!history.is_empty()).then_some(0))
}

/// A claim whose last look and a premise's change for the worse carry the same date: which came
/// first is for the history to tell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SameDay {
    /// The claim.
    pub claim: ClaimId,
    /// Its last event that looked at it (index into its history).
    pub looked: usize,
    /// The premise, directly or through other claims.
    pub premise: ClaimId,
    /// The premise's event that made it worse (index into its history).
    pub worsened: usize,
}

/// Every current claim's premise that changed for the worse (by an event of its history) on the
/// day of the claim's last look.
pub fn same_day(site: &SiteModel) -> Vec<SameDay> {
    let mut out = Vec::new();
    for (id, declared) in site.claims.iter() {
        let claim = &site.docs[declared.doc.0].claims[declared.index];
        let Some(looked) = last_event(&claim.history).filter(|_| claim.lifecycle == Lifecycle::Current) else {
            continue;
        };
        for premise in premises(site, claim) {
            let Some(p) = site.claim(premise) else { continue };
            if let Some((worsened, _)) = last_worsening(&p.history)
                && p.history[worsened].date == claim.history[looked].date
            {
                out.push(SameDay { claim: id.clone(), looked, premise: premise.clone(), worsened });
            }
        }
    }
    out
}

/// The claims `claim` rests on, directly or through others, each once.
fn premises<'s>(site: &'s SiteModel, claim: &'s Claim) -> Vec<&'s ClaimId> {
    let mut seen: BTreeSet<&ClaimId> = BTreeSet::from([&claim.id]);
    let mut queue: VecDeque<&ClaimId> = claim.depends_on.iter().map(|r| &r.id).collect();
    let mut out = Vec::new();
    while let Some(id) = queue.pop_front() {
        if seen.insert(id) {
            out.push(id);
            queue.extend(site.claim(id).map_or(&[][..], |c| c.depends_on.as_slice()).iter().map(|r| &r.id));
        }
    }
    out
}

/// Every current claim of `site` that needs review, by ID.
pub fn needs_review(site: &SiteModel) -> BTreeMap<ClaimId, NeedsReview> {
    let declared = || site.claims.iter().map(|(id, d)| (id, &site.docs[d.doc.0].claims[d.index]));
    let mut worse: BTreeMap<&ClaimId, (jiff::civil::Date, Worsening)> = declared()
        .filter_map(|(id, claim)| {
            let (i, worsening) = last_worsening(&claim.history)?;
            Some((id, (claim.history[i].date, worsening)))
        })
        .collect();
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
    let since = claim.history[last_event(&claim.history)?].date;
    let mut seen: BTreeSet<&ClaimId> = BTreeSet::from([&claim.id]);
    let mut queue: VecDeque<Vec<&ClaimId>> = claim.depends_on.iter().map(|r| vec![&r.id]).collect();
    let mut found: Vec<(Vec<&ClaimId>, jiff::civil::Date, Worsening)> = Vec::new();
    while let Some(chain) = queue.pop_front() {
        let Some(&id) = chain.last() else { continue };
        if !seen.insert(id) {
            continue;
        }
        // On the same day as the claim's own last event, which came first is not known from the
        // dates: the claim keeps the flag (never "looked at again" unless it was) unless the
        // history showed the look came after (a source changed upstream has no commit here).
        let looked_after = |worsening: &Worsening| {
            *worsening != Worsening::ChangedUpstream && site.looked_after.contains(&(claim.id.clone(), id.clone()))
        };
        let after = |(date, worsening): &&(jiff::civil::Date, Worsening)| {
            *date > since || (*date == since && !looked_after(worsening))
        };
        if let Some(&(date, worsening)) = worse.get(id).filter(after) {
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

/// When a `claim/needs-review` warning can be given: what the claim waits on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Known {
    /// At linking: a premise's change dated after the claim's last look.
    AtLinking,
    /// Once the history was read, or found unreadable: a change dated the day of the look.
    WithHistory,
    /// Once sources were verified against their clones: a source changed upstream.
    WithSources,
}

impl Known {
    /// When `review` can be given.
    fn of(review: &NeedsReview) -> Known {
        match review.worsening {
            Worsening::ChangedUpstream => Known::WithSources,
            _ if review.date == review.since => Known::WithHistory,
            _ => Known::AtLinking,
        }
    }
}

/// The `claim/needs-review` warnings of `site` known at `stage`. A claim whose own premise no
/// longer holds or is unresolved is reported at the reference (by linking): the root cause once,
/// not again as a review to do, unless other premises changed too.
pub fn diagnostics(site: &SiteModel, stage: Known) -> Vec<shoko_diagnostics::Diagnostic> {
    site.needs_review()
        .iter()
        .filter(|(_, review)| Known::of(review) == stage)
        .filter_map(|(id, review)| {
            let claim = site.claim(id)?;
            let direct = match review.chain.as_slice() {
                [premise] => site.claim(premise).filter(|p| crate::link::premise_reported(p)),
                _ => None,
            };
            (direct.is_none() || review.others > 0).then(|| {
                crate::rules::claim_needs_review::diagnostic(claim.id_span.clone(), &id.0, claim.class.as_str(), review)
            })
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
