//! `shoko`: the command-line entry point. Parses arguments with clap, runs a command, prints its
//! diagnostics and chooses the exit code: 0 ok, 1 content errors, 2 usage or I/O. This is the
//! only place in the workspace that exits.

mod cli;
mod commands;

use clap::Parser;
use std::process::ExitCode;

/// mimalloc: rendering allocates many small strings from two threads at once, where it is
/// measurably faster than the system allocator (see the benchmark in the README).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    let code = commands::run(args);
    ExitCode::from(code)
}
