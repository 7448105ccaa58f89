//! The imperative shell around the pure stages: find and read the files of a site root
//! ([`load`]), run validate → link in parallel ([`check`]), render and write the output
//! atomically ([`build`]), and skip a build whose inputs and output are unchanged ([`stamp`]). I/O failures are [`IoError`]s (exit 2); content problems are
//! diagnostics (exit 1).

mod early;
mod engine;
mod figures;
mod images;
pub mod inputs;
mod load;
mod output;
mod pipeline;
pub mod processor;
pub mod stamp;
mod svg;

pub use engine::{Change, Engine, Rebuilt, cache_dir};
pub use load::{Loaded, find};
pub use output::{DiskOutput, MemoryFiles, MemoryOutput, Mode, NoOutput, Output};
pub use pipeline::{BuildOptions, BuildReport, Checked, Timings, build, check};

pub use shoko_render::claims_schema;
pub use shoko_vocab::layout::{CONFIG_FILE, INPUT_DIRS};

/// Every diagnostic code the tool can emit, sorted by name (`shoko_render::rules::all`).
pub fn all_codes() -> Vec<&'static shoko_diagnostics::Code> {
    shoko_render::rules::all()
}

pub use shoko_files::IoError;
