//! Validated values: what the rest of the pipeline works with. Every value that a diagnostic may
//! point at carries its [`Span`]. Plain data, no interior mutability, no global state.

// The values a claim's fields take are the file format's own, re-exported as the model's: render
// and the exports read the model alone, never `schema`'s record types.
pub use crate::schema::{BlockerKind, ChangeKind, Class, Lifecycle, PhaseStatus, TargetStatus};
use shoko_diagnostics::{FileId, Span};
use shoko_markdown::{Body, Lang};
use std::collections::BTreeMap;

pub use shoko_vocab::ClaimId;

/// A reference to a claim as written, with where it was written.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Ref {
    /// The referenced ID.
    pub id: ClaimId,
    /// Where the reference is written.
    pub span: Span,
}

/// Text present in both languages.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
pub struct Texts {
    /// Japanese.
    pub ja: String,
    /// English.
    pub en: String,
}

impl Texts {
    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Ja => &self.ja,
            Lang::En => &self.en,
        }
    }
}

/// Text in one or both languages (page fields; a missing language was already warned about).
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct LocalizedText {
    /// Japanese, if written.
    pub ja: Option<String>,
    /// English, if written.
    pub en: Option<String>,
}

impl LocalizedText {
    /// The text in `lang`, falling back to the other language; the flag says whether it fell back.
    pub fn get(&self, lang: Lang) -> (&str, bool) {
        let (own, other) = match lang {
            Lang::Ja => (&self.ja, &self.en),
            Lang::En => (&self.en, &self.ja),
        };
        match (own, other) {
            (Some(t), _) => (t, false),
            (None, Some(t)) => (t, true),
            (None, None) => ("", false),
        }
    }
}

/// Index of a document in the site model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub struct DocId(pub usize);

/// A validated claim.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Claim {
    /// The ID.
    pub id: ClaimId,
    /// Where the ID is written.
    pub id_span: Span,
    /// The 1-based line the ID is written on (a claim card links its record there).
    pub id_line: usize,
    /// Support class.
    pub class: Class,
    /// Where the class is written.
    pub class_span: Span,
    /// Lifecycle.
    pub lifecycle: Lifecycle,
    /// The statement.
    pub text: Texts,
    /// Where the statement is written.
    pub text_span: Span,
    /// Scope, if given.
    pub scope: Option<Scope>,
    /// Where each of the scope's GPU targets is written, in order.
    pub gfx_spans: Vec<Span>,
    /// Sources.
    pub sources: Vec<Source>,
    /// History events (those whose date could not be read were reported and are left out).
    pub history: Vec<Event>,
    /// Premises.
    pub depends_on: Vec<Ref>,
    /// Blocker of an unresolved claim.
    pub blocked_by: Option<Blocker>,
    /// Limitations of a limited claim.
    pub limitations: Vec<Limitation>,
    /// Successor of a superseded claim.
    pub superseded_by: Option<Ref>,
    /// Claims this one replaces.
    pub supersedes: Vec<Ref>,
    /// Whether it is declared in a draft (see [`Document::draft`]): kept on the claim too, so that
    /// what compares claims by value (what a change affects) sees a draft published.
    pub draft: bool,
}

/// One change of a claim's class or lifecycle, validated: its date read as a calendar date.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
pub struct Event {
    /// Day of the change.
    pub date: jiff::civil::Date,
    /// Class before (`None` for the first event).
    pub from: Option<Class>,
    /// Class after.
    pub to: Class,
    /// Lifecycle after the change, when the event changes it.
    pub lifecycle: Option<Lifecycle>,
    /// Why.
    pub reason: Texts,
    /// Substantive, editorial or a review.
    pub kind: ChangeKind,
    /// Indexes into the claim's `sources` that support the change.
    pub sources: Vec<usize>,
}

/// Where and when a claim holds, validated.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
pub struct Scope {
    /// GPU targets.
    pub gfx: Vec<String>,
    /// Software versions by name.
    pub software: BTreeMap<String, String>,
    /// Day the claim was observed (left out, after being reported, when it does not read).
    pub observed: Option<jiff::civil::Date>,
}

/// Where support for a claim comes from, validated; `basis` says how it was observed. The
/// same fields as the file format's (`schema::SourceRecord`), with dates read as dates.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(tag = "basis", rename_all = "snake_case")]
pub enum Source {
    /// Source code, read at a commit when `commit` is given.
    SourceCode {
        /// Repository, `owner/name`.
        repo: String,
        /// The full commit the lines were read at.
        commit: Option<String>,
        /// File path in the repository.
        path: String,
        /// First and last line, 1-based, inclusive.
        lines: Option<[u32; 2]>,
        /// Exact quote of the lines.
        quote: Option<String>,
    },
    /// A live command and what it printed.
    Runtime {
        /// The command as run.
        command: String,
        /// Verbatim excerpt of the output.
        output: String,
        /// Where it ran.
        environment: Option<String>,
        /// Day it ran.
        date: Option<jiff::civil::Date>,
    },
    /// Repository history: a commit, pull request or issue.
    History {
        /// Repository, `owner/name`.
        repo: String,
        /// Full commit.
        commit: Option<String>,
        /// Pull request number.
        pr: Option<u64>,
        /// Issue number.
        issue: Option<u64>,
    },
    /// A shipped file inspected with a tool.
    Artifact {
        /// Package or bundle the file comes from.
        package: Option<String>,
        /// Version of the package.
        version: Option<String>,
        /// The file inspected.
        file: String,
        /// The tool and its arguments.
        tool: String,
        /// Verbatim excerpt of the tool's output.
        output: String,
    },
}

/// What blocks an unresolved claim or an open question.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
pub struct Blocker {
    /// Who or what is missing.
    pub kind: BlockerKind,
    /// What exactly blocks it.
    pub detail: Texts,
}

/// What a tool cannot show, for a limited claim.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
pub struct Limitation {
    /// The tool.
    pub tool: String,
    /// What it cannot show.
    pub detail: Texts,
}

/// A validated open question.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Question {
    /// The ID.
    pub id: ClaimId,
    /// Where the ID is written.
    pub id_span: Span,
    /// The question.
    pub text: Texts,
    /// GPU targets.
    pub gfx: Vec<String>,
    /// Where each of them is written, in order.
    pub gfx_spans: Vec<Span>,
    /// Claims it is about.
    pub about: Vec<Ref>,
    /// What keeps it open.
    pub blocked_by: Option<Blocker>,
}

/// A link in a page body to another page, as written.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PageLink {
    /// Target source path relative to `content/` (normalized, `/` separators).
    pub target: String,
    /// `#anchor`, if any.
    pub anchor: Option<String>,
    /// Where the link is written.
    pub span: Span,
    /// The language div the link is in (`None`: shared text, both languages).
    pub lang: Option<Lang>,
}

/// A validated Markdown page.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Page {
    /// Title.
    pub title: LocalizedText,
    /// "What you'll gain here".
    pub gain: Option<LocalizedText>,
    /// Ordering among siblings.
    pub weight: i64,
    /// How it is laid out.
    pub layout: crate::schema::PageLayout,
    /// For a deck: how many slides follow the title slide (its `##` headings, the larger count
    /// of the two languages). Slides are numbered from 1, and their numbers are anchors.
    pub slides: usize,
    /// "This page does not claim" items.
    pub does_not_claim: Vec<LocalizedText>,
    /// The parsed body.
    pub body: Body,
    /// Byte offset of the body in the file.
    pub body_start: usize,
    /// The body's plain text by heading, per language (Japanese, English), for the search
    /// index: kept with the page so an index can be rebuilt without reading unchanged files.
    /// The anchors are as numbered without the page's reserved IDs: see [`Page::sections`].
    pub sections: [Vec<shoko_markdown::Section>; 2],
    /// Claims cited in the body with `[text](claim:ID)`.
    pub citations: Vec<Ref>,
    /// Links to other pages.
    pub page_links: Vec<PageLink>,
    /// Environment badges.
    pub env: Vec<String>,
    /// Phase badge.
    pub phase: Option<LocalizedText>,
    /// Phase grid rows.
    pub phases: Vec<Phase>,
    /// Timeline entries.
    pub timeline: Vec<TimelineEntry>,
    /// Hub cards, in order.
    pub cards: Vec<Card>,
    /// The components placed in the body, in order.
    pub components: Vec<ComponentUse>,
    /// Images the body shows: path relative to `content/` and where the image is written.
    pub images: Vec<(String, Span)>,
    /// Media files the body plays or shows (`::: audio`, `::: pdf`): path relative to
    /// `content/` and where the component names it.
    pub media: Vec<(String, Span)>,
    /// The callouts of the body that name an evidence class, with the claims cited inside them.
    pub callouts: Vec<Callout>,
    /// Other files the body links to (downloads, or a built page's address written by mistake):
    /// path relative to `content/`, the link as written, and where it is.
    pub files: Vec<(String, String, Span)>,
}

/// A callout of an evidence class in a body (`::::callout CLASS`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Callout {
    /// Its class.
    pub class: Class,
    /// Its opening fence.
    pub span: Span,
    /// The claims cited inside it, in order.
    pub cites: Vec<ClaimId>,
}

/// A component placed in a body (`::: NAME ARGS`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ComponentUse {
    /// Which one.
    pub component: shoko_vocab::Component,
    /// Its arguments as written.
    pub args: String,
    /// The fence line.
    pub span: Span,
}

/// One row of a phase grid.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Phase {
    /// Short label.
    pub id: String,
    /// What we wanted to know.
    pub question: Texts,
    /// What was done.
    pub action: Texts,
    /// What was expected.
    pub expected: Texts,
    /// What actually happened.
    pub actual: Texts,
    /// How far it got.
    pub status: crate::schema::PhaseStatus,
}

/// One hub card.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Card {
    /// Its group.
    pub group: String,
    /// Kind label.
    pub kind: Texts,
    /// Title.
    pub title: Texts,
    /// What it is.
    pub description: Texts,
    /// What it offers.
    pub bullets: Vec<Texts>,
    /// Where it leads.
    pub link: CardLink,
}

/// Where a hub card leads.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum CardLink {
    /// A page of this site (content path) at an anchor; checked like a link in the body.
    Page {
        /// Source path relative to `content/`.
        target: String,
        /// `#anchor`, if any.
        anchor: Option<String>,
    },
    /// An address on another site.
    External(String),
}

/// One timeline entry.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct TimelineEntry {
    /// Day.
    pub date: String,
    /// What happened.
    pub text: Texts,
}

/// A GPU target from `content/_data/targets.yaml`.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Target {
    /// LLVM target name.
    pub gfx: String,
    /// Where the name is written.
    pub span: Span,
    /// Family (LLVM's label).
    pub family: String,
    /// Short generation label.
    pub generation: String,
    /// Products.
    pub products: Vec<String>,
    /// Observation worldview.
    pub worldview: Texts,
    /// Investigation status.
    pub status: crate::schema::TargetStatus,
    /// Status in words.
    pub status_text: Texts,
    /// The generation's page (path relative to `content/`) and where it is written.
    pub page: Option<(String, Span)>,
}

/// A GPU target the site names but does not observe (`mentioned:` in `targets.yaml`).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Mentioned {
    /// LLVM target name.
    pub gfx: String,
    /// Where the name is written.
    pub span: Span,
    /// Family (LLVM's label).
    pub family: String,
    /// Products.
    pub products: Vec<String>,
}

/// A glossary term from `content/_data/glossary.yaml`.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Term {
    /// Stable ID (glossary anchor `term-ID`).
    pub id: String,
    /// Where the ID is written.
    pub span: Span,
    /// The term per language.
    pub term: Texts,
    /// Other spellings.
    pub aliases: Vec<String>,
    /// What finds the term in search without being linked to it (see `TermRecord::readings`).
    pub readings: Vec<String>,
    /// The explanation per language.
    pub gloss: Texts,
}

/// What kind of document a file is.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub enum DocKind {
    /// A Markdown page.
    Page(Box<Page>),
    /// A YAML observation log.
    Log {
        /// Title, if given.
        title: Option<LocalizedText>,
    },
    /// `content/_data/targets.yaml`.
    Targets {
        /// The targets the site observes.
        observed: Vec<Target>,
        /// Those it only names.
        mentioned: Vec<Mentioned>,
        /// The names of the entries of either list that do not read (reported already).
        unreadable: Vec<String>,
    },
    /// `content/_data/glossary.yaml`.
    Glossary(Vec<Term>),
}

/// One validated file.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Document {
    /// The file.
    pub file: FileId,
    /// Path relative to `content/`, `/` separators.
    pub path: String,
    /// Page or log.
    pub kind: DocKind,
    /// Whether the file is a draft (`draft: true`): left out of a published build with
    /// everything it declares.
    pub draft: bool,
    /// Claims declared in the file.
    pub claims: Vec<Claim>,
    /// Questions declared in the file.
    pub questions: Vec<Question>,
    /// IDs of claims and questions that are declared but could not be read (already reported);
    /// references to them are not reported again.
    pub unreadable_ids: Vec<ClaimId>,
    /// Its language pairs (see [`crate::pairs`]), in document order.
    pub pairs: crate::pairs::Pairs,
    /// The id git gives the file's text, when the engine reads history and the site is in a
    /// repository (it tells whether the file is as committed without reading the commit; without
    /// it, the file's first version is read instead).
    pub source_id: Option<String>,
}

impl Document {
    /// Whether it is a data file (`_data/targets.yaml`, `_data/glossary.yaml`), which every
    /// page may show.
    pub fn is_data(&self) -> bool {
        matches!(self.kind, DocKind::Targets { .. } | DocKind::Glossary(_))
    }

    /// The page, if the document is one.
    pub fn page(&self) -> Option<&Page> {
        match &self.kind {
            DocKind::Page(page) => Some(page),
            _ => None,
        }
    }
}
