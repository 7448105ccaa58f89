//! `md/callout-class` (error): a callout names something other than one of the four evidence
//! classes, written exactly (`::::callout inferred`): a wrong one would print a badge no reader
//! can trust.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "md/callout-class",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a callout names something other than confirmed, inferred, unresolved or limited.",
};

/// The diagnostic at the callout's opening fence; `closest` is the class it most likely means.
pub fn diagnostic(span: Span, written: &str, closest: Option<&str>) -> Diagnostic {
    let shown = if written.is_empty() { "no class".to_owned() } else { format!("`{written}`") };
    let found = Diagnostic::new(&CODE, format!("callout with {shown}, which is not an evidence class"), span)
        .with_label("confirmed, inferred, unresolved or limited");
    match closest {
        Some(class) => {
            found.with_hint(format!("did you mean `::::callout {class}`? (lower case, as the classes are written)"))
        }
        None => found.with_hint("write `::::callout CLASS` with the class of the claims the callout sums up"),
    }
}
