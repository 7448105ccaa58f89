//! `i18n/missing-key` (error): a UI string key is defined in one language's strings (a site's
//! `i18n/*.ftl` over the built-in ones) and not in the other's.

use shoko_diagnostics::{Code, Severity};

/// The code.
pub static CODE: Code = Code {
    name: "i18n/missing-key",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a UI string key exists in one language's strings (a site's i18n/*.ftl over the built-in ones) but not in the other's.",
};
