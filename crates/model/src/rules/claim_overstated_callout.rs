//! `claim/overstated-callout` (warning): a callout's class is stronger than the class of every
//! current claim cited inside it (a `confirmed` callout around text that cites only inferred
//! claims; a superseded or retracted one supports nothing): the badge states more than the
//! evidence does.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "claim/overstated-callout",
    severity: Severity::Warning,
    stops_reading: false,
    summary: "a callout's class is stronger than every current claim it cites.",
};

/// The diagnostic at the callout's opening fence.
pub fn diagnostic(span: Span, class: &str, cited: &[(String, &str)]) -> Diagnostic {
    let list: Vec<String> = cited.iter().map(|(id, class)| format!("`{id}` ({class})")).collect();
    let article = if class.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
    Diagnostic::new(&CODE, format!("{article} {class} callout cites only weaker claims: {}", list.join(", ")), span)
        .with_label(format!(
            "states more than {}",
            if cited.len() == 1 { "the claim it cites" } else { "the claims it cites" }
        ))
        .with_hint("give the callout the class of its strongest claim, or cite the claim that supports it")
}
