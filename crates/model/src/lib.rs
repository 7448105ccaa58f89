//! The content model: front-matter splitting, YAML behind one module, the claim schema, raw →
//! typed validation of each document, the diagnostic rules and the site-wide linking stage.
//!
//! Pure: callers hand in file texts; nothing here touches the disk or the clock.

pub mod anchors;
pub mod config;
pub mod dates;
pub mod edit_links;
pub mod frontmatter;
pub mod last_change;
pub mod link;
pub mod locate;
pub mod media;
pub mod model;
pub mod pairs;
pub mod review;
pub mod rules;
pub mod schema;
pub mod source_fields;
pub mod surface;
pub mod upstream;
pub mod validate;
pub mod yaml;

pub use last_change::FileChange;
pub use link::{SiteModel, Structure, link};
pub use model::*;
pub use validate::{DocumentInput, SourceKind, validate_document};
