//! `shoko`: the command-line entry point. Parses arguments with clap, runs a command, prints its
//! diagnostics and chooses the exit code: 0 ok, 1 content errors, 2 usage or I/O. This is the
//! only place in the workspace that exits.

mod cli;
mod commands;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    let code = commands::run(args);
    ExitCode::from(code)
}
