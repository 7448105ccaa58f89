//! `pin`: for `source_code` sources whose repository has a local clone (`repos:` in
//! `shoko.yaml`), the edits that pin them to the commit the clone's ref names now: sources
//! without a commit, at the lines their quote is found at, and pinned sources whose cited text
//! moved, at the lines it moved to. Printed, or applied in place with `--write` (the file's
//! text is edited at the fields' spans, never written out again from parsed YAML).

use super::{CONTENT_ERRORS, OK, USAGE_OR_IO, history, report, today};
use crate::cli::Format;
use shoko_engine::{BuildOptions, Change, Engine};
use shoko_model::SourceKind;
use shoko_model::source_fields::check_pin;
use shoko_upstream::{Cited, Edit, Opened, Pin};
use std::collections::BTreeMap;
use std::path::Path;

/// Run `pin`.
pub fn run(root: &Path, write: bool) -> u8 {
    let mut engine = Engine::new(root, BuildOptions { history: history(), ..BuildOptions::on(today()) });
    if let Err(e) = engine.validate(&Change::Everything) {
        super::print_error(e);
        return USAGE_OR_IO;
    }
    // The texts of the files with sources: edits are made at their fields' spans.
    let files: Vec<_> = engine.site().map_or_else(Vec::new, |site| {
        site.docs().iter().filter(|d| d.claims.iter().any(|c| !c.sources.is_empty())).map(|d| d.file).collect()
    });
    if let Err(e) = engine.hold_texts(&files) {
        super::print_error(e);
        return USAGE_OR_IO;
    }
    let (Some(site), Some(sources), Some(config)) = (engine.site(), engine.sources(), engine.config()) else {
        super::print_error("the site could not be read");
        return USAGE_OR_IO;
    };
    // What `check` would say first: a log skipped (a link, unreadable) is never pinned silently.
    if !engine.diagnostics().is_empty() {
        report::print(root, engine.diagnostics(), sources, Format::Human);
    }
    let mut clones: BTreeMap<&str, Result<Opened, String>> = BTreeMap::new();
    let mut edits: BTreeMap<&str, FileEdits<'_>> = BTreeMap::new();
    let (mut pinned, mut failed) = (0, 0);
    for doc in site.docs() {
        let Some(Ok(kind)) = SourceKind::of(&doc.path) else { continue };
        let text = &sources.file(doc.file).text;
        for claim in &doc.claims {
            for (i, source) in claim.sources.iter().enumerate() {
                let Some(cited) = Cited::of(source) else { continue };
                let Some((name, clone)) = config.repos.get_key_value(&cited.repo) else { continue };
                let clone = clones.entry(name).or_insert_with(|| Opened::open(root, clone, config.max_source_bytes));
                // Counted from 0, as a history event's `sources` and `claims.json` count them.
                let place = format!("{} claim `{}` sources[{i}]", shoko_vocab::ContentPath(&doc.path), claim.id.0);
                let found = match clone {
                    Ok(clone) => shoko_upstream::pin_edits(kind, text, &claim.id.0, i, &cited, clone),
                    Err(why) => Err(format!("the clone of {name} was not read: {why}")),
                };
                match found {
                    Ok(None) => {}
                    Ok(Some(found)) => {
                        pinned += 1;
                        eprintln!("{place} ({} {}):", cited.repo, cited.path);
                        for edit in &found.edits {
                            let before = &text[edit.range.clone()];
                            let shown = if before.is_empty() {
                                format!("  + {}", edit.text.trim_start_matches([',', '\n']).trim())
                            } else {
                                format!("  ~ {before} → {}", edit.text)
                            };
                            eprintln!("{}", shoko_diagnostics::printable(&shown));
                        }
                        let file =
                            edits.entry(&doc.path).or_insert_with(|| FileEdits { kind, text, sources: Vec::new() });
                        file.sources.push((&claim.id.0, i, found));
                    }
                    Err(why) => {
                        failed += 1;
                        eprintln!("{place}: not pinned: {}", shoko_diagnostics::printable(&why));
                    }
                }
            }
        }
    }
    if write && !edits.is_empty() {
        // Every file is edited and checked before any is written: a refusal writes nothing.
        let limit = config.max_file_bytes;
        let mut ready = Vec::new();
        for (path, file) in &edits {
            match file.edited() {
                Ok(edited) => ready.push((*path, file.text, edited)),
                Err(why) => {
                    super::print_error(format!("{}: {why}; nothing written", shoko_vocab::ContentPath(path)));
                    return CONTENT_ERRORS;
                }
            }
        }
        for (path, validated, edited) in ready {
            if let Err(why) = replace(root, path, validated, &edited, limit) {
                super::print_error(why);
                return USAGE_OR_IO;
            }
        }
    }
    let verb = if write { "pinned" } else { "can pin (run with --write to apply)" };
    eprintln!("{verb}: {pinned} source{}; not pinned: {failed}", if pinned == 1 { "" } else { "s" });
    if failed > 0 { CONTENT_ERRORS } else { OK }
}

/// The sources of one file to pin, with the text they were found in (as validated).
struct FileEdits<'a> {
    kind: SourceKind,
    text: &'a str,
    sources: Vec<(&'a str, usize, Pin)>,
}

impl FileEdits<'_> {
    /// The text with every edit applied, checked to hold exactly the pinned values and nothing
    /// else changed (`shoko_model::source_fields::check_pin`), one source at a time.
    fn edited(&self) -> Result<String, String> {
        // The text with the edits of the first `n` sources (edits never overlap).
        let with_first = |n: usize| {
            let mut edits: Vec<Edit> = self.sources[..n].iter().flat_map(|(_, _, p)| p.edits.iter().cloned()).collect();
            edits.sort_by_key(|e| std::cmp::Reverse(e.range.start));
            shoko_upstream::apply(self.text, &edits)
        };
        let mut before = self.text.to_owned();
        for (n, (claim, index, pin)) in self.sources.iter().enumerate() {
            let after = with_first(n + 1);
            check_pin(self.kind, &before, &after, claim, *index, &pin.pinned)
                .map_err(|why| format!("claim `{claim}` sources[{index}]: {why}"))?;
            before = after;
        }
        Ok(before)
    }
}

/// Replace the content file `path` (relative to `content/`), validated as `validated`, with
/// `edited`, only if it still holds what was validated (`shoko_files::write::edit_in_place`:
/// read again through the one reader, never through a link, and written through an exclusive
/// temporary file with the file's permissions).
fn replace(root: &Path, path: &str, validated: &str, edited: &str, limit: u64) -> Result<(), String> {
    let rel = Path::new(shoko_vocab::layout::CONTENT_DIR).join(path);
    let shown = shoko_vocab::ContentPath(path);
    shoko_files::write::edit_in_place(root, &rel, limit, "shoko-pin", |now| {
        // The edits are at offsets of the text as the engine read it, without a BOM: they are
        // applied there, and the BOM is put back.
        const BOM: &[u8] = b"\xEF\xBB\xBF";
        let (bom, text) = now.strip_prefix(BOM).map_or((&b""[..], now), |rest| (BOM, rest));
        if text != validated.as_bytes() {
            return Err(format!("{shown} changed since it was read (saved in an editor?)"));
        }
        Ok([bom, edited.as_bytes()].concat())
    })
    .map_err(|why| format!("{why}; nothing written to it: run `shoko pin --write` again"))
}
