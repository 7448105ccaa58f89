//! The inverted index in memory: every token once (by number), the documents each is in with
//! its weight, and which tokens each token file holds. Records are tokenized in parallel pieces
//! (see `pass`), each with its own table of the tokens it met, and merged into the index one
//! piece at a time, so no string is allocated per occurrence.

use crate::format::push_postings;
use crate::index::{Kind, Record};
use crate::numbering::Numbering;
use crate::tokens::{PLACES, for_each_index_token_at, shard_hash};
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// Tokens of what names a record weigh this much more than tokens of its text.
const TITLE_WEIGHT: u32 = 3;
/// Weights are stored ×10; the last digit is 1 for a page's opening (the part before the first
/// heading, which stands for the whole page: results rank it higher).
const SCALE: u32 = 10;
const OPENING_FLAG: u32 = 1;

/// A posting's value: its weight (×[`SCALE`], with the opening flag) above [`PLACES`] bits of
/// the places a Japanese token occurs at in the document, modulo [`PLACES`] (0 for a word). The
/// heaviest postings are those of the greatest values: the weight decides.
pub(crate) fn value(weight: u32, places: u32) -> u32 {
    // The greatest weight that fits, its last digit (the opening flag) kept.
    const MOST: u32 = u32::MAX >> PLACES;
    let weight = if weight > MOST { (MOST / SCALE - 1) * SCALE + weight % SCALE } else { weight };
    (weight << PLACES) | places
}

/// The weight (×[`SCALE`], with the opening flag) and the places of a posting's value.
pub(crate) fn weight_and_places(value: u32) -> (u32, u32) {
    (value >> PLACES, value & ((1 << PLACES) - 1))
}

/// The tokens of some records, numbered in the order they were met.
#[derive(Default)]
pub(crate) struct Tokenized {
    /// Token → its number here.
    numbers: Numbering,
    /// For each record: its document ID, and each of its tokens once (in the order first met)
    /// with its posting weight.
    pub(crate) records: Vec<(u32, Vec<(u32, u32)>)>,
    /// Per token number: its weight so far in the record being added (0: not met in it).
    sums: Vec<u32>,
    /// Per token number: the bits of its places so far in the record being added.
    places: Vec<u32>,
    /// The tokens met in the record being added, in the order they were met.
    met: Vec<u32>,
}

impl Tokenized {
    /// Tokenize `record`, document `id`.
    pub(crate) fn add(&mut self, id: u32, record: &Record<'_>) {
        let Tokenized { numbers, sums, places, met, .. } = self;
        weights(record, &mut |token, weight, place| {
            let (n, new) = numbers.number(token);
            if new {
                sums.push(0);
                places.push(0);
            }
            let sum = &mut sums[n as usize];
            if *sum == 0 {
                met.push(n);
            }
            *sum = sum.saturating_add(weight);
            if let Some(place) = place {
                places[n as usize] |= 1 << (place % PLACES);
            }
        });
        let flag = if record.kind == Kind::Page && record.section.is_none() { OPENING_FLAG } else { 0 };
        let merged = met
            .drain(..)
            .map(|n| {
                let weight = std::mem::take(&mut sums[n as usize]);
                let bits = std::mem::take(&mut places[n as usize]);
                (n, value(weight.saturating_mul(SCALE).saturating_add(flag), bits))
            })
            .collect();
        self.records.push((id, merged));
    }
}

/// Each token of `record` with the weight of that occurrence and its place (see
/// [`for_each_index_token_at`]; one count of places runs through the record's texts), handed to
/// `emit`.
fn weights(record: &Record<'_>, emit: &mut impl FnMut(&str, u32, Option<u32>)) {
    // What names the record weighs more: a section's heading (the page title, for the opening),
    // a claim's or question's ID; the page a section, claim or question is on counts like text.
    let (title, section) = match (record.kind, &record.section) {
        (Kind::Page, Some(_)) => (1, TITLE_WEIGHT),
        (Kind::Page, None) => (TITLE_WEIGHT, 0),
        (Kind::Claim | Kind::Question | Kind::Term, _) => (TITLE_WEIGHT, 1),
    };
    // A term's other names (its readings, its other language's spelling) name it as its title
    // does; elsewhere what is hidden weighs as text.
    let hidden = if record.kind == Kind::Term { TITLE_WEIGHT } else { 1 };
    let parts = [
        (&*record.title, title),
        (record.section.as_deref().unwrap_or(""), section),
        (&*record.text, 1),
        (&*record.hidden, hidden),
    ];
    let mut place = 0;
    for (text, weight) in parts.into_iter().filter(|(_, w)| *w > 0) {
        for_each_index_token_at(text, &mut place, |token, at| emit(token, weight, at));
    }
}

/// The postings of some records, their tokens numbered as in the index (see [`Postings::take`]).
pub(crate) type Taken = Vec<(u32, Vec<(u32, u32)>)>;

/// How far to shift a document ID for its bucket, in buckets of `stride` documents: a stride
/// is a power of two, but for one too large for a `u32`, where every ID gets the same bit (and an
/// update reads every list).
fn shift_for(stride: u32) -> u32 {
    if stride.is_power_of_two() { stride.trailing_zeros() } else { u32::BITS }
}

/// Every token with the documents it is in.
#[derive(Debug, Default)]
pub(crate) struct Postings {
    numbers: FxHashMap<Arc<str>, u32>,
    /// Every token, by number.
    pub(crate) names: Vec<Arc<str>>,
    /// Per token: `(document ID, weight)` in ID order.
    pub(crate) lists: Vec<Vec<(u32, u32)>>,
    /// Per token: a bit for each bucket its list holds documents of (see [`Postings::bucket_bit`]),
    /// so that an update finds the lists that may hold its buckets' documents without reading
    /// every list (at 10,000 pages that read took 2.4–5.9 ms of a one-page edit under `serve`).
    pub(crate) masks: Vec<u64>,
    /// Document IDs shifted right by this are bucket numbers (see [`shift_for`]).
    shift: u32,
    /// Per token file: its tokens with documents, in the order of their names.
    pub(crate) shards: Vec<Vec<u32>>,
}

impl Postings {
    /// An empty index of `shards` token files, of buckets that number `stride` documents.
    pub(crate) fn new(shards: usize, stride: u32) -> Postings {
        Postings { shards: vec![Vec::new(); shards.max(1)], shift: shift_for(stride), ..Postings::default() }
    }

    /// Postings as saved: every token by number, its list, and each token file's tokens, of
    /// buckets that number `stride` documents.
    pub(crate) fn restored(
        names: Vec<Arc<str>>,
        lists: Vec<Vec<(u32, u32)>>,
        shards: Vec<Vec<u32>>,
        stride: u32,
    ) -> Postings {
        let numbers = names.iter().enumerate().map(|(n, name)| (Arc::clone(name), n as u32)).collect();
        let mut postings = Postings { numbers, names, shards, shift: shift_for(stride), ..Postings::default() };
        postings.masks = lists.iter().map(|list| postings.mask_of(list)).collect();
        postings.lists = lists;
        postings
    }

    /// The bit of document `id`'s bucket in a token's mask: the bucket's number modulo 64.
    pub(crate) fn bucket_bit(&self, id: u32) -> u64 {
        1 << (id.checked_shr(self.shift).unwrap_or(0) & 63)
    }

    /// The mask of `list`: the bits of the buckets of its documents.
    pub(crate) fn mask_of(&self, list: &[(u32, u32)]) -> u64 {
        list.iter().fold(0, |mask, (id, _)| mask | self.bucket_bit(*id))
    }

    /// The numbers `tokenized` gave its tokens, as numbers here (new tokens are added).
    pub(crate) fn numbers_of(&mut self, tokenized: &Tokenized) -> Vec<u32> {
        let mut here = vec![0u32; tokenized.numbers.len()];
        tokenized.numbers.each(|token, n| {
            here[n as usize] = match self.numbers.get(token) {
                Some(number) => *number,
                None => {
                    let number = u32::try_from(self.names.len()).unwrap_or(u32::MAX);
                    let name: Arc<str> = Arc::from(token);
                    self.numbers.insert(Arc::clone(&name), number);
                    self.names.push(name);
                    self.lists.push(Vec::new());
                    self.masks.push(0);
                    number
                }
            };
        });
        here
    }

    /// Take the postings of `tokenized`, numbered as here, to be added by [`Postings::fill`]
    /// (its table of tokens is dropped).
    pub(crate) fn take(&mut self, tokenized: Tokenized) -> Taken {
        let here = self.numbers_of(&tokenized);
        let mut records = tokenized.records;
        for (_, tokens) in &mut records {
            for (n, _) in tokens.iter_mut() {
                *n = here[*n as usize];
            }
        }
        records
    }

    /// Add every posting of `taken` (in any order: the lists are put in ID order by
    /// [`Postings::seal`]). Each list grows once per call, by what it takes or by half again,
    /// whichever is more: grown by pushing, the lists of common tokens were copied into new memory
    /// again and again (a tenth of the index's time). `seal` gives back what is left over.
    pub(crate) fn fill(&mut self, taken: Vec<Taken>) {
        let mut sizes = vec![0usize; self.lists.len()];
        for (_, tokens) in taken.iter().flatten() {
            for &(n, _) in tokens {
                sizes[n as usize] += 1;
            }
        }
        for (list, size) in self.lists.iter_mut().zip(sizes) {
            if list.capacity() - list.len() < size {
                list.reserve_exact(size.max(list.len() / 2));
            }
        }
        for records in taken {
            for (id, tokens) in records {
                let bit = self.bucket_bit(id);
                for (n, weight) in tokens {
                    self.lists[n as usize].push((id, weight));
                    self.masks[n as usize] |= bit;
                }
            }
        }
    }

    /// After adding: each list in ID order, and each token with documents in its file.
    pub(crate) fn seal(&mut self) {
        self.lists.iter_mut().for_each(|list| {
            list.sort_unstable();
            list.shrink_to_fit();
        });
        let files = self.shards.len();
        for shard in &mut self.shards {
            shard.clear();
        }
        for (n, list) in self.lists.iter().enumerate() {
            if !list.is_empty() {
                let file = shard_hash(&self.names[n]) as usize % files;
                self.shards[file].push(u32::try_from(n).unwrap_or(u32::MAX));
            }
        }
        let names = &self.names;
        self.shards
            .iter_mut()
            .for_each(|shard| shard.sort_unstable_by(|a, b| names[*a as usize].cmp(&names[*b as usize])));
    }

    /// The token file of token `n`.
    pub(crate) fn file_of(&self, n: usize) -> usize {
        shard_hash(&self.names[n]) as usize % self.shards.len()
    }

    /// Token `n`'s list now holds documents (it had none): it joins its file, in name order.
    pub(crate) fn join_file(&mut self, n: u32) {
        let file = self.file_of(n as usize);
        let names = &self.names;
        let shard = &mut self.shards[file];
        if let Err(at) = shard.binary_search_by(|t| names[*t as usize].cmp(&names[n as usize])) {
            shard.insert(at, n);
        }
    }

    /// Token `n`'s list is empty now: it leaves its file.
    pub(crate) fn leave_file(&mut self, n: u32) {
        let file = self.file_of(n as usize);
        self.shards[file].retain(|t| *t != n);
    }

    /// The data of token file `file`: `{"token":[…],…}`.
    pub(crate) fn file_data(&self, file: usize) -> String {
        let mut data = String::from("{");
        for &n in &self.shards[file] {
            if data.len() > 1 {
                data.push(',');
            }
            push_postings(&mut data, &self.names[n as usize], &self.lists[n as usize]);
        }
        data.push('}');
        data
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_keeps_places_and_the_opening_flag_at_any_weight() {
        for (weight, places) in [(0, 0), (31, 0b101), (655_341, 0xFFFF), (u32::MAX, 1), (u32::MAX - 8, 0)] {
            let (w, p) = weight_and_places(value(weight, places));
            assert_eq!(p, places, "places of {weight}");
            assert_eq!(w % SCALE, weight % SCALE, "the flag of {weight}");
            let most = u32::MAX >> PLACES;
            if weight <= most {
                assert_eq!(w, weight);
            } else {
                assert!(w > most - 2 * SCALE && w <= most, "{weight} is kept near the greatest weight: {w}");
            }
        }
    }
}
