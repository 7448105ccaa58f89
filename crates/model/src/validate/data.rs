//! Raw → typed for the data files under `content/_data/`: GPU targets and the glossary.

use super::claim::bilingual;
use super::formats::Check;
use super::{DocumentInput, de_error, deserialize};
use crate::locate::Locator;
use crate::model::{DocKind, Document, Target, Term};
use crate::schema::{GlossaryFile, TargetsFile};
use crate::validate::resolve_relative;
use crate::yaml::{Item, YamlDoc, YamlPath};
use shoko_diagnostics::Diagnostic;

fn document(input: &DocumentInput<'_>, kind: DocKind) -> Document {
    Document {
        file: input.file,
        path: input.path.to_owned(),
        kind,
        claims: Vec::new(),
        questions: Vec::new(),
        unreadable_ids: Vec::new(),
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
    let mut targets = Vec::new();
    for (i, item) in file.targets.iter().enumerate() {
        let base = YamlPath::root().key("targets").index(i);
        let at = loc.at(&base);
        let record = match item {
            Item::Valid(record) => record,
            Item::Invalid(e, _) => {
                out.push(de_error::diagnostic(e, &at));
                continue;
            }
        };
        Check { loc: &at, out }.gfx(&YamlPath::root().key("gfx"), &record.gfx);
        let page = record.page.as_ref().map(|p| {
            // Pages are named relative to content/, like the file itself is.
            let resolved = resolve_relative("_", p).unwrap_or_else(|| p.clone());
            (resolved, at.field("page"))
        });
        targets.push(Target {
            gfx: record.gfx.clone(),
            span: at.field("gfx"),
            family: record.family.clone(),
            generation: record.generation.clone(),
            products: record.products.clone(),
            worldview: bilingual(&record.worldview, "worldview", &at, out),
            status: record.status,
            status_text: bilingual(&record.status_text, "status_text", &at, out),
            page,
        });
    }
    Some(document(input, DocKind::Targets(targets)))
}

/// `_data/glossary.yaml`.
pub fn glossary_document(
    doc: &YamlDoc,
    input: &DocumentInput<'_>,
    loc: &Locator<'_>,
    out: &mut Vec<Diagnostic>,
) -> Option<Document> {
    let file: GlossaryFile = deserialize(doc, loc, out)?;
    let mut terms = Vec::new();
    for (i, item) in file.terms.iter().enumerate() {
        let base = YamlPath::root().key("terms").index(i);
        let at = loc.at(&base);
        let record = match item {
            Item::Valid(record) => record,
            Item::Invalid(e, _) => {
                out.push(de_error::diagnostic(e, &at));
                continue;
            }
        };
        Check { loc: &at, out }.id(&YamlPath::root().key("id"), &record.id);
        terms.push(Term {
            id: record.id.clone(),
            span: at.field("id"),
            term: bilingual(&record.term, "term", &at, out),
            aliases: record.aliases.clone(),
            gloss: bilingual(&record.gloss, "gloss", &at, out),
        });
    }
    Some(document(input, DocKind::Glossary(terms)))
}
