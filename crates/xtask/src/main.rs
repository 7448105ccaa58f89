//! Project chores: `cargo xtask corpus --pages N --out DIR` writes the synthetic benchmark
//! corpus; `cargo xtask latency --root DIR --page FILE` times one-page edits in `serve`;
//! `cargo xtask links --site DIR` checks every link and anchor of a built site.

mod corpus;
mod latency;
mod links;

use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// The allocator `shoko` ships with: `latency` runs the engine and the server in this process,
/// and times them as a user's `shoko serve` runs.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[derive(Parser)]
#[command(about = "Project chores")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write N synthetic bilingual pages: DIR/ours (a site root `shoko build` accepts) and
    /// DIR/hugo (the same prose in Hugo's layout).
    Corpus {
        /// Pages per language.
        #[arg(long)]
        pages: usize,
        /// Output folder (its `ours/` and `hugo/` are replaced).
        #[arg(long)]
        out: PathBuf,
    },
    /// Time one-page edits in `serve`: the incremental rebuild, and save → reload message.
    Latency {
        /// The site root.
        #[arg(long)]
        root: PathBuf,
        /// The page to edit, relative to the root (restored afterwards).
        #[arg(long)]
        page: PathBuf,
        /// How many edits.
        #[arg(long, default_value_t = 20)]
        edits: usize,
        /// Milliseconds between two saves to the server (a person pauses longer than the
        /// allocator keeps freed pages, one second).
        #[arg(long, default_value_t = 300)]
        pause_ms: u64,
    },
    /// Check that every relative link and `#anchor` of a built site resolves.
    Links {
        /// The built site (the output folder of `build`).
        #[arg(long)]
        site: PathBuf,
    },
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Corpus { pages, out } => match corpus::write_corpus(pages, &out) {
            Ok(()) => {
                eprintln!("wrote {pages} pages per language into {}/ours and {}/hugo", out.display(), out.display());
                std::process::ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: could not write the corpus into {}: {e}", out.display());
                std::process::ExitCode::FAILURE
            }
        },
        Command::Links { site } => match links::check(&site) {
            Ok((files, links)) => {
                println!("links: {links} links in {files} files, all resolve");
                std::process::ExitCode::SUCCESS
            }
            Err(broken) => {
                eprintln!("broken links in {}:\n{broken}", site.display());
                std::process::ExitCode::FAILURE
            }
        },
        Command::Latency { root, page, edits, pause_ms } => match latency::run(&root, &page, edits, pause_ms) {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                std::process::ExitCode::FAILURE
            }
        },
    }
}
