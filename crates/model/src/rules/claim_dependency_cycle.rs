//! `claim/dependency-cycle` (error): claims depend on each other in a cycle.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "claim/dependency-cycle",
    severity: Severity::Error,
    stops_reading: false,
    summary: "claims depend on each other in a cycle.",
};

/// The diagnostic at the first claim of the cycle; `cycle` lists its IDs in order.
pub fn diagnostic(span: Span, cycle: &[String]) -> Diagnostic {
    let mut path = cycle.join(" → ");
    if let Some(first) = cycle.first() {
        path.push_str(" → ");
        path.push_str(first);
    }
    Diagnostic::new(&CODE, format!("dependency cycle: {path}"), span)
        .with_label("this premise leads back to the claim")
        .with_hint("an inference must rest on observations; remove one `depends_on` edge of the cycle")
}
