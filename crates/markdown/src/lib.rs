//! Markdown page bodies. [`parse_body`] splits a body into shared Markdown and fenced divs
//! (`:::ja` / `:::en` language divs, `::::callout CLASS` components), checks their structure and
//! language parity, and extracts every link with its span. [`render_html`] renders one language
//! of a body through a caller-supplied [`RenderContext`], with heading anchors and build-time code
//! highlighting (syntect, CSS classes); this crate knows nothing of templates.
//!
//! Pure: nothing here touches the disk.

mod anchors;
mod body;
mod breaks;
mod characters;
mod gloss;
mod highlight;
mod inline;
mod links;
mod math;
mod pairing;
mod refdefs;
mod render;
pub mod rules;
mod sanitize;

pub use anchors::{Anchors, Heading, Slot, slug};
pub use body::{Block, Body, Div, DivKind, parse_body};
pub use breaks::{KEEP_CLASS, phrases};
pub use characters::unpublishable;
pub use gloss::{Gloss, Glossary};
pub use highlight::highlight_css;
pub use inline::first_markup;
pub use links::{HeadingId, Link, Target, scheme};
pub use pairing::{Shape, partners};
pub use refdefs::RefDefs;
pub use render::{
    ComponentWords, RenderContext, RenderedBody, Resolved, Section, Source, escape, headings, render_html, sections,
};
pub use shoko_vocab::{Component, Lang};
