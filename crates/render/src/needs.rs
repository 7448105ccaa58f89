//! `needs.json`: the claims and open questions in the needs exchange format that sphinx-needs'
//! `needimport` directive reads, so researchers who keep requirements or lab notes in Sphinx can
//! pull the record in. Each language is a version of the file (`en`, the current one, and
//! `ja`: `:version: ja` imports the Japanese texts); claims are needs of type `claim` whose
//! `status` is their evidence class, `links` their premises and `supersedes` (a link type the
//! importing project declares) the claims they replace; questions are needs of type `question`,
//! linked to the claims they are about. Extra fields (`lifecycle`, `gfx`, `url`, `declared_in`)
//! are listed in the README for the importing project's `needs_fields`.

use crate::context::{Ctx, SitePage};
use serde::Serialize;
use shoko_markdown::Lang;
use shoko_model::ClaimId;
use shoko_model::link::Declared;
use shoko_vocab::{claim_anchor, question_anchor};
use std::collections::BTreeMap;

/// The exchange format's version this file is written in.
const FORMAT_VERSION: u32 = 1;

#[derive(Serialize)]
struct NeedsFile<'a> {
    format_version: u32,
    project: String,
    current_version: &'static str,
    versions: BTreeMap<&'static str, Version<'a>>,
}

#[derive(Serialize)]
struct Version<'a> {
    needs: Needs<'a>,
    needs_amount: usize,
}

#[derive(Serialize)]
struct Need<'a> {
    id: &'a str,
    #[serde(rename = "type")]
    kind: &'static str,
    title: &'a str,
    content: String,
    status: &'static str,
    tags: Vec<&'a str>,
    links: Vec<&'a str>,
    supersedes: Vec<&'a str>,
    lifecycle: &'static str,
    gfx: String,
    url: String,
    declared_in: String,
}

/// The needs of one language, by ID, each made as it is written: held, the needs of a
/// 10,000-page site were some 40 MiB of a build's peak.
struct Needs<'a> {
    cx: &'a Ctx<'a>,
    lang: Lang,
}

/// A claim or a question, under its ID: where it is declared.
enum Entry<'a> {
    Claim(&'a Declared),
    Question(&'a Declared),
}

impl<'a> Needs<'a> {
    /// Every ID in order, with what it names: claims and questions merged (a question wins an ID
    /// both use, as it did when both were put in one map).
    fn entries(&self) -> impl Iterator<Item = (&'a ClaimId, Entry<'a>)> + 'a {
        let mut claims = self.cx.site.claims().iter().peekable();
        let mut questions = self.cx.site.questions().iter().peekable();
        std::iter::from_fn(move || match (claims.peek(), questions.peek()) {
            (Some((c, _)), Some((q, _))) if c < q => claims.next().map(|(id, d)| (id, Entry::Claim(d))),
            (Some((c, _)), Some((q, _))) if c == q => {
                claims.next();
                questions.next().map(|(id, d)| (id, Entry::Question(d)))
            }
            (Some(_), None) => claims.next().map(|(id, d)| (id, Entry::Claim(d))),
            _ => questions.next().map(|(id, d)| (id, Entry::Question(d))),
        })
    }

    /// The need `id` names.
    fn need(&self, id: &'a ClaimId, entry: &Entry<'a>) -> Need<'a> {
        let (cx, lang) = (self.cx, self.lang);
        match entry {
            Entry::Claim(d) => {
                let c = &cx.site.doc(d.doc).claims[d.index];
                let dir = cx.card_dir(id, lang);
                let gfx: Vec<&str> = c.scope.iter().flat_map(|s| s.gfx.iter().map(String::as_str)).collect();
                Need {
                    id: &id.0,
                    kind: "claim",
                    title: c.text.get(lang),
                    content: String::new(),
                    status: c.class.as_str(),
                    tags: gfx.clone(),
                    links: c.depends_on.iter().map(|r| r.id.0.as_str()).collect(),
                    supersedes: c.supersedes.iter().map(|r| r.id.0.as_str()).collect(),
                    lifecycle: c.lifecycle.as_str(),
                    gfx: gfx.join(","),
                    url: cx.address(&dir, Some(&claim_anchor(id))),
                    declared_in: shoko_vocab::ContentPath(&cx.site.doc(d.doc).path).to_string(),
                }
            }
            Entry::Question(d) => {
                let q = &cx.site.doc(d.doc).questions[d.index];
                Need {
                    id: &id.0,
                    kind: "question",
                    title: q.text.get(lang),
                    content: String::new(),
                    status: "open",
                    tags: q.gfx.iter().map(String::as_str).collect(),
                    links: q.about.iter().map(|r| r.id.0.as_str()).collect(),
                    supersedes: Vec::new(),
                    lifecycle: "current",
                    gfx: q.gfx.join(","),
                    url: cx.address(&Ctx::site_page_dir(SitePage::Questions, lang), Some(&question_anchor(id))),
                    declared_in: shoko_vocab::ContentPath(&cx.site.doc(d.doc).path).to_string(),
                }
            }
        }
    }
}

impl Serialize for Needs<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.entries().count()))?;
        for (id, entry) in self.entries() {
            map.serialize_entry(id.0.as_str(), &self.need(id, &entry))?;
        }
        map.end()
    }
}

/// The needs of `lang`.
fn version<'a>(cx: &'a Ctx<'a>, lang: Lang) -> Version<'a> {
    let needs = Needs { cx, lang };
    Version { needs_amount: needs.entries().count(), needs }
}

/// `needs.json` as the record it is written from (see `streams`).
pub(crate) fn needs_file<'a>(cx: &'a Ctx<'a>) -> impl Serialize + 'a {
    NeedsFile {
        format_version: FORMAT_VERSION,
        project: cx.t(Lang::En, "site-title"),
        current_version: Lang::En.code(),
        versions: Lang::ALL.iter().map(|&lang| (lang.code(), version(cx, lang))).collect(),
    }
}
