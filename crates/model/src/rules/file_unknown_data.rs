//! `file/unknown-data` (error): a file under `content/_data/` that the generator does not know.
//! Only `targets.yaml` and `glossary.yaml` live there.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};
use shoko_vocab::ContentPath;

/// The code.
pub static CODE: Code = Code {
    name: "file/unknown-data",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a file under content/_data/ is neither targets.yaml nor glossary.yaml.",
};

/// The diagnostic at the start of the file.
pub fn diagnostic(span: Span, path: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("{} is not a known data file", ContentPath(path)), span)
        .with_hint("content/_data/ holds targets.yaml (GPU targets) and glossary.yaml (terms); move observation logs elsewhere under content/")
}
