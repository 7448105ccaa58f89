//! Linked data in every content page: a JSON-LD script that describes the page as a schema.org
//! `TechArticle` in its language, tied to its translation (`workTranslation` from the Japanese
//! original, `translationOfWork` from the English), with the claims it shows as `Claim` items:
//! the statement, the evidence class and lifecycle, and their sources (`citation`), a
//! source-code source as the `SoftwareSourceCode` it is based on (repository, commit, path,
//! permalink). The context is written inline (schema.org as the vocabulary), so a processor
//! expands it without fetching anything. Text can hold `<`: it is written `\u003c`, so nothing in
//! a claim can end the script element.
//!
//! Written from typed records that borrow the model (a `serde_json::Value` tree per page, built
//! and dropped, was 5% of a cold build's CPU time at 10,000 pages per language). The fields of
//! each record are in name order, as JSON objects were written before.

use crate::cards::source_link;
use crate::context::Ctx;
use serde::Serialize;
use shoko_markdown::Lang;
use shoko_model::{Claim, Source};
use shoko_vocab::claim_anchor;

/// The page.
#[derive(Serialize)]
struct Page<'a> {
    #[serde(rename = "@context")]
    context: Vocab,
    #[serde(rename = "@id")]
    id: &'a str,
    #[serde(rename = "@type")]
    kind: &'static str,
    #[serde(rename = "hasPart")]
    has_part: Vec<ClaimItem<'a>>,
    headline: &'a str,
    #[serde(rename = "inLanguage")]
    in_language: &'static str,
    #[serde(rename = "isPartOf")]
    is_part_of: Named<'a>,
    /// The Japanese original, from the English page.
    #[serde(rename = "translationOfWork", skip_serializing_if = "Option::is_none")]
    translation_of_work: Option<Reference>,
    url: &'a str,
    /// The English translation, from the Japanese page.
    #[serde(rename = "workTranslation", skip_serializing_if = "Option::is_none")]
    work_translation: Option<Reference>,
}

/// The inline context: schema.org as the vocabulary.
#[derive(Serialize)]
struct Vocab {
    #[serde(rename = "@vocab")]
    vocab: &'static str,
}

/// A node by its ID.
#[derive(Serialize)]
struct Reference {
    #[serde(rename = "@id")]
    id: String,
}

/// A node of a type with a name.
#[derive(Serialize)]
struct Named<'a> {
    #[serde(rename = "@type")]
    kind: &'static str,
    name: &'a str,
}

/// A claim shown on the page.
#[derive(Serialize)]
struct ClaimItem<'a> {
    #[serde(rename = "@id")]
    id: String,
    #[serde(rename = "@type")]
    kind: &'static str,
    #[serde(rename = "additionalProperty")]
    additional_property: [Property; 2],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    citation: Vec<Citation>,
    identifier: &'a str,
    #[serde(rename = "inLanguage")]
    in_language: &'static str,
    #[serde(rename = "isBasedOn", skip_serializing_if = "Vec::is_empty")]
    is_based_on: Vec<Code<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    keywords: Option<&'a [String]>,
    text: &'a str,
}

/// A property of a claim.
#[derive(Serialize)]
struct Property {
    #[serde(rename = "@type")]
    kind: &'static str,
    name: &'static str,
    value: &'static str,
}

/// A source as a citation: a creative work named by what it records, with its link.
#[derive(Serialize)]
struct Citation {
    #[serde(rename = "@type")]
    kind: &'static str,
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
}

/// A source-code source as the code a claim is based on.
#[derive(Serialize)]
struct Code<'a> {
    #[serde(rename = "@type")]
    kind: &'static str,
    /// A URL, as schema.org has it: given only when the repository's address is known.
    #[serde(rename = "codeRepository", skip_serializing_if = "Option::is_none")]
    code_repository: Option<String>,
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    version: Option<&'a str>,
}

/// The JSON-LD of the page at `here` in `lang` (its translation at `other`) titled `title`,
/// showing `cards`; ready to stand inside a script element.
pub fn page_json_ld(cx: &Ctx<'_>, here: &str, other: &str, lang: Lang, title: &str, cards: &[&Claim]) -> String {
    let url = cx.url_from(here, here);
    let translation = Some(Reference { id: cx.url_from(here, other) });
    let (translation_of_work, work_translation) = match lang {
        Lang::Ja => (None, translation),
        Lang::En => (translation, None),
    };
    let site = cx.t(lang, "site-title");
    let page = Page {
        context: Vocab { vocab: "https://schema.org/" },
        id: &url,
        kind: "TechArticle",
        has_part: cards.iter().map(|c| claim(&cx.url_from(here, &cx.card_dir(&c.id, lang)), lang, c)).collect(),
        headline: title,
        in_language: lang.code(),
        is_part_of: Named { kind: "WebSite", name: &site },
        translation_of_work,
        url: &url,
        work_translation,
    };
    let json = serde_json::to_string(&page).unwrap_or_default();
    // `<` and `>` only occur inside strings in JSON; escaped there, they cannot end the script.
    if json.contains(['<', '>']) { json.replace('<', "\\u003c").replace('>', "\\u003e") } else { json }
}

/// One claim, whose card to read (the same on every page that shows it, so that the claim is
/// one node wherever it is found) is on the page at `url`.
fn claim<'a>(url: &str, lang: Lang, c: &'a Claim) -> ClaimItem<'a> {
    let property = |name, value| Property { kind: "PropertyValue", name, value };
    ClaimItem {
        id: crate::urls::at(url.to_owned(), &claim_anchor(&c.id)),
        kind: "Claim",
        additional_property: [property("evidenceClass", c.class.as_str()), property("lifecycle", c.lifecycle.as_str())],
        citation: c.sources.iter().map(citation).collect(),
        identifier: &c.id.0,
        in_language: lang.code(),
        is_based_on: c.sources.iter().filter_map(software_source_code).collect(),
        keywords: c.scope.as_ref().map(|s| s.gfx.as_slice()).filter(|gfx| !gfx.is_empty()),
        text: c.text.get(lang),
    }
}

/// A source as a citation.
fn citation(source: &Source) -> Citation {
    let name = match source {
        Source::SourceCode { repo, path, .. } => format!("{repo}: {path}"),
        Source::Runtime { command, .. } => command.clone(),
        Source::History { repo, commit, pr, issue } => {
            let what =
                commit.clone().or_else(|| pr.map(|n| format!("#{n}"))).or_else(|| issue.map(|n| format!("#{n}")));
            format!("{repo} {}", what.unwrap_or_default()).trim_end().to_owned()
        }
        Source::Artifact { file, tool, .. } => format!("{file} ({tool})"),
    };
    Citation { kind: "CreativeWork", name, url: source_link(source) }
}

/// A source-code source as the code it is based on.
fn software_source_code(source: &Source) -> Option<Code<'_>> {
    let Source::SourceCode { repo, commit, path, .. } = source else { return None };
    Some(Code {
        kind: "SoftwareSourceCode",
        code_repository: crate::cards::github(repo),
        name: path,
        url: source_link(source),
        version: commit.as_deref(),
    })
}
