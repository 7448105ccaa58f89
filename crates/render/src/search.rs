//! The search index of each language (see `shoko-search`): a record for each section of each
//! content page (under its heading's anchor), each claim (at its card on the first page that
//! shows it, else in the claims index) and each open question. The generated pages are not
//! indexed: they repeat what these records hold.

use crate::context::{Ctx, INDEX_PAGE_SIZE, SitePage};
use shoko_markdown::Lang;
use shoko_model::{DocId, SiteModel};
use shoko_search::{Kind, Record};
use shoko_vocab::{claim_anchor, question_anchor};

/// The folder of the indexes, from the site root; each language's is below it (`search/ja`).
pub const SEARCH_DIR: &str = "search";

/// The folder of `lang`'s index, from the site root.
pub fn index_dir(lang: Lang) -> String {
    format!("{SEARCH_DIR}/{}", lang.code())
}

/// How many token files and document buckets the indexes of `site` have: they change only with
/// the number of pages, claims and questions, so an edit that keeps it rewrites the same set of
/// files.
pub fn files(site: &SiteModel) -> shoko_search::Files {
    shoko_search::files_for(site.pages().len(), site.pages().len() + site.claims().len() + site.questions().len())
}

/// The files of `lang`'s index, by path from the site root (`memos`: see `RenderInput`).
pub fn index_files(cx: &Ctx<'_>, lang: Lang, memos: &[shoko_search::Memo; 2]) -> Vec<(String, Vec<u8>)> {
    let dir = index_dir(lang);
    let memo = match lang {
        Lang::Ja => &memos[0],
        Lang::En => &memos[1],
    };
    shoko_search::build(&dir, &records(cx, lang), files(cx.site), memo)
        .into_iter()
        .map(|(name, bytes)| (format!("{dir}/{name}"), bytes))
        .collect()
}

/// The file of a page folder (`ja/gpu/` → `ja/gpu/index.html`), URL-encoded: results link to
/// files, so they open from disk too.
fn page_file(dir: &str) -> String {
    format!("{}index.html", crate::urls::encode_path(dir))
}

/// An anchor as a URL fragment (percent-encoded outside ASCII, as the browser reads it back).
fn encode_fragment(anchor: &str) -> String {
    crate::urls::encode_path(anchor)
}

/// Every record of `lang`: page sections, then claims, then questions.
pub fn records(cx: &Ctx<'_>, lang: Lang) -> Vec<Record> {
    let site = cx.site;
    let targets: Vec<&str> = site.targets().iter().map(|t| t.gfx.as_str()).collect();
    let mut out = Vec::new();
    for &d in site.pages().values() {
        let doc = &site.docs()[d.0];
        let Some(page) = doc.page() else { continue };
        let dir = page_file(cx.page_dir(d, lang));
        let title = cx.doc_title(d, lang);
        let gfx: Vec<String> = page.env.iter().filter(|e| targets.contains(&e.as_str())).cloned().collect();
        let mut sections = shoko_model::anchors::sections(doc, site, lang);
        sections.retain(|s| s.anchor.is_some() || !s.text.trim().is_empty());
        // The page's opening stands for the whole page: it is always there, and holds what the
        // page says it gives besides any text before the first heading.
        if sections.first().is_none_or(|s| s.anchor.is_some()) {
            sections.insert(0, shoko_markdown::Section::default());
        }
        if let Some(gain) = &page.gain {
            let opening = &mut sections[0].text;
            *opening = format!("{} {opening}", gain.get(lang).0);
        }
        for section in sections {
            let url = match &section.anchor {
                Some(anchor) => format!("{dir}#{}", encode_fragment(anchor)),
                None => dir.clone(),
            };
            let heading = Some(section.heading).filter(|h| !h.is_empty());
            out.push(Record {
                url,
                title: title.clone(),
                section: heading,
                kind: Kind::Page,
                class: None,
                gfx: gfx.clone(),
                text: section.text,
            });
        }
    }
    for (id, declared) in site.claims() {
        let claim = &site.docs()[declared.doc.0].claims[declared.index];
        let shown = site.shown_on().get(id).and_then(|pages| pages.first().copied());
        let (dir, section) = match shown {
            Some(page) => (page_file(cx.page_dir(page, lang)), Some(cx.doc_title(page, lang))),
            None => (page_file(&Ctx::site_part_dir(SitePage::Claims, lang, declared.ordinal / INDEX_PAGE_SIZE)), None),
        };
        out.push(Record {
            url: format!("{dir}#{}", claim_anchor(id)),
            title: id.0.clone(),
            section,
            kind: Kind::Claim,
            class: Some(claim.class.as_str().to_owned()),
            gfx: claim.scope.as_ref().map_or_else(Vec::new, |s| s.gfx.clone()),
            text: claim.text.get(lang).to_owned(),
        });
    }
    for (id, declared) in site.questions() {
        let question = &site.docs()[declared.doc.0].questions[declared.index];
        let page = DocId(declared.doc.0);
        let (dir, section) = match site.docs()[page.0].page() {
            Some(_) => (page_file(cx.page_dir(page, lang)), Some(cx.doc_title(page, lang))),
            None => (page_file(&Ctx::site_page_dir(SitePage::Questions, lang)), None),
        };
        out.push(Record {
            url: format!("{dir}#{}", question_anchor(id)),
            title: id.0.clone(),
            section,
            kind: Kind::Question,
            class: None,
            gfx: question.gfx.clone(),
            text: question.text.get(lang).to_owned(),
        });
    }
    out
}
