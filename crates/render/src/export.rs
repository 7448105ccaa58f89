//! `claims.json`: the record as data other tools read, a versioned contract. Every claim with
//! its class, lifecycle, texts, scope, sources (each with the link it can be read at: a
//! permalink for a pinned source), premises and dependents, history, where it is shown in each
//! language and where the claims index lists it (absolute URLs when the site's public URL is
//! known), and the states derived from the rest of the record (needs review, a translation
//! behind, lines changed upstream); and every open question. The JSON Schema of the file
//! ([`claims_schema`], published as `schema/claims.schema.json`) is generated from the same
//! types, so the two cannot drift.

use crate::cards::source_link;
use crate::context::{Ctx, INDEX_PAGE_SIZE, SitePage};
use schemars::JsonSchema;
use serde::Serialize;
use shoko_markdown::Lang;
use shoko_model::dates::iso_date;
use shoko_model::upstream::Now;
use shoko_model::{Blocker, Claim, DocId, Event, Limitation, Scope, Source, Texts};
use shoko_model::{Class, Lifecycle};
use shoko_vocab::{claim_anchor, question_anchor};
use std::collections::BTreeMap;

/// The format of `claims.json`: its major version changes with anything a reader may rely on.
pub const CLAIMS_FORMAT: &str = "shoko-claims/1";

/// The whole file.
#[derive(Serialize, JsonSchema)]
#[schemars(title = "claims.json", description = "The claims and open questions of a site built by shoko.")]
struct Export<'a> {
    /// The format: `shoko-claims/1`. A reader checks it; another major version may differ in
    /// anything.
    #[schemars(extend("const" = CLAIMS_FORMAT))]
    format: &'static str,
    /// The program that wrote the file and its version (`shoko 0.1.0`).
    generator: String,
    /// The site's public URL (from `--base-url` or `base_url`), without a trailing slash; every
    /// `url` is absolute when it is given, else relative to the site's root.
    base_url: Option<&'a str>,
    /// Every claim, in ID order.
    #[schemars(with = "Vec<ClaimExport<'static>>")]
    claims: AllClaims<'a>,
    /// Every open question, in ID order.
    questions: Vec<QuestionExport<'a>>,
}

/// One claim.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "Claim")]
struct ClaimExport<'a> {
    /// Its ID, stable across the site's history.
    id: &'a str,
    /// How well it is supported now.
    class: Class,
    /// Whether it is in force.
    lifecycle: Lifecycle,
    /// The statement in both languages.
    text: &'a Texts,
    /// Where and when it holds.
    scope: &'a Option<Scope>,
    /// Where its support comes from, each with the link it can be read at.
    sources: Vec<SourceExport<'a>>,
    /// The claims it is inferred from.
    depends_on: Vec<&'a str>,
    /// The claims inferred from it.
    dependents: Vec<&'a str>,
    /// What blocks it (unresolved claims).
    blocked_by: &'a Option<Blocker>,
    /// What the tools cannot show (limited claims).
    limitations: &'a [Limitation],
    /// The claim that replaces it (superseded claims).
    superseded_by: Option<&'a str>,
    /// The claims it replaces.
    supersedes: Vec<&'a str>,
    /// Every change of its class or lifecycle, oldest first.
    history: &'a [Event],
    /// The file that declares it, from the site root (`content/logs/rocblas.yaml`).
    declared_in: String,
    /// The pages that show its card, in both languages: first the one its card is linked at from
    /// elsewhere (the first page to read that shows it; a deck or poster only when no other does).
    shown_on: Vec<Shown>,
    /// Its row in the claims index, in both languages.
    listed_in: Places,
    /// Why it needs review (`null` when it does not): the premises from its own to the one that
    /// changed, the change and its date, and the claim's last history event before it.
    needs_review: Option<&'a shoko_model::review::NeedsReview>,
    /// The language whose statement is behind the other's in the site's history (its partner
    /// was revised after it), or `null`.
    translation_behind: Option<&'static str>,
    /// Its sources whose cited lines moved, changed or went away at a later commit of their
    /// repository's local clone.
    changed_upstream: Vec<UpstreamExport<'a>>,
}

/// A source with the link it can be read at.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "LinkedSource")]
struct SourceExport<'a> {
    /// The source as recorded; `basis` says which fields it has.
    #[serde(flatten)]
    source: &'a Source,
    /// Where it can be read: a pinned source-code source's permalink (commit, path, lines), an
    /// unpinned one's default branch, a history source's commit, pull request or issue; `null`
    /// for runtime and artifact sources and repositories not hosted where a link can be made.
    link: Option<String>,
}

/// A change upstream of one source's cited lines.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "UpstreamChange")]
struct UpstreamExport<'a> {
    /// Which source (index into `sources`).
    source: usize,
    /// The ref compared with (`HEAD` by default).
    reference: &'a str,
    /// Its full commit.
    commit: &'a str,
    /// The day of that commit.
    #[schemars(with = "String")]
    date: String,
    /// `moved` (the same text at other lines), `changed` (the text is not there), `removed`
    /// (the file is gone) or `renamed` (the text is in a file at another path).
    now: &'static str,
    /// The lines the text is at now, when it moved.
    lines: Option<[u32; 2]>,
    /// The file's path now, when it was renamed.
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<&'a str>,
}

/// A place on the site in both languages.
#[derive(Serialize, JsonSchema)]
struct Places {
    /// The Japanese page.
    ja: Place,
    /// The English page.
    en: Place,
}

/// A page that shows a claim's card.
#[derive(Serialize, JsonSchema)]
struct Shown {
    /// The page's source file, from the site root (`content/gpu/gfx1201/index.md`).
    page: String,
    /// The Japanese page.
    ja: Place,
    /// The English page.
    en: Place,
}

/// One place in one language.
#[derive(Serialize, JsonSchema)]
struct Place {
    /// The page's file from the site root (`ja/gpu/gfx1201/index.html`).
    path: String,
    /// The element's ID on it (`claim-ID`, `q-ID`).
    anchor: String,
    /// The address of the element: with the site's public URL its absolute canonical address
    /// (the page's folder, as the page's canonical link gives it), else `path#anchor`.
    url: String,
}

/// One open question.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "Question")]
struct QuestionExport<'a> {
    /// Its ID.
    id: &'a str,
    /// The question in both languages.
    text: &'a Texts,
    /// The GPU targets it concerns.
    gfx: &'a [String],
    /// The claims it is about.
    about: Vec<&'a str>,
    /// What keeps it open.
    blocked_by: &'a Option<Blocker>,
    /// The file that declares it, from the site root.
    declared_in: String,
    /// Where the open-questions page lists it, in both languages.
    listed_in: Places,
}

impl Place {
    fn at(cx: &Ctx<'_>, dir: &str, anchor: String) -> Place {
        Place { path: [dir, crate::owned::INDEX_PAGE].concat(), url: cx.address(dir, Some(&anchor)), anchor }
    }
}

/// Every claim, serialized one at a time (the list is never built: at 45,000 claims it would be
/// tens of megabytes held only to be written out).
struct AllClaims<'a> {
    cx: &'a Ctx<'a>,
    /// For each claim, the claims that name it in `depends_on`.
    dependents: BTreeMap<&'a str, Vec<&'a str>>,
}

impl Serialize for AllClaims<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let cx = self.cx;
        serializer.collect_seq(cx.site.claims().values().map(|d| {
            let c = &cx.site.doc(d.doc).claims[d.index];
            let part = d.ordinal / INDEX_PAGE_SIZE;
            let index = |lang| Place::at(cx, &Ctx::site_part_dir(SitePage::Claims, lang, part), claim_anchor(&c.id));
            ClaimExport {
                id: &c.id.0,
                class: c.class,
                lifecycle: c.lifecycle,
                text: &c.text,
                scope: &c.scope,
                sources: c.sources.iter().map(|s| SourceExport { source: s, link: source_link(s) }).collect(),
                depends_on: c.depends_on.iter().map(|r| r.id.0.as_str()).collect(),
                dependents: self.dependents.get(c.id.0.as_str()).cloned().unwrap_or_default(),
                blocked_by: &c.blocked_by,
                limitations: &c.limitations,
                superseded_by: c.superseded_by.as_ref().map(|r| r.id.0.as_str()),
                supersedes: c.supersedes.iter().map(|r| r.id.0.as_str()).collect(),
                history: &c.history,
                declared_in: declared_in(cx, d.doc),
                shown_on: cx
                    .site
                    .shown_home_first(&c.id)
                    .into_iter()
                    .map(|p| Shown {
                        page: declared_in(cx, p),
                        ja: Place::at(cx, cx.page_dir(p, Lang::Ja), claim_anchor(&c.id)),
                        en: Place::at(cx, cx.page_dir(p, Lang::En), claim_anchor(&c.id)),
                    })
                    .collect(),
                listed_in: Places { ja: index(Lang::Ja), en: index(Lang::En) },
                needs_review: cx.site.needs_review().get(&c.id),
                translation_behind: translation_behind(cx, d.doc, c),
                changed_upstream: changed_upstream(cx, c),
            }
        }))
    }
}

/// The content file of document `doc`, from the site root.
fn declared_in(cx: &Ctx<'_>, doc: DocId) -> String {
    shoko_vocab::ContentPath(&cx.site.doc(doc).path).to_string()
}

/// The language whose text of `claim` (declared in `doc`) is behind, if one is.
fn translation_behind(cx: &Ctx<'_>, doc: DocId, claim: &Claim) -> Option<&'static str> {
    let name = shoko_model::pairs::claim_text(&claim.id.0);
    cx.site.drift().get(&doc)?.iter().find(|d| d.pair == name).map(|d| d.behind.code())
}

/// The changes upstream of `claim`'s sources.
fn changed_upstream<'a>(cx: &'a Ctx<'_>, claim: &Claim) -> Vec<UpstreamExport<'a>> {
    cx.site
        .upstream()
        .iter()
        .filter(|(at, _)| at.claim == claim.id)
        .map(|(at, change)| {
            let (now, lines, path) = match &change.now {
                Now::Moved(lines) => ("moved", Some(*lines), None),
                Now::Changed => ("changed", None, None),
                Now::Removed => ("removed", None, None),
                Now::Renamed { path, lines } => ("renamed", *lines, Some(path.as_str())),
            };
            UpstreamExport {
                source: at.source,
                reference: &change.reference,
                commit: &change.commit,
                date: iso_date(change.date),
                now,
                lines,
                path,
            }
        })
        .collect()
}

/// `claims.json` as the record it is written from (see `streams`).
pub(crate) fn claims_export<'a>(cx: &'a Ctx<'a>) -> impl serde::Serialize + 'a {
    let mut dependents: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for d in cx.site.claims().values() {
        let c = &cx.site.doc(d.doc).claims[d.index];
        for premise in &c.depends_on {
            dependents.entry(premise.id.0.as_str()).or_default().push(c.id.0.as_str());
        }
    }
    let questions = cx
        .site
        .questions()
        .values()
        .map(|d| {
            let q = &cx.site.doc(d.doc).questions[d.index];
            let listed = |lang| Place::at(cx, &Ctx::site_page_dir(SitePage::Questions, lang), question_anchor(&q.id));
            QuestionExport {
                id: &q.id.0,
                text: &q.text,
                gfx: &q.gfx,
                about: q.about.iter().map(|r| r.id.0.as_str()).collect(),
                blocked_by: &q.blocked_by,
                declared_in: declared_in(cx, d.doc),
                listed_in: Places { ja: listed(Lang::Ja), en: listed(Lang::En) },
            }
        })
        .collect();
    Export {
        format: CLAIMS_FORMAT,
        generator: format!("shoko {}", env!("CARGO_PKG_VERSION")),
        base_url: cx.base_url.as_deref(),
        claims: AllClaims { cx, dependents },
        questions,
    }
}

/// The JSON Schema of `claims.json`, generated from the types that write it.
pub fn claims_schema() -> String {
    let schema = schemars::schema_for!(Export<'static>);
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}
