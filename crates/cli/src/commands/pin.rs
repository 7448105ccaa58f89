//! `pin`: for `source_code` sources whose repository has a local clone (`repos:` in
//! `shoko.yaml`), the edits that pin them to the commit the clone's ref names now: sources
//! without a commit, at the lines their quote is found at, and pinned sources whose cited text
//! moved, at the lines it moved to. Printed, or applied in place with `--write` (the file's
//! text is edited at the fields' spans, never written out again from parsed YAML).

use super::{CONTENT_ERRORS, OK, USAGE_OR_IO, history, today};
use shoko_engine::{BuildOptions, Change, Engine};
use shoko_model::SourceKind;
use shoko_upstream::{Cited, Edit, Opened};
use std::collections::BTreeMap;
use std::path::Path;

/// Run `pin`.
pub fn run(root: &Path, write: bool) -> u8 {
    let mut engine = Engine::new(root, BuildOptions { history: history(), ..BuildOptions::on(today()) });
    if let Err(e) = engine.check(&Change::Everything) {
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
    let mut clones: BTreeMap<&str, Result<Opened, String>> = BTreeMap::new();
    let mut edits: BTreeMap<&str, (SourceKind, Vec<Edit>)> = BTreeMap::new();
    let (mut pinned, mut failed) = (0, 0);
    for doc in site.docs() {
        let Some(Ok(kind)) = SourceKind::of(&doc.path) else { continue };
        let text = &sources.file(doc.file).text;
        for claim in &doc.claims {
            for (i, source) in claim.sources.iter().enumerate() {
                let Some(cited) = Cited::of(source) else { continue };
                let Some((name, clone)) = config.repos.get_key_value(&cited.repo) else { continue };
                let clone = clones.entry(name).or_insert_with(|| Opened::open(root, clone));
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
                        for edit in &found {
                            let before = &text[edit.range.clone()];
                            let shown = if before.is_empty() {
                                format!("  + {}", edit.text.trim_start_matches([',', '\n']).trim())
                            } else {
                                format!("  ~ {before} → {}", edit.text)
                            };
                            eprintln!("{}", shoko_diagnostics::printable(&shown));
                        }
                        edits.entry(&doc.path).or_insert((kind, Vec::new())).1.extend(found);
                    }
                    Err(why) => {
                        failed += 1;
                        eprintln!("{place}: not pinned: {}", shoko_diagnostics::printable(&why));
                    }
                }
            }
        }
    }
    if write {
        for (path, (_, found)) in &mut edits {
            found.sort_by_key(|e| std::cmp::Reverse(e.range.start));
            let file = root.join(shoko_vocab::layout::CONTENT_DIR).join(path);
            let text = match std::fs::read_to_string(&file) {
                Ok(text) => text,
                Err(e) => {
                    super::print_error(format!("cannot read {}: {e}", file.display()));
                    return USAGE_OR_IO;
                }
            };
            // The edits are at offsets of the text as the engine read it, without a BOM: they are
            // applied there, and the BOM is put back.
            let (bom, body) = text.strip_prefix('\u{feff}').map_or(("", text.as_str()), |rest| ("\u{feff}", rest));
            if let Err(e) = replace(&file, &format!("{bom}{}", shoko_upstream::apply(body, found))) {
                super::print_error(format!("cannot write {}: {e}", file.display()));
                return USAGE_OR_IO;
            }
        }
    }
    let verb = if write { "pinned" } else { "can pin (run with --write to apply)" };
    eprintln!("{verb}: {pinned} source{}; not pinned: {failed}", if pinned == 1 { "" } else { "s" });
    if failed > 0 { CONTENT_ERRORS } else { OK }
}

/// Write `text` to `file` through a temporary file in the same folder, so an interrupted write
/// never leaves half a file.
fn replace(file: &Path, text: &str) -> std::io::Result<()> {
    let folder = file.parent().unwrap_or(Path::new("."));
    let name = file.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let temporary = folder.join(format!(".{name}.shoko-pin"));
    std::fs::write(&temporary, text)?;
    std::fs::rename(&temporary, file)
}
