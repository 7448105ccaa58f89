//! Every diagnostic code of the model, one module per code: the message, its hint and, where the
//! rule is local to one value, the check itself. [`model_codes`] lists them with the markdown
//! crate's; `shoko_render::rules::all` adds the render stage's: the list of every code.

pub mod claim_assertive_wording;
pub mod claim_dependency_cycle;
pub mod claim_duplicate_id;
pub mod claim_history;
pub mod claim_missing_blocker;
pub mod claim_missing_limitation;
pub mod claim_missing_premise;
pub mod claim_missing_scope;
pub mod claim_missing_source;
pub mod claim_missing_text;
pub mod claim_needs_review;
pub mod claim_overstated_callout;
pub mod claim_retracted_premise;
pub mod claim_supersession;
pub mod claim_uncited;
pub mod claim_weak_premise;
pub mod component_missing_data;
pub mod component_unplaced_data;
pub mod file_bad_image;
pub mod file_bad_media;
pub mod file_bad_name;
pub mod file_empty;
pub mod file_invalid_utf8;
pub mod file_symlink;
pub mod file_too_large;
pub mod file_unknown_data;
pub mod file_unsafe_download;
pub mod file_unsafe_svg;
pub mod fm_bad_format;
pub mod fm_bad_value;
pub mod fm_control_character;
pub mod fm_future_date;
pub mod fm_markdown_in_text;
pub mod fm_missing;
pub mod fm_missing_field;
pub mod fm_unclosed;
pub mod fm_unknown_field;
pub mod fm_unquoted_scalar;
pub mod fm_wrong_type;
pub mod fm_yaml_syntax;
pub mod i18n_translation_drift;
pub mod md_callout_class;
pub mod md_heading_id;
pub mod page_missing_home;
pub mod page_placeholder;
pub mod page_reserved_path;
pub mod page_url_collision;
pub mod ref_draft;
pub mod ref_missing_file;
pub mod ref_non_current_claim;
pub mod ref_unknown_anchor;
pub mod ref_unknown_claim;
pub mod ref_unknown_page;
pub mod ref_unknown_target;
pub mod ref_unsafe_url;
pub mod source_lines_out_of_range;
pub mod source_missing_path;
pub mod source_quote_mismatch;
pub mod source_too_large;
pub mod source_unknown_commit;
pub mod source_unreachable_commit;
pub mod source_unreadable_clone;
pub mod source_upstream_changed;

use shoko_diagnostics::Code;

/// A size as the settings give it (`max_file_kib`, `max_source_kib`): whole KiB, rounded up.
pub fn kib(bytes: u64) -> String {
    format!("{} KiB", bytes.div_ceil(1024))
}

/// The name in `allowed` (serde's list: names in backticks) closest to `written`, if one is
/// close ([`shoko_diagnostics::closest`]).
pub(crate) fn closest<'a>(allowed: &'a str, written: &str) -> Option<&'a str> {
    shoko_diagnostics::closest(allowed.split('`').skip(1).step_by(2), written)
}

/// Every code of this crate and the markdown crate, sorted by name.
pub fn model_codes() -> Vec<&'static Code> {
    let mut codes: Vec<&'static Code> = vec![
        &claim_assertive_wording::CODE,
        &claim_dependency_cycle::CODE,
        &claim_duplicate_id::CODE,
        &claim_history::CODE,
        &claim_missing_blocker::CODE,
        &claim_missing_limitation::CODE,
        &claim_missing_premise::CODE,
        &claim_missing_scope::CODE,
        &claim_missing_source::CODE,
        &claim_missing_text::CODE,
        &claim_needs_review::CODE,
        &claim_overstated_callout::CODE,
        &claim_retracted_premise::CODE,
        &claim_supersession::CODE,
        &claim_uncited::CODE,
        &claim_weak_premise::CODE,
        &component_missing_data::CODE,
        &component_unplaced_data::CODE,
        &file_bad_image::CODE,
        &file_bad_media::CODE,
        &file_bad_name::CODE,
        &i18n_translation_drift::CODE,
        &md_callout_class::CODE,
        &md_heading_id::CODE,
        &file_empty::CODE,
        &file_symlink::CODE,
        &file_too_large::CODE,
        &file_invalid_utf8::CODE,
        &file_unknown_data::CODE,
        &file_unsafe_download::CODE,
        &file_unsafe_svg::CODE,
        &fm_bad_format::CODE,
        &fm_bad_value::CODE,
        &fm_control_character::CODE,
        &fm_future_date::CODE,
        &fm_markdown_in_text::CODE,
        &fm_missing::CODE,
        &fm_missing_field::CODE,
        &fm_unclosed::CODE,
        &fm_unknown_field::CODE,
        &fm_unquoted_scalar::CODE,
        &fm_wrong_type::CODE,
        &fm_yaml_syntax::CODE,
        &page_missing_home::CODE,
        &page_placeholder::CODE,
        &page_reserved_path::CODE,
        &page_url_collision::CODE,
        &ref_draft::CODE,
        &ref_missing_file::CODE,
        &ref_non_current_claim::CODE,
        &ref_unknown_anchor::CODE,
        &ref_unknown_claim::CODE,
        &ref_unknown_page::CODE,
        &ref_unknown_target::CODE,
        &ref_unsafe_url::CODE,
        &source_lines_out_of_range::CODE,
        &source_missing_path::CODE,
        &source_quote_mismatch::CODE,
        &source_too_large::CODE,
        &source_unknown_commit::CODE,
        &source_unreachable_commit::CODE,
        &source_unreadable_clone::CODE,
        &source_upstream_changed::CODE,
    ];
    codes.extend(shoko_markdown::rules::ALL.iter().copied());
    codes.sort_by_key(|c| c.name);
    codes
}
