//! Diagnostic codes of body structure, one module per code.

pub mod missing_translation;
pub mod nested_language_div;
pub mod stray_div_close;
pub mod too_deep;
pub mod unclosed_div;
pub mod unknown_div;

use shoko_diagnostics::Code;

/// Every code this crate can emit.
pub const ALL: &[&Code] = &[
    &missing_translation::CODE,
    &nested_language_div::CODE,
    &stray_div_close::CODE,
    &too_deep::CODE,
    &unclosed_div::CODE,
    &unknown_div::CODE,
];
