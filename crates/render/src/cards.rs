//! Claim cards and open questions as views: labels in the page language, links relative to the
//! page, permalinks for sources.

use crate::context::Ctx;
use crate::view::{ClaimView, EventView, LinkView, QuestionView, ReviewView, SourceView};
use shoko_markdown::{Lang, escape};
use shoko_model::dates::iso_date;
use shoko_model::pairs::{self, Revision};
use shoko_model::review::{NeedsReview, Worsening};
use shoko_model::{Blocker, Claim, ClaimId, DocId, Event, Question, Source};
use shoko_model::{BlockerKind, Lifecycle};

/// Where a card is shown: the page's folder, and the content page it is, whose claim cards a
/// link stays on instead of going to the claims index.
#[derive(Clone, Copy)]
pub struct CardPage<'a> {
    /// The page's folder.
    pub here: &'a str,
    /// The content page (it cards the claims it shows: `SiteModel::shown_on`).
    pub page: Option<DocId>,
}

impl<'a> CardPage<'a> {
    /// A generated page, whose links all go to the claims index.
    pub fn generated(here: &'a str) -> Self {
        CardPage { here, page: None }
    }

    /// A link to claim `id`: its card on this page, else its row in the claims index.
    fn claim_link(&self, cx: &Ctx<'_>, id: &ClaimId, lang: Lang) -> LinkView {
        let mut link = cx.claim_link(self.here, &id.0, lang);
        let carded = |page| cx.site.shown_on().get(id).is_some_and(|on| on.contains(&page));
        if self.page.is_some_and(carded) {
            link.href = crate::urls::href(self.here, crate::urls::Target::Here(&shoko_vocab::claim_anchor(&id.0)));
        }
        link
    }
}

/// The card of `claim` on a page at `place`.
pub fn claim_view(cx: &Ctx<'_>, claim: &Claim, place: CardPage<'_>, lang: Lang) -> ClaimView {
    let stale = stale_label(cx, claim.lifecycle, lang);
    let scope = claim.scope.clone().unwrap_or_default();
    ClaimView {
        cite: crate::cite::cite(cx, claim, lang),
        draft: claim.draft,
        record: cx.record_href(claim),
        id: claim.id.0.clone(),
        anchor: shoko_vocab::claim_anchor(&claim.id),
        badge: cx.badge(claim.class, lang),
        text: claim.text.get(lang).to_owned(),
        stale,
        successor: claim.superseded_by.as_ref().map(|s| place.claim_link(cx, &s.id, lang)),
        supersedes: claim.supersedes.iter().map(|s| place.claim_link(cx, &s.id, lang)).collect(),
        gfx: scope.gfx,
        software: scope.software.into_iter().collect(),
        observed: scope.observed.map(iso_date),
        sources: claim.sources.iter().map(|s| source_view(cx, s, lang)).collect(),
        premises: claim.depends_on.iter().map(|r| place.claim_link(cx, &r.id, lang)).collect(),
        blocker: claim.blocked_by.as_ref().map(|b| blocker(cx, b, lang)),
        limitations: claim.limitations.iter().map(|l| (l.tool.clone(), l.detail.get(lang).to_owned())).collect(),
        history: claim.history.iter().map(|e| event_view(cx, e, lang)).collect(),
        review: cx.site.needs_review().get(&claim.id).map(|r| review_view(cx, r, place, lang)),
        drift: claim_drift(cx, claim, lang),
        upstream: crate::upstream::upstream_views(cx, claim, lang),
    }
}

/// The notice for a claim whose text in `lang` is behind the other language's.
fn claim_drift(cx: &Ctx<'_>, claim: &Claim, lang: Lang) -> Option<String> {
    let declared = cx.site.claims().get(&claim.id)?;
    let name = pairs::claim_text(&claim.id.0);
    let drift = cx.site.drift().get(&declared.doc)?.iter().find(|d| d.behind == lang && d.pair == name)?;
    Some(drift_notice(cx, &drift.revised, lang))
}

/// Why a claim needs review, on a page at `place`.
pub fn review_view(cx: &Ctx<'_>, review: &NeedsReview, place: CardPage<'_>, lang: Lang) -> ReviewView {
    let (weakened, ended) = match review.worsening {
        Worsening::Weakened { from, to } => (Some((cx.badge(from, lang), cx.badge(to, lang))), None),
        Worsening::Ended { lifecycle } => (None, Some(lifecycle_label(cx, lifecycle, lang))),
        Worsening::ChangedUpstream => (None, Some(cx.t(lang, "review-changed-upstream"))),
    };
    ReviewView {
        // By ID: the texts of a chain of claims would fill the card.
        chain: review
            .chain
            .iter()
            .map(|id| LinkView { href: place.claim_link(cx, id, lang).href, label: id.0.clone() })
            .collect(),
        weakened,
        ended,
        date: iso_date(review.date),
        since: iso_date(review.since),
        others: review.others,
    }
}

/// The label a claim shows beside its badge when it is no longer current.
pub fn stale_label(cx: &Ctx<'_>, lifecycle: Lifecycle, lang: Lang) -> Option<String> {
    (lifecycle != Lifecycle::Current).then(|| lifecycle_label(cx, lifecycle, lang))
}

/// The label of a lifecycle other than current.
fn lifecycle_label(cx: &Ctx<'_>, lifecycle: Lifecycle, lang: Lang) -> String {
    match lifecycle {
        Lifecycle::Superseded => cx.t(lang, "lifecycle-superseded"),
        _ => cx.t(lang, "lifecycle-retracted"),
    }
}

/// One event of a claim's history.
pub fn event_view(cx: &Ctx<'_>, e: &Event, lang: Lang) -> EventView {
    EventView {
        date: iso_date(e.date),
        from: e.from.map(|c| cx.badge(c, lang)),
        to: cx.badge(e.to, lang),
        lifecycle: e.lifecycle.filter(|l| *l != Lifecycle::Current).map(|l| lifecycle_label(cx, l, lang)),
        reason: e.reason.get(lang).to_owned(),
        editorial: e.kind == shoko_model::ChangeKind::Editorial,
        review: e.kind == shoko_model::ChangeKind::Review,
        sources: e.sources.iter().map(|i| i + 1).collect(),
    }
}

/// An open question on a page at `place`.
pub fn question_view(
    cx: &Ctx<'_>,
    q: &Question,
    place: CardPage<'_>,
    lang: Lang,
    page: Option<LinkView>,
) -> QuestionView {
    QuestionView {
        anchor: shoko_vocab::question_anchor(&q.id),
        text: q.text.get(lang).to_owned(),
        blocker: q.blocked_by.as_ref().map(|b| blocker(cx, b, lang)),
        about: q.about.iter().map(|r| place.claim_link(cx, &r.id, lang)).collect(),
        page,
    }
}

pub(crate) fn blocker(cx: &Ctx<'_>, b: &Blocker, lang: Lang) -> (String, String) {
    let kind = match b.kind {
        BlockerKind::Observer => "blocker-observer",
        BlockerKind::NotPerformed => "blocker-not_performed",
    };
    (cx.t(lang, kind), b.detail.get(lang).to_owned())
}

/// A source with its facts and, where it can be built, a permalink.
fn source_view(cx: &Ctx<'_>, source: &Source, lang: Lang) -> SourceView {
    // Each field's label in the page's language (`source-field-repo`, …), not its YAML key.
    let field = |k: &str, v: &str| (cx.t(lang, &["source-field-", k].concat()), v.to_owned());
    let (basis, fields, link) = match source {
        Source::SourceCode { repo, commit, path, lines, quote } => {
            let mut fields = vec![field("repo", repo), field("path", path)];
            if let Some(lines) = lines {
                fields.push(field("lines", &format!("{}–{}", lines[0], lines[1])));
            }
            let pinned = commit.as_deref().map_or_else(|| cx.t(lang, "source-unpinned"), str::to_owned);
            fields.push(field("commit", &pinned));
            if let Some(q) = quote {
                fields.push(field("quote", q));
            }
            ("basis-source_code", fields, source_link(source))
        }
        Source::Runtime { command, output, environment, date } => {
            let when = date.map_or_else(|| cx.t(lang, "date-unrecorded"), iso_date);
            let mut fields = vec![field("command", command), field("output", output), field("date", &when)];
            if let Some(env) = environment {
                fields.push(field("environment", env));
            }
            ("basis-runtime", fields, None)
        }
        Source::History { repo, commit, pr, issue } => {
            let mut fields = vec![field("repo", repo)];
            if let Some(c) = commit {
                fields.push(field("commit", c));
            }
            if let Some(n) = pr {
                fields.push(field("pr", &format!("#{n}")));
            }
            if let Some(n) = issue {
                fields.push(field("issue", &format!("#{n}")));
            }
            ("basis-history", fields, source_link(source))
        }
        Source::Artifact { package, version, file, tool, output } => {
            let mut fields = Vec::new();
            if let Some(p) = package {
                fields.push(field("package", p));
            }
            if let Some(v) = version {
                fields.push(field("version", v));
            }
            fields.extend([field("file", file), field("tool", tool), field("output", output)]);
            ("basis-artifact", fields, None)
        }
    };
    SourceView { basis: cx.t(lang, basis), fields, link }
}

/// Where a source can be read, when it names a repository: a pinned source-code source its
/// permalink (commit, path, lines), an unpinned one the default branch; a history source its
/// commit, else its pull request, else its issue. The cards and `claims.json` both link this.
pub(crate) fn source_link(source: &Source) -> Option<String> {
    match source {
        Source::SourceCode { repo, commit, path, lines, .. } => {
            let at = commit.as_deref().unwrap_or("HEAD");
            let anchor = lines.map_or_else(String::new, |l| format!("#L{}-L{}", l[0], l[1]));
            github(repo).map(|base| [&*base, "/blob/", at, "/", path, &anchor].concat())
        }
        Source::History { repo, commit, pr, issue } => {
            let base = github(repo)?;
            Some(if let Some(c) = commit {
                [&*base, "/commit/", c].concat()
            } else if let Some(n) = pr {
                format!("{base}/pull/{n}")
            } else {
                format!("{base}/issues/{}", issue.as_ref()?)
            })
        }
        Source::Runtime { .. } | Source::Artifact { .. } => None,
    }
}

/// `https://github.com/owner/name` for an `owner/name` repository.
pub(crate) fn github(repo: &str) -> Option<String> {
    let mut parts = repo.split('/');
    let (owner, name) = (parts.next()?, parts.next()?);
    let ok = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    (parts.next().is_none() && ok(owner) && ok(name)).then(|| ["https://github.com/", owner, "/", name].concat())
}

/// The notice shown with a text in `lang` whose partner was revised after it (trusted HTML).
pub fn drift_notice(cx: &Ctx<'_>, revised: &Revision, lang: Lang) -> String {
    let when = match revised {
        Revision::Commit { date, .. } => {
            let date = iso_date(*date);
            ["<time datetime=\"", &date, "\">", &date, "</time>"].concat()
        }
        Revision::WorkingTree => escape(&cx.t(lang, "drift-uncommitted")),
    };
    format!(
        "<p class=\"drift-notice\"><strong>{}</strong> <span class=\"drift-when\">{}: {when}</span></p>",
        escape(&cx.t(lang, "drift-notice")),
        escape(&cx.t(lang, "drift-revised"))
    )
}

#[cfg(test)]
mod tests {
    use super::github;

    #[test]
    fn permalinks_only_for_owner_name_repos() {
        assert_eq!(github("ROCm/rocBLAS").as_deref(), Some("https://github.com/ROCm/rocBLAS"));
        assert_eq!(github("not a repo"), None);
        assert_eq!(github("a/b/c"), None);
    }
}
