//! `build`: validate, render, write atomically.

use super::{CONTENT_ERRORS, OK, USAGE_OR_IO, report, today};
use crate::cli::Format;
use shoko_build::{BuildOptions, DiskOutput};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Run `build`.
pub fn run(root: &Path, out: Option<PathBuf>, base_url: Option<String>, timings: bool) -> u8 {
    let started = Instant::now();
    let dir = out.unwrap_or_else(|| root.join("site"));
    let mut output = DiskOutput { dir: dir.clone() };
    let options = BuildOptions { today: today(), base_url };
    match shoko_build::build(root, &mut output, &options) {
        Ok(report) => {
            let checked = &report.checked;
            if !checked.diagnostics.is_empty() {
                report::print(&checked.diagnostics, &checked.sources, Format::Human);
            }
            if timings {
                for (stage, took) in &checked.timings.stages {
                    eprintln!("{stage:>28}: {:>7.1} ms", took.as_secs_f64() * 1000.0);
                }
            }
            match report.written {
                Some(files) => {
                    eprintln!("Built {files} files into {} in {} ms", dir.display(), started.elapsed().as_millis());
                    OK
                }
                None => {
                    eprintln!("Nothing written: fix the errors above ({} left as it was)", dir.display());
                    CONTENT_ERRORS
                }
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            USAGE_OR_IO
        }
    }
}
