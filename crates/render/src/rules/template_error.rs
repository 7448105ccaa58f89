//! `template/error` (error): a template under `templates/` does not parse or fails to render; reported at its place in the template where tera gives one.

use shoko_diagnostics::{Code, Severity};

/// The code.
pub static CODE: Code = Code {
    name: "template/error",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a template under templates/ failed to parse or render.",
};
