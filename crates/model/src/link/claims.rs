//! The link stage's rules between claims: references to IDs that exist, supersession pairs and
//! their cycles, dependency cycles, weak or retracted premises, citations of claims that are not
//! current.

use super::{Declared, SiteModel};
use crate::model::{Claim, ClaimId, Ref};
use crate::rules;
use crate::schema::{Class, Lifecycle};
use shoko_diagnostics::Diagnostic;
use std::collections::{BTreeSet, HashMap};

fn known(site: &SiteModel, r: &Ref, questions_too: bool) -> bool {
    site.claims.contains_key(&r.id)
        || site.unreadable.contains(&r.id)
        || (questions_too && site.questions.contains_key(&r.id))
}

/// Every reference to an ID that does not exist, reported once per ID: the first place (in
/// path order) carries the diagnostic, the others, in any file, are its secondary places. A
/// renamed or removed claim is one mistake however many pages cite it.
pub(super) fn check_references(site: &SiteModel, out: &mut Vec<Diagnostic>) {
    // Grouped by ID through an index (a scan of the IDs found so far made 100,000 unknown
    // citations take 24 s), in the order each ID is first met.
    let mut unknown: Vec<(&ClaimId, Vec<&Ref>)> = Vec::new();
    let mut index: HashMap<&ClaimId, usize> = HashMap::new();
    for doc in &site.docs {
        let claims = doc.claims.iter().flat_map(|c| c.depends_on.iter().chain(&c.supersedes).chain(&c.superseded_by));
        let questions = doc.questions.iter().flat_map(|q| &q.about);
        let citations = doc.page().into_iter().flat_map(|p| &p.citations);
        let refs = claims.chain(questions).map(|r| (r, false)).chain(citations.map(|r| (r, true)));
        for (r, _) in refs.filter(|(r, questions_too)| !known(site, r, *questions_too)) {
            match index.get(&r.id) {
                Some(&i) => unknown[i].1.push(r),
                None => {
                    index.insert(&r.id, unknown.len());
                    unknown.push((&r.id, vec![r]));
                }
            }
        }
    }
    for (n, (id, places)) in unknown.into_iter().enumerate() {
        // "Did you mean" compares with every claim: offered for the first IDs only, so a file of
        // tens of thousands of unknown IDs costs no more than its citations.
        let nearest = (n < SUGGESTED_IDS)
            .then(|| shoko_diagnostics::closest(site.claims.keys().map(|k| k.0.as_str()), &id.0))
            .flatten();
        let first = rules::ref_unknown_claim::diagnostic(places[0].span.clone(), &id.0, nearest);
        out.push(places[1..].iter().fold(first, |d, r| d.with_secondary(r.span.clone(), "cited again here")));
    }
}

/// How many unknown claim IDs get a "did you mean" (each is compared with every claim).
const SUGGESTED_IDS: usize = 500;

pub(super) fn check_supersession(site: &SiteModel, out: &mut Vec<Diagnostic>) {
    check_successor_cycles(site, out);
    for (_, claim) in site.all_claims() {
        let Some(successor_ref) = &claim.superseded_by else { continue };
        let Some(successor) = site.claim(&successor_ref.id) else { continue };
        if !successor.supersedes.iter().any(|r| r.id == claim.id) {
            out.push(rules::claim_supersession::not_listed(
                successor_ref.span.clone(),
                &claim.id.0,
                &successor.id.0,
                successor.id_span.clone(),
            ));
        }
    }
}

/// Report every chain of `superseded_by` that comes back to a claim it left, once, at the
/// successor that closes it. A claim has one successor, so each walk is a single path.
fn check_successor_cycles(site: &SiteModel, out: &mut Vec<Diagnostic>) {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        OnPath,
        Done,
    }
    let mut mark = vec![Mark::New; site.claims.len()];
    let claim_of = |d: &Declared| &site.docs[d.doc.0].claims[d.index];
    for (start, declared) in site.claims.iter() {
        let mut path: Vec<(&ClaimId, &Declared)> = Vec::new();
        let mut at = Some((start, declared));
        while let Some((id, d)) = at {
            match mark[d.ordinal] {
                Mark::Done => break,
                Mark::OnPath => {
                    let from = path.iter().position(|(c, _)| *c == id).unwrap_or(0);
                    let cycle: Vec<String> = path[from..].iter().map(|(c, _)| c.0.clone()).collect();
                    let closing = path.last().and_then(|(_, d)| claim_of(d).superseded_by.as_ref());
                    if let Some(closing) = closing {
                        out.push(rules::claim_supersession::cycle(closing.span.clone(), &cycle));
                    }
                    break;
                }
                Mark::New => {
                    mark[d.ordinal] = Mark::OnPath;
                    path.push((id, d));
                    at = claim_of(d).superseded_by.as_ref().and_then(|r| site.claims.get_key_value(&r.id));
                }
            }
        }
        for (_, d) in path {
            mark[d.ordinal] = Mark::Done;
        }
    }
}

/// Report every cycle of `depends_on` once, at the edge that closes it.
pub(super) fn check_cycles(site: &SiteModel, out: &mut Vec<Diagnostic>) {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Active,
        Done,
    }
    // Marks by the claims' ordinals (their positions in ID order): no map to search for each.
    let mut mark = vec![Mark::New; site.claims.len()];
    let mut reported: BTreeSet<Vec<String>> = BTreeSet::new();
    for (start, declared) in site.claims.iter() {
        if mark[declared.ordinal] != Mark::New {
            continue;
        }
        // Iterative DFS: (claim, its ordinal, its premises, next premise index).
        let premises_of = |d: &Declared| site.docs[d.doc.0].claims[d.index].depends_on.as_slice();
        let mut stack: Vec<(&ClaimId, usize, &[Ref], usize)> =
            vec![(start, declared.ordinal, premises_of(declared), 0)];
        mark[declared.ordinal] = Mark::Active;
        while let Some(top) = stack.last_mut() {
            let Some(edge) = top.2.get(top.3) else {
                mark[top.1] = Mark::Done;
                stack.pop();
                continue;
            };
            top.3 += 1;
            let Some((target, next)) = site.claims.get_key_value(&edge.id) else { continue };
            match mark[next.ordinal] {
                Mark::New => {
                    mark[next.ordinal] = Mark::Active;
                    stack.push((target, next.ordinal, premises_of(next), 0));
                }
                Mark::Active => {
                    let from = stack.iter().position(|(c, ..)| *c == target).unwrap_or(0);
                    let cycle: Vec<String> = stack[from..].iter().map(|(c, ..)| c.0.clone()).collect();
                    let mut key = cycle.clone();
                    key.sort();
                    if reported.insert(key) {
                        out.push(rules::claim_dependency_cycle::diagnostic(edge.span.clone(), &cycle));
                    }
                }
                Mark::Done => {}
            }
        }
    }
}

/// Whether a premise is one [`check_premises`] reports where a current claim rests on it.
pub(crate) fn premise_reported(premise: &Claim) -> bool {
    premise.lifecycle != Lifecycle::Current || premise.class == Class::Unresolved
}

pub(super) fn check_premises(site: &SiteModel, out: &mut Vec<Diagnostic>) {
    for (_, claim) in site.all_claims() {
        if claim.lifecycle != Lifecycle::Current {
            continue;
        }
        for r in &claim.depends_on {
            let Some(premise) = site.claim(&r.id).filter(|p| premise_reported(p)) else { continue };
            let (span, id, premise_id) = (r.span.clone(), &claim.id.0, &premise.id.0);
            out.push(match premise.lifecycle {
                Lifecycle::Retracted => rules::claim_retracted_premise::diagnostic(span, id, premise_id),
                Lifecycle::Superseded => rules::claim_weak_premise::diagnostic(span, id, premise_id, "superseded"),
                Lifecycle::Current => rules::claim_weak_premise::diagnostic(span, id, premise_id, "unresolved"),
            });
        }
    }
}

pub(super) fn check_citations(site: &SiteModel, out: &mut Vec<Diagnostic>) {
    for doc in &site.docs {
        let Some(page) = doc.page() else { continue };
        for r in &page.citations {
            let Some(claim) = site.claim(&r.id) else { continue };
            let lifecycle = match claim.lifecycle {
                Lifecycle::Current => continue,
                Lifecycle::Superseded => "superseded",
                Lifecycle::Retracted => "retracted",
            };
            let successor = claim.superseded_by.as_ref().map(|s| s.id.0.as_str());
            out.push(rules::ref_non_current_claim::diagnostic(r.span.clone(), &claim.id.0, lifecycle, successor));
        }
    }
    // Both maps are in ID order: one walk along the two finds the claims shown nowhere.
    let mut shown = site.shown_on.keys().peekable();
    for (id, declared) in site.claims.iter() {
        while shown.next_if(|s| *s < id).is_some() {}
        let claim = &site.docs[declared.doc.0].claims[declared.index];
        // A blank ID is its own error (`fm/missing-field`); no page could cite it.
        if claim.lifecycle == Lifecycle::Current && shown.peek() != Some(&id) && !id.0.trim().is_empty() {
            out.push(rules::claim_uncited::diagnostic(claim.id_span.clone(), &id.0));
        }
    }
}
