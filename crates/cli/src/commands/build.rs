//! `build`: validate, render, write atomically; or nothing at all when the stamp of the last
//! clean build says the output is already what this build would write.

use super::{CONTENT_ERRORS, OK, USAGE_OR_IO, report, today};
use crate::cli::Format;
use shoko_build::{BuildOptions, DiskOutput, stamp};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The command-line settings of `build`.
pub struct Settings {
    /// Output folder (default: ROOT/site).
    pub out: Option<PathBuf>,
    /// Public URL of the site.
    pub base_url: Option<String>,
    /// Print each stage's time.
    pub timings: bool,
    /// Build even if the stamp says nothing changed.
    pub force: bool,
}

/// Run `build`.
pub fn run(root: &Path, settings: Settings) -> u8 {
    let started = Instant::now();
    if let Some(url) = settings.base_url.as_deref().filter(|u| !shoko_model::config::is_base_url(u)) {
        super::print_error(format!(
            "--base-url {url}: an http or https URL such as https://example.github.io/ROCm-pages/"
        ));
        return USAGE_OR_IO;
    }
    let out = settings.out.unwrap_or_else(|| root.join(shoko_vocab::layout::OUTPUT_DIR));
    let mut output = match DiskOutput::new(root, &out) {
        Ok(output) => output,
        Err(e) => {
            super::print_error(e);
            return USAGE_OR_IO;
        }
    };
    let dir = output.dir().to_path_buf();
    let shown = shoko_diagnostics::printable(&dir.display().to_string()).into_owned();
    let options = BuildOptions { today: today(), base_url: settings.base_url };
    // Taken before the build reads anything, so an edit made during the build is never hidden.
    let inputs = stamp::fingerprint(root, &options).ok();
    let fingerprinted = started.elapsed();
    if let Some(files) = inputs.as_ref().filter(|_| !settings.force).and_then(|i| stamp::up_to_date(&dir, i)) {
        eprintln!(
            "{} is up to date: nothing changed since the last build ({files} files; checked in {} ms, --force rebuilds)",
            shown,
            started.elapsed().as_millis()
        );
        return OK;
    }
    output.fingerprint = inputs;
    match shoko_build::build(root, &mut output, &options) {
        Ok(report) => {
            let checked = &report.checked;
            if !checked.diagnostics.is_empty() {
                report::print(&checked.diagnostics, &checked.sources, Format::Human);
            }
            if settings.timings {
                let stages = checked.timings.stages.iter().map(|(stage, took)| (*stage, *took));
                for (stage, took) in [("fingerprint the inputs", fingerprinted)].into_iter().chain(stages) {
                    eprintln!("{stage:>28}: {:>7.1} ms", took.as_secs_f64() * 1000.0);
                }
            }
            match report.written {
                Some(files) => {
                    eprintln!("Built {} files into {} in {} ms", files.len(), shown, started.elapsed().as_millis());
                    OK
                }
                None => {
                    eprintln!("Nothing written: fix the errors above ({shown} left as it was)");
                    CONTENT_ERRORS
                }
            }
        }
        Err(e) => {
            super::print_error(e);
            USAGE_OR_IO
        }
    }
}
