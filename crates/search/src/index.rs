//! One language's index (its files: see [`crate::format`]), built whole or updated from the
//! groups of records that changed.
//!
//! Records come in groups, one per page of the site (a content page's sections and the cards
//! shown first on it; a page of the claims index; the open-questions page). A group lives in
//! the bucket its page's address hashes to, and a bucket numbers its documents from
//! `bucket × stride`, its groups in the order of their addresses: so a change to one group
//! renumbers nothing outside its bucket, and an update rewrites only the token files whose lists
//! changed, that bucket, the facets and the entry. An update is given every group of the buckets
//! it changes (a few pages each), so the memo keeps no result text: it makes those buckets'
//! files again from their records.
//!
//! The number of files of each kind follows the number of pages, claims and questions
//! ([`files_for`]), not the text, so an edit rewrites the same set of files and never leaves a
//! stale one behind. A token found in more than [`MAX_POSTINGS`](crate::format::MAX_POSTINGS)
//! documents keeps the ones where it weighs most, with its real document frequency, so no file
//! grows with the site.

use crate::format::{FORMAT, bucket_name, fnv, fnv_from, json, push_facets, script, token_name};
use crate::pass::{Bucket, Piece};
use crate::postings::Postings;
use rayon::prelude::*;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// What a search result is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Kind {
    /// A section of a content page (the part under one heading, or before the first).
    Page,
    /// A claim's card.
    Claim,
    /// An open question.
    Question,
    /// A glossary term.
    Term,
}

/// One searchable thing; its text borrowed from the site where it can be (a build reads the
/// whole site's text once, and keeps none of it).
#[derive(Debug, Clone, PartialEq)]
pub struct Record<'a> {
    /// Its address relative to the site root, with the anchor (`ja/gpu/index.html#claim-x`).
    pub url: String,
    /// The page title, the claim's or question's ID, or the glossary term.
    pub title: Cow<'a, str>,
    /// The heading of the section (`None` for a page's opening), or the page a card is on.
    pub section: Option<Cow<'a, str>>,
    /// What it is.
    pub kind: Kind,
    /// The evidence class of a claim (`confirmed`, …).
    pub class: Option<&'static str>,
    /// The GPU targets it concerns.
    pub gfx: Vec<String>,
    /// Its text.
    pub text: Cow<'a, str>,
    /// What finds it without being shown in a result: a claim's or page's scope, a term's
    /// readings.
    pub hidden: Cow<'a, str>,
}

/// The records of one page of the site, under the page's address (`ja/gpu/index.html`).
#[derive(Debug, Clone, PartialEq)]
pub struct Group<'a> {
    /// The page's address: it decides the bucket.
    pub page: String,
    /// Its records, in the order they are numbered.
    pub records: Vec<Record<'a>>,
}

/// How many files an index has of each kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Files {
    /// Token files (`t-N.js`).
    pub tokens: usize,
    /// Document buckets (`d-N.js`).
    pub buckets: usize,
}

/// The files of an index for a site of `pages` pages and `things` pages, claims and questions,
/// each a power of two so that an edit rarely changes them: a token file for about 256 things
/// (some kilobytes each), a bucket for about four pages with their sections and cards.
pub fn files_for(pages: usize, things: usize) -> Files {
    let pow2 = |n: usize| n.max(1).next_power_of_two().min(8192);
    Files { tokens: pow2(things / 256), buckets: pow2(pages / 4) }
}

/// What a build is given.
pub enum Update<'a> {
    /// Every group of the site.
    All(Vec<Group<'a>>),
    /// Every group of the buckets named (see [`bucket_of`]: those of the pages that changed
    /// since the last build committed); the memo's other groups in them are gone. Only after
    /// [`Memo::can_update`] said yes.
    Buckets(BTreeSet<usize>, Vec<Group<'a>>),
}

/// The last committed build of one index, kept so that the next may be an update of it. A build
/// changes it in place; [`Memo::commit`] keeps it, [`Memo::discard`] forgets it (the output did
/// not take the files, so the next build is whole), and [`Memo::take_new_bytes`] takes it out
/// as bytes to be saved (the memo is empty after).
#[derive(Debug, Default)]
pub struct Memo {
    state: std::sync::Mutex<Option<State>>,
}

#[derive(Debug)]
pub(crate) struct State {
    pub(crate) folder: String,
    pub(crate) count: Files,
    pub(crate) stride: u32,
    /// The GPU targets of all records, sorted (the facets' bits).
    pub(crate) gfx: Vec<String>,
    /// How many groups name each target.
    pub(crate) gfx_groups: BTreeMap<String, usize>,
    pub(crate) groups: BTreeMap<Arc<str>, GroupState>,
    /// Per bucket: its groups, in address order.
    pub(crate) buckets: Vec<BTreeSet<Arc<str>>>,
    /// Per bucket: how many records its groups have.
    pub(crate) sizes: Vec<usize>,
    /// Per bucket: its records' facet codes.
    pub(crate) facets: Vec<String>,
    /// Per bucket: a hash of its records' hashes.
    pub(crate) hashes: Vec<u64>,
    pub(crate) postings: Postings,
    /// Whether the build that made this state has been committed.
    pub(crate) committed: bool,
}

#[derive(Debug, Default)]
pub(crate) struct GroupState {
    /// The ID of its first record.
    pub(crate) first: u32,
    /// Each record's hash.
    pub(crate) hashes: Vec<u64>,
    /// Its records' facet codes.
    pub(crate) facets: String,
    /// The targets its records name.
    pub(crate) gfx: BTreeSet<String>,
}

impl Memo {
    /// Whether a build of the index in `folder` with `count` files may be given only the groups
    /// that changed since the last committed one.
    pub fn can_update(&self, folder: &str, count: Files) -> bool {
        self.lock().as_ref().is_some_and(|s| s.committed && s.folder == folder && s.count == count)
    }

    /// The files of the index in `folder` (relative to it, e.g. `t-3.js`; `folder` is the
    /// index's folder from the site root, which every file announces itself with). For
    /// [`Update::All`] every file; for [`Update::Buckets`] those that may have changed, or
    /// `None` when the change reaches every document (their numbering or the facets' targets
    /// changed) or a group lies outside the buckets named: then build again with every group.
    pub fn build(&self, folder: &str, count: Files, update: Update<'_>) -> Option<BTreeMap<String, Vec<u8>>> {
        let mut files = BTreeMap::new();
        self.build_into(folder, count, update, &mut |some| files.extend(some)).then_some(files)
    }

    /// [`Memo::build`], handing the files to `emit` a batch at a time as they are made, so that
    /// a whole build never holds them all (56 MB for one language at 10,000 pages); whether it
    /// built (an update hands its files only once it is sure it can be made).
    pub fn build_into(
        &self,
        folder: &str,
        count: Files,
        update: Update<'_>,
        emit: &mut dyn FnMut(BTreeMap<String, Vec<u8>>),
    ) -> bool {
        let mut guard = self.lock();
        match update {
            Update::All(groups) => {
                *guard = Some(State::build(folder, count, groups, emit));
                true
            }
            Update::Buckets(buckets, groups) => {
                let Some(state) = guard.as_mut().filter(|s| s.committed && s.folder == folder && s.count == count)
                else {
                    return false;
                };
                match state.update(buckets, groups) {
                    // Changed in place: kept only if the output takes the files.
                    Some(files) => {
                        state.committed = false;
                        emit(files);
                        true
                    }
                    None => {
                        *guard = None;
                        false
                    }
                }
            }
        }
    }

    /// The output took the files of the last build: the next may update it.
    pub fn commit(&self) {
        if let Some(state) = self.lock().as_mut() {
            state.committed = true;
        }
    }

    /// The output did not take the files of the last build: the next builds whole.
    pub fn discard(&self) {
        let mut guard = self.lock();
        if guard.as_ref().is_some_and(|s| !s.committed) {
            *guard = None;
        }
    }

    /// Hold what `other` holds (a memo read from where it was saved), instead of what it held.
    pub fn replace(&self, other: Memo) {
        *self.lock() = other.state.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
    }

    /// A memo holding `state`.
    pub(crate) fn with(state: State) -> Memo {
        Memo { state: std::sync::Mutex::new(Some(state)) }
    }

    pub(crate) fn lock(&self) -> std::sync::MutexGuard<'_, Option<State>> {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// For tests: the update of `site` (every group) that the pages `changed` call for, with every
/// group of their buckets.
#[cfg(test)]
pub(crate) fn update_for<'a>(site: &[Group<'a>], changed: &[&str], count: Files) -> Update<'a> {
    let buckets: BTreeSet<usize> = changed.iter().map(|p| bucket_of(p, count)).collect();
    let groups = site.iter().filter(|g| buckets.contains(&bucket_of(&g.page, count))).cloned().collect();
    Update::Buckets(buckets, groups)
}

/// Pieces of records (see `pass`) whose postings a whole build adds to the lists at once.
const FILL_PIECES: usize = 16;

/// Token files handed out at once by a whole build.
const TOKEN_BATCH: usize = 64;

/// The file of bucket `b`.
fn bucket_file(b: usize) -> String {
    format!("{}.js", bucket_name(b))
}

/// The bucket of the page at `address` in an index of `count` files.
pub fn bucket_of(page: &str, count: Files) -> usize {
    bucket_in(page, count.buckets)
}

/// [`bucket_of`] the address that `pieces` make one after the other, without joining them.
pub fn bucket_of_pieces<'p>(pieces: impl Iterator<Item = &'p str>, count: Files) -> usize {
    bucket_from(pieces.fold(fnv(&[]), |h, piece| fnv_from(h, piece.as_bytes())), count.buckets)
}

/// The bucket of the page at `address` among `buckets`.
fn bucket_in(page: &str, buckets: usize) -> usize {
    bucket_from(fnv(page.as_bytes()), buckets)
}

/// The bucket of an address whose hash is `hash`, among `buckets`.
fn bucket_from(hash: u64, buckets: usize) -> usize {
    (hash % buckets.max(1) as u64) as usize
}

/// The ID of bucket `b`'s first document.
fn bucket_start(b: usize, stride: u32) -> u32 {
    u32::try_from(b).unwrap_or(u32::MAX).saturating_mul(stride)
}

/// Documents a bucket numbers: a power of two over its largest, so that a bucket growing by a
/// record rarely renumbers the others.
fn stride_for(largest: usize) -> u32 {
    u32::try_from(largest.max(1).next_power_of_two()).unwrap_or(u32::MAX)
}

impl State {
    /// A state with no groups and no postings.
    pub(crate) fn empty(folder: &str, count: Files, stride: u32, gfx: Vec<String>) -> State {
        let buckets_n = count.buckets.max(1);
        State {
            folder: folder.to_owned(),
            count,
            stride,
            gfx,
            gfx_groups: BTreeMap::new(),
            groups: BTreeMap::new(),
            buckets: vec![BTreeSet::new(); buckets_n],
            sizes: vec![0; buckets_n],
            facets: vec![String::new(); buckets_n],
            hashes: vec![0; buckets_n],
            postings: Postings::new(count.tokens, stride),
            committed: false,
        }
    }

    /// Adds `group` under `page` to its bucket (its documents already numbered); `None` when
    /// they do not fit the bucket's numbers.
    pub(crate) fn place(&mut self, page: Arc<str>, group: GroupState) -> Option<()> {
        let b = bucket_in(&page, self.buckets.len());
        let start = u64::try_from(b).ok()? * u64::from(self.stride);
        let end = u64::from(group.first) + group.hashes.len() as u64;
        if u64::from(group.first) < start || end > start + u64::from(self.stride) {
            return None;
        }
        self.sizes[b] += group.hashes.len();
        for g in &group.gfx {
            *self.gfx_groups.entry(g.clone()).or_default() += 1;
        }
        self.buckets[b].insert(Arc::clone(&page));
        self.groups.insert(page, group);
        Some(())
    }

    /// Each bucket's facets and hash noted again from its groups.
    pub(crate) fn note_buckets(&mut self) {
        for b in 0..self.buckets.len() {
            self.note_bucket(b);
        }
    }

    /// Bucket `b`'s facets and hash noted again from its groups.
    fn note_bucket(&mut self, b: usize) {
        let groups = self.buckets[b].iter().map(|p| &self.groups[p]);
        self.facets[b] = groups.clone().map(|g| g.facets.as_str()).collect();
        self.hashes[b] = groups.flat_map(|g| &g.hashes).fold(fnv(&[]), |h, r| fnv_from(h, &r.to_le_bytes()));
    }

    /// The state of an index built from every group, its files handed to `emit` as they are made.
    fn build(
        folder: &str,
        count: Files,
        groups: Vec<Group<'_>>,
        emit: &mut dyn FnMut(BTreeMap<String, Vec<u8>>),
    ) -> State {
        let buckets_n = count.buckets.max(1);
        let mut by_page: BTreeMap<Arc<str>, Vec<Record<'_>>> = BTreeMap::new();
        let mut sizes = vec![0usize; buckets_n];
        for group in groups.into_iter().filter(|g| !g.records.is_empty()) {
            let page: Arc<str> = group.page.into();
            sizes[bucket_in(&page, buckets_n)] += group.records.len();
            by_page.entry(page).or_default().extend(group.records);
        }
        let stride = stride_for(sizes.iter().copied().max().unwrap_or(0));
        let gfx: BTreeSet<&String> = by_page.values().flatten().flat_map(|r| &r.gfx).collect();
        let gfx: Vec<String> = gfx.into_iter().cloned().collect();
        let mut state = State::empty(folder, count, stride, gfx);
        for page in by_page.keys() {
            state.buckets[bucket_in(page, buckets_n)].insert(Arc::clone(page));
        }
        state.sizes = sizes;
        // Every bucket (an empty one has a file too), read in one pass.
        let docs: Vec<Bucket<'_, '_>> = (0..buckets_n)
            .map(|b| Bucket {
                number: b,
                first: bucket_start(b, stride),
                records: state.buckets[b].iter().flat_map(|p| &by_page[p]).collect(),
            })
            .collect();
        // The postings are added a few pieces at a time: taken all before they were added, they
        // were held twice at the end (some 30 MiB at 10,000 pages per language, at the peak).
        let (mut hashes, mut taken) = (Vec::new(), Vec::new());
        Piece::each(folder, &docs, |piece| {
            taken.push(state.postings.take(piece.tokenized));
            if taken.len() == FILL_PIECES {
                state.postings.fill(std::mem::take(&mut taken));
            }
            hashes.extend(piece.hashes);
            emit(piece.files.into_iter().map(|(b, file)| (bucket_file(b), file)).collect());
        });
        state.postings.fill(taken);
        state.postings.seal();
        state.note_groups(0..buckets_n, &by_page, hashes);
        for group in state.groups.values() {
            for g in &group.gfx {
                *state.gfx_groups.entry(g.clone()).or_default() += 1;
            }
        }
        let shards = state.postings.shards.len();
        for batch in (0..shards).step_by(TOKEN_BATCH) {
            emit(state.token_files(batch..(batch + TOKEN_BATCH).min(shards)));
        }
        emit(state.bucket_files(Vec::new(), 0..buckets_n));
        state
    }

    /// The groups of `buckets` noted from `by_page` (their records) and `hashes` (each record's,
    /// in ID order), numbered from each bucket's start in address order.
    fn note_groups<'a>(
        &mut self,
        buckets: impl Iterator<Item = usize>,
        by_page: &BTreeMap<Arc<str>, impl AsRef<[Record<'a>]>>,
        hashes: Vec<u64>,
    ) {
        let mut hashes = hashes.into_iter();
        for b in buckets {
            let mut next = bucket_start(b, self.stride);
            for page in &self.buckets[b] {
                let records = by_page[page].as_ref();
                let group = GroupState::of(next, records, &self.gfx, hashes.by_ref().take(records.len()).collect());
                next += u32::try_from(records.len()).unwrap_or(u32::MAX);
                self.groups.insert(Arc::clone(page), group);
            }
        }
        debug_assert!(hashes.next().is_none(), "a hash for every record of the buckets, and no more");
    }

    /// Make `buckets` hold `groups` (every group of those buckets); the files that may have
    /// changed, or `None` when every document must be numbered again, the facets' targets
    /// changed, or a group lies outside `buckets`.
    fn update(&mut self, buckets: BTreeSet<usize>, groups: Vec<Group<'_>>) -> Option<BTreeMap<String, Vec<u8>>> {
        let buckets_n = self.buckets.len();
        let mut given: BTreeMap<usize, BTreeMap<Arc<str>, Vec<Record<'_>>>> =
            buckets.into_iter().filter(|b| *b < buckets_n).map(|b| (b, BTreeMap::new())).collect();
        for group in groups.into_iter().filter(|g| !g.records.is_empty()) {
            let pages = given.get_mut(&bucket_in(&group.page, buckets_n))?;
            pages.entry(group.page.into()).or_default().extend(group.records);
        }
        // The buckets' new sizes and the targets, before anything is changed.
        let mut gfx_groups = self.gfx_groups.clone();
        let mut sizes = self.sizes.clone();
        for (&b, pages) in &given {
            for old in self.buckets[b].iter().map(|p| &self.groups[p]) {
                for g in &old.gfx {
                    gfx_groups.entry(g.clone()).and_modify(|n| *n -= 1);
                }
            }
            sizes[b] = pages.values().map(Vec::len).sum();
            for records in pages.values() {
                let mine: BTreeSet<&String> = records.iter().flat_map(|r| &r.gfx).collect();
                for g in mine {
                    *gfx_groups.entry(g.clone()).or_default() += 1;
                }
            }
        }
        gfx_groups.retain(|_, n| *n > 0);
        if stride_for(sizes.iter().copied().max().unwrap_or(0)) != self.stride || !gfx_groups.keys().eq(self.gfx.iter())
        {
            return None;
        }
        self.gfx_groups = gfx_groups;
        self.sizes = sizes;
        // Each bucket given, numbered again from its start with the groups given, read in one
        // pass: the new postings of those buckets, by token.
        for (&b, pages) in &given {
            for page in std::mem::take(&mut self.buckets[b]) {
                self.groups.remove(&page);
            }
            self.buckets[b] = pages.keys().cloned().collect();
        }
        let docs: Vec<Bucket<'_, '_>> = given
            .iter()
            .map(|(&b, pages)| Bucket {
                number: b,
                first: bucket_start(b, self.stride),
                records: pages.values().flatten().collect(),
            })
            .collect();
        let (mut fresh, mut hashes, mut buckets) = (BTreeMap::<u32, Vec<(u32, u32)>>::new(), Vec::new(), Vec::new());
        Piece::each(&self.folder, &docs, |piece| {
            let here = self.postings.numbers_of(&piece.tokenized);
            for (id, tokens) in &piece.tokenized.records {
                for &(n, weight) in tokens {
                    fresh.entry(here[n as usize]).or_default().push((*id, weight));
                }
            }
            hashes.extend(piece.hashes);
            buckets.extend(piece.files);
        });
        let by_page: BTreeMap<Arc<str>, &Vec<Record<'_>>> =
            given.values().flat_map(|pages| pages.iter().map(|(p, r)| (Arc::clone(p), r))).collect();
        self.note_groups(given.keys().copied(), &by_page, hashes);
        let ranges: Vec<std::ops::Range<u32>> = given
            .keys()
            .map(|&b| {
                let start = bucket_start(b, self.stride);
                start..start.saturating_add(self.stride)
            })
            .collect();
        // Each token's list, where it lies in a bucket given: made again, and compared. A list
        // with no new documents whose mask has none of those buckets' bits is not read.
        let wanted = ranges.iter().fold(0, |mask, range| mask | self.postings.bucket_bit(range.start));
        let mut fresh = fresh.into_iter().peekable();
        let mut touched: Vec<(u32, bool)> = Vec::new();
        for (n, mask) in self.postings.masks.iter().enumerate() {
            let token = u32::try_from(n).unwrap_or(u32::MAX);
            let mut new_part = match fresh.next_if(|(t, _)| *t == token) {
                Some((_, part)) => part,
                None if mask & wanted == 0 => continue,
                None => Vec::new(),
            };
            let list = &mut self.postings.lists[n];
            let had = !list.is_empty();
            let mut changed_here = false;
            for range in &ranges {
                let from = list.partition_point(|(id, _)| *id < range.start);
                let to = list.partition_point(|(id, _)| *id < range.end);
                if from == to && !new_part.iter().any(|(id, _)| range.contains(id)) {
                    continue;
                }
                let mut part: Vec<(u32, u32)> = new_part.extract_if(.., |(id, _)| range.contains(id)).collect();
                part.sort_unstable();
                if part[..] != list[from..to] {
                    list.splice(from..to, part);
                    changed_here = true;
                }
            }
            if changed_here {
                touched.push((token, had == list.is_empty()));
            }
        }
        for &(n, _) in &touched {
            self.postings.masks[n as usize] = self.postings.mask_of(&self.postings.lists[n as usize]);
        }
        let mut files_of_tokens = BTreeSet::new();
        for (n, joined_or_left) in touched {
            if joined_or_left {
                if self.postings.lists[n as usize].is_empty() {
                    self.postings.leave_file(n);
                } else {
                    self.postings.join_file(n);
                }
            }
            files_of_tokens.insert(self.postings.file_of(n as usize));
        }
        let mut files = self.token_files_parallel(files_of_tokens.into_iter().collect());
        let noted: Vec<usize> = buckets.iter().map(|(b, _)| *b).collect();
        files.extend(self.bucket_files(buckets, noted.into_iter()));
        Some(files)
    }

    /// The token files `which`, made on this thread (a whole build: see `pass`).
    fn token_files(&self, which: impl Iterator<Item = usize>) -> BTreeMap<String, Vec<u8>> {
        which.map(|n| self.token_file(n)).collect()
    }

    /// The token files `which`, made in parallel: an edit under `serve` waits for them.
    fn token_files_parallel(&self, which: Vec<usize>) -> BTreeMap<String, Vec<u8>> {
        which.into_par_iter().map(|n| self.token_file(n)).collect()
    }

    /// Token file `n`, by name.
    fn token_file(&self, n: usize) -> (String, Vec<u8>) {
        let name = token_name(n);
        (format!("{name}.js"), script(&self.folder, &name, &self.postings.file_data(n)))
    }

    /// The bucket files `buckets`, the facets and the entry, after the facets and hash of each
    /// bucket of `noted` (their groups already noted) are noted again.
    fn bucket_files(
        &mut self,
        buckets: Vec<(usize, Vec<u8>)>,
        noted: impl Iterator<Item = usize>,
    ) -> BTreeMap<String, Vec<u8>> {
        let mut out: BTreeMap<String, Vec<u8>> = buckets.into_iter().map(|(b, file)| (bucket_file(b), file)).collect();
        for b in noted {
            self.note_bucket(b);
        }
        out.insert("f.js".to_owned(), script(&self.folder, "f", &json(&self.facets)));
        // Everything the files are made of: the records in ID order and the number of files.
        let records: usize = self.sizes.iter().sum();
        let shape = format!(
            "{FORMAT} {} {} {} {} {records}",
            self.folder,
            self.postings.shards.len(),
            self.buckets.len(),
            self.stride
        );
        let version = self.hashes.iter().fold(fnv(shape.as_bytes()), |h, b| fnv_from(h, &b.to_le_bytes()));
        let entry = serde_json::json!({
            "v": format!("{version:016x}"),
            "n": records,
            "t": self.postings.shards.len(),
            "f": self.buckets.len(),
            "s": self.stride,
            "g": self.gfx,
        });
        out.insert("entry.js".to_owned(), script(&self.folder, "entry", &entry.to_string()));
        out
    }
}

impl GroupState {
    /// The group of `records` (their hashes: `hashes`), numbered from `first`.
    fn of(first: u32, records: &[Record<'_>], gfx: &[String], hashes: Vec<u64>) -> GroupState {
        let mut group = GroupState { first, hashes, ..GroupState::default() };
        for r in records {
            push_facets(&mut group.facets, r, gfx);
            group.gfx.extend(r.gfx.iter().cloned());
        }
        group
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::MAX_POSTINGS;
    use crate::tokens::shard_hash;

    fn record(url: &str, title: &str, text: &str) -> Record<'static> {
        Record {
            url: url.into(),
            title: title.to_owned().into(),
            section: Some("節".into()),
            kind: Kind::Page,
            class: None,
            gfx: vec!["gfx1201".into()],
            text: text.to_owned().into(),
            hidden: "".into(),
        }
    }

    fn group(page: &str, texts: &[&str]) -> Group<'static> {
        Group {
            page: page.into(),
            records: texts.iter().enumerate().map(|(i, t)| record(&format!("{page}#s{i}"), page, t)).collect(),
        }
    }

    fn build(groups: Vec<Group<'_>>, count: Files) -> BTreeMap<String, Vec<u8>> {
        Memo::default().build("search/ja", count, Update::All(groups)).expect("a whole build always gives files")
    }

    fn data(file: &[u8]) -> serde_json::Value {
        let text = std::str::from_utf8(file).expect("utf-8");
        let inner = text.trim().strip_prefix("shokoSearch(").and_then(|t| t.strip_suffix(");")).expect("a call");
        let (_, data) = inner.split_once(',').expect("name, data");
        serde_json::from_str(data).expect("JSON data")
    }

    /// The documents a token lists: (ID, weight), IDs decoded from their differences.
    fn listed(files: &BTreeMap<String, Vec<u8>>, token: &str, n: usize) -> (u64, Vec<(u64, u64)>) {
        let shard = data(&files[&format!("{}.js", token_name(shard_hash(token) as usize % n))]);
        let list: Vec<u64> = serde_json::from_value(shard[token].clone()).expect("a list");
        let mut id = 0;
        let docs = list[1..].chunks(2).map(|p| {
            id += p[0];
            (id, p[1])
        });
        (list[0], docs.collect())
    }

    #[test]
    fn a_token_lists_every_document_holding_it_and_each_is_found_in_its_bucket() {
        let count = Files { tokens: 4, buckets: 8 };
        let files = build(
            vec![group("ja/a/index.html", &["gfx1201 の mul_mat_vec_q"]), group("ja/b/index.html", &["mul_mat_q"])],
            count,
        );
        assert_eq!(files.len(), 4 + 8 + 2, "token files, buckets, facets, entry");
        let entry = data(&files["entry.js"]);
        let stride = entry["s"].as_u64().expect("stride");
        let (df, docs) = listed(&files, "mul", 4);
        assert_eq!((df, docs.len()), (2, 2));
        let (_, docs) = listed(&files, "mul_mat_vec_q", 4);
        let (id, _) = docs[0];
        let bucket = data(&files[&format!("{}.js", bucket_name((id / stride) as usize))]);
        assert_eq!(bucket[(id % stride) as usize][0], "ja/a/index.html#s0");
        // The section heading weighs more than the text.
        let (_, heading) = listed(&files, "節", 4);
        assert_eq!(heading[0].1, 30);
    }

    #[test]
    fn a_common_token_keeps_its_heaviest_documents_and_its_real_frequency() {
        let groups: Vec<Group<'_>> = (0..MAX_POSTINGS + 50)
            .map(|i| group(&format!("en/p{i}/index.html"), &[if i == 7 { "kernel kernel kernel" } else { "kernel" }]))
            .collect();
        let files = build(groups, Files { tokens: 64, buckets: 64 });
        let (df, docs) = listed(&files, "kernel", 64);
        assert_eq!((df as usize, docs.len()), (MAX_POSTINGS + 50, MAX_POSTINGS));
        assert!(docs.iter().any(|(_, w)| *w == 30), "the heaviest is kept");
    }

    /// A small site of `n` pages whose texts share words, so that edits move shared lists.
    fn site(n: usize, seed: u64) -> Vec<Group<'static>> {
        let words =
            ["kernel", "gfx1201", "観測", "確認", "mul_mat_q", "rocblas", "推定", "wave32", "カーネル", "hipblaslt"];
        let mut x = seed;
        let mut next = move || {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (x >> 33) as usize
        };
        (0..n)
            .map(|p| {
                let sections: Vec<String> = (0..1 + next() % 4)
                    .map(|_| (0..3 + next() % 6).map(|_| words[next() % words.len()]).collect::<Vec<_>>().join(" "))
                    .collect();
                let texts: Vec<&str> = sections.iter().map(String::as_str).collect();
                group(&format!("ja/p{p}/index.html"), &texts)
            })
            .collect()
    }

    #[test]
    fn a_whole_build_hands_its_files_out_in_batches_that_make_the_whole_index() {
        // 1,000 pages of 1 to 4 sections: pieces of 256 records, 128 token files.
        let count = Files { tokens: 128, buckets: 256 };
        let mut batches: Vec<BTreeMap<String, Vec<u8>>> = Vec::new();
        assert!(Memo::default().build_into("search/ja", count, Update::All(site(1000, 3)), &mut |b| batches.push(b)));
        let whole = build(site(1000, 3), count);
        let largest = batches.iter().map(|b| b.values().map(Vec::len).sum::<usize>()).max().unwrap_or(0);
        let total: usize = whole.values().map(Vec::len).sum();
        assert!(
            batches.len() > 4 && largest * 4 < total,
            "{} batches, the largest {largest} of {total} bytes",
            batches.len()
        );
        let mut union = BTreeMap::new();
        for batch in batches {
            for (name, bytes) in batch {
                assert!(union.insert(name.clone(), bytes).is_none(), "{name} handed out twice");
            }
        }
        assert_eq!(union, whole);
    }

    /// An edit of a site's groups, giving the addresses of the pages it changed.
    type Edit = dyn Fn(&mut Vec<Group<'static>>) -> Vec<String>;

    #[test]
    fn an_update_gives_the_files_a_whole_build_gives() {
        let count = Files { tokens: 8, buckets: 4 };
        let before = site(24, 1);
        let memo = Memo::default();
        let mut output = memo.build("search/ja", count, Update::All(before.clone())).expect("files");
        memo.commit();
        let mut now = before;
        // Each edit: the pages it changes (an edited text, an added or removed section, a new
        // page, a page left without records, a page gone, a group that is the same as before).
        let pages = |g: &[Group<'_>], of: &[usize]| of.iter().map(|i| g[*i].page.clone()).collect::<Vec<_>>();
        let edits: Vec<Box<Edit>> = vec![
            Box::new(move |g| {
                g[3].records[0].text = "新しい 文 kernel".into();
                pages(g, &[3])
            }),
            Box::new(move |g| {
                let extra = record("ja/p5/index.html#x", "p5", "rocblas 追加");
                g[5].records.insert(0, extra);
                pages(g, &[5])
            }),
            Box::new(move |g| {
                g[7].records.truncate(1);
                g[7].records[0].text = "wave32".into();
                pages(g, &[7, 8])
            }),
            Box::new(move |g| {
                g.push(group("ja/new/index.html", &["全く 新しい ページ hipblaslt"]));
                pages(g, &[g.len() - 1])
            }),
            Box::new(move |g| {
                g[2].records.clear();
                pages(g, &[2])
            }),
            Box::new(|g| vec![g.remove(4).page]),
            // A word no other page has, then gone again: its list is found by its mask.
            Box::new(move |g| {
                g[3].records[0].text = "kernel zyxwvut".into();
                pages(g, &[3])
            }),
            Box::new(move |g| {
                g[3].records[0].text = "kernel".into();
                pages(g, &[3])
            }),
            Box::new(move |g| {
                g[10].records[0].class = Some("inferred");
                g[11].records[0].url.push_str("-moved");
                pages(g, &[10, 11, 12])
            }),
        ];
        for (i, edit) in edits.iter().enumerate() {
            let touched = edit(&mut now);
            assert!(memo.can_update("search/ja", count));
            let touched: Vec<&str> = touched.iter().map(String::as_str).collect();
            let files = memo.build("search/ja", count, update_for(&now, &touched, count)).expect("no renumbering");
            assert!(files.len() < output.len(), "edit {i} rewrites only some files");
            output.extend(files);
            memo.commit();
            assert_eq!(output, build(now.clone(), count), "edit {i}: the update equals a whole build");
        }
    }

    #[test]
    fn a_site_read_in_many_pieces_and_batches_updates_to_what_a_whole_build_gives() {
        let count = Files { tokens: 16, buckets: 64 };
        let before = site(2000, 4);
        let records: usize = before.iter().map(|g| g.records.len()).sum();
        assert!(records > 4096, "more records than a batch holds: {records}");
        let memo = Memo::default();
        let mut output = memo.build("search/ja", count, Update::All(before.clone())).expect("files");
        memo.commit();
        let mut now = before;
        now[7].records[0].text = "新しい 文 kernel".into();
        now[1500].records[0].text = "rocblas 追加".into();
        let touched = [now[7].page.clone(), now[1500].page.clone()];
        let touched: Vec<&str> = touched.iter().map(String::as_str).collect();
        output.extend(memo.build("search/ja", count, update_for(&now, &touched, count)).expect("no renumbering"));
        assert_eq!(output, build(now, count));
    }

    #[test]
    fn an_update_that_renumbers_everything_asks_for_every_group_and_a_discarded_build_is_forgotten() {
        let count = Files { tokens: 8, buckets: 4 };
        let memo = Memo::default();
        memo.build("search/ja", count, Update::All(site(8, 2))).expect("files");
        assert!(!memo.can_update("search/ja", count), "not before it is committed");
        memo.commit();
        assert!(
            !memo.can_update("search/en", count) && !memo.can_update("search/ja", Files { tokens: 16, buckets: 4 })
        );
        let texts: Vec<String> = (0..64).map(|i| format!("section {i}")).collect();
        let big = group("ja/p0/index.html", &texts.iter().map(String::as_str).collect::<Vec<_>>());
        let mut grown = site(8, 2);
        grown[0] = big;
        let update = update_for(&grown, &["ja/p0/index.html"], count);
        assert_eq!(memo.build("search/ja", count, update), None, "the stride grew");
        assert!(!memo.can_update("search/ja", count), "the memo starts again");
        memo.build("search/ja", count, Update::All(site(8, 2))).expect("files");
        memo.discard();
        assert!(!memo.can_update("search/ja", count), "a discarded build is not updated");
        // Nor is a discarded update: the memo changed in place for files the output did not take.
        memo.build("search/ja", count, Update::All(site(8, 2))).expect("files");
        memo.commit();
        let mut edited = site(8, 2);
        edited[1] = group("ja/p1/index.html", &["new text"]);
        memo.build("search/ja", count, update_for(&edited, &["ja/p1/index.html"], count)).expect("files");
        assert!(!memo.can_update("search/ja", count), "not before the update is committed");
        memo.discard();
        assert!(!memo.can_update("search/ja", count), "a discarded update is not updated");
    }

    #[test]
    fn an_update_given_a_group_outside_its_buckets_asks_for_every_group() {
        let count = Files { tokens: 8, buckets: 4 };
        let now = site(24, 3);
        let memo = Memo::default();
        memo.build("search/ja", count, Update::All(now.clone())).expect("files");
        memo.commit();
        let inside = bucket_of(&now[0].page, count);
        let outside = now.iter().find(|g| bucket_of(&g.page, count) != inside).expect("another bucket").clone();
        let update = Update::Buckets(BTreeSet::from([inside]), vec![now[0].clone(), outside]);
        assert_eq!(memo.build("search/ja", count, update), None);
    }

    #[test]
    fn nothing_in_a_record_can_end_the_script() {
        let files = build(vec![group("en/a/", &["</script><script>alert(1)</script>"])], files_for(1, 1));
        for bytes in files.values() {
            assert!(!String::from_utf8_lossy(bytes).contains("</script"));
        }
    }

    #[test]
    fn an_address_in_pieces_falls_in_the_bucket_of_the_whole() {
        let count = Files { tokens: 8, buckets: 4096 };
        for page in ["ja/s000/p00001/index.html", "en/%E8%A6%B3%E6%B8%AC/index.html", ""] {
            let (head, tail) = page.split_at(page.len() / 2);
            assert_eq!(bucket_of_pieces([head, tail].into_iter(), count), bucket_of(page, count), "{page}");
        }
    }

    #[test]
    fn files_grow_with_the_site_in_powers_of_two() {
        assert_eq!(files_for(0, 0), Files { tokens: 1, buckets: 1 });
        assert_eq!(files_for(12, 100), Files { tokens: 1, buckets: 4 });
        assert_eq!(files_for(10_000, 75_000), Files { tokens: 512, buckets: 4096 });
        assert_eq!(files_for(10_000_000, 10_000_000), Files { tokens: 8192, buckets: 8192 });
    }
}
