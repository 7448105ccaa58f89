//! A memo's committed build as bytes, so that the next process (a `build` from the command line)
//! can update the index the last one wrote instead of building it whole. What can be worked out
//! again from the rest (the buckets' members, sizes, facets and hashes, the token numbers) is
//! not saved. Postings are saved with each document ID as the difference from the one before,
//! in postcard's variable-length integers, so the bytes stay about the size of the index files.
//!
//! The bytes carry no check of their own: whoever stores them (the engine's cache) names them
//! by their hash and keeps them only beside the output they were built for.

use crate::index::{Files, GroupState, Memo, State};
use crate::postings::Postings;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// What the saved bytes are; changed with anything about them.
const SAVED_FORMAT: u32 = 3;

#[derive(Deserialize)]
struct Saved {
    format: u32,
    layout: String,
    folder: String,
    tokens: usize,
    buckets: usize,
    stride: u32,
    gfx: Vec<String>,
    /// In address order.
    groups: Vec<SavedGroup>,
    /// Every token by number, one after the other (flat, so that reading them back is one
    /// check of UTF-8 and no allocation per token until they are split).
    names: String,
    /// The length in bytes of each token in `names`.
    name_lengths: Vec<u32>,
    /// The number of postings of each token.
    list_lengths: Vec<u32>,
    /// Every token's postings, one list after the other, each `(ID − the ID before, weight)` as
    /// two numbers.
    postings: Vec<u32>,
    /// Per token file: its tokens, in name order.
    shards: Vec<Vec<u32>>,
}

#[derive(Deserialize)]
struct SavedGroup {
    page: String,
    first: u32,
    hashes: Vec<u64>,
    facets: String,
    gfx: Vec<String>,
}

/// [`Saved`] as written: the same fields in the same order, borrowed from the memo instead of
/// copied (a large site's documents and postings are tens of megabytes), so its bytes are the
/// ones [`Saved`] reads back.
#[derive(Serialize)]
struct SavedRef<'a> {
    format: u32,
    layout: &'a str,
    folder: &'a str,
    tokens: usize,
    buckets: usize,
    stride: u32,
    gfx: &'a [String],
    groups: Vec<SavedGroupRef<'a>>,
    names: String,
    name_lengths: Vec<u32>,
    list_lengths: Vec<u32>,
    postings: FlatPostings<'a>,
    shards: &'a [Vec<u32>],
}

/// [`SavedGroup`] as written, borrowed.
#[derive(Serialize)]
struct SavedGroupRef<'a> {
    page: &'a str,
    first: u32,
    hashes: &'a [u64],
    facets: &'a str,
    gfx: &'a std::collections::BTreeSet<String>,
}

/// Every token's postings, one list after the other, written as the numbers
/// `Δ, weight, Δ, weight, …` ([`Saved::postings`]) without collecting them first.
struct FlatPostings<'a> {
    lists: &'a [Vec<(u32, u32)>],
    /// How many postings the lists hold in all.
    pairs: usize,
}

impl Serialize for FlatPostings<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = serializer.serialize_seq(Some(self.pairs * 2))?;
        for (delta, weight) in self.lists.iter().flat_map(|list| deltas(list)) {
            seq.serialize_element(&delta)?;
            seq.serialize_element(&weight)?;
        }
        seq.end()
    }
}

impl Memo {
    /// The last build as bytes, when it was committed; `None` otherwise (nothing to keep).
    pub fn to_bytes(&self) -> Option<Vec<u8>> {
        self.lock().as_ref().filter(|s| s.committed).and_then(state_bytes)
    }

    /// The build just made (not yet committed) as the bytes [`Memo::to_bytes`] will give once it
    /// is, taken out of the memo, which is empty after: for a one-off build that only saves its
    /// index, so that the index is not held in memory to the end of the build (some 70 MiB at
    /// 10,000 pages per language). `None` when the memo holds no such build.
    pub fn take_new_bytes(&self) -> Option<Vec<u8>> {
        let state = {
            let mut guard = self.lock();
            guard.take_if(|s| !s.committed)?
        };
        state_bytes(&state)
    }
}

/// `state` as bytes (see [`Memo::to_bytes`]).
fn state_bytes(state: &State) -> Option<Vec<u8>> {
    let postings = &state.postings;
    let pairs: usize = postings.lists.iter().map(Vec::len).sum();
    let groups: usize = state.groups.iter().map(|(p, g)| p.len() + g.hashes.len() * 9 + g.facets.len() + 32).sum();
    let names: String = postings.names.iter().map(|n| &**n).collect();
    // Room for the groups, the names and about three bytes per posting number.
    let room = groups + names.len() * 2 + pairs * 6 + 1024;
    let saved = SavedRef {
        format: SAVED_FORMAT,
        layout: crate::format::FORMAT,
        folder: &state.folder,
        tokens: state.count.tokens,
        buckets: state.count.buckets,
        stride: state.stride,
        gfx: &state.gfx,
        groups: state
            .groups
            .iter()
            .map(|(page, g)| SavedGroupRef { page, first: g.first, hashes: &g.hashes, facets: &g.facets, gfx: &g.gfx })
            .collect(),
        names,
        name_lengths: postings.names.iter().map(|n| u32::try_from(n.len()).unwrap_or(u32::MAX)).collect(),
        list_lengths: postings.lists.iter().map(|l| u32::try_from(l.len()).unwrap_or(u32::MAX)).collect(),
        postings: FlatPostings { lists: &postings.lists, pairs },
        shards: &postings.shards,
    };
    // Reserved up front: growing tens of megabytes by doubling copies them and touches fresh
    // pages each time.
    postcard::to_extend(&saved, Vec::with_capacity(room)).ok()
}

impl Memo {
    /// A memo holding the committed build saved in `bytes` by [`Memo::to_bytes`]; `None` when
    /// they are not such bytes (another format, cut short, inconsistent).
    pub fn from_bytes(bytes: &[u8]) -> Option<Memo> {
        let saved: Saved = postcard::from_bytes(bytes).ok()?;
        if saved.format != SAVED_FORMAT
            || saved.layout != crate::format::FORMAT
            || saved.name_lengths.len() != saved.list_lengths.len()
            || saved.shards.len() != saved.tokens.max(1)
        {
            return None;
        }
        let count = Files { tokens: saved.tokens, buckets: saved.buckets };
        let mut state = State::empty(&saved.folder, count, saved.stride, saved.gfx);
        for group in saved.groups {
            let page: Arc<str> = group.page.into();
            let gfx = group.gfx.into_iter().collect();
            let group = GroupState { first: group.first, hashes: group.hashes, facets: group.facets, gfx };
            state.place(page, group)?;
        }
        let mut names = Vec::with_capacity(saved.name_lengths.len());
        let mut rest = saved.names.as_str();
        for &len in &saved.name_lengths {
            let (name, after) = rest.split_at_checked(len as usize)?;
            names.push(Arc::<str>::from(name));
            rest = after;
        }
        let mut lists = Vec::with_capacity(saved.list_lengths.len());
        let mut pairs = saved.postings.as_slice();
        for &len in &saved.list_lengths {
            let (list, after) = pairs.split_at_checked(len as usize * 2)?;
            lists.push(undeltas(list)?);
            pairs = after;
        }
        if !rest.is_empty() || !pairs.is_empty() {
            return None;
        }
        let tokens = names.len();
        if saved.shards.iter().flatten().any(|&n| n as usize >= tokens) {
            return None;
        }
        state.postings = Postings::restored(names, lists, saved.shards, saved.stride);
        state.note_buckets();
        state.committed = true;
        Some(Memo::with(state))
    }
}

/// `(ID, weight)` in ID order as `(ID − the ID before, weight)`.
fn deltas(list: &[(u32, u32)]) -> impl Iterator<Item = (u32, u32)> + '_ {
    let mut previous = 0;
    list.iter().map(move |&(id, weight)| {
        let delta = id - previous;
        previous = id;
        (delta, weight)
    })
}

/// The inverse of [`deltas`], from the numbers `Δ, weight, Δ, weight, …`; `None` when the IDs
/// would overflow.
fn undeltas(pairs: &[u32]) -> Option<Vec<(u32, u32)>> {
    let mut id = 0u32;
    pairs
        .chunks_exact(2)
        .map(|pair| {
            id = id.checked_add(pair[0])?;
            Some((id, pair[1]))
        })
        .collect()
}

/// The groups of the saved memo, for tests: page address → first ID.
#[cfg(test)]
pub(crate) fn firsts(memo: &Memo) -> std::collections::BTreeMap<String, u32> {
    memo.lock().as_ref().map(|s| s.groups.iter().map(|(p, g)| (p.to_string(), g.first)).collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::firsts;
    use crate::index::{Files, Group, Kind, Memo, Record, Update, update_for};
    use std::collections::BTreeMap;

    fn group(page: &str, texts: &[&str], gfx: &str) -> Group<'static> {
        Group {
            page: page.into(),
            records: texts
                .iter()
                .enumerate()
                .map(|(i, t)| Record {
                    url: format!("{page}#s{i}"),
                    title: page.to_owned().into(),
                    section: (i > 0).then(|| format!("節 {i}").into()),
                    kind: Kind::Page,
                    class: None,
                    gfx: vec![gfx.into()],
                    text: (*t).to_owned().into(),
                })
                .collect(),
        }
    }

    fn site() -> Vec<Group<'static>> {
        (0..40)
            .map(|i| {
                group(
                    &format!("ja/p{i}/index.html"),
                    &[&format!("カーネル {i} の mul_mat_vec_q"), "gfx1201 で dispatch を観測"],
                    if i % 2 == 0 { "gfx900" } else { "gfx1201" },
                )
            })
            .collect()
    }

    const COUNT: Files = Files { tokens: 8, buckets: 16 };

    #[test]
    fn a_restored_memo_updates_to_the_same_files_as_the_memo_it_was_saved_from() {
        let memo = Memo::default();
        memo.build("search/ja", COUNT, Update::All(site())).expect("whole build");
        assert!(memo.to_bytes().is_none(), "an uncommitted build is not saved");
        memo.commit();
        let bytes = memo.to_bytes().expect("a committed build is saved");
        let restored = Memo::from_bytes(&bytes).expect("the bytes read back");
        assert_eq!(firsts(&restored), firsts(&memo));
        let masks = |m: &Memo| m.lock().as_ref().map(|s| s.postings.masks.clone()).unwrap_or_default();
        assert!(masks(&memo).iter().any(|m| *m != 0));
        assert_eq!(masks(&restored), masks(&memo), "each list's buckets, found again from the lists");
        assert!(restored.can_update("search/ja", COUNT));
        assert_eq!(restored.to_bytes(), Some(bytes), "saved again, the same bytes");
        let mut edited = site();
        edited[3] = group("ja/p3/index.html", &["書き換えた カーネル", "rocblas_create を追加"], "gfx1201");
        let edit = || update_for(&edited, &["ja/p3/index.html"], COUNT);
        let from_live = memo.build("search/ja", COUNT, edit()).expect("an update");
        let from_saved = restored.build("search/ja", COUNT, edit()).expect("an update");
        assert_eq!(from_saved, from_live);
        // And both equal a whole build of the edited site.
        let whole = Memo::default().build("search/ja", COUNT, Update::All(edited.clone())).expect("whole build");
        let changed: BTreeMap<&String, &Vec<u8>> = from_saved.iter().collect();
        for (name, bytes) in changed {
            assert_eq!(&whole[name], bytes, "{name}");
        }
    }

    #[test]
    fn a_build_taken_out_before_its_commit_is_saved_as_it_would_be_after() {
        let taken = Memo::default();
        taken.build("search/ja", COUNT, Update::All(site())).expect("whole build");
        let bytes = taken.take_new_bytes().expect("a new build is taken");
        assert!(taken.lock().is_none(), "the memo holds nothing after");
        assert!(taken.take_new_bytes().is_none() && taken.to_bytes().is_none(), "nothing is left to take");
        taken.commit();
        assert!(!taken.can_update("search/ja", COUNT), "the next build of the memo builds whole");

        let kept = Memo::default();
        kept.build("search/ja", COUNT, Update::All(site())).expect("whole build");
        kept.commit();
        assert!(kept.take_new_bytes().is_none(), "a committed build stays where it is");
        assert_eq!(kept.to_bytes(), Some(bytes.clone()), "the same bytes as once committed");
        let restored = Memo::from_bytes(&bytes).expect("the bytes read back");
        assert!(restored.can_update("search/ja", COUNT), "and they update the index next time");
    }

    #[test]
    fn bytes_that_are_not_a_saved_memo_are_refused() {
        let memo = Memo::default();
        memo.build("search/en", COUNT, Update::All(site())).expect("whole build");
        memo.commit();
        let bytes = memo.to_bytes().expect("saved");
        assert!(Memo::from_bytes(&bytes[..bytes.len() / 2]).is_none(), "cut short");
        assert!(Memo::from_bytes(b"").is_none(), "empty");
        let mut other = bytes.clone();
        other[0] = other[0].wrapping_add(1);
        assert!(Memo::from_bytes(&other).is_none(), "another format");
    }
}
