//! Diagnostics for every stage of the pipeline: a [`Diagnostic`] names a stable [`Code`], a
//! severity, a message, a primary [`Span`] and a hint; a [`SourceMap`] owns the text of every file
//! so spans can be turned into `path:line:col` (1-based, columns in characters) and rendered as
//! compiler-style text, JSON or GitHub Actions annotations.
//!
//! Pure: nothing here touches the disk.

mod closest;
mod diagnostic;
mod line_index;
mod render_github;
mod render_human;
mod render_json;
mod source_map;
mod span;

pub use closest::closest;
pub use diagnostic::{Code, Diagnostic, Draft, Label, Severity, Summary};
pub use line_index::{LineCol, LineIndex};
pub use render_github::render_github;
pub use render_human::{ColorChoice, printable, render_human};
pub use render_json::{JsonDiagnostic, render_json};
pub use source_map::{SourceFile, SourceMap};
pub use span::{FileId, Span};

/// A source line longer than this many bytes is not shown with a diagnostic (human output and
/// the JSON `source_line`): the position is still given, and the cost of a diagnostic does not
/// grow with a hostile one-line file.
pub const LONG_LINE: usize = 2048;
