//! `cargo xtask corpus --pages N --out DIR`: write the synthetic benchmark corpus.

mod corpus;

use clap::{Parser, Subcommand};
use std::path::PathBuf;

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
    }
}
