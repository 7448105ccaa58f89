//! The render stage: `&SiteModel` + templates → a [`RenderPlan`] (output path → bytes).
//! Templates receive typed view structs (see [`view`]); pages render in parallel with rayon.
//!
//! Pure: templates arrive as strings, output leaves as bytes; nothing here touches the disk.

mod plan;
mod urls;
pub mod view;

pub use plan::{RenderInput, RenderPlan, TEMPLATE_CODE, Templates, compile_templates, render};
pub use urls::{page_url, relative_href};
