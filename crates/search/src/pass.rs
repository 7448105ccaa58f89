//! One pass over the text of some buckets' documents: each record is tokenized, hashed and
//! written into its bucket's file while its text is in the processor's cache (the site's text
//! is read from memory once; see docs/performance.md). Pieces of whole buckets are made one
//! after the other and merged in order, so only the tokens of the pieces whose postings are not
//! yet in the lists (sixteen at most: `index`'s `FILL_PIECES`) are in memory beside the index's.
//! One thread does it all: the pages render beside it on the others, and its processor time is
//! the index's own (`build --timings` reports it).

use crate::format::{DocFile, bucket_name, record_hash};
use crate::index::Record;
use crate::postings::Tokenized;

/// A bucket's documents, numbered from `first`.
pub(crate) struct Bucket<'r, 'a> {
    /// The bucket's number.
    pub(crate) number: usize,
    /// The ID of its first document.
    pub(crate) first: u32,
    /// Its documents in ID order.
    pub(crate) records: Vec<&'r Record<'a>>,
}

/// What a piece of buckets gives.
pub(crate) struct Piece {
    /// Their documents' tokens.
    pub(crate) tokenized: Tokenized,
    /// Each document's hash, in ID order.
    pub(crate) hashes: Vec<u64>,
    /// Each bucket's number and file (`d-N.js`).
    pub(crate) files: Vec<(usize, Vec<u8>)>,
}

/// The most documents a piece holds, unless one bucket alone has more (a piece is whole buckets).
const PIECE: usize = 256;

impl Piece {
    /// The pieces of `buckets` (of the index in `folder`), handed to `merge` in order.
    pub(crate) fn each(folder: &str, buckets: &[Bucket<'_, '_>], mut merge: impl FnMut(Piece)) {
        let mut pieces: Vec<&[Bucket<'_, '_>]> = Vec::new();
        let (mut start, mut held) = (0, 0);
        for (i, bucket) in buckets.iter().enumerate() {
            if held > 0 && held + bucket.records.len() > PIECE {
                pieces.push(&buckets[start..i]);
                (start, held) = (i, 0);
            }
            held += bucket.records.len();
        }
        if start < buckets.len() {
            pieces.push(&buckets[start..]);
        }
        for piece in pieces {
            merge(Piece::of(folder, piece));
        }
    }

    /// The piece of `buckets`, read one record after the other.
    fn of(folder: &str, buckets: &[Bucket<'_, '_>]) -> Piece {
        let mut piece = Piece { tokenized: Tokenized::default(), hashes: Vec::new(), files: Vec::new() };
        for bucket in buckets {
            let mut file = DocFile::new(folder, &bucket_name(bucket.number));
            for (id, record) in (bucket.first..).zip(&bucket.records) {
                piece.tokenized.add(id, record);
                piece.hashes.push(record_hash(record));
                file.push(record);
            }
            piece.files.push((bucket.number, file.finish()));
        }
        piece
    }
}
