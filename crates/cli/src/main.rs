//! `shoko`: the command-line entry point. Parses arguments with clap, runs a command, prints its
//! diagnostics and chooses the exit code: 0 ok, 1 content errors, 2 usage or I/O. This is the
//! only place in the workspace that exits.

mod cli;
mod commands;

use clap::Parser;
use std::process::ExitCode;

/// jemalloc: rendering allocates many small strings from two threads at once. On the 10,000-page
/// benchmark it was the fastest of the allocators tried and kept peak memory lowest (glibc:
/// slower by about a quarter; mimalloc: a quarter more memory). See ARCHITECTURE.md.
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    let code = commands::run(args);
    ExitCode::from(code)
}
