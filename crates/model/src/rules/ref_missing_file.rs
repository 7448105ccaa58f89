//! `ref/missing-file` (error): an image or file link points to a file that does not exist under
//! `content/`.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};
use shoko_vocab::ContentPath;

/// The code.
pub static CODE: Code = Code {
    name: "ref/missing-file",
    severity: Severity::Error,
    stops_reading: false,
    summary: "an image or file link points to a file that does not exist under content/.",
};

/// The diagnostic at the link.
pub fn diagnostic(span: Span, dest: &str, resolved: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("`{dest}` does not exist"), span)
        .with_label(format!("resolves to {}", ContentPath(resolved)))
        .with_hint("put the file under content/ and link it relative to this page, e.g. `![…](../figures/worlds.svg)`")
}
