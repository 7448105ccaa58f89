//! Printing diagnostics in the chosen format.

use crate::cli::Format;
use shoko_diagnostics::{ColorChoice, Diagnostic, SourceMap, render_github, render_human, render_json};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// Print `diagnostics` of the site at `root`: human text to stderr, JSON and GitHub annotations
/// to stdout. Human text names each file as it is opened from the working folder; JSON gives it
/// so (`path`) and from the site root (`file`); GitHub annotations from the repository's root,
/// as GitHub places them.
pub fn print(root: &Path, diagnostics: &[Diagnostic], sources: &SourceMap, format: Format) {
    match format {
        Format::Human => {
            let color = if std::io::stderr().is_terminal() { ColorChoice::Always } else { ColorChoice::Never };
            eprint!("{}", render_human(diagnostics, sources, color, &shoko_files::from_working_folder(root)));
        }
        Format::Json => print!("{}", render_json(diagnostics, sources, &shoko_files::from_working_folder(root))),
        Format::Github => print!("{}", render_github(diagnostics, sources, &from_repository(root))),
    }
}

/// The site root `root` as seen from the repository's root (`GITHUB_WORKSPACE` in a workflow,
/// else the work tree of the git repository holding the site, else the working folder), ending
/// in `/`; empty when they are the same folder, or when the root lies outside it.
fn from_repository(root: &Path) -> String {
    let base = std::env::var_os("GITHUB_WORKSPACE")
        .map(PathBuf::from)
        .or_else(|| shoko_history::work_tree(root))
        .or_else(|| std::env::current_dir().ok());
    let (Some(base), Ok(root)) = (base.and_then(|b| b.canonicalize().ok()), root.canonicalize()) else {
        return String::new();
    };
    if root.strip_prefix(&base).is_err() {
        return String::new();
    }
    shoko_files::relative(&base, &root)
}
