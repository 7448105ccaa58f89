//! Streaming a render into an [`Output`]: jobs rendered in chunks, each chunk's files written
//! while the next renders, the large jobs (feeds, search indexes) beside them.

use super::texts::Withheld;
use super::{lock, persist};
use crate::IoError;
use crate::output::{Mode, Output, Staging};
use shoko_diagnostics::Diagnostic;
use shoko_render::{Job, RenderInput, RenderPlan, Renderer, Sink};
use std::collections::BTreeMap;
use std::path::Path;

/// Weight of the jobs (see `Job::weight`) rendered before their files are handed to the output:
/// bounds the memory a full build holds. At 10,000 pages per language, 64 instead of 256 took
/// 20-35 MiB off the peak with no slower build (three alternating runs each).
const CHUNK: usize = 64;

/// `jobs` cut into consecutive chunks of about `CHUNK` weight.
fn chunks(jobs: &[Job]) -> Vec<&[Job]> {
    let mut chunks = Vec::new();
    let (mut start, mut weight) = (0, 0);
    for (i, job) in jobs.iter().enumerate() {
        weight += job.weight();
        if weight >= CHUNK {
            chunks.push(&jobs[start..=i]);
            (start, weight) = (i + 1, 0);
        }
    }
    if start < jobs.len() {
        chunks.push(&jobs[start..]);
    }
    chunks
}

/// What [`stream`] did.
pub(super) struct Streamed {
    /// The files written.
    pub(super) written: Vec<String>,
    /// The render errors (nothing committed then).
    pub(super) errors: Vec<Diagnostic>,
    /// How long the search indexes took to render, if they were rendered: wall time, and the
    /// processor time of the one thread that made them (see [`SearchTook`]).
    pub(super) search_took: Option<SearchTook>,
    /// The search builds written into the cache as they were made, by memo (see
    /// [`Engine::save_search_early`]).
    pub(super) spilled: [Option<Result<persist::Spilled, IoError>>; 2],
}

/// The time the search indexes took.
#[derive(Debug, Clone, Copy)]
pub(super) struct SearchTook {
    /// From the first index's start to the last one's end.
    pub(super) wall: std::time::Duration,
    /// The processor time of the thread that made them and wrote their files, where the system
    /// can tell. For a whole build that is the indexes' own: that thread starts no parallel work
    /// (see `shoko_search`'s `pass`, and [`Staging::write_here`]), so it takes no other work
    /// meanwhile. An update makes its token files in parallel, so a patch does not report it.
    pub(super) processor: Option<std::time::Duration>,
}

impl SearchTook {
    /// Add it to `timings`: beside the render, and as the search's processor time for a whole
    /// render (a patch's index update makes its token files in parallel: its thread's clock
    /// would count other work).
    pub(super) fn record(self, timings: &mut crate::pipeline::Timings, whole: bool) {
        timings.beside("  of which search indexes", self.wall);
        timings.search_processor = self.processor.filter(|_| whole);
    }
}

/// Render `jobs` into a new version of `output` (started in `mode`), writing the files of each
/// chunk of pages while the next chunk renders; the large jobs (the feeds, whose `claims.json`
/// grows with the site, and the search indexes) run beside the chunks instead of holding one up.
/// Commits only when every job rendered and no UI string was missing (`clean`: nothing at all
/// was reported). With `spill`, each search index's new build goes into that cache folder as
/// soon as its files are written (see [`Engine::save_search_early`]).
pub(super) fn stream(
    input: &RenderInput<'_>,
    jobs: &[Job],
    output: &mut dyn Output,
    mode: Mode,
    clean: bool,
    texts: Option<&Withheld>,
    spill: Option<&Path>,
) -> Result<Streamed, IoError> {
    let renderer = Renderer::new(input);
    let (large, small): (Vec<Job>, Vec<Job>) = jobs.iter().cloned().partition(Job::is_large);
    let search_took = std::sync::Mutex::new(None);
    let mut spilled = [None, None];
    let staging = std::sync::Mutex::new(output.begin(mode)?);
    let write = |plan: &RenderPlan| -> Result<(), IoError> { lock(&staging).write(&plan.files) };
    let (large, small) = rayon::join(
        || -> Result<(Vec<String>, Vec<Diagnostic>), IoError> {
            // The search indexes last: their time is until the large jobs are all done. One
            // language at a time, each written before the next is made: an index holds every
            // page's text while it is made, and the pages render beside it anyway.
            let (search, other): (Vec<Job>, Vec<Job>) = large.iter().partition(|j| matches!(j, Job::Search(_)));
            let mut written = Vec::new();
            let mut errors = Vec::new();
            let mut run = |part: &[Job]| -> Result<(), IoError> {
                match renderer.render(part) {
                    Ok(plan) => {
                        write(&plan)?;
                        written.extend(plan.files.into_keys());
                        for stream in plan.streams {
                            let mut sink = StagingSink { staging: &staging, written: &mut written, failed: None };
                            let done = renderer.write_stream(stream, &mut sink);
                            if let Some(e) = sink.failed {
                                return Err(e);
                            }
                            done.map_err(|e| IoError::new("write", stream.path(), e))?;
                        }
                    }
                    Err(e) => errors.extend(e),
                }
                Ok(())
            };
            run(&other)?;
            // Timed without writing the builds into the cache (that is the cache's time).
            let mut took = SearchTook { wall: std::time::Duration::ZERO, processor: Some(std::time::Duration::ZERO) };
            for job in &search {
                let (began, processor) = (std::time::Instant::now(), crate::processor::thread_time());
                run(std::slice::from_ref(job))?;
                took.wall += began.elapsed();
                let spent = processor.zip(crate::processor::thread_time()).map(|(from, to)| to - from);
                took.processor = took.processor.zip(spent).map(|(sum, spent)| sum + spent);
                // Only with `spill`: without it (`serve`) the memos stay, for the next edit.
                let Some(cache) = spill else { continue };
                for (memo, slot) in input.search_memos.iter().zip(&mut spilled) {
                    if let Some(bytes) = memo.take_new_bytes() {
                        *slot = Some(persist::spill_search(cache, &bytes));
                    }
                }
            }
            if !search.is_empty() {
                *search_took.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(took);
            }
            Ok((written, errors))
        },
        || in_chunks(&renderer, input.site, &small, texts, &write),
    );
    // A UI string the generator asked for and the files lack: not published. Taken before any
    // write error is passed on, so a later run never reports this run's misses.
    let missed = input.ui.take_missed();
    let ((mut written, mut errors), (more_written, more)) = (large?, small?);
    written.extend(more_written);
    errors.extend(more);
    errors.extend(missed);
    let staging = staging.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
    if errors.is_empty() {
        staging.commit(clean)?;
    }
    written.sort();
    let search_took = search_took.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
    Ok(Streamed { written, errors, search_took, spilled })
}

/// Render the `small` jobs chunk by chunk, each written (`write`) while the next renders, each
/// page from its text in `texts` when the caller withheld them; the paths written and the
/// errors of the render.
fn in_chunks(
    renderer: &Renderer<'_>,
    site: &shoko_model::SiteModel,
    small: &[Job],
    texts: Option<&Withheld>,
    write: &(dyn Fn(&RenderPlan) -> Result<(), IoError> + Sync),
) -> Result<(Vec<String>, Vec<Diagnostic>), IoError> {
    let mut pending: Option<RenderPlan> = None;
    let (mut written, mut errors) = (Vec::new(), Vec::new());
    for chunk in chunks(small).into_iter().map(Some).chain([None]) {
        let to_write = pending.take();
        let render = |jobs: &[Job]| match texts {
            Some(texts) => texts.render(renderer, site, jobs),
            None => Ok(renderer.render(jobs)),
        };
        let (wrote, rendered) =
            rayon::join(|| to_write.as_ref().map_or(Ok(()), write), || chunk.map(render).transpose());
        wrote?;
        match rendered? {
            Some(Ok(plan)) => {
                written.extend(plan.files.keys().cloned());
                pending = Some(plan);
            }
            Some(Err(e)) => errors.extend(e),
            None => {}
        }
    }
    Ok((written, errors))
}

/// The staging of a render as the [`Sink`] of its streams: each file goes into the staging as
/// it is made, and is listed as written.
struct StagingSink<'s, 'o> {
    staging: &'s std::sync::Mutex<Box<dyn Staging + 'o>>,
    written: &'s mut Vec<String>,
    /// Why the staging refused a file: the render's stream stops, and this is the error.
    failed: Option<IoError>,
}

impl StagingSink<'_, '_> {
    /// `done`'s value; its error kept, and the stream told to stop.
    fn keep<T>(&mut self, done: Result<T, IoError>) -> std::io::Result<T> {
        done.map_err(|e| {
            self.failed = Some(e);
            std::io::Error::other("the output refused a file")
        })
    }
}

impl Sink for StagingSink<'_, '_> {
    fn files(&mut self, files: BTreeMap<String, Vec<u8>>) -> std::io::Result<()> {
        // On this thread: the search indexes hand their files here (see `SearchTook`).
        let done = lock(self.staging).write_here(&files);
        self.keep(done)?;
        self.written.extend(files.into_keys());
        Ok(())
    }

    fn stream(
        &mut self,
        path: &str,
        size: usize,
        fill: &mut dyn FnMut(&mut dyn std::io::Write) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        let opened = lock(self.staging).open(path, size);
        let mut file = self.keep(opened)?;
        fill(&mut file)?;
        let closed = lock(self.staging).close(path, file);
        self.keep(closed)?;
        self.written.push(path.to_owned());
        Ok(())
    }
}
