//! The output files that grow with the whole site: `claims.json`, `needs.json` and each
//! language's search index (at 10,000 pages per language 62 MB, 28 MB and 56 MB for Japanese,
//! in 4,354 files). A render does not hold them: the writer has [`Renderer::write_stream`] hand
//! them to a [`Sink`] as they are made, a file or a batch of files at a time, so a whole build
//! never holds any of them whole.

use crate::plan::{Job, Renderer};
use shoko_markdown::Lang;
use std::collections::BTreeMap;
use std::io::Write;

/// Output files written as they are made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    /// `claims.json` (see `export`).
    Claims,
    /// `needs.json` (see `needs`).
    Needs,
    /// The search index of one language (see `search`).
    Search(Lang),
}

impl Stream {
    /// The streams `job` makes (its other files are in the render's plan).
    pub fn made_by(job: Job) -> Vec<Stream> {
        match job {
            Job::Feeds => vec![Stream::Claims, Stream::Needs],
            Job::Search(lang) => vec![Stream::Search(lang)],
            _ => Vec::new(),
        }
    }

    /// Its path in the output: a file's, or the folder of a search index.
    pub fn path(self) -> String {
        match self {
            Stream::Claims => crate::owned::CLAIMS_JSON.to_owned(),
            Stream::Needs => crate::owned::NEEDS_JSON.to_owned(),
            Stream::Search(lang) => crate::search::index_dir(lang),
        }
    }
}

/// Where a stream's files go.
pub trait Sink {
    /// Whole files, by path from the output folder.
    fn files(&mut self, files: BTreeMap<String, Vec<u8>>) -> std::io::Result<()>;
    /// The file at `path`, of about `size` bytes, whose bytes `fill` writes a piece at a time.
    fn stream(
        &mut self,
        path: &str,
        size: usize,
        fill: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>,
    ) -> std::io::Result<()>;
}

impl Renderer<'_> {
    /// Write `stream` into `sink`.
    pub fn write_stream(&self, stream: Stream, sink: &mut dyn Sink) -> std::io::Result<()> {
        let cx = self.context();
        // What a claim or question takes in each file, a little over (1,384 and 618 bytes at
        // 10,000 pages per language): an output that takes the bytes whole then holds them
        // without copying them as they grow.
        let items = cx.site.claims().len() + cx.site.questions().len();
        match stream {
            Stream::Claims => {
                sink.stream(&stream.path(), 1024 + items * 1536, &mut |out| json(out, crate::export::claims_export(cx)))
            }
            Stream::Needs => {
                sink.stream(&stream.path(), 1024 + items * 768, &mut |out| json(out, crate::needs::needs_file(cx)))
            }
            Stream::Search(lang) => {
                let input = self.input();
                let mut failed = Ok(());
                crate::search::index_files(cx, lang, input.search_memos, input.search_patch, &mut |files| {
                    if failed.is_ok() {
                        failed = sink.files(files);
                    }
                });
                failed
            }
        }
    }
}

/// `value` as compact JSON and a line end, into `out` through a buffer of its own: serde writes
/// a few bytes at a time, and each write to a `dyn Write` is a call.
fn json(out: &mut dyn Write, value: impl serde::Serialize) -> std::io::Result<()> {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, out);
    serde_json::to_writer(&mut out, &value)?;
    out.write_all(b"\n")?;
    out.flush()
}
