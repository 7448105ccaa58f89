//! `build`: validate, render, write atomically; or nothing at all when the stamp of the last
//! clean build says the output is already what this build would write; or, when the engine's
//! cache beside the output says only some content files changed, just what they affect.

use super::{CONTENT_ERRORS, OK, USAGE_OR_IO, history, report, today};
use crate::cli::Format;
use shoko_engine::{BuildOptions, Change, DiskOutput, Engine, Rebuilt, stamp};
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
    /// Build drafts too (marked).
    pub drafts: bool,
}

/// The output folder: `out`, else the site root's own `site/`, which is never a link (a link
/// there is the repository's, not the user's; a link given as --out is the user's choice).
fn output(root: &Path, out: Option<PathBuf>) -> Result<DiskOutput, String> {
    let default_out = Path::new(shoko_vocab::layout::OUTPUT_DIR);
    if out.is_none() && shoko_files::read::entry(root, default_out).ok() == Some(shoko_files::read::Entry::Link) {
        return Err(format!(
            "{} is a symbolic link; the default output is written only into a real folder of the site root (give --out to build where you mean)",
            root.join(default_out).display()
        ));
    }
    DiskOutput::new(root, &out.unwrap_or_else(|| root.join(default_out))).map_err(|e| e.to_string())
}

/// How long each stage took (the fingerprint first, the saving of the cache last, when it was
/// saved), and the processor time.
fn print_timings(engine: &Engine, fingerprinted: std::time::Duration, saved_in: Option<std::time::Duration>) {
    // One line per figure: its label, its milliseconds, and what follows them.
    let line = |label: &str, took: std::time::Duration, after: &str| {
        eprintln!("{label:>28}: {:>7.1} ms{after}", took.as_secs_f64() * 1000.0);
    };
    let stages = engine.timings().stages.iter().map(|(stage, took)| (*stage, *took));
    let saved = saved_in.map(|took| ("save the cache", took));
    for (stage, took) in [("fingerprint the inputs", fingerprinted)].into_iter().chain(stages).chain(saved) {
        line(stage, took, "");
    }
    // Processor time (user and system, every thread): what the work cost, where the stages
    // above give how long it was waited for.
    if let Some(processor) = shoko_engine::processor::process_time() {
        line("processor time, in all", processor, "");
        if let Some(search) = engine.timings().search_processor {
            let share = 100.0 * search.as_secs_f64() / processor.as_secs_f64().max(f64::EPSILON);
            line("  of it, the search indexes", search, &format!(" ({share:.1}%)"));
        }
    }
}

/// Say what the build did to the output shown as `shown` in `took` milliseconds; the exit code.
fn say_what_was_built(rebuilt: Rebuilt, shown: &str, took: u128) -> u8 {
    match rebuilt {
        Rebuilt::Rendered { written, full: true, .. } => {
            eprintln!("Built {} files into {shown} in {took} ms", written.len());
            OK
        }
        Rebuilt::Rendered { written, .. } if written.is_empty() => {
            eprintln!("Nothing to update in {shown}: no change affects what it shows (checked in {took} ms)");
            OK
        }
        Rebuilt::Rendered { written, .. } => {
            eprintln!(
                "Updated {shown} in {took} ms: {} files rendered again for what changed (--force builds everything)",
                written.len()
            );
            OK
        }
        Rebuilt::Failed => {
            eprintln!("Nothing written: fix the errors above ({shown} left as it was)");
            CONTENT_ERRORS
        }
    }
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
    let mut output = match output(root, settings.out) {
        Ok(output) => output,
        Err(e) => {
            super::print_error(e);
            return USAGE_OR_IO;
        }
    };
    let dir = output.dir().to_path_buf();
    let shown = shoko_diagnostics::printable(&dir.display().to_string()).into_owned();
    let given_url = settings.base_url.is_some();
    let options = BuildOptions {
        today: today(),
        base_url: settings.base_url,
        base_path: None,
        served: false,
        history: history(),
        drafts: settings.drafts,
    };
    // Taken before the build reads anything, so an edit made during the build is never hidden.
    let inputs = stamp::fingerprint(root, &options).ok();
    let fingerprinted = started.elapsed();
    if let Some(files) = inputs.as_ref().filter(|_| !settings.force).and_then(|i| stamp::up_to_date(&dir, &i.hash)) {
        eprintln!(
            "{} is up to date: nothing changed since the last build ({files} files; checked in {} ms, --force rebuilds)",
            shown,
            started.elapsed().as_millis()
        );
        return OK;
    }
    output.fingerprint = inputs.as_ref().map(|i| i.hash);
    let cache = shoko_engine::cache_dir(&dir);
    let (mut engine, change) = match inputs.as_ref().filter(|_| !settings.force) {
        Some(inputs) => Engine::resume(root, options, &cache, inputs),
        None => (Engine::new(root, options), Change::Everything),
    };
    if matches!(change, Change::Paths(_)) {
        // The edit is likely a patch, which checks the folder against its record first.
        output.read_version_early();
    }
    if inputs.is_some() {
        // Saved after the build: the search indexes go into the cache as they are made.
        engine.save_search_early(&cache);
    }
    let rebuilt = engine.rebuild(&change, &mut output);
    let mut saved_in = None;
    if !engine.diagnostics().is_empty() {
        let none = shoko_diagnostics::SourceMap::new();
        report::print(root, engine.diagnostics(), engine.sources().unwrap_or(&none), Format::Human);
    }
    // After the diagnostics, as `check` prints them: what was not checked.
    super::print_history_notes(&engine.history_notes());
    super::print_note(engine.sources_note());
    super::print_note(engine.drafts_note().as_deref());
    let code = match rebuilt {
        Ok(rebuilt) => {
            if let (Rebuilt::Rendered { .. }, Some(inputs)) = (&rebuilt, &inputs) {
                // Without it the next build reads everything again: worth a word, not a failure.
                let saving = Instant::now();
                let saved = engine.save(&cache, inputs);
                saved_in = Some(saving.elapsed());
                if let Err(e) = saved {
                    eprintln!("warning: {}", shoko_diagnostics::printable(&e.to_string()));
                }
            }
            if settings.timings {
                print_timings(&engine, fingerprinted, saved_in);
            }
            let public_url = given_url || engine.config().is_some_and(|c| c.base_url.is_some());
            if matches!(rebuilt, Rebuilt::Rendered { .. }) && !public_url {
                eprintln!(
                    "note: no Atom feeds and no sitemap written, and citations and posters give addresses relative to the site: they need its public URL (give --base-url URL, or base_url in shoko.yaml)"
                );
            }
            say_what_was_built(rebuilt, &shown, started.elapsed().as_millis())
        }
        Err(e) => {
            super::print_error(e);
            USAGE_OR_IO
        }
    };
    // The process ends here: freeing every document and page one by one would only cost time
    // (about 40 ms at 10,000 pages per language); the system takes the memory back at once.
    std::mem::forget(engine);
    code
}
