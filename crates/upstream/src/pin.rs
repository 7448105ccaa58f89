//! `shoko pin`: the text edits that pin a source without a commit to the commit its clone's ref
//! names now, with the lines its quote is found at. The file is edited at the spans of its
//! fields, never written out again, so comments, quoting and layout stay as they were.

use crate::clone::{Blob, Opened};
use crate::{Cited, text};
use shoko_model::SourceKind;
use shoko_model::source_fields::{Pinned, SourceFields};
use shoko_model::upstream::Now;
use shoko_model::yaml::Set;
use std::ops::Range;

/// Replace `range` of a file's text with `text` (an insertion when the range is empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// Byte range of the file.
    pub range: Range<usize>,
    /// The new text.
    pub text: String,
}

/// The edits of one source, and the values they write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pin {
    /// The edits, last first.
    pub edits: Vec<Edit>,
    /// What they write, for `shoko_model::source_fields::check_pin`.
    pub pinned: Pinned,
}

/// The edits that pin source `index` of claim `claim` (`cited`, in `text`, a file of kind `kind`)
/// to the commit `clone`'s ref names: an unpinned source at the lines its quote is found at (or
/// its lines as written), a pinned one whose cited text moved to the lines it moved to. `None`
/// when a pinned source's text is where it was (nothing to do); why not, when it cannot be pinned.
pub fn pin_edits(
    kind: SourceKind,
    text: &str,
    claim: &str,
    index: usize,
    cited: &Cited,
    clone: &Opened,
) -> Result<Option<Pin>, String> {
    let fields = SourceFields::find(kind, text, claim, index).ok_or("the source could not be located in the file")?;
    // A pinned file renamed upstream (the same bytes, or the cited text found in a file of the
    // same name) is re-pinned at its new path.
    let moved = match (&cited.commit, clone.blob_id(clone.head, &cited.path)) {
        (Some(pinned), None) => clone.commit(pinned).and_then(|id| {
            let old = clone.file(id, &cited.path).text()?;
            match crate::renamed(clone, id, cited, &text::lines(&old))? {
                Now::Renamed { path, lines } => Some((path, lines)),
                _ => None,
            }
        }),
        _ => None,
    };
    if let Some((path, lines)) = moved {
        return renamed_pin(text, &fields, cited, clone, &path, lines).map(Some);
    }
    let file = match clone.file(clone.head, &cited.path) {
        Blob::Text(file) => file,
        Blob::TooLarge(size) => return Err(too_large(cited, &clone.reference, size, clone.limit())),
        Blob::Missing => return Err(format!("`{}` is not a file at {}", cited.path, clone.reference)),
    };
    let lines = text::lines(&file);
    let range = match &cited.commit {
        None => unpinned_range(cited, &lines, clone)?,
        Some(pinned) => match moved_range(cited, &lines, clone, pinned)? {
            None => return Ok(None),
            Some(range) => range,
        },
    };
    // Each field edited in the style it is written; a field not written yet is added.
    let head = clone.head.to_string();
    let edit = |field: &str, value: &Set| fields.replace(field, value).map(|r| Edit { range: r.range, text: r.text });
    let mut edits = vec![match edit("commit", &Set::Text(head.clone())) {
        Some(edit) => edit,
        None => insert_after(text, &fields, "repo", "commit", &format!("\"{head}\""))?,
    }];
    let lines = range.filter(|r| Some(*r) != cited.lines);
    if let Some([a, b]) = lines {
        edits.push(match edit("lines", &Set::Numbers(vec![a.into(), b.into()])) {
            Some(edit) => edit,
            None => insert_after(text, &fields, "path", "lines", &format!("[{a}, {b}]"))?,
        });
    }
    edits.sort_by_key(|e| std::cmp::Reverse(e.range.start));
    Ok(Some(Pin { edits, pinned: Pinned { commit: clone.head.to_string(), lines, path: None } }))
}

/// The edits that pin a source whose file moved to `path` upstream, its text at `lines` there:
/// the commit, the path and the lines.
fn renamed_pin(
    text: &str,
    fields: &SourceFields,
    cited: &Cited,
    clone: &Opened,
    path: &str,
    lines: Option<[u32; 2]>,
) -> Result<Pin, String> {
    let head = clone.head.to_string();
    let edit = |field: &str, value: &Set| fields.replace(field, value).map(|r| Edit { range: r.range, text: r.text });
    let missing = |field: &str| format!("the source's `{field}` could not be edited");
    let mut edits = vec![
        edit("commit", &Set::Text(head.clone())).ok_or_else(|| missing("commit"))?,
        edit("path", &Set::Text(path.to_owned())).ok_or_else(|| missing("path"))?,
    ];
    let lines = lines.filter(|r| Some(*r) != cited.lines);
    if let Some([a, b]) = lines {
        edits.push(match edit("lines", &Set::Numbers(vec![a.into(), b.into()])) {
            Some(edit) => edit,
            None => insert_after(text, fields, "path", "lines", &format!("[{a}, {b}]"))?,
        });
    }
    edits.sort_by_key(|e| std::cmp::Reverse(e.range.start));
    Ok(Pin { edits, pinned: Pinned { commit: head, lines, path: Some(path.to_owned()) } })
}

/// The lines to pin an unpinned source at: where its quote is, else its lines as written.
fn unpinned_range(cited: &Cited, lines: &[&str], clone: &Opened) -> Result<Option<[u32; 2]>, String> {
    match (&cited.quote, cited.lines) {
        (Some(quote), _) => text::find_quote(lines, quote)
            .map(Some)
            .ok_or_else(|| format!("the quote is not in `{}` at {}", cited.path, clone.reference)),
        (None, Some([first, last])) if last as usize > lines.len() => {
            Err(format!("lines {first}–{last} are past the end of `{}` ({} lines)", cited.path, lines.len()))
        }
        (None, range) => Ok(range),
    }
}

/// Where a pinned source's cited text is now (`lines`, at the clone's ref): `None` when it has
/// not moved; why it cannot be re-pinned when it changed.
fn moved_range(
    cited: &Cited,
    lines: &[&str],
    clone: &Opened,
    pinned: &str,
) -> Result<Option<Option<[u32; 2]>>, String> {
    let changed = || {
        format!(
            "the cited text changed at {}: read the change, then edit `commit` and `lines` by hand or re-class the claim",
            clone.reference
        )
    };
    // A pinned commit gone after a force-push and `git gc`: re-pinned by the quote where it is
    // found now, else not at all.
    let Some(id) = clone.commit(pinned) else {
        return match &cited.quote {
            Some(quote) => text::find_quote(lines, quote).map(|found| Some(Some(found))).ok_or_else(|| {
                format!("the pinned commit is on no branch of the clone, and the quote is not at {}", clone.reference)
            }),
            None => {
                Err("the pinned commit is on no branch of the clone and the source has no quote to find its lines by"
                    .to_owned())
            }
        };
    };
    let old = match clone.file(id, &cited.path) {
        Blob::Text(old) => old,
        Blob::TooLarge(size) => return Err(too_large(cited, pinned, size, clone.limit())),
        Blob::Missing => return Err("the pinned version is not in the clone".to_owned()),
    };
    let old_lines = text::lines(&old);
    // Still there but on no branch or tag (force-pushed away): re-pinned even where the text did
    // not move, before `git gc` takes the commit.
    let lingering = clone.on_a_ref(id) == Some(false);
    let unmoved = |range: Option<[u32; 2]>| if lingering { Ok(Some(range)) } else { Ok(None) };
    match (cited.lines, &cited.quote) {
        (Some(range), _) => {
            let block = text::block(&old_lines, range);
            if text::block(lines, range) == block {
                return unmoved(Some(range));
            }
            text::find_block(lines, &block).map(|moved| Some(Some(moved))).ok_or_else(changed)
        }
        (None, Some(quote)) if text::find_quote(lines, quote).is_some() => unmoved(None),
        (None, _) if old_lines == lines => unmoved(None),
        (None, _) => Err(changed()),
    }
}

/// Why a cited file is not read: it is `size` bytes at `at`, over `limit` (`max_source_kib`).
fn too_large(cited: &Cited, at: &str, size: u64, limit: u64) -> String {
    let kib = shoko_model::rules::kib;
    format!(
        "`{}` is {} at {at}, over the limit of {} (`max_source_kib` in shoko.yaml): not read",
        cited.path,
        kib(size),
        kib(limit)
    )
}

/// Insert `key: value` after the field `after`, in the source's style: on a line of its own at
/// the same indentation (block), or after a comma (flow).
fn insert_after(text: &str, fields: &SourceFields, after: &str, key: &str, value: &str) -> Result<Edit, String> {
    let (Some(key_at), Some(value_at)) = (fields.key(after), fields.value(after)) else {
        return Err(format!("the source has no `{after}` to write `{key}` after"));
    };
    let end = value_at.end;
    let inserted = if fields.is_flow() {
        format!(", {key}: {value}")
    } else {
        let line_start = text[..key_at.start].rfind('\n').map_or(0, |i| i + 1);
        let indent = &text[line_start..key_at.start];
        let indent: String = indent.chars().map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
        format!("\n{indent}{key}: {value}")
    };
    Ok(Edit { range: end..end, text: inserted })
}

/// `text` with `edits` (sorted last first, not overlapping) applied.
pub fn apply(text: &str, edits: &[Edit]) -> String {
    let mut out = text.to_owned();
    for edit in edits {
        out.replace_range(edit.range.clone(), &edit.text);
    }
    out
}
