//! Printing diagnostics in the chosen format.

use crate::cli::Format;
use shoko_diagnostics::{ColorChoice, Diagnostic, SourceMap, render_github, render_human, render_json};
use std::io::IsTerminal;

/// Print `diagnostics`: human text to stderr, JSON and GitHub annotations to stdout.
pub fn print(diagnostics: &[Diagnostic], sources: &SourceMap, format: Format) {
    match format {
        Format::Human => {
            let color = if std::io::stderr().is_terminal() { ColorChoice::Always } else { ColorChoice::Never };
            eprint!("{}", render_human(diagnostics, sources, color));
        }
        Format::Json => print!("{}", render_json(diagnostics, sources)),
        Format::Github => print!("{}", render_github(diagnostics, sources)),
    }
}
