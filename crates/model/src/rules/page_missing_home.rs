//! `page/missing-home` (warning): the site has pages but no `content/index.md`, the home page of
//! each language that the language chooser, every page's header and every breadcrumb link to.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};
use shoko_vocab::ContentPath;

/// The content path of the home page.
pub const HOME: &str = shoko_vocab::FOLDER_PAGE;

/// The code.
pub static CODE: Code = Code {
    name: "page/missing-home",
    severity: Severity::Warning,
    stops_reading: false,
    summary: "the site has no content/index.md: every link to the home page of a language leads nowhere.",
};

/// The diagnostic at the start of the missing file.
pub fn diagnostic(span: Span) -> Diagnostic {
    Diagnostic::new(&CODE, format!("{} does not exist: the site has no home page", ContentPath(HOME)), span)
        .with_label("the language chooser, the header and the breadcrumbs of every page link here")
        .with_hint(format!("create it with `shoko new page {HOME}`"))
}
