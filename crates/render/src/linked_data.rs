//! Linked data in every content page: a JSON-LD script that describes the page as a schema.org
//! `TechArticle` in its language, tied to its translation (`workTranslation` from the Japanese
//! original, `translationOfWork` from the English), with the claims it shows as `Claim` items:
//! the statement, the evidence class and lifecycle, and their sources (`citation`), a
//! source-code source as the `SoftwareSourceCode` it is based on (repository, commit, path,
//! permalink). The context is written inline (schema.org as the vocabulary), so a processor
//! expands it without fetching anything. Text can hold `<`: it is written `\u003c`, so nothing in
//! a claim can end the script element.

use crate::cards::source_link;
use crate::context::Ctx;
use serde_json::{Value, json};
use shoko_markdown::Lang;
use shoko_model::{Claim, Source};
use shoko_vocab::claim_anchor;

/// The JSON-LD of the page at `here` in `lang` (its translation at `other`) titled `title`,
/// showing `cards`; ready to stand inside a script element.
pub fn page_json_ld(cx: &Ctx<'_>, here: &str, other: &str, lang: Lang, title: &str, cards: &[&Claim]) -> String {
    let url = cx.url_from(here, here);
    let translation = json!({ "@id": cx.url_from(here, other) });
    let mut page = json!({
        "@context": { "@vocab": "https://schema.org/" },
        "@type": "TechArticle",
        "@id": url,
        "url": url,
        "headline": title,
        "inLanguage": lang.code(),
        "isPartOf": { "@type": "WebSite", "name": cx.t(lang, "site-title") },
        "hasPart": cards.iter().map(|c| claim(&url, lang, c)).collect::<Vec<_>>(),
    });
    let key = match lang {
        Lang::Ja => "workTranslation",
        Lang::En => "translationOfWork",
    };
    page[key] = translation;
    // `<` and `>` only occur inside strings in JSON; escaped there, they cannot end the script.
    page.to_string().replace('<', "\\u003c").replace('>', "\\u003e")
}

/// One claim shown on the page at `url`.
fn claim(url: &str, lang: Lang, c: &Claim) -> Value {
    let mut item = json!({
        "@type": "Claim",
        "@id": format!("{url}#{}", claim_anchor(&c.id)),
        "identifier": c.id.0,
        "text": c.text.get(lang),
        "inLanguage": lang.code(),
        "additionalProperty": [
            { "@type": "PropertyValue", "name": "evidenceClass", "value": c.class.as_str() },
            { "@type": "PropertyValue", "name": "lifecycle", "value": c.lifecycle.as_str() },
        ],
    });
    let citations: Vec<Value> = c.sources.iter().map(citation).collect();
    if !citations.is_empty() {
        item["citation"] = Value::Array(citations);
    }
    let code: Vec<Value> = c.sources.iter().filter_map(software_source_code).collect();
    if !code.is_empty() {
        item["isBasedOn"] = Value::Array(code);
    }
    if let Some(scope) = c.scope.as_ref().filter(|s| !s.gfx.is_empty()) {
        item["keywords"] = json!(scope.gfx);
    }
    item
}

/// A source as a citation: a creative work named by what it records, with its link.
fn citation(source: &Source) -> Value {
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
    let mut work = json!({ "@type": "CreativeWork", "name": name });
    if let Some(link) = source_link(source) {
        work["url"] = json!(link);
    }
    work
}

/// A source-code source as the code it is based on.
fn software_source_code(source: &Source) -> Option<Value> {
    let Source::SourceCode { repo, commit, path, .. } = source else { return None };
    let repository = crate::cards::github(repo).unwrap_or_else(|| repo.clone());
    let mut code = json!({ "@type": "SoftwareSourceCode", "codeRepository": repository, "name": path });
    if let Some(commit) = commit {
        code["version"] = json!(commit);
    }
    if let Some(link) = source_link(source) {
        code["url"] = json!(link);
    }
    Some(code)
}
