//! Markdown page bodies. [`parse_body`] splits a body into shared Markdown and fenced divs
//! (`:::ja` / `:::en` language divs, `::::callout CLASS` components), checks their structure and
//! language parity, and extracts every link with its span. [`render_html`] renders one language
//! of a body through a caller-supplied link resolver; this crate knows nothing of templates.
//!
//! Pure: nothing here touches the disk.

mod body;
mod links;
mod render;
pub mod rules;

pub use body::{Block, Body, Div, DivKind, Lang, parse_body};
pub use links::Link;
pub use render::{LinkResolver, render_html};
