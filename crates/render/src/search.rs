//! The search index of each language (see `shoko-search`): a record for each section of each
//! content page (under its heading's anchor), each claim (at its card on the first page that
//! shows it, else in the claims index), each open question and each glossary term, grouped by
//! the page they are on. The other generated pages are not indexed: they repeat what these
//! records hold.
//!
//! What finds a record without being shown (`Record::hidden`): a page's environment, a claim's
//! or question's scope, and the glossary's names: a record whose text names a term (its
//! spelling in either language, an alias or one of its `readings`) is found by all of the
//! term's names, so `フォールバック` finds the sections that write `fallback`.

use crate::context::{Ctx, SitePage, SitePageExt};
use crate::plan::Job;
use crate::urls::{at, encode_fragment};
use shoko_markdown::Lang;
use shoko_model::{ClaimId, DocId, SiteModel};
use shoko_search::{Group, Kind, Record, Update};
use shoko_vocab::{claim_anchor, question_anchor, term_anchor};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

/// The folder of the indexes, from the site root; each language's is below it (`search/ja`).
pub const SEARCH_DIR: &str = "search";

/// The folder of `lang`'s index, from the site root.
pub fn index_dir(lang: Lang) -> String {
    [SEARCH_DIR, "/", lang.code()].concat()
}

/// How many token files and document buckets the indexes of `site` have: they change only with
/// the number of pages, claims and questions, so an edit that keeps it rewrites the same set of
/// files.
pub fn files(site: &SiteModel) -> shoko_search::Files {
    shoko_search::files_for(site.pages().len(), site.pages().len() + site.claims().len() + site.questions().len())
}

/// The files of `lang`'s index, by path from the site root (`memos` and `patch`: see
/// `RenderInput`), handed to `emit` a batch at a time: only those that changed when `patch`
/// allows an update, else every file.
pub fn index_files(
    cx: &Ctx<'_>,
    lang: Lang,
    memos: &[shoko_search::Memo; 2],
    patch: Option<&[Job]>,
    emit: &mut dyn FnMut(BTreeMap<String, Vec<u8>>),
) {
    let dir = index_dir(lang);
    let memo = match lang {
        Lang::Ja => &memos[0],
        Lang::En => &memos[1],
    };
    let count = files(cx.site);
    let mut emit = |files: BTreeMap<String, Vec<u8>>| {
        emit(files.into_iter().map(|(name, bytes)| (format!("{dir}/{name}"), bytes)).collect());
    };
    let updated = patch.filter(|_| memo.can_update(&dir, count)).is_some_and(|jobs| {
        // The buckets of the pages rendered again, with every page now in them.
        let buckets: BTreeSet<usize> =
            jobs.iter().filter_map(|job| On::rendered_by(*job, lang)).map(|on| on.bucket(cx, lang, count)).collect();
        let pages =
            every_page(cx).filter(|on| buckets.contains(&on.bucket(cx, lang, count))).map(|on| (on, on.file(cx, lang)));
        let groups = groups(cx, lang, pages);
        memo.build_into(&dir, count, Update::Buckets(buckets, groups), &mut emit)
    });
    if !updated {
        let pages = every_page(cx).map(|on| (on, on.file(cx, lang)));
        memo.build_into(&dir, count, Update::All(groups(cx, lang, pages)), &mut emit);
    }
}

/// Every page of the site that records can be on.
fn every_page(cx: &Ctx<'_>) -> impl Iterator<Item = On> {
    let site = cx.site;
    site.pages()
        .values()
        .map(|d| On::Page(*d))
        .chain((0..SitePage::Claims.parts(site)).map(On::Claims))
        .chain([On::Questions, On::Glossary])
}

/// The page of the site a record is found on: its group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum On {
    /// A content page: its sections, and the cards shown first there.
    Page(DocId),
    /// A page of the claims index: the cards of claims no page shows.
    Claims(usize),
    /// The open-questions page: the questions of logs.
    Questions,
    /// The glossary: its terms.
    Glossary,
}

impl On {
    /// The page of `lang` that `job` renders, if records can be on it. A record changes only
    /// with what its page shows, so the pages a render renders again are the groups it reads.
    fn rendered_by(job: Job, of: Lang) -> Option<On> {
        match job {
            Job::Page(doc) => Some(On::Page(doc)),
            Job::Site(SitePage::Claims, lang, part) if lang == of => Some(On::Claims(part)),
            Job::Site(SitePage::Questions, lang, 0) if lang == of => Some(On::Questions),
            Job::Site(SitePage::Glossary, lang, 0) if lang == of => Some(On::Glossary),
            _ => None,
        }
    }

    /// The folder of the page.
    fn dir<'c>(self, cx: &'c Ctx<'_>, lang: Lang) -> Cow<'c, str> {
        match self {
            On::Page(doc) => Cow::Borrowed(cx.page_dir(doc, lang)),
            On::Claims(part) => Ctx::site_part_dir(SitePage::Claims, lang, part).into(),
            On::Questions => Ctx::site_page_dir(SitePage::Questions, lang).into(),
            On::Glossary => Ctx::site_page_dir(SitePage::Glossary, lang).into(),
        }
    }

    /// The file of the page: its folder's `index.html`, URL-encoded (results link to files, so
    /// they open from disk too).
    fn file(self, cx: &Ctx<'_>, lang: Lang) -> String {
        file_pieces(&self.dir(cx, lang)).collect()
    }

    /// The bucket of [`On::file`], found without making the file's name (an update looks at
    /// every page of the site for those in its buckets).
    fn bucket(self, cx: &Ctx<'_>, lang: Lang, count: shoko_search::Files) -> usize {
        shoko_search::bucket_of_pieces(file_pieces(&self.dir(cx, lang)), count)
    }
}

/// The file of the page in folder `dir` (its `index.html`), URL-encoded, as the pieces it is
/// made of.
fn file_pieces(dir: &str) -> impl Iterator<Item = &str> {
    crate::urls::encoded_pieces(dir).chain([crate::owned::INDEX_PAGE])
}

/// The groups of `lang`'s records on `pages` (each with its file).
fn groups<'a>(cx: &Ctx<'a>, lang: Lang, pages: impl Iterator<Item = (On, String)>) -> Vec<Group<'a>> {
    let targets: Vec<&str> = cx.site.targets().iter().map(|t| t.gfx.as_str()).collect();
    let names = Names::of(cx.site);
    pages
        .map(|(on, file)| {
            let mut records = records_on(cx, lang, on, &file, &targets);
            // The glossary has every name already: its page lists them, its terms hold theirs.
            if on != On::Glossary {
                for record in &mut records {
                    names.add_to(record);
                }
            }
            Group { records, page: file }
        })
        .collect()
}

/// The glossary's names: for each term, its spellings in both languages, its aliases and its
/// readings, lower case.
struct Names(Vec<Vec<String>>);

impl Names {
    fn of(site: &SiteModel) -> Names {
        Names(
            site.glossary()
                .iter()
                .map(|t| {
                    let mut names: Vec<String> = [&t.term.ja, &t.term.en]
                        .into_iter()
                        .chain(&t.aliases)
                        .chain(&t.readings)
                        .map(|n| n.trim().to_lowercase())
                        .filter(|n| !n.is_empty())
                        .collect();
                    names.sort_unstable();
                    names.dedup();
                    names
                })
                .collect(),
        )
    }

    /// Adds to `record`'s hidden text the names of every term its title, section or text names.
    fn add_to(&self, record: &mut Record<'_>) {
        if self.0.is_empty() {
            return;
        }
        let text = [&*record.title, record.section.as_deref().unwrap_or(""), &record.text].join(" ").to_lowercase();
        let mut hidden = record.hidden.to_string();
        for names in self.0.iter().filter(|names| names.iter().any(|n| names_here(&text, n))) {
            for name in names.iter().filter(|n| !names_here(&text, n)) {
                hidden.push(' ');
                hidden.push_str(name);
            }
        }
        if hidden.len() != record.hidden.len() {
            record.hidden = hidden.into();
        }
    }
}

/// The records of one page: a content page's sections, then the claims it shows first, then its
/// questions; a claims-index page's claims that no page shows; the open-questions page's
/// questions of logs. Claims and questions in ID order.
fn records_on<'a>(cx: &Ctx<'a>, lang: Lang, on: On, file: &str, targets: &[&str]) -> Vec<Record<'a>> {
    let site = cx.site;
    let mut out = Vec::new();
    let (claims, questions): (Vec<&ClaimId>, Vec<&ClaimId>) = match on {
        On::Page(d) => {
            let doc = &site.doc(d);
            let Some(page) = doc.page() else { return out };
            out.extend(section_records(cx, lang, d, file, targets));
            let mut claims: Vec<&ClaimId> =
                doc.claims.iter().map(|c| &c.id).chain(page.citations.iter().map(|r| &r.id)).collect();
            claims.sort_unstable();
            claims.dedup();
            // A card is found on its home page ([`shoko_model::SiteModel::home`]).
            claims.retain(|id| site.home(id) == Some(d));
            let mut questions: Vec<&ClaimId> = doc.questions.iter().map(|q| &q.id).collect();
            questions.sort_unstable();
            questions.dedup();
            (claims, questions)
        }
        On::Claims(part) => {
            // A slice of the claims in ID order: skipping into the map's keys, once per page
            // of the index, was quadratic in the site.
            let listed = cx.claims_on_part(part).iter().map(|&(doc, i)| &site.doc(doc).claims[i].id);
            (listed.filter(|id| !site.shown_on().contains_key(*id)).collect(), Vec::new())
        }
        On::Questions => {
            let of_logs = site.questions().iter().filter(|(_, q)| site.doc(q.doc).page().is_none());
            (Vec::new(), of_logs.map(|(id, _)| id).collect())
        }
        On::Glossary => return term_records(cx, lang, file),
    };
    let shown: Option<Cow<'a, str>> = match on {
        On::Page(d) => Some(cx.doc_title(d, lang).into()),
        On::Claims(_) | On::Questions | On::Glossary => None,
    };
    for id in claims {
        let Some(declared) = site.claims().get(id) else { continue };
        let claim = &site.doc(declared.doc).claims[declared.index];
        out.push(Record {
            url: at(file.to_owned(), &claim_anchor(id)),
            title: Cow::Borrowed(&id.0),
            section: shown.clone(),
            kind: Kind::Claim,
            class: Some(claim.class.as_str()),
            gfx: claim.scope.as_ref().map_or_else(Vec::new, |s| s.gfx.clone()),
            text: Cow::Borrowed(claim.text.get(lang)),
            // Its scope: targets (the result's facet lists only those the site observes) and
            // software with versions.
            hidden: claim
                .scope
                .as_ref()
                .map(|s| {
                    let software = s.software.iter().flat_map(|(name, version)| [name.as_str(), version.as_str()]);
                    s.gfx.iter().map(String::as_str).chain(software).collect::<Vec<_>>().join(" ")
                })
                .unwrap_or_default()
                .into(),
        });
    }
    for id in questions {
        let Some(declared) = site.questions().get(id) else { continue };
        if matches!(on, On::Page(d) if d != declared.doc) {
            continue;
        }
        let question = &site.doc(declared.doc).questions[declared.index];
        out.push(Record {
            url: at(file.to_owned(), &question_anchor(id)),
            title: Cow::Borrowed(&id.0),
            section: shown.clone(),
            kind: Kind::Question,
            class: None,
            gfx: question.gfx.clone(),
            text: Cow::Borrowed(question.text.get(lang)),
            hidden: question.gfx.join(" ").into(),
        });
    }
    out
}

/// A content page's records: one for each section (the part under a heading, at its anchor),
/// and its opening first.
fn section_records<'a>(cx: &Ctx<'a>, lang: Lang, d: DocId, file: &str, targets: &[&str]) -> Vec<Record<'a>> {
    let site = cx.site;
    let doc = &site.doc(d);
    let Some(page) = doc.page() else { return Vec::new() };
    let title: Cow<'a, str> = cx.doc_title(d, lang).into();
    let gfx: Vec<String> = page.env.iter().filter(|e| targets.contains(&e.as_str())).cloned().collect();
    // The page's environment finds each of its sections.
    let env: Cow<'a, str> = page.env.join(" ").into();
    let mut sections = shoko_model::anchors::sections(doc, site, lang);
    sections.retain(|(anchor, s)| anchor.is_some() || !s.text.trim().is_empty());
    let record = |url: String, heading: &'a str, text: Cow<'a, str>| Record {
        url,
        title: title.clone(),
        section: Some(Cow::Borrowed(heading)).filter(|h| !h.is_empty()),
        kind: Kind::Page,
        class: None,
        gfx: gfx.clone(),
        text,
        hidden: env.clone(),
    };
    // The page's opening stands for the whole page: it is always there, and holds what the
    // page says it gives besides any text before the first heading.
    let (opening, rest): (&str, &[_]) = match sections.split_first() {
        Some(((None, first), rest)) => (&first.text, rest),
        _ => ("", &sections),
    };
    let opening: Cow<'a, str> = match &page.gain {
        Some(gain) => format!("{} {opening}", gain.get(lang).0).into(),
        None => opening.into(),
    };
    let mut out = vec![record(file.to_owned(), "", opening)];
    out.extend(rest.iter().map(|(anchor, section)| {
        let url = match anchor {
            Some(anchor) => at(file.to_owned(), &encode_fragment(anchor)),
            None => file.to_owned(),
        };
        record(url, &section.heading, Cow::Borrowed(&section.text))
    }));
    out
}

/// Whether `text` names `name` (both lower case): where it stands as a word of its own, not inside
/// a longer one (`gemm` is not in `gemma`); a name's Japanese end needs no such edge.
fn names_here(text: &str, name: &str) -> bool {
    let edge = |c: Option<char>| !c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
    let starts_latin = name.starts_with(|c: char| c.is_ascii_alphanumeric());
    let ends_latin = name.ends_with(|c: char| c.is_ascii_alphanumeric());
    text.match_indices(name).any(|(at, _)| {
        (!starts_latin || edge(text[..at].chars().next_back()))
            && (!ends_latin || edge(text[at + name.len()..].chars().next()))
    })
}

/// The glossary's records: each term under its anchor, its gloss for text, its other names
/// (the other language's spelling, aliases, readings) hidden.
fn term_records<'a>(cx: &Ctx<'a>, lang: Lang, file: &str) -> Vec<Record<'a>> {
    let terms = cx.site.glossary();
    if terms.is_empty() {
        return Vec::new();
    }
    // The page itself first (its name finds it: `用語集`), with its introduction.
    let page = Record {
        url: file.to_owned(),
        title: cx.t(lang, "glossary-title").into(),
        section: None,
        kind: Kind::Page,
        class: None,
        gfx: Vec::new(),
        text: cx.t(lang, "glossary-intro").into(),
        hidden: Cow::Borrowed(""),
    };
    let terms = terms.iter().map(|t| {
        let other = Lang::ALL.into_iter().filter(|l| *l != lang).map(|l| t.term.get(l));
        let hidden: Vec<&str> =
            other.chain(t.aliases.iter().map(String::as_str)).chain(t.readings.iter().map(String::as_str)).collect();
        Record {
            url: at(file.to_owned(), &encode_fragment(&term_anchor(&t.id))),
            title: Cow::Borrowed(t.term.get(lang)),
            section: None,
            kind: Kind::Term,
            class: None,
            gfx: Vec::new(),
            text: Cow::Borrowed(t.gloss.get(lang)),
            hidden: hidden.join(" ").into(),
        }
    });
    std::iter::once(page).chain(terms).collect()
}

#[cfg(test)]
mod tests {
    use super::names_here;

    #[test]
    fn a_name_counts_as_a_word_of_its_own() {
        assert!(names_here("the gemm kernel", "gemm"));
        assert!(names_here("gemm.", "gemm") && names_here("(gemm)", "gemm"));
        assert!(!names_here("gemma 3 runs", "gemm"), "inside a longer word");
        assert!(!names_here("a mul_mat_q call", "mat"), "inside a code word");
        assert!(names_here("本命のフォールバック経路", "フォールバック"), "Japanese has no spaces");
        assert!(names_here("a fat binary here", "fat binary"));
    }
}
