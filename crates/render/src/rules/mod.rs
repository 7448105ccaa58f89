//! The codes of the render stage, one module per code like the model's and the markdown
//! crate's, and [`all`]: every code the tool can emit.

pub mod file_generated_path;
pub mod i18n_ftl_syntax;
pub mod i18n_missing_key;
pub mod i18n_unknown_key;
pub mod template_error;

use shoko_diagnostics::Code;

/// Every code of the tool (the model's, the markdown crate's and these), sorted by name: the one
/// list that docs, the fixture-coverage test and the build cache read.
pub fn all() -> Vec<&'static Code> {
    let mut codes = shoko_model::rules::model_codes();
    codes.extend([
        &template_error::CODE,
        &file_generated_path::CODE,
        &i18n_missing_key::CODE,
        &i18n_ftl_syntax::CODE,
        &i18n_unknown_key::CODE,
    ]);
    codes.sort_by_key(|c| c.name);
    codes
}
