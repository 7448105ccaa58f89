//! The render stage: `&SiteModel` + templates + UI strings + static files → a [`RenderPlan`]
//! (output path → bytes), and the files that grow with the whole site handed to a [`Sink`] as
//! they are made (see [`Stream`]). Templates receive typed view structs (see [`view`]); content
//! pages render in parallel with rayon, both languages of a page together.
//!
//! Pure: templates, strings and files arrive as data, output leaves as bytes; nothing here
//! touches the disk.

mod assets;
mod atom;
mod cards;
mod cite;
mod claim_facets;
mod components;
mod context;
mod deps;
mod export;
mod feeds;
pub mod i18n;
mod linked_data;
mod needs;
mod owned;
mod pages;
mod plan;
mod present;
pub mod rules;
mod search;
mod shape;
mod sidebar;
mod sitewide;
mod streams;
mod upstream;
mod urls;
pub mod view;

pub use assets::{DECK_JS, FAVICON, SEARCH_JS, SITE_CSS, SITE_JS, THEME_JS, VIEWER_JS};
pub use context::{SitePage, SitePageExt};
pub use deps::affected_jobs;
pub use export::{CLAIMS_FORMAT, claims_schema};
pub use owned::{Generated, generated_at};
pub use plan::{Job, PageTexts, RenderInput, RenderPlan, Renderer, SourcesAt, Templates, compile_templates};
pub use shape::ShapeMemo;
pub use streams::{Sink, Stream};
pub use urls::relative_href;
