//! `check`: validate without writing.

use super::{CONTENT_ERRORS, OK, USAGE_OR_IO, history, report, today};
use crate::cli::Format;
use shoko_engine::BuildOptions;
use std::path::Path;

/// Run `check`.
pub fn run(root: &Path, format: Format, drafts: bool) -> u8 {
    match shoko_engine::check(root, &BuildOptions { history: history(), drafts, ..BuildOptions::on(today()) }) {
        Ok(checked) => {
            report::print(root, &checked.diagnostics, &checked.sources, format);
            super::print_history_notes(&checked.history_notes);
            super::print_note(checked.sources_note.as_deref());
            super::print_note(checked.drafts_note.as_deref());
            if checked.has_errors() { CONTENT_ERRORS } else { OK }
        }
        Err(e) => {
            super::print_error(e);
            USAGE_OR_IO
        }
    }
}
