//! `claim/needs-review` (warning): a premise the claim rests on, directly or through other
//! claims, changed for the worse after the claim's own last history event (see
//! [`crate::review`]).

use crate::review::{NeedsReview, Worsening};
use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "claim/needs-review",
    severity: Severity::Warning,
    stops_reading: false,
    summary: "a premise of the claim (followed through depends_on) was weakened, superseded or retracted, or its source changed upstream, after the claim's last history event.",
};

/// What happened to the premise, in words.
pub fn describe(worsening: &Worsening) -> String {
    match worsening {
        Worsening::Weakened { from, to } => format!("went from {} to {}", from.as_str(), to.as_str()),
        Worsening::Ended { lifecycle } => format!("was {}", lifecycle.as_str()),
        Worsening::ChangedUpstream => "cites lines that changed upstream".to_owned(),
    }
}

/// The diagnostic at the claim's ID.
pub fn diagnostic(span: Span, id: &str, class: &str, review: &NeedsReview) -> Diagnostic {
    let chain: Vec<&str> = std::iter::once(id).chain(review.chain.iter().map(|c| c.0.as_str())).collect();
    let through = match review.chain.len() {
        1 => String::new(),
        _ => format!(
            " (through {})",
            review.chain[..review.chain.len() - 1].iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", ")
        ),
    };
    let others = match review.others {
        0 => String::new(),
        1 => "; one more premise changed since as well".to_owned(),
        n => format!("; {n} more premises changed since as well"),
    };
    Diagnostic::new(
        &CODE,
        format!(
            "`{id}` needs review: its premise `{}`{through} {} on {}, after this claim's last history event ({}){others}",
            review.premise(),
            describe(&review.worsening),
            review.date,
            review.since
        ),
        span,
    )
    .with_label(chain.join(" ← "))
    .with_hint(format!(
        "look at the claim again: if it still holds, append `{{ date: \"YYYY-MM-DD\", from: {class}, to: {class}, kind: review, reason: {{ ja: …, en: … }} }}` to its history; if not, change its class"
    ))
}
