//! The file format: what front-matter and observation logs may contain. These types are the
//! single source of both deserialization and the published JSON Schema (`shoko schema`), so the
//! two cannot drift. They are permissive where a rule gives a better message than serde would
//! (dates, IDs and commits are strings here and checked by the validation stage).

use crate::yaml::Item;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Deserialize;
use std::borrow::Cow;
use std::collections::BTreeMap;

/// Pattern of claim and question IDs.
pub const ID_PATTERN: &str = r"^[a-z0-9][a-z0-9._-]*$";
/// Pattern of dates.
pub const DATE_PATTERN: &str = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$";
/// Pattern of full commit hashes.
pub const COMMIT_PATTERN: &str = r"^[0-9a-f]{40}$";
/// Pattern of GPU targets.
pub const GFX_PATTERN: &str = r"^gfx[0-9a-f]+$";

/// How well a claim is supported now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, JsonSchema, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    /// Seen directly: live command, log, file presence, disassembly, source read.
    Confirmed,
    /// Derived from confirmed facts, not seen directly.
    Inferred,
    /// Cannot be decided yet: an observer is blocked or the observation was not done.
    Unresolved,
    /// Partly seen; a tool limit keeps it incomplete.
    Limited,
}

impl Class {
    /// Every class, in display order.
    pub const ALL: [Class; 4] = [Class::Confirmed, Class::Inferred, Class::Unresolved, Class::Limited];

    /// The name as written in YAML.
    pub fn as_str(self) -> &'static str {
        match self {
            Class::Confirmed => "confirmed",
            Class::Inferred => "inferred",
            Class::Unresolved => "unresolved",
            Class::Limited => "limited",
        }
    }
}

/// Whether a claim is in force.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Deserialize, JsonSchema, serde::Serialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Lifecycle {
    /// In force.
    #[default]
    Current,
    /// Replaced by a newer claim (`superseded_by`).
    Superseded,
    /// Withdrawn; kept so old links and inferences still resolve.
    Retracted,
}

impl Lifecycle {
    /// The name as written in the files.
    pub fn as_str(self) -> &'static str {
        match self {
            Lifecycle::Current => "current",
            Lifecycle::Superseded => "superseded",
            Lifecycle::Retracted => "retracted",
        }
    }
}

/// Why an unresolved claim cannot be decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockerKind {
    /// An observer (profiler, tracer, debugger) is blocked or breaks the run.
    Observer,
    /// The observation has not been done yet.
    NotPerformed,
}

/// Whether a history event changes what the claim says or only how it is worded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChangeKind {
    /// The claim's meaning or class changed.
    #[default]
    Substantive,
    /// Wording or labels were corrected.
    Editorial,
    /// The claim was looked at again (after a premise changed) and keeps its class: `from` and
    /// `to` are the same. Clears "needs review".
    Review,
}

/// Text that must exist in both languages (claims, blockers, limitations, reasons).
#[derive(Debug, Clone, Default, Deserialize, serde::Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Bilingual {
    /// Japanese.
    pub ja: Option<String>,
    /// English.
    pub en: Option<String>,
}

impl JsonSchema for Bilingual {
    fn schema_name() -> Cow<'static, str> {
        "Bilingual".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "Text in Japanese and English; both are required and non-empty.",
            "type": "object",
            "properties": {
                "ja": { "type": "string", "minLength": 1, "pattern": "\\S" },
                "en": { "type": "string", "minLength": 1, "pattern": "\\S" }
            },
            "required": ["ja", "en"],
            "additionalProperties": false
        })
    }
}

/// Page text in Japanese and/or English; a missing language is a warning, not an error.
#[derive(Debug, Clone, Default, Deserialize, serde::Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Localized {
    /// Japanese.
    pub ja: Option<String>,
    /// English.
    pub en: Option<String>,
}

impl JsonSchema for Localized {
    fn schema_name() -> Cow<'static, str> {
        "Localized".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "Text in Japanese and English; a missing language is reported as a warning.",
            "type": "object",
            "properties": {
                "ja": { "type": "string" },
                "en": { "type": "string" }
            },
            "minProperties": 1,
            "additionalProperties": false
        })
    }
}

/// The front-matter of a Markdown page.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PageFrontMatter {
    /// Page title.
    pub title: Localized,
    /// A draft: `check` reports its problems, `serve` shows it marked, `build` leaves it out
    /// (and its claims) unless given `--drafts`.
    #[serde(default)]
    pub draft: bool,
    /// "What you'll gain here": one or two sentences at the top of the page.
    #[serde(default)]
    pub gain: Option<Localized>,
    /// Ordering among sibling pages (lower first).
    #[serde(default)]
    pub weight: Option<i64>,
    /// How the page is laid out: `page` (the default), `slides` (a deck: each `##` section is a
    /// slide; `::: notes` in a section holds its speaker notes) or `poster` (each `##` section is
    /// a panel, in columns on a wide screen; it prints on one A0 sheet).
    #[serde(default)]
    pub layout: PageLayout,
    /// Claims declared on this page.
    #[serde(default)]
    pub claims: Vec<Item<ClaimRecord>>,
    /// Open questions raised on this page.
    #[serde(default)]
    pub questions: Vec<Item<QuestionRecord>>,
    /// "This page does not claim that …" items.
    #[serde(default)]
    pub does_not_claim: Vec<Localized>,
    /// Environment badges under the title, e.g. `gfx1201`, `Ollama + ggml-hip`.
    #[serde(default)]
    pub env: Vec<String>,
    /// Phase badge under the title, e.g. "Phase A–F done".
    #[serde(default)]
    pub phase: Option<Localized>,
    /// Rows of the phase grid, placed in the body with `::: phases`.
    #[serde(default)]
    pub phases: Vec<Item<PhaseRecord>>,
    /// Entries of the timeline, placed in the body with `::: timeline`.
    #[serde(default)]
    pub timeline: Vec<Item<TimelineRecord>>,
    /// Hub cards, placed in the body with `::: cards GROUP` (a group's, in order) or `::: cards`
    /// (all).
    #[serde(default)]
    pub cards: Vec<Item<CardRecord>>,
}

impl PageFrontMatter {
    /// A front-matter with nothing in it, standing in for one that could not be read.
    pub fn unread() -> PageFrontMatter {
        PageFrontMatter {
            title: Localized { ja: None, en: None },
            draft: false,
            gain: None,
            weight: None,
            layout: PageLayout::Page,
            claims: Vec::new(),
            questions: Vec::new(),
            does_not_claim: Vec::new(),
            env: Vec::new(),
            phase: None,
            phases: Vec::new(),
            timeline: Vec::new(),
            cards: Vec::new(),
        }
    }
}

/// How a page is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PageLayout {
    /// A page to read.
    #[default]
    Page,
    /// A slide deck to present: the title slide, then one slide per `##` section.
    Slides,
    /// A poster: one panel per `##` section, in columns on a wide screen, printed on one A0
    /// sheet, with the claims it cites as badges and a link back to the page.
    Poster,
}

impl PageLayout {
    /// Whether the page is made to present (a deck or a poster) rather than to read: a claim's
    /// card is linked on a page to read when one shows it.
    pub fn presents(self) -> bool {
        self != PageLayout::Page
    }
}

/// How far a phase got.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PhaseStatus {
    /// Finished.
    Done,
    /// Partly done; some of it is blocked or open.
    Partial,
    /// Not started.
    Pending,
}

/// One row of a phase grid.
#[derive(Debug, Clone, Deserialize, JsonSchema, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct PhaseRecord {
    /// Short label, e.g. `A`.
    pub id: String,
    /// What we wanted to know.
    pub question: Bilingual,
    /// What was done.
    pub action: Bilingual,
    /// What was expected.
    pub expected: Bilingual,
    /// What actually happened.
    pub actual: Bilingual,
    /// How far it got.
    pub status: PhaseStatus,
}

/// One card of a hub: a page of this site or of another, with what it is and what it offers.
#[derive(Debug, Clone, Deserialize, JsonSchema, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct CardRecord {
    /// The group it belongs to, a short name: `::: cards GROUP` places the group's cards.
    #[schemars(length(min = 1))]
    pub group: String,
    /// Kind label shown on the card, e.g. `{ ja: スライド, en: Slides }`.
    pub kind: Bilingual,
    /// Title.
    pub title: Bilingual,
    /// One or two sentences on what it is.
    pub description: Bilingual,
    /// What it offers, a few short points.
    #[serde(default)]
    pub bullets: Vec<Bilingual>,
    /// Where it leads: a page of this site (its `.md` source, relative to this file, optionally
    /// with `#anchor`) or an `https://` address.
    #[schemars(length(min = 1))]
    pub link: String,
}

/// One entry of a timeline.
#[derive(Debug, Clone, Deserialize, JsonSchema, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct TimelineRecord {
    /// Day, `YYYY-MM-DD`.
    #[schemars(pattern(DATE_PATTERN))]
    pub date: String,
    /// What happened.
    pub text: Bilingual,
}

/// A standalone observation log (`*.yaml` under `content/`).
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ObservationLog {
    /// A draft: its claims and questions are drafts too (see the page's `draft`).
    #[serde(default)]
    pub draft: bool,
    /// What the log covers.
    #[serde(default)]
    pub title: Option<Localized>,
    /// Day of the observation session, `YYYY-MM-DD`.
    #[serde(default)]
    #[schemars(pattern(DATE_PATTERN))]
    pub date: Option<String>,
    /// Claims recorded in this log.
    #[serde(default)]
    pub claims: Vec<Item<ClaimRecord>>,
    /// Open questions recorded in this log.
    #[serde(default)]
    pub questions: Vec<Item<QuestionRecord>>,
}

/// One claim as written. The `allOf` conditions mirror the per-class rules of the validate
/// stage, so an editor using the schema flags the same claims the tool rejects.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(extend("allOf" = [
    {
        "if": { "properties": { "class": { "const": "confirmed" } }, "required": ["class"] },
        "then": { "required": ["sources", "scope"], "properties": { "sources": { "minItems": 1 }, "scope": { "type": "object" } } }
    },
    {
        "if": { "properties": { "class": { "const": "inferred" } }, "required": ["class"] },
        "then": { "required": ["depends_on"], "properties": { "depends_on": { "minItems": 1 } } }
    },
    {
        "if": { "properties": { "class": { "const": "unresolved" } }, "required": ["class"] },
        "then": { "required": ["blocked_by"], "properties": { "blocked_by": { "type": "object" } } }
    },
    {
        "if": { "properties": { "class": { "const": "limited" } }, "required": ["class"] },
        "then": { "required": ["sources", "limitations"], "properties": { "sources": { "minItems": 1 }, "limitations": { "minItems": 1 } } }
    },
    {
        "if": { "properties": { "lifecycle": { "const": "superseded" } }, "required": ["lifecycle"] },
        "then": { "required": ["superseded_by"], "properties": { "superseded_by": { "type": "string" } } }
    }
]))]
pub struct ClaimRecord {
    /// Stable site-wide ID (lowercase letters, digits, `-`, `_`, `.`).
    #[schemars(pattern(ID_PATTERN))]
    pub id: String,
    /// How well the claim is supported now.
    pub class: Class,
    /// Whether the claim is in force (default `current`).
    #[serde(default)]
    pub lifecycle: Lifecycle,
    /// The statement in both languages.
    pub text: Bilingual,
    /// Where and when the claim holds.
    #[serde(default)]
    pub scope: Option<Scope>,
    /// Where the support comes from.
    #[serde(default)]
    pub sources: Vec<SourceRecord>,
    /// Append-only record of class and lifecycle changes.
    #[serde(default)]
    pub history: Vec<HistoryEvent>,
    /// Claims this one is derived from (required for `inferred`).
    #[serde(default)]
    pub depends_on: Vec<String>,
    /// What keeps an `unresolved` claim from being decided.
    #[serde(default)]
    pub blocked_by: Option<Blocker>,
    /// What the tool of a `limited` claim cannot show.
    #[serde(default)]
    pub limitations: Vec<Limitation>,
    /// The claim that replaces this one (required when `superseded`).
    #[serde(default)]
    #[schemars(pattern(ID_PATTERN))]
    pub superseded_by: Option<String>,
    /// Claims this one replaces.
    #[serde(default)]
    pub supersedes: Vec<String>,
}

/// Where and when a claim holds.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema, serde::Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Scope {
    /// GPU targets, e.g. `gfx1201`.
    #[serde(default)]
    pub gfx: Vec<String>,
    /// Software versions by name; always quoted strings (`rocm: "6.4.1"`).
    #[serde(default)]
    pub software: BTreeMap<String, String>,
    /// Day the claim was observed, `YYYY-MM-DD`.
    #[serde(default)]
    #[schemars(pattern(DATE_PATTERN))]
    pub observed: Option<String>,
}

/// Where support for a claim comes from; `basis` says how it was observed.
#[derive(Debug, Clone, Deserialize, JsonSchema, serde::Serialize, PartialEq)]
#[serde(tag = "basis", rename_all = "snake_case", deny_unknown_fields)]
pub enum SourceRecord {
    /// Source code read at a pinned commit.
    SourceCode {
        /// Repository, `owner/name`.
        repo: String,
        /// Full 40-hex commit the lines were read at. Without it the source is shown as not
        /// pinned, and its link follows the default branch instead of a permalink.
        #[serde(default)]
        #[schemars(pattern(COMMIT_PATTERN))]
        commit: Option<String>,
        /// File path in the repository.
        path: String,
        /// First and last line, 1-based, inclusive, when the record names them.
        #[serde(default)]
        lines: Option<[u32; 2]>,
        /// Exact quote of the lines, if given.
        #[serde(default)]
        quote: Option<String>,
    },
    /// A live command and what it printed.
    Runtime {
        /// The command as run.
        command: String,
        /// Verbatim excerpt of the output.
        output: String,
        /// Where it ran (machine, driver, container).
        #[serde(default)]
        environment: Option<String>,
        /// Day it ran, `YYYY-MM-DD`, when it was recorded.
        #[serde(default)]
        #[schemars(pattern(DATE_PATTERN))]
        date: Option<String>,
    },
    /// Repository history: a commit, pull request or issue.
    History {
        /// Repository, `owner/name`.
        repo: String,
        /// Full 40-hex commit.
        #[serde(default)]
        #[schemars(pattern(COMMIT_PATTERN))]
        commit: Option<String>,
        /// Pull request number.
        #[serde(default)]
        pr: Option<u64>,
        /// Issue number.
        #[serde(default)]
        issue: Option<u64>,
    },
    /// A shipped file inspected with a tool.
    Artifact {
        /// Package or bundle the file comes from.
        #[serde(default)]
        package: Option<String>,
        /// Version of the package, quoted.
        #[serde(default)]
        version: Option<String>,
        /// The file inspected.
        file: String,
        /// The tool and its arguments.
        tool: String,
        /// Verbatim excerpt of the tool's output.
        output: String,
    },
}

/// One event of a claim's history: a change of its class or lifecycle, a review that keeps the
/// class, or a wording fix.
#[derive(Debug, Clone, Deserialize, JsonSchema, serde::Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HistoryEvent {
    /// Day of the change, `YYYY-MM-DD`.
    #[schemars(pattern(DATE_PATTERN))]
    pub date: String,
    /// Class before (`null` for the first event).
    pub from: Option<Class>,
    /// Class after.
    pub to: Class,
    /// Lifecycle after the change, when the event changes it.
    #[serde(default)]
    pub lifecycle: Option<Lifecycle>,
    /// Why, in both languages.
    pub reason: Bilingual,
    /// `substantive` (the default), `review` (looked at again, the class kept) or `editorial`
    /// (the wording corrected).
    #[serde(default)]
    pub kind: ChangeKind,
    /// Indexes (0-based) into the claim's `sources` that support the change.
    #[serde(default)]
    pub sources: Vec<usize>,
}

/// What blocks an unresolved claim or open question.
#[derive(Debug, Clone, Deserialize, JsonSchema, serde::Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Blocker {
    /// `observer` or `not_performed`.
    pub kind: BlockerKind,
    /// What exactly blocks it, in both languages.
    pub detail: Bilingual,
}

/// What a tool cannot show, for a limited claim.
#[derive(Debug, Clone, Deserialize, JsonSchema, serde::Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Limitation {
    /// The tool.
    pub tool: String,
    /// What it cannot show, in both languages.
    pub detail: Bilingual,
}

/// An open question as written.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct QuestionRecord {
    /// Stable site-wide ID (shared namespace with claims).
    #[schemars(pattern(ID_PATTERN))]
    pub id: String,
    /// The question in both languages.
    pub text: Bilingual,
    /// GPU targets the question concerns.
    #[serde(default)]
    pub gfx: Vec<String>,
    /// Claims the question is about.
    #[serde(default)]
    pub about: Vec<String>,
    /// What keeps it open, if known.
    #[serde(default)]
    pub blocked_by: Option<Blocker>,
}

/// `shoko.yaml` at the site root: settings of the whole site. Every field is optional.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SiteConfig {
    /// The path the site is served under, e.g. `/ROCm-pages/` for a GitHub Pages project site.
    /// `serve` previews the site under the same path.
    #[serde(default)]
    pub base_path: Option<String>,
    /// The public URL of the site, for canonical links and the sitemap (`--base-url` wins).
    #[serde(default)]
    pub base_url: Option<String>,
    /// What the site's Atom feeds are named by, kept when the site moves (a feed reader knows its
    /// entries by it): a URI such as `urn:uuid:…` or `tag:example.org,2026:my-site` (`init`
    /// writes one). Without it the public URL stands in, so moving the site makes subscribers
    /// see every entry again.
    #[serde(default)]
    pub feed_id: Option<String>,
    /// The largest content file read, in KiB (default 16384, i.e. 16 MiB); larger files are
    /// reported and skipped.
    #[serde(default)]
    pub max_file_kib: Option<u64>,
    /// The largest file of a local clone that a source cites, in KiB (default 65536, i.e. 64
    /// MiB); a cited file larger than this is not read, and its source is an error.
    #[serde(default)]
    pub max_source_kib: Option<u64>,
    /// Raw HTML in page bodies: `refuse` (the default: `md/raw-html`) or `sanitize` (allowed,
    /// and cleaned of scripts, event handlers, frames, forms and unsafe links).
    #[serde(default)]
    pub raw_html: Option<RawHtml>,
    /// Local clones of the repositories that `source_code` sources cite, by the name written in
    /// their `repo` field: `ROCm/rocBLAS: ../clones/rocBLAS` (a path relative to the site root),
    /// or `{ path: ../clones/rocBLAS, ref: develop }` to compare pinned lines with a branch or
    /// tag other than the clone's `HEAD`. `check` verifies each such source against its clone.
    #[serde(default)]
    pub repos: BTreeMap<String, CloneRecord>,
    /// The site's repository on GitHub, e.g. `https://github.com/OWNER/NAME`: each content
    /// page links to its source's edit page, and each claim card to its record's line.
    #[serde(default)]
    pub repository: Option<String>,
    /// The branch the edit links open (default `main`).
    #[serde(default)]
    pub branch: Option<String>,
    /// For a repository elsewhere: the edit page's address with `{path}` for the file's path
    /// from the repository's root, e.g. `https://git.example.org/me/notes/-/edit/main/{path}`
    /// (over `repository`; claim cards then link to their file's edit page).
    #[serde(default)]
    pub edit_url: Option<String>,
    /// More words that `claim/assertive-wording` looks for in claims that are not confirmed,
    /// in either language (the built-in ones are listed in the README).
    #[serde(default)]
    pub assertive_words: Vec<String>,
}

/// Where a repository's local clone is: a path, or a path and the ref to compare with.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum CloneRecord {
    /// The clone's folder, relative to the site root; compared at its `HEAD`.
    Path(String),
    /// The clone's folder and a ref (branch, tag or commit) to compare pinned lines with.
    WithRef {
        /// The clone's folder, relative to the site root.
        path: String,
        /// A branch, tag or commit of the clone (default: its `HEAD`).
        #[serde(rename = "ref")]
        reference: String,
    },
}

/// What a build does with raw HTML in page bodies.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RawHtml {
    /// An error (`md/raw-html`) with the Markdown to write instead.
    #[default]
    Refuse,
    /// Allowed, and sanitised (`ammonia`) before it is published.
    Sanitize,
}

/// Where a GPU generation's investigation stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetStatus {
    /// Observation is under way.
    Active,
    /// Phases are done; the investigation goes on.
    Ongoing,
    /// Only the framework exists; observation has not started.
    Scaffold,
}

/// One GPU target (`content/_data/targets.yaml`).
#[derive(Debug, Clone, Deserialize, JsonSchema, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct TargetRecord {
    /// LLVM target name, e.g. `gfx1201`.
    #[schemars(pattern(GFX_PATTERN))]
    pub gfx: String,
    /// Family as in LLVM's AMDGPU processor table, e.g. `RDNA 4`.
    pub family: String,
    /// Short generation label used across the site, e.g. `RDNA4`.
    pub generation: String,
    /// Products, e.g. `RX 9070 XT`.
    pub products: Vec<String>,
    /// How observation works on this generation ("observation worldview").
    pub worldview: Bilingual,
    /// Where the investigation stands.
    pub status: TargetStatus,
    /// The status in words.
    pub status_text: Bilingual,
    /// The page about this generation, relative to `content/`.
    #[serde(default)]
    pub page: Option<String>,
}

/// A GPU target the site names (in a fatbin's list, say) but does not observe.
#[derive(Debug, Clone, Deserialize, JsonSchema, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct MentionedRecord {
    /// LLVM target name, e.g. `gfx1100`.
    #[schemars(pattern(GFX_PATTERN))]
    pub gfx: String,
    /// Family as in LLVM's AMDGPU processor table, e.g. `RDNA 3`.
    pub family: String,
    /// Products, e.g. `RX 7900 XTX`.
    #[serde(default)]
    pub products: Vec<String>,
}

/// `content/_data/targets.yaml`: the GPU targets the site observes, and those it only names.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TargetsFile {
    /// The targets, in display order.
    pub targets: Vec<Item<TargetRecord>>,
    /// Targets that claims' scopes and questions may name without the site observing them.
    #[serde(default)]
    pub mentioned: Vec<Item<MentionedRecord>>,
}

/// One glossary term (`content/_data/glossary.yaml`).
#[derive(Debug, Clone, Deserialize, JsonSchema, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct TermRecord {
    /// Stable ID, also the anchor on the glossary page.
    #[schemars(pattern(ID_PATTERN))]
    pub id: String,
    /// The term as it appears in text, per language (e.g. `kernel` / `カーネル`).
    pub term: Bilingual,
    /// Other spellings that also count as a use of the term.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// What readers may type to find the term, in either language, without the site linking
    /// those words to it (readings and loanword spellings such as `フォールバック` for
    /// `fallback`, synonyms): search finds the term, and the pages that use it, by these.
    #[serde(default)]
    pub readings: Vec<String>,
    /// A short plain-language explanation.
    pub gloss: Bilingual,
}

/// `content/_data/glossary.yaml`: the shared glossary.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GlossaryFile {
    /// The terms, in display order.
    pub terms: Vec<Item<TermRecord>>,
}

/// The JSON Schema (draft 2020-12) of every file kind: a document is valid if it is a valid page
/// front-matter, observation log, targets file or glossary; each kind is also under `$defs`.
pub fn json_schema() -> serde_json::Value {
    let mut generator = schemars::generate::SchemaSettings::draft2020_12().into_generator();
    let page = generator.subschema_for::<PageFrontMatter>();
    let log = generator.subschema_for::<ObservationLog>();
    let targets = generator.subschema_for::<TargetsFile>();
    let glossary = generator.subschema_for::<GlossaryFile>();
    let defs = generator.take_definitions(true);
    serde_json::json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Front-matter of evidence pages and observation logs",
        "anyOf": [page, log, targets, glossary],
        "$defs": defs,
    })
}

/// Whether `name` is a field of some record of the schema (of any file kind, at any depth).
pub fn is_field_anywhere(name: &str) -> bool {
    static FIELDS: std::sync::OnceLock<std::collections::BTreeSet<String>> = std::sync::OnceLock::new();
    fn collect(value: &serde_json::Value, into: &mut std::collections::BTreeSet<String>) {
        match value {
            serde_json::Value::Object(map) => {
                if let Some(serde_json::Value::Object(properties)) = map.get("properties") {
                    into.extend(properties.keys().cloned());
                }
                map.values().for_each(|v| collect(v, into));
            }
            serde_json::Value::Array(items) => items.iter().for_each(|v| collect(v, into)),
            _ => {}
        }
    }
    FIELDS
        .get_or_init(|| {
            let mut fields = std::collections::BTreeSet::new();
            collect(&json_schema(), &mut fields);
            fields
        })
        .contains(name)
}

/// The record types read as list elements one by one ([`Item`]), by the key that names each.
mod named {
    use super::*;
    use crate::yaml::Named;

    impl Named for ClaimRecord {}
    impl Named for QuestionRecord {}
    impl Named for PhaseRecord {}
    impl Named for TimelineRecord {}
    impl Named for CardRecord {}
    impl Named for TermRecord {}
    impl Named for TargetRecord {
        const KEY: &'static str = "gfx";
    }
    impl Named for MentionedRecord {
        const KEY: &'static str = "gfx";
    }
}
