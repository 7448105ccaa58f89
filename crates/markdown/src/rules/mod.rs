//! Diagnostic codes of body structure, one module per code.

pub mod bad_math;
pub mod control_character;
pub mod full_width_fence;
pub mod heading_attribute;
pub mod missing_translation;
pub mod nested_language_div;
pub mod not_a_link;
pub mod raw_html;
pub mod stray_div_close;
pub mod structure_mismatch;
pub mod too_deep;
pub mod unclosed_div;
pub mod undefined_reference;
pub mod unknown_div;

use shoko_diagnostics::Code;

/// Every code this crate can emit.
pub const ALL: &[&Code] = &[
    &bad_math::CODE,
    &control_character::CODE,
    &full_width_fence::CODE,
    &heading_attribute::CODE,
    &missing_translation::CODE,
    &nested_language_div::CODE,
    &not_a_link::CODE,
    &raw_html::CODE,
    &stray_div_close::CODE,
    &structure_mismatch::CODE,
    &too_deep::CODE,
    &undefined_reference::CODE,
    &unclosed_div::CODE,
    &unknown_div::CODE,
];
