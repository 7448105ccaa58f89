//! The site's search, built at build time: no server, no CDN. One index per language, split into
//! files a browser loads on demand as scripts (so it works over HTTP, under a sub-path and from
//! `file://` alike). [`tokens`] is the one tokenizer for index and query; [`index`] builds the
//! files (their layout: `format`) from the records the renderer gives it, whole or by the
//! groups that changed.
//!
//! Pure: nothing here touches the disk.

mod format;
pub mod index;
mod numbering;
mod pass;
mod postings;
mod saved;
pub mod tokens;

pub use format::MAX_POSTINGS;
pub use index::{Files, Group, Kind, Memo, Record, Update, bucket_of, bucket_of_pieces, files_for};
