//! The validate stage: one file's text → a typed [`Document`] plus every problem found in it.
//! A file with errors still yields as much of its document as could be read, so site-wide rules
//! (duplicate IDs, references) can run over everything in the same pass.

mod claim;
mod data;
mod de_error;
mod formats;
mod heading_ids;
mod page;
mod search_words;
mod unread;

pub use formats::{is_date, is_id};
pub use page::resolve_relative;

/// The diagnostic for a deserialization error at `loc` (for files outside `content/`).
pub fn de_error_diagnostic(error: &crate::yaml::DeError, loc: &Locator<'_>) -> Diagnostic {
    de_error::diagnostic(error, loc)
}

use crate::frontmatter::{self, SplitError};
use crate::locate::Locator;
use crate::model::{DocKind, Document};
use crate::pairs;
use crate::rules::{file_empty, fm_missing, fm_unclosed, fm_wrong_type, fm_yaml_syntax};
use crate::schema::{ClaimRecord, ObservationLog, PageFrontMatter, QuestionRecord};
use crate::yaml::{self, Item, Origin, YamlDoc, YamlPath};
use shoko_diagnostics::{Diagnostic, FileId, SourceFile, Span};

/// Whether a file is a Markdown page or a YAML observation log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum SourceKind {
    /// `*.md`.
    Page,
    /// `*.yaml` / `*.yml`.
    Log,
    /// `_data/targets.yaml`.
    Targets,
    /// `_data/glossary.yaml`.
    Glossary,
}

impl SourceKind {
    /// The kind of the file at `path` (relative to `content/`), or `None` for files the
    /// generator does not read (and, under `_data/`, an unknown data file).
    pub fn of(path: &str) -> Option<Result<SourceKind, ()>> {
        if let Some(data) = path.strip_prefix(shoko_vocab::layout::DATA_DIR).and_then(|p| p.strip_prefix('/')) {
            return Some(match data {
                shoko_vocab::layout::TARGETS_FILE => Ok(SourceKind::Targets),
                shoko_vocab::layout::GLOSSARY_FILE => Ok(SourceKind::Glossary),
                _ => Err(()),
            });
        }
        match path.rsplit_once('.').map(|(_, e)| e) {
            Some("md") => Some(Ok(SourceKind::Page)),
            Some("yaml" | "yml") => Some(Ok(SourceKind::Log)),
            _ => None,
        }
    }
}

/// One file to validate.
pub struct DocumentInput<'a> {
    /// Its id in the source map.
    pub file: FileId,
    /// Its text.
    pub source: &'a SourceFile,
    /// Path relative to `content/`, `/` separators.
    pub path: &'a str,
    /// Page or log.
    pub kind: SourceKind,
    /// Today, for "not in the future" checks.
    pub today: jiff::civil::Date,
    /// What the site does with raw HTML in page bodies (`shoko.yaml`).
    pub raw_html: crate::schema::RawHtml,
    /// The words `claim/assertive-wording` looks for (built in, and `shoko.yaml`'s).
    pub assertive: &'a crate::rules::claim_assertive_wording::AssertiveWords,
}

/// Validate one file. Returns `None` when nothing usable could be read.
pub fn validate_document(input: &DocumentInput<'_>) -> (Option<Document>, Vec<Diagnostic>) {
    let mut out = Vec::new();
    let text = input.source.text.as_str();
    if text.trim().is_empty() {
        out.push(file_empty::diagnostic(Span::file_start(input.file), input.kind));
        return (None, out);
    }
    let (yaml_range, body_range) = match input.kind {
        SourceKind::Log | SourceKind::Targets | SourceKind::Glossary => (0..text.len(), None),
        SourceKind::Page => match frontmatter::split(text) {
            Ok(split) => (split.yaml, Some(split.body)),
            Err(SplitError::Missing(range)) => {
                out.push(fm_missing::diagnostic(Span::new(input.file, range)));
                return (None, out);
            }
            Err(SplitError::Unclosed(range)) => {
                out.push(fm_unclosed::diagnostic(Span::new(input.file, range)));
                return (None, out);
            }
        },
    };
    let origin = Origin { file: input.source, start: yaml_range.start };
    let mut doc = match yaml::parse(&text[yaml_range.clone()], origin) {
        Ok(doc) => doc,
        Err(e) => {
            out.push(syntax_error(input.file, &text[yaml_range.clone()], yaml_range.start, &e));
            return (unread::document(input, yaml_range, body_range), out);
        }
    };
    // An empty front-matter (`---` / `---`) is read as an empty mapping: the missing title is the
    // useful error there.
    let usable = doc.is_mapping() || (doc.is_null() && input.kind == SourceKind::Page);
    if !usable {
        let what = if doc.is_null() { "empty" } else { "not a mapping" };
        let span = Span::new(input.file, yaml_range.start..yaml_range.start);
        out.push(fm_wrong_type::diagnostic(span, "front-matter", what, "a mapping of fields (`key: value`)"));
        return (unread::document(input, yaml_range, body_range), out);
    }
    // A full-width `＃` meant as a comment: reported, and the value read as it was meant, so
    // nothing else is reported because of it.
    for (_, at) in doc.cut_full_width_comments(text) {
        out.push(fm_yaml_syntax::comment_in_value(Span::new(input.file, at)));
    }
    let root = YamlPath::root();
    let loc = Locator { file: input.file, positions: &doc.positions, base: &root };
    text_faults(&doc, &loc, text, &mut out);
    let document = match input.kind {
        SourceKind::Page => page_document(&doc, body_range.clone(), input, &loc, &mut out),
        SourceKind::Log => log_document(&doc, input, &loc, &mut out),
        SourceKind::Targets => data::targets_document(&doc, input, &loc, &mut out),
        SourceKind::Glossary => data::glossary_document(&doc, input, &loc, &mut out),
    };
    // A front-matter or log of the wrong shape as a whole: its error is reported, and what can
    // be known of the file stands in for it.
    let Some(document) = document.or_else(|| unread::document(input, yaml_range, body_range)) else {
        return (None, out);
    };
    let document = Some(document).map(|mut d| {
        let mut found = pairs::Pairs::default();
        pairs::in_yaml(&doc, &mut found);
        if let Some(page) = d.page() {
            pairs::in_body(text, &page.body.blocks, &mut found);
        }
        d.pairs = found;
        d
    });
    (document, out)
}

/// Report every text of `doc` that is no text (empty or blank) or holds a character no
/// published text may hold (`file` is the whole file's text).
pub(crate) fn text_faults(doc: &YamlDoc, loc: &Locator<'_>, file: &str, out: &mut Vec<Diagnostic>) {
    for (path, fault) in doc.text_faults() {
        out.push(match fault {
            yaml::TextFault::Unpublishable(c) => {
                crate::rules::fm_control_character::diagnostic(loc.span(&path), file, c)
            }
            yaml::TextFault::Blank => {
                crate::rules::fm_missing_field::blank(loc.span(&path), &loc.path(&path).to_string())
            }
            yaml::TextFault::Placeholder => crate::rules::page_placeholder::diagnostic(loc.span(&path)),
        });
    }
}

/// The diagnostic for YAML that does not parse (`yaml`, at `start` in file `file`): at the first
/// typing slip, when there is one, else where and as the parser said.
pub(crate) fn syntax_error(file: FileId, yaml: &str, start: usize, e: &yaml::SyntaxError) -> Diagnostic {
    match yaml::first_slip(yaml) {
        Some(slip) => {
            let range = start + slip.range.start..start + slip.range.end;
            fm_yaml_syntax::slip(Span::new(file, range), &slip)
        }
        None => match yaml::layout_fault(yaml, e.offset.saturating_sub(start)) {
            Some(fault) => {
                let range = start + fault.range.start..start + fault.range.end;
                fm_yaml_syntax::layout(Span::new(file, range), &fault, start)
            }
            None => fm_yaml_syntax::diagnostic(Span::new(file, e.offset..e.offset), &e.message),
        },
    }
}

pub(super) fn deserialize<T: serde::de::DeserializeOwned>(
    doc: &YamlDoc,
    loc: &Locator<'_>,
    out: &mut Vec<Diagnostic>,
) -> Option<T> {
    let value = if doc.is_null() { yaml::empty_mapping::<T>() } else { doc.deserialize::<T>() };
    value.map_err(|errors| out.extend(errors.iter().map(|e| de_error::diagnostic(e, loc)))).ok()
}

fn page_document(
    doc: &YamlDoc,
    body: Option<std::ops::Range<usize>>,
    input: &DocumentInput<'_>,
    loc: &Locator<'_>,
    out: &mut Vec<Diagnostic>,
) -> Option<Document> {
    let front: PageFrontMatter = deserialize(doc, loc, out)?;
    let items = items(&front.claims, &front.questions, front.draft, input, loc, out);
    let body = body.unwrap_or(input.source.text.len()..input.source.text.len());
    let page = page::validate_page(&front, body, input, loc, out);
    Some(Document {
        file: input.file,
        path: input.path.to_owned(),
        kind: DocKind::Page(Box::new(page)),
        draft: front.draft,
        claims: items.claims,
        questions: items.questions,
        unreadable_ids: items.unreadable,
        pairs: Default::default(),
        source_id: None,
    })
}

fn log_document(
    doc: &YamlDoc,
    input: &DocumentInput<'_>,
    loc: &Locator<'_>,
    out: &mut Vec<Diagnostic>,
) -> Option<Document> {
    let log: ObservationLog = deserialize(doc, loc, out)?;
    if let Some(date) = &log.date {
        formats::Check { loc, out }.observed(&YamlPath::root().key("date"), date, input.today);
    }
    let items = items(&log.claims, &log.questions, log.draft, input, loc, out);
    let title = log.title.as_ref().map(|t| page::localized(t, "title", loc, out));
    Some(Document {
        file: input.file,
        path: input.path.to_owned(),
        kind: DocKind::Log { title },
        draft: log.draft,
        claims: items.claims,
        questions: items.questions,
        unreadable_ids: items.unreadable,
        pairs: Default::default(),
        source_id: None,
    })
}

/// The valid claims and questions of a document, and the IDs of elements that could not be read.
struct Items {
    claims: Vec<crate::model::Claim>,
    questions: Vec<crate::model::Question>,
    unreadable: Vec<crate::model::ClaimId>,
}

/// The field of a page's front-matter or a log that lists its claims.
pub(crate) const CLAIMS_FIELD: &str = "claims";

fn items(
    claims: &[Item<ClaimRecord>],
    questions: &[Item<QuestionRecord>],
    draft: bool,
    input: &DocumentInput<'_>,
    loc: &Locator<'_>,
    out: &mut Vec<Diagnostic>,
) -> Items {
    let mut valid_claims = Vec::new();
    let mut unreadable = Vec::new();
    for (i, item) in claims.iter().enumerate() {
        let base = YamlPath::root().key(CLAIMS_FIELD).index(i);
        let at = loc.at(&base);
        // From the file's line index: a log of thousands of claims is not scanned for each.
        let id_line = input.source.line_col(at.field("id").range.start).line;
        match item {
            Item::Valid(record) => {
                let (claim, diags) =
                    claim::validate_claim(record, &at, id_line, &input.source.text, input.today, input.assertive);
                out.extend(diags);
                valid_claims.push(crate::model::Claim { draft, ..claim });
            }
            Item::Partly(errors, record) => {
                // Every error of the claim at once: what did not read, then what the rules find
                // in the claim as it was meant (nothing twice at one place).
                let read: Vec<Diagnostic> = errors.iter().map(|e| de_error::diagnostic(e, &at)).collect();
                let (claim, diags) =
                    claim::validate_claim(record, &at, id_line, &input.source.text, input.today, input.assertive);
                let set_aside: Vec<&str> = errors.iter().flat_map(set_aside_names).collect();
                let taken = |d: &Diagnostic| {
                    read.iter().any(|r| r.primary == d.primary) || claim::follows_from_set_aside(d, &set_aside)
                };
                out.extend(diags.into_iter().filter(|d| !taken(d)));
                out.extend(read);
                valid_claims.push(crate::model::Claim { draft, ..claim });
            }
            Item::Invalid(errors, id) => {
                out.extend(errors.iter().map(|e| de_error::diagnostic(e, &at)));
                unreadable.extend(id.clone().map(crate::model::ClaimId));
            }
        }
    }
    let mut valid_questions = Vec::new();
    for (i, item) in questions.iter().enumerate() {
        let base = YamlPath::root().key("questions").index(i);
        let at = loc.at(&base);
        match item {
            Item::Valid(record) => {
                let (question, diags) = claim::validate_question(record, &at);
                out.extend(diags);
                valid_questions.push(question);
            }
            Item::Partly(errors, record) => {
                let read: Vec<Diagnostic> = errors.iter().map(|e| de_error::diagnostic(e, &at)).collect();
                let (question, diags) = claim::validate_question(record, &at);
                out.extend(diags.into_iter().filter(|d| !read.iter().any(|r| r.primary == d.primary)));
                out.extend(read);
                valid_questions.push(question);
            }
            Item::Invalid(errors, id) => {
                out.extend(errors.iter().map(|e| de_error::diagnostic(e, &at)));
                unreadable.extend(id.clone().map(crate::model::ClaimId));
            }
        }
    }
    Items { claims: valid_claims, questions: valid_questions, unreadable }
}

/// The names of the fields an error sets aside: every key on its path, and an unknown field's
/// own name (a field indented into another record, `text.scope`, is still the claim's `scope`).
fn set_aside_names(error: &crate::yaml::DeError) -> Vec<&str> {
    let mut names: Vec<&str> = error
        .path
        .0
        .iter()
        .filter_map(|seg| match seg {
            crate::yaml::Seg::Key(key) => Some(key.as_str()),
            crate::yaml::Seg::Index(_) => None,
        })
        .collect();
    if let Some(name) = error.message.strip_prefix("unknown field `").and_then(|rest| rest.split('`').next()) {
        names.push(name);
    }
    names
}

/// Validate each element of a front-matter list with `f`, reporting unreadable ones.
pub(super) fn each_item<R, T>(
    list: &[Item<R>],
    key: &str,
    loc: &Locator<'_>,
    out: &mut Vec<Diagnostic>,
    mut f: impl FnMut(&R, &Locator<'_>, &mut Vec<Diagnostic>) -> T,
) -> Vec<T> {
    let mut valid = Vec::new();
    for (i, item) in list.iter().enumerate() {
        let base = loc.path(&YamlPath::root().key(key).index(i));
        let at = loc.at(&base);
        match item {
            Item::Valid(record) => valid.push(f(record, &at, out)),
            Item::Partly(errors, record) => {
                let read: Vec<Diagnostic> = errors.iter().map(|e| de_error::diagnostic(e, &at)).collect();
                let mut found = Vec::new();
                valid.push(f(record, &at, &mut found));
                out.extend(found.into_iter().filter(|d| !read.iter().any(|r| r.primary == d.primary)));
                out.extend(read);
            }
            Item::Invalid(errors, _) => out.extend(errors.iter().map(|e| de_error::diagnostic(e, &at))),
        }
    }
    valid
}
