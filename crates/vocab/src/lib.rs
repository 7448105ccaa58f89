//! The vocabulary of shoko: every convention that more than one crate needs, spelled once. A
//! language code, the `claim:` scheme, the anchor of a claim card, the name of a component, the
//! folder a generated page lives in, the address of a page, the folders of a site root: each is
//! defined here and nowhere else, so the stages cannot drift apart (a page named `api-index.md`
//! once got one address from the renderer and another from the collision rule).
//!
//! The bottom of the crate graph: it knows nothing of any other crate of the workspace.

mod anchor;
mod characters;
mod component;
mod content_path;
mod lang;
pub mod layout;
mod site_page;

pub use anchor::{FOOTNOTE_PREFIX, claim_anchor, footnote_anchor, question_anchor, term_anchor};
pub use characters::{publishable, unpublishable_kind};
pub use component::Component;
pub use content_path::{ClaimId, ContentPath, FOLDER_PAGE, page_address};
pub use lang::Lang;
pub use site_page::SitePage;

/// The scheme that cites a claim or question in a link: `[text](claim:ID)`.
pub const CLAIM_SCHEME: &str = "claim";

/// The schemes a link may lead out of the site with. Every other scheme is refused.
pub const EXTERNAL_SCHEMES: [&str; 3] = ["http", "https", "mailto"];
