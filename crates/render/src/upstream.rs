//! The notices on a claim card for sources whose cited lines moved or changed upstream since
//! their pinned commit (found by verifying sources against local clones, see `shoko-upstream`),
//! with a link comparing the pinned commit with the newer one.

use crate::cards::github;
use crate::context::Ctx;
use crate::view::UpstreamView;
use shoko_markdown::Lang;
use shoko_model::dates::iso_date;
use shoko_model::upstream::{Now, SourceAt};
use shoko_model::{Claim, Source};

/// One notice per source of `claim` whose lines changed upstream.
pub fn upstream_views(cx: &Ctx<'_>, claim: &Claim, lang: Lang) -> Vec<UpstreamView> {
    claim
        .sources
        .iter()
        .enumerate()
        .filter_map(|(i, source)| {
            let Source::SourceCode { repo, commit, path, lines, .. } = source else { return None };
            let change = cx.site.upstream().get(&SourceAt { claim: claim.id.clone(), source: i })?;
            let cited = match lines {
                Some([a, b]) => format!("{path}:{a}–{b}"),
                None => path.clone(),
            };
            let now = match &change.now {
                Now::Moved([a, b]) => format!("{} {a}–{b}", cx.t(lang, "upstream-moved")),
                Now::Changed => cx.t(lang, "upstream-changed"),
                Now::Removed => cx.t(lang, "upstream-removed"),
                Now::Renamed { path, lines: Some([a, b]) } => {
                    format!("{} {path} {a}–{b}", cx.t(lang, "upstream-renamed"))
                }
                Now::Renamed { path, lines: None } => format!("{} {path}", cx.t(lang, "upstream-renamed")),
            };
            let compare = commit
                .as_ref()
                .and_then(|pinned| github(repo).map(|base| format!("{base}/compare/{pinned}...{}", change.commit)));
            Some(UpstreamView {
                cited,
                now,
                date: iso_date(change.date),
                commit: change.commit.get(..7).unwrap_or(&change.commit).to_owned(),
                compare,
            })
        })
        .collect()
}
