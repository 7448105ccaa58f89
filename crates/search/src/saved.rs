//! A memo's committed build as bytes, so that the next process (a `build` from the command line)
//! can update the index the last one wrote instead of building it whole. What can be worked out
//! again from the rest (the buckets' members, sizes, facets and hashes, the token numbers) is
//! not saved. Postings are saved with each document ID as the difference from the one before,
//! in postcard's variable-length integers, so the bytes stay about the size of the index files.
//!
//! The tokens and their postings come last, after the fields [`Saved`] reads, and are read
//! straight into their lists: decoded as one flat sequence first, they grew a vector of tens of
//! megabytes by doubling, and touching that fresh memory was most of what reading a memo cost
//! (see docs/performance.md).
//!
//! The bytes carry no check of their own: whoever stores them (the engine's cache) names them
//! by their hash and keeps them only beside the output they were built for.

use crate::index::{Files, GroupState, Memo, State};
use crate::postings::Postings;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// What the saved bytes are; changed with anything about them.
const SAVED_FORMAT: u32 = 4;

/// The saved bytes up to the tokens, which follow ([`Terms`]).
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
    /// Per token file: its tokens, in name order.
    shards: Vec<Vec<u32>>,
    /// How many tokens follow.
    terms: usize,
}

#[derive(Deserialize)]
struct SavedGroup {
    page: String,
    first: u32,
    hashes: Vec<u64>,
    facets: String,
    gfx: Vec<String>,
}

/// [`Saved`] as written, borrowed from the memo instead of copied (a large site's documents and
/// postings are tens of megabytes), with the tokens after it.
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
    shards: &'a [Vec<u32>],
    terms: usize,
    after: Terms<'a>,
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

/// Every token by number, each as its name, the length of its list and the numbers
/// `Δ, weight, Δ, weight, …` of its postings ([`deltas`]); a tuple, which postcard writes
/// without a length of its own, so [`read_terms`] reads them one by one.
struct Terms<'a> {
    names: &'a [Arc<str>],
    lists: &'a [List],
}

impl Serialize for Terms<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeTuple;
        let pairs: usize = self.lists.iter().map(Vec::len).sum();
        let mut tuple = serializer.serialize_tuple(self.names.len() * 2 + pairs * 2)?;
        for (name, list) in self.names.iter().zip(self.lists) {
            tuple.serialize_element(&**name)?;
            tuple.serialize_element(&u32::try_from(list.len()).unwrap_or(u32::MAX))?;
            for (delta, weight) in deltas(list) {
                tuple.serialize_element(&delta)?;
                tuple.serialize_element(&weight)?;
            }
        }
        tuple.end()
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
    let names: usize = postings.names.iter().map(|n| n.len() + 2).sum();
    // Room for the groups, the names and about three bytes per posting number.
    let room = groups + names + pairs * 6 + 1024;
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
        shards: &postings.shards,
        terms: postings.names.len(),
        after: Terms { names: &postings.names, lists: &postings.lists },
    };
    // Reserved up front: growing tens of megabytes by doubling copies them and touches fresh
    // pages each time.
    postcard::to_extend(&saved, Vec::with_capacity(room)).ok()
}

impl Memo {
    /// A memo holding the committed build saved in `bytes` by [`Memo::to_bytes`]; `None` when
    /// they are not such bytes (another format, cut short, inconsistent).
    pub fn from_bytes(bytes: &[u8]) -> Option<Memo> {
        let (saved, rest): (Saved, &[u8]) = postcard::take_from_bytes(bytes).ok()?;
        if saved.format != SAVED_FORMAT
            || saved.layout != crate::format::FORMAT
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
        let (names, lists) = read_terms(rest, saved.terms)?;
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

/// The `terms` tokens of `bytes` as written by [`Terms`], each list read into a vector of its
/// own length; `None` when `bytes` hold anything else or more. A length is trusted only as far as
/// the bytes left could hold it (a name and a length take two bytes at least, a posting two), so
/// damaged bytes never make a large allocation.
fn read_terms(bytes: &[u8], terms: usize) -> Option<(Vec<Arc<str>>, Vec<List>)> {
    let mut budget = bytes.len().checked_sub(terms.checked_mul(2)?)?;
    let mut de = postcard::Deserializer::from_bytes(bytes);
    let (mut names, mut lists) = (Vec::with_capacity(terms), Vec::with_capacity(terms));
    for _ in 0..terms {
        names.push(Arc::<str>::from(<&str>::deserialize(&mut de).ok()?));
        let len = u32::deserialize(&mut de).ok()? as usize;
        budget = budget.checked_sub(len.checked_mul(2)?)?;
        let mut list = Vec::with_capacity(len);
        let mut id = 0u32;
        for _ in 0..len {
            id = id.checked_add(u32::deserialize(&mut de).ok()?)?;
            list.push((id, u32::deserialize(&mut de).ok()?));
        }
        lists.push(list);
    }
    de.finalize().ok()?.is_empty().then_some((names, lists))
}

/// A token's postings: `(document ID, weight)` in ID order.
type List = Vec<(u32, u32)>;

/// Each posting of `list` (in ID order) as `(ID − the ID before, weight)`.
fn deltas(list: &[(u32, u32)]) -> impl Iterator<Item = (u32, u32)> + '_ {
    let mut previous = 0;
    list.iter().map(move |&(id, weight)| {
        let delta = id - previous;
        previous = id;
        (delta, weight)
    })
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
                    hidden: "".into(),
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
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(Memo::from_bytes(&longer).is_none(), "bytes after the last token");
    }

    #[test]
    fn a_list_longer_than_its_bytes_could_hold_is_refused() {
        // Two tokens: "a" with one posting, then "b" that says it has u32::MAX postings: a
        // vector made for them would ask for 32 GiB, which aborts the test where memory is less.
        let mut terms = Vec::new();
        for part in [&[1u8, b'a', 1, 5, 7][..], &[1, b'b', 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]] {
            terms.extend_from_slice(part);
        }
        assert!(super::read_terms(&terms, 2).is_none());
        assert!(
            super::read_terms(&terms[..5], 1)
                .is_some_and(|(names, lists)| { &*names[0] == "a" && lists[0] == [(5, 7)] })
        );
        assert!(super::read_terms(&terms[..5], 3).is_none(), "more tokens than the bytes hold");
    }
}
