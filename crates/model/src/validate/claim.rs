//! Raw → typed for claims and open questions, with every rule that concerns one claim alone.

use super::formats::Check;
use crate::locate::Locator;
use crate::model::{Blocker, Claim, ClaimId, Event, Limitation, Question, Ref, Scope, Source, Texts};
use crate::rules::{self, claim_history};
use crate::schema::{Bilingual, ClaimRecord, Class, Lifecycle, QuestionRecord, SourceRecord};
use crate::yaml::YamlPath;
use shoko_diagnostics::Diagnostic;

/// The claim rules that judge a field, by field: a claim read without that field (it did not
/// read, `yaml::Item::Partly`) would be blamed for lacking it, so their findings are left out.
const RULES_BY_FIELD: &[(&str, &[&shoko_diagnostics::Code])] = &[
    (
        "sources",
        &[&rules::claim_missing_source::CODE, &rules::claim_missing_limitation::CODE, &rules::claim_history::CODE],
    ),
    ("depends_on", &[&rules::claim_missing_premise::CODE]),
    ("blocked_by", &[&rules::claim_missing_blocker::CODE]),
    ("limitations", &[&rules::claim_missing_limitation::CODE]),
    ("scope", &[&rules::claim_missing_scope::CODE]),
    ("history", &[&rules::claim_history::CODE]),
    ("text", &[&rules::claim_missing_text::CODE, &rules::claim_assertive_wording::CODE]),
    ("lifecycle", &[&rules::claim_supersession::CODE, &rules::claim_history::CODE]),
    ("superseded_by", &[&rules::claim_supersession::CODE]),
    (
        "class",
        &[
            &rules::claim_missing_source::CODE,
            &rules::claim_missing_premise::CODE,
            &rules::claim_missing_blocker::CODE,
            &rules::claim_missing_limitation::CODE,
            &rules::claim_missing_scope::CODE,
            &rules::claim_history::CODE,
            &rules::claim_assertive_wording::CODE,
        ],
    ),
];

/// Whether `finding`, about a claim read without the fields `set_aside`, may follow from that.
pub(super) fn follows_from_set_aside(finding: &Diagnostic, set_aside: &[&str]) -> bool {
    RULES_BY_FIELD
        .iter()
        .filter(|(field, _)| set_aside.contains(field))
        .any(|(_, codes)| codes.iter().any(|code| code.name == finding.code.name))
}

/// Validate one claim located by `loc`, its ID written on line `id_line`; `text` is the whole
/// file; `words` are the assertive words to look for in a claim that is not confirmed.
pub fn validate_claim(
    record: &ClaimRecord,
    loc: &Locator<'_>,
    id_line: usize,
    text: &str,
    today: jiff::civil::Date,
    words: &rules::claim_assertive_wording::AssertiveWords,
) -> (Claim, Vec<Diagnostic>) {
    let mut out = Vec::new();
    let root = YamlPath::root();
    let mut check = Check { loc, out: &mut out };
    check.id(&root.key("id"), &record.id);
    let texts = bilingual(&record.text, "text", loc, check.out);
    let class_span = loc.field("class");
    let id = record.id.as_str();
    match record.class {
        Class::Confirmed => {
            if record.sources.is_empty() {
                check.out.push(rules::claim_missing_source::diagnostic(class_span.clone(), id));
            }
            // `scope: {}` says no more than no scope at all.
            if record.scope.as_ref().is_none_or(|s| s.gfx.is_empty() && s.software.is_empty() && s.observed.is_none()) {
                check.out.push(rules::claim_missing_scope::diagnostic(class_span.clone(), id));
            }
        }
        Class::Inferred if record.depends_on.is_empty() => {
            check.out.push(rules::claim_missing_premise::diagnostic(class_span.clone(), id));
        }
        Class::Unresolved if record.blocked_by.is_none() => {
            check.out.push(rules::claim_missing_blocker::diagnostic(class_span.clone(), id));
        }
        Class::Limited => {
            if record.sources.is_empty() {
                check.out.push(rules::claim_missing_limitation::diagnostic(class_span.clone(), id, "source"));
            }
            if record.limitations.is_empty() {
                check.out.push(rules::claim_missing_limitation::diagnostic(class_span.clone(), id, "`limitations`"));
            }
        }
        _ => {}
    }
    match (record.lifecycle, &record.superseded_by) {
        (Lifecycle::Superseded, None) => {
            out.push(rules::claim_supersession::no_successor(loc.field("lifecycle"), id));
        }
        (Lifecycle::Current, Some(_)) => {
            out.push(rules::claim_supersession::not_superseded(loc.field("superseded_by"), id));
        }
        _ => {}
    }
    let mut check = Check { loc, out: &mut out };
    if let Some(scope) = &record.scope {
        let scope_path = root.key("scope");
        for (i, gfx) in scope.gfx.iter().enumerate() {
            check.gfx(&scope_path.key("gfx").index(i), gfx);
        }
        if let Some(observed) = &scope.observed {
            check.observed(&scope_path.key("observed"), observed, today);
        }
    }
    for (i, source) in record.sources.iter().enumerate() {
        check_source(source, &root.key("sources").index(i), today, &mut check);
    }
    let mut history = Vec::with_capacity(record.history.len());
    for (i, event) in record.history.iter().enumerate() {
        let path = root.key("history").index(i);
        check.date(&path.key("date"), &event.date);
        let reason = bilingual(&event.reason, "reason", &loc.at(&loc.path(&path)), check.out);
        // A date that does not read was reported just above; the event is left out.
        if let Ok(date) = event.date.parse() {
            history.push(Event {
                date,
                from: event.from,
                to: event.to,
                lifecycle: event.lifecycle,
                reason,
                kind: event.kind,
                sources: event.sources.clone(),
            });
        }
    }
    let blocked_by = record.blocked_by.as_ref().map(|b| Blocker {
        kind: b.kind,
        detail: bilingual(&b.detail, "detail", &loc.at(&loc.path(&root.key("blocked_by"))), check.out),
    });
    let limitations = record
        .limitations
        .iter()
        .enumerate()
        .map(|(i, l)| Limitation {
            tool: l.tool.clone(),
            detail: bilingual(&l.detail, "detail", &loc.at(&loc.path(&root.key("limitations").index(i))), check.out),
        })
        .collect();
    let now = claim_history::Current {
        id,
        class: record.class,
        lifecycle: record.lifecycle,
        sources: record.sources.len(),
        today,
    };
    out.extend(claim_history::check(&record.history, &now, loc));
    if record.class != Class::Confirmed {
        for lang in ["ja", "en"] {
            let value = if lang == "ja" { &texts.ja } else { &texts.en };
            for word in words.find(value) {
                let span = loc.find_in(text, &root.key("text").key(lang), word);
                out.push(rules::claim_assertive_wording::diagnostic(span, id, record.class.as_str(), word));
            }
        }
    }
    let mut check = Check { loc, out: &mut out };
    let depends_on = refs(&record.depends_on, &root.key("depends_on"), &mut check);
    let supersedes = refs(&record.supersedes, &root.key("supersedes"), &mut check);
    let superseded_by = record.superseded_by.as_ref().map(|s| {
        let path = root.key("superseded_by");
        check.id(&path, s);
        Ref { id: ClaimId(s.clone()), span: loc.span(&path) }
    });
    let claim = Claim {
        id: ClaimId(record.id.clone()),
        id_line,
        id_span: loc.field("id"),
        class: record.class,
        class_span,
        lifecycle: record.lifecycle,
        text: texts,
        text_span: loc.key_span(&root.key("text")),
        scope: record.scope.as_ref().map(|s| Scope {
            gfx: s.gfx.clone(),
            software: s.software.clone(),
            observed: s.observed.as_deref().and_then(|d| d.parse().ok()),
        }),
        gfx_spans: record.scope.as_ref().map_or(Vec::new(), |s| {
            (0..s.gfx.len()).map(|i| loc.span(&root.key("scope").key("gfx").index(i))).collect()
        }),
        sources: record.sources.iter().map(source).collect(),
        history,
        depends_on,
        blocked_by,
        limitations,
        superseded_by,
        supersedes,
        draft: false,
    };
    (claim, out)
}

/// Validate one open question located by `loc`.
pub fn validate_question(record: &QuestionRecord, loc: &Locator<'_>) -> (Question, Vec<Diagnostic>) {
    let mut out = Vec::new();
    let root = YamlPath::root();
    let text = bilingual(&record.text, "text", loc, &mut out);
    let mut check = Check { loc, out: &mut out };
    check.id(&root.key("id"), &record.id);
    for (i, gfx) in record.gfx.iter().enumerate() {
        check.gfx(&root.key("gfx").index(i), gfx);
    }
    let about = refs(&record.about, &root.key("about"), &mut check);
    let blocked_by = record.blocked_by.as_ref().map(|b| Blocker {
        kind: b.kind,
        detail: bilingual(&b.detail, "detail", &loc.at(&loc.path(&root.key("blocked_by"))), &mut out),
    });
    let question = Question {
        id: ClaimId(record.id.clone()),
        id_span: loc.field("id"),
        text,
        gfx: record.gfx.clone(),
        gfx_spans: (0..record.gfx.len()).map(|i| loc.span(&root.key("gfx").index(i))).collect(),
        about,
        blocked_by,
    };
    (question, out)
}

fn refs(ids: &[String], path: &YamlPath, check: &mut Check<'_, '_>) -> Vec<Ref> {
    ids.iter()
        .enumerate()
        .map(|(i, id)| {
            let p = path.index(i);
            check.id(&p, id);
            Ref { id: ClaimId(id.clone()), span: check.loc.span(&p) }
        })
        .collect()
}

/// A source as validated: the file format's fields, a date read as a date (one that does not
/// read was reported by [`check_source`] and is left out).
fn source(record: &SourceRecord) -> Source {
    match record.clone() {
        SourceRecord::SourceCode { repo, commit, path, lines, quote } => {
            Source::SourceCode { repo, commit, path, lines, quote }
        }
        SourceRecord::Runtime { command, output, environment, date } => {
            Source::Runtime { command, output, environment, date: date.and_then(|d| d.parse().ok()) }
        }
        SourceRecord::History { repo, commit, pr, issue } => Source::History { repo, commit, pr, issue },
        SourceRecord::Artifact { package, version, file, tool, output } => {
            Source::Artifact { package, version, file, tool, output }
        }
    }
}

fn check_source(source: &SourceRecord, path: &YamlPath, today: jiff::civil::Date, check: &mut Check<'_, '_>) {
    match source {
        SourceRecord::SourceCode { commit, lines, .. } => {
            if let Some(commit) = commit {
                check.commit(&path.key("commit"), commit);
            }
            if let Some(lines) = lines
                && (lines[0] == 0 || lines[0] > lines[1])
            {
                let value = format!("[{}, {}]", lines[0], lines[1]);
                check.out.push(rules::fm_bad_format::diagnostic(
                    check.loc.key_span(&path.key("lines")),
                    &check.loc.path(&path.key("lines")).to_string(),
                    &value,
                    rules::fm_bad_format::Format::Lines,
                ));
            }
        }
        SourceRecord::Runtime { date, .. } => {
            if let Some(date) = date {
                check.observed(&path.key("date"), date, today);
            }
        }
        SourceRecord::History { commit, pr, issue, .. } => {
            if let Some(commit) = commit {
                check.commit(&path.key("commit"), commit);
            }
            if commit.is_none() && pr.is_none() && issue.is_none() {
                let span = check.loc.key_span(path);
                let field = check.loc.path(path).to_string();
                check.out.push(rules::fm_missing_field::diagnostic(span, &field, "commit` or `pr` or `issue"));
            }
        }
        SourceRecord::Artifact { .. } => {}
    }
}

/// Both languages of the text at `key` under `loc`; a missing or empty one is an error.
pub(super) fn bilingual(value: &Bilingual, key: &str, loc: &Locator<'_>, out: &mut Vec<Diagnostic>) -> Texts {
    bilingual_at(value, &YamlPath::root().key(key), loc, out)
}

/// Both languages of the text at `rel` under `loc` (a key or a list element); a missing or
/// empty one is an error.
pub(super) fn bilingual_at(value: &Bilingual, rel: &YamlPath, loc: &Locator<'_>, out: &mut Vec<Diagnostic>) -> Texts {
    let present = |v: &Option<String>| v.as_ref().filter(|t| !t.trim().is_empty()).cloned();
    let (ja, en) = (present(&value.ja), present(&value.en));
    for (lang, text) in [("ja", &ja), ("en", &en)] {
        if let Some(link) = text.as_deref().and_then(shoko_markdown::first_markup) {
            let at = rel.key(lang);
            out.push(rules::fm_markdown_in_text::diagnostic(loc.span(&at), &loc.path(&at).to_string(), link));
        }
    }
    let missing: Vec<&str> = [("ja", &ja), ("en", &en)].iter().filter(|(_, v)| v.is_none()).map(|(l, _)| *l).collect();
    if !missing.is_empty() {
        // At the empty text when one is written, else at the field that lacks it.
        let written = |lang: &str| loc.positions.exact(&loc.path(&rel.key(lang))).is_some();
        let span = match missing.as_slice() {
            [lang] if written(lang) => loc.span(&rel.key(lang)),
            _ => loc.key_span(rel),
        };
        out.push(rules::claim_missing_text::diagnostic(span, &loc.path(rel).to_string(), &missing));
    }
    Texts { ja: ja.unwrap_or_default(), en: en.unwrap_or_default() }
}
