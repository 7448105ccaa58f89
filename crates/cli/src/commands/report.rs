//! Printing diagnostics in the chosen format.

use crate::cli::Format;
use shoko_diagnostics::{ColorChoice, Diagnostic, SourceMap, render_github, render_human, render_json};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// Print `diagnostics` of the site at `root`: human text to stderr, JSON and GitHub annotations
/// to stdout.
pub fn print(root: &Path, diagnostics: &[Diagnostic], sources: &SourceMap, format: Format) {
    match format {
        Format::Human => {
            let color = if std::io::stderr().is_terminal() { ColorChoice::Always } else { ColorChoice::Never };
            eprint!("{}", render_human(diagnostics, sources, color));
        }
        Format::Json => print!("{}", render_json(diagnostics, sources)),
        Format::Github => print!("{}", render_github(diagnostics, sources, &from_repository(root))),
    }
}

/// The site root `root` as seen from the repository's root (`GITHUB_WORKSPACE` in a workflow,
/// else the working folder), ending in `/`; empty when they are the same folder, or when the
/// root lies outside it.
fn from_repository(root: &Path) -> String {
    let base = std::env::var_os("GITHUB_WORKSPACE").map(PathBuf::from).or_else(|| std::env::current_dir().ok());
    let (Some(base), Ok(root)) = (base.and_then(|b| b.canonicalize().ok()), root.canonicalize()) else {
        return String::new();
    };
    match root.strip_prefix(&base) {
        Ok(rel) if !rel.as_os_str().is_empty() => {
            let parts: Vec<String> = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
            format!("{}/", parts.join("/"))
        }
        _ => String::new(),
    }
}
