//! The site's search, built at build time: no server, no CDN. One index per language, split into
//! files a browser loads on demand as scripts (so it works over HTTP, under a sub-path and from
//! `file://` alike). [`tokens`] is the one tokenizer for index and query; [`index`] builds the
//! files from the records the renderer gives it.
//!
//! Pure: nothing here touches the disk.

pub mod index;
pub mod tokens;

pub use index::{Files, Kind, Memo, Record, build, files_for};
