//! `i18n/missing-key` (error): a UI string key is defined in one of `i18n/ja.ftl` and `i18n/en.ftl` and not in the other.

use shoko_diagnostics::{Code, Severity};

/// The code.
pub static CODE: Code = Code {
    name: "i18n/missing-key",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a UI string key exists in one of i18n/ja.ftl and i18n/en.ftl but not in the other.",
};
