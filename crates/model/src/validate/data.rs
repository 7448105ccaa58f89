//! Raw → typed for the data files under `content/_data/`: GPU targets and the glossary.

use super::claim::bilingual;
use super::formats::Check;
use super::{DocumentInput, deserialize, each_item};
use crate::locate::Locator;
use crate::model::{DocKind, Document, Mentioned, Target, Term};
use crate::schema::{GlossaryFile, TargetsFile};
use crate::validate::resolve_relative;
use crate::yaml::{Item, YamlDoc, YamlPath};
use shoko_diagnostics::Diagnostic;

fn document(input: &DocumentInput<'_>, kind: DocKind) -> Document {
    Document {
        file: input.file,
        path: input.path.to_owned(),
        kind,
        draft: false,
        claims: Vec::new(),
        questions: Vec::new(),
        unreadable_ids: Vec::new(),
        pairs: Default::default(),
        source_id: None,
    }
}

/// `_data/targets.yaml`.
pub fn targets_document(
    doc: &YamlDoc,
    input: &DocumentInput<'_>,
    loc: &Locator<'_>,
    out: &mut Vec<Diagnostic>,
) -> Option<Document> {
    let file: TargetsFile = deserialize(doc, loc, out)?;
    let targets = each_item(&file.targets, "targets", loc, out, |record, at, out| {
        Check { loc: at, out }.gfx(&YamlPath::root().key("gfx"), &record.gfx);
        // Pages are named relative to content/, like the data file itself.
        let page =
            record.page.as_ref().map(|p| (resolve_relative("_", p).unwrap_or_else(|| p.clone()), at.field("page")));
        Target {
            gfx: record.gfx.clone(),
            span: at.field("gfx"),
            family: record.family.clone(),
            generation: record.generation.clone(),
            products: record.products.clone(),
            worldview: bilingual(&record.worldview, "worldview", at, out),
            status: record.status,
            status_text: bilingual(&record.status_text, "status_text", at, out),
            page,
        }
    });
    let mentioned = each_item(&file.mentioned, "mentioned", loc, out, |record, at, out| {
        Check { loc: at, out }.gfx(&YamlPath::root().key("gfx"), &record.gfx);
        Mentioned {
            gfx: record.gfx.clone(),
            span: at.field("gfx"),
            family: record.family.clone(),
            products: record.products.clone(),
        }
    });
    let observed = file.targets.iter().filter_map(Item::unreadable_id);
    let unreadable = observed.chain(file.mentioned.iter().filter_map(Item::unreadable_id)).map(str::to_owned).collect();
    Some(document(input, DocKind::Targets { observed: targets, mentioned, unreadable }))
}

/// `_data/glossary.yaml`.
pub fn glossary_document(
    doc: &YamlDoc,
    input: &DocumentInput<'_>,
    loc: &Locator<'_>,
    out: &mut Vec<Diagnostic>,
) -> Option<Document> {
    let file: GlossaryFile = deserialize(doc, loc, out)?;
    let terms = each_item(&file.terms, "terms", loc, out, |record, at, out| {
        Check { loc: at, out }.id(&YamlPath::root().key("id"), &record.id);
        Term {
            id: record.id.clone(),
            span: at.field("id"),
            term: bilingual(&record.term, "term", at, out),
            aliases: record.aliases.clone(),
            readings: record.readings.clone(),
            gloss: bilingual(&record.gloss, "gloss", at, out),
        }
    });
    Some(document(input, DocKind::Glossary(terms)))
}
