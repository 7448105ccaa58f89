//! `claim/history` (error): a claim's history is an append-only chain of events. It starts with
//! `from: null`, each `from` equals the previous `to`, dates are in order and not in the future,
//! the last `to` equals the claim's `class`, and the last lifecycle set equals `lifecycle`. A
//! `review` event keeps the class (`from` equals `to`).

use crate::locate::Locator;
use crate::schema::{HistoryEvent, Lifecycle};
use crate::yaml::YamlPath;
use shoko_diagnostics::{Code, Diagnostic, Severity};

/// The code.
pub static CODE: Code = Code {
    name: "claim/history",
    severity: Severity::Error,
    stops_reading: false,
    summary: "history must start at `from: null`, chain `from` to the previous `to`, keep dates in order and not in the future, and end at the claim's class and lifecycle.",
};

/// What the claim says now, to compare the end of its history against.
pub struct Current<'a> {
    /// The claim ID.
    pub id: &'a str,
    /// `class` as written.
    pub class: crate::schema::Class,
    /// `lifecycle` as written.
    pub lifecycle: Lifecycle,
    /// Number of sources, for event source indexes.
    pub sources: usize,
    /// Today, for "not in the future".
    pub today: jiff::civil::Date,
}

/// Check the chain; `loc` locates the claim.
pub fn check(events: &[HistoryEvent], now: &Current<'_>, loc: &Locator<'_>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let at = |i: usize, field: &str| loc.span(&YamlPath::root().key("history").index(i).key(field));
    let Some(last) = events.last() else {
        out.push(Diagnostic::new(&CODE, format!("claim `{}` has no history", now.id), loc.field("class")).with_hint(
            format!(
                "add `history: [{{ date: \"YYYY-MM-DD\", from: null, to: {}, reason: {{ ja: …, en: … }} }}]`",
                now.class.as_str()
            ),
        ));
        return out;
    };
    let mut previous_date: Option<(jiff::civil::Date, usize)> = None;
    for (i, event) in events.iter().enumerate() {
        let expected_from = if i == 0 { None } else { Some(events[i - 1].to) };
        if event.from != expected_from {
            let (message, label, hint) = match expected_from {
                None => (
                    "history must start with `from: null`".to_owned(),
                    "the first event has no class before it".to_owned(),
                    "the first event records the claim's creation: `from: null`".to_owned(),
                ),
                Some(prev) => (
                    format!("`from` must be `{}`, the previous event's `to`", prev.as_str()),
                    format!("expected `{}`", prev.as_str()),
                    format!("write `from: {}`; history is a chain and is only ever appended to", prev.as_str()),
                ),
            };
            out.push(Diagnostic::new(&CODE, message, at(i, "from")).with_label(label).with_hint(hint));
        }
        if event.kind == crate::schema::ChangeKind::Review && event.from != Some(event.to) {
            out.push(
                Diagnostic::new(
                    &CODE,
                    format!("a review keeps the class, so `from` and `to` must be the same (`{}`)", event.to.as_str()),
                    at(i, "to"),
                )
                .with_label("a review ends where it starts")
                .with_hint("a review records that the claim was looked at again and still holds; a new class is a substantive event (drop `kind: review`)"),
            );
        }
        if let Ok(date) = event.date.parse::<jiff::civil::Date>() {
            if date > now.today {
                out.push(
                    Diagnostic::new(&CODE, format!("history date {date} is in the future"), at(i, "date"))
                        .with_label("after today")
                        .with_hint("record events when they happen; check the year and month"),
                );
            }
            if let Some((prev, prev_at)) = previous_date
                && date < prev
            {
                out.push(
                    Diagnostic::new(
                        &CODE,
                        format!("history date {date} is earlier than the event before it ({prev})"),
                        at(i, "date"),
                    )
                    .with_label(format!("before {prev}"))
                    .with_secondary(at(prev_at, "date"), "the event before it")
                    .with_hint("events are appended in time order: new events go at the end"),
                );
            }
            previous_date = Some((date, i));
        }
        for (j, &source) in event.sources.iter().enumerate() {
            if source >= now.sources {
                let span = loc.span(&YamlPath::root().key("history").index(i).key("sources").index(j));
                out.push(
                    Diagnostic::new(
                        &CODE,
                        format!("history event names source {source}, but the claim has {} source(s)", now.sources),
                        span,
                    )
                    .with_label("no source has this index")
                    .with_hint("event `sources` are 0-based indexes into the claim's `sources` list"),
                );
            }
        }
    }
    if last.to != now.class {
        out.push(
            Diagnostic::new(
                &CODE,
                format!("history ends at `{}` but the claim's class is `{}`", last.to.as_str(), now.class.as_str()),
                loc.field("class"),
            )
            .with_secondary(at(events.len() - 1, "to"), "last event")
            .with_hint("changing a class means appending a history event with the date and the reason"),
        );
    }
    let last_set = events.iter().rposition(|e| e.lifecycle.is_some());
    let lifecycle = last_set.and_then(|i| events[i].lifecycle).unwrap_or_default();
    if let Some(i) = last_set.filter(|_| lifecycle != now.lifecycle && now.lifecycle == Lifecycle::Current) {
        // The event was written, the claim's own field was not.
        let ended = lifecycle.as_str();
        out.push(
            Diagnostic::new(
                &CODE,
                format!("the history makes claim `{}` {ended}, but the claim itself is still current", now.id),
                at(i, "lifecycle"),
            )
            .with_label(format!("the last lifecycle event: `{ended}`"))
            .with_hint(format!("add `lifecycle: {ended}` to the claim (and `superseded_by:` for a superseded one)")),
        );
    } else if lifecycle != now.lifecycle {
        out.push(
            Diagnostic::new(
                &CODE,
                format!("claim `{}` changed lifecycle without a history event", now.id),
                loc.key_span(&YamlPath::root().key("lifecycle")),
            )
            .with_label(format!("the history ends at lifecycle `{}`", lifecycle.as_str()))
            .with_hint("append an event with `lifecycle: …`, the date and the reason"),
        );
    }
    out
}
