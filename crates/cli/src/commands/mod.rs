//! Running a command and mapping its outcome to an exit code.

mod build;
mod check;
mod init;
mod new;
mod pin;
mod report;
mod serve;

use crate::cli::{Cli, Command, SchemaOf};

/// Exit code: success.
pub const OK: u8 = 0;
/// Exit code: content errors.
pub const CONTENT_ERRORS: u8 = 1;
/// Exit code: usage or I/O error.
pub const USAGE_OR_IO: u8 = 2;

/// Run `cli` and return the exit code.
pub fn run(cli: Cli) -> u8 {
    match cli.command {
        Command::Build { out, base_url, timings, force, drafts } => {
            build::run(&cli.root, build::Settings { out, base_url, timings, force, drafts })
        }
        Command::Check { format, drafts } => check::run(&cli.root, format, drafts),
        Command::Serve { port, bind, base_path, editor } => serve::run(&cli.root, port, bind, base_path, editor),
        Command::Schema { of: SchemaOf::Input } => {
            println!("{}", schema_text());
            OK
        }
        Command::Schema { of: SchemaOf::Claims } => {
            print!("{}", shoko_engine::claims_schema());
            OK
        }
        Command::New { kind, path } => new::run(&cli.root, kind, &path),
        Command::Pin { write } => pin::run(&cli.root, write),
        Command::Init { dir } => init::run(&dir),
        Command::Completions { shell } => {
            let mut command = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut command, "shoko", &mut std::io::stdout());
            OK
        }
    }
}

/// The JSON Schema as pretty-printed text.
pub fn schema_text() -> String {
    serde_json::to_string_pretty(&shoko_model::schema::json_schema()).unwrap_or_default()
}

/// Print `error: MESSAGE` to stderr, with control characters made visible (a path or value
/// from the site can hold escape sequences).
pub fn print_error(message: impl std::fmt::Display) {
    eprintln!("error: {}", shoko_diagnostics::printable(&message.to_string()));
}

/// The environment variable that turns off reading git history (translation drift); the only
/// place that reads it.
pub const NO_HISTORY: &str = "SHOKO_NO_HISTORY";

/// Whether to read the content's git history for translation drift: unless `SHOKO_NO_HISTORY`
/// is set (for a site whose repository's history is not its own, such as test fixtures).
pub fn history() -> bool {
    std::env::var_os(NO_HISTORY).is_none()
}

/// Say what translation drift was not checked for (`Engine::history_notes`).
pub fn print_history_notes(notes: &[String]) {
    for note in notes {
        eprintln!("note: {}", shoko_diagnostics::printable(note));
    }
}

/// Say, once, what a run left unverified or out (sources not verified against a clone, drafts
/// left out).
pub fn print_note(note: Option<&str>) {
    if let Some(note) = note {
        eprintln!("note: {}", shoko_diagnostics::printable(note));
    }
}

/// Write `text` to a new file at `base/rel`, making its folders from `base` on: a file already
/// there is never replaced, and a link on the way or at the file is never followed
/// (`shoko_engine::write`).
pub fn write_new(base: &std::path::Path, rel: &std::path::Path, text: &str) -> Result<(), String> {
    let folder = rel.parent().unwrap_or(std::path::Path::new(""));
    let folder = shoko_files::write::folders(base, folder).map_err(|e| e.to_string())?;
    let name = rel.file_name().ok_or_else(|| format!("{} names no file", rel.display()))?;
    shoko_files::write::create_new(&folder.join(name), text.as_bytes()).map_err(|e| e.to_string())
}

/// Today's date in UTC; the only place that reads the clock.
pub fn today() -> jiff::civil::Date {
    jiff::Timestamp::now().to_zoned(jiff::tz::TimeZone::UTC).date()
}
