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

/// The diagnostic at the link, with the file of the site most like it as the hint, when there
/// is one (`nearest`, relative to `content/`, written as a link from the file `from`).
pub fn diagnostic(span: Span, dest: &str, resolved: &str, nearest: Option<&str>, from: &str) -> Diagnostic {
    let found = Diagnostic::new(&CODE, format!("`{dest}` does not exist"), span)
        .with_label(format!("resolves to {}", ContentPath(resolved)));
    match nearest {
        Some(file) => {
            found.with_hint(format!("did you mean `{}`?", super::ref_unknown_page::relative_from(from, file)))
        }
        None => found.with_hint("put the file under content/ and link it relative to this page"),
    }
}
