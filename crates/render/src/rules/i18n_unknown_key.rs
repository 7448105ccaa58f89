//! `i18n/unknown-key` (error): a template or the generator asks for a UI string that the `.ftl` files do not define (it would print the key).

use shoko_diagnostics::{Code, Severity};

/// The code.
pub static CODE: Code = Code {
    name: "i18n/unknown-key",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a template or the generator uses a UI string that i18n/ja.ftl and i18n/en.ftl do not define.",
};
