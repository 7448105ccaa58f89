//! Command-line arguments.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// The version `--version` prints: the release and the commit it was built from (`build.rs`).
const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("SHOKO_COMMIT"), ")");

/// Static site generator for bilingual (JA/EN) evidence pages.
#[derive(Debug, Parser)]
#[command(name = "shoko", version = VERSION, about)]
pub struct Cli {
    /// The site's root folder (holds content/, templates/, static/, i18n/).
    #[arg(long, global = true, default_value = ".")]
    pub root: PathBuf,
    /// The command.
    #[command(subcommand)]
    pub command: Command,
}

/// What to do.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate everything, then write the site; on any error nothing is written.
    Build {
        /// Output folder (default: ROOT/site).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Public URL of the site, e.g. https://example.github.io/ROCm-pages/ (canonical links).
        #[arg(long)]
        base_url: Option<String>,
        /// Print how long each stage took.
        #[arg(long)]
        timings: bool,
        /// Build even if nothing changed since the last clean build.
        #[arg(long)]
        force: bool,
        /// Build drafts (`draft: true`) too, marked as drafts, as `serve` shows them; their
        /// errors then stop the build.
        #[arg(long)]
        drafts: bool,
    },
    /// Preview the site: build into memory, serve it, rebuild and reload on every save.
    Serve {
        /// First port to try; the next free one is used if it is taken (0: any free port).
        #[arg(long, default_value_t = 1111)]
        port: u16,
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1")]
        bind: std::net::IpAddr,
        /// Sub-path to serve the site under (default: `base_path` in shoko.yaml, else /).
        #[arg(long)]
        base_path: Option<String>,
        /// How the error overlay links a problem to your editor: a URL with `{path}`, `{line}`
        /// and `{column}` (e.g. `idea://open?file={path}&line={line}`); "" for no link.
        #[arg(long, default_value = "vscode://file/{path}:{line}:{column}")]
        editor: String,
    },
    /// Validate without writing anything.
    Check {
        /// How to print diagnostics.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Check drafts as if they were published: their errors count (as in `build --drafts`
        /// and `serve`).
        #[arg(long)]
        drafts: bool,
    },
    /// Pin `source_code` sources to the commit their clone's ref names now (clones under
    /// `repos:` in shoko.yaml): unpinned ones at the lines their quote is found at, pinned ones
    /// whose cited text moved at the lines it moved to.
    Pin {
        /// Apply the edits to the files instead of printing them.
        #[arg(long)]
        write: bool,
    },
    /// Create a new, minimal bilingual site in DIR: one page, one log, settings, and a GitHub
    /// Pages workflow. DIR may be new, empty, or a repository holding only `.git`, `README*`,
    /// `LICENSE*`, `.gitignore` and `.github/`; no file is overwritten.
    Init {
        /// The folder to create the site in (default: the current folder).
        #[arg(default_value = ".")]
        dir: PathBuf,
    },
    /// Print a completion script for a shell (`shoko completions bash > ~/.local/share/bash-completion/completions/shoko`).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print a JSON Schema: of page front-matter and observation logs (the default), or of the
    /// `claims.json` a build writes.
    Schema {
        /// `input` (front-matter and logs) or `claims` (`claims.json`).
        #[arg(value_enum, default_value = "input")]
        of: SchemaOf,
    },
    /// Create a new observation log or page with today's date.
    New {
        /// `log` or `page`.
        #[arg(value_enum)]
        kind: NewKind,
        /// Path of the new file: `content/logs/x.yaml` (from the site root) or `logs/x.yaml`
        /// (from content/).
        path: PathBuf,
    },
}

/// Diagnostic output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Compiler-style text with source lines and carets.
    Human,
    /// One JSON document.
    Json,
    /// GitHub Actions annotations.
    Github,
}

/// The files `schema` describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SchemaOf {
    /// Page front-matter and observation logs.
    Input,
    /// The `claims.json` a build writes.
    Claims,
}

/// Kinds of file `new` can create.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum NewKind {
    /// A YAML observation log.
    Log,
    /// A Markdown page.
    Page,
}
