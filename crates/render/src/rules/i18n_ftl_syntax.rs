//! `i18n/ftl-syntax` (error): an `.ftl` file does not parse, defines a key twice, or a message cannot be formatted.

use shoko_diagnostics::{Code, Severity};

/// The code.
pub static CODE: Code = Code {
    name: "i18n/ftl-syntax",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a UI string file under i18n/ is not valid Fluent syntax, defines a key twice or has a message that cannot be formatted.",
};
