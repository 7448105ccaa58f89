//! `i18n/translation-drift` (warning): one side of a language pair changed, in history or in the
//! working tree, after its partner last did (see `shoko-history`): the partner may no longer say
//! the same.

use crate::pairs::{Drift, Revision};
use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "i18n/translation-drift",
    severity: Severity::Warning,
    stops_reading: false,
    summary: "one language of a pair was revised after the other last changed; the other may be behind.",
};

/// The diagnostic at the behind side.
pub fn diagnostic(span: Span, drift: &Drift) -> Diagnostic {
    let (behind, other) = (drift.behind.english_name(), drift.behind.other().english_name());
    let when = match &drift.revised {
        Revision::Commit { short, date, subject } => format!("in {short} ({date}, \"{subject}\")"),
        Revision::WorkingTree => "in the working tree (not committed yet)".to_owned(),
    };
    let what = match crate::pairs::body_index(&drift.pair) {
        Some(n) => format!("the {behind} div of language pair {} in the body", n + 1),
        None => format!("the {behind} text of `{}`", drift.pair),
    };
    Diagnostic::new(&CODE, format!("{what} is behind: the {other} text was revised {when}"), span)
        .with_label(format!("the {behind} side, not revised since"))
    .with_hint(format!(
        "bring the {behind} text up to date; if the {other} change does not alter the meaning, commit it with the trailer `Translation: unaffected`"
    ))
}
