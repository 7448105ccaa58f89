//! `claim/supersession` (error): a superseded claim needs `superseded_by`, the successor must
//! list it in `supersedes`, and no chain of successors comes back to a claim it left.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "claim/supersession",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a superseded claim needs `superseded_by`, the successor must list it in `supersedes`, and successors never come back round.",
};

/// A superseded claim without a successor.
pub fn no_successor(span: Span, id: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("superseded claim `{id}` names no successor"), span)
        .with_label("`lifecycle: superseded` needs `superseded_by`")
        .with_hint("add `superseded_by: NEW-ID` (never delete a claim: old links must still resolve)")
}

/// A successor that does not list the claim it replaces.
pub fn not_listed(span: Span, id: &str, successor: &str, successor_span: Span) -> Diagnostic {
    Diagnostic::new(&CODE, format!("`{successor}` does not list `{id}` in `supersedes`"), span)
        .with_label(format!("says it is superseded by `{successor}`"))
        .with_secondary(successor_span, "successor declared here")
        .with_hint(format!("add `supersedes: [{id}]` to `{successor}`"))
}

/// `superseded_by` on a claim whose lifecycle is not `superseded`.
pub fn not_superseded(span: Span, id: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("claim `{id}` names a successor but its lifecycle is not `superseded`"), span)
        .with_hint("set `lifecycle: superseded` and add a history event, or remove `superseded_by`")
}

/// A chain of successors that comes back to a claim it left (`cycle`, in the order followed;
/// one claim when it names itself): none of them has a current successor to cite.
pub fn cycle(span: Span, cycle: &[String]) -> Diagnostic {
    let message = match cycle {
        [one] => format!("claim `{one}` is superseded by itself"),
        _ => {
            let path: Vec<String> = cycle.iter().chain(cycle.first()).map(|id| format!("`{id}`")).collect();
            format!("claims supersede each other in a cycle: {}", path.join(" → "))
        }
    };
    Diagnostic::new(&CODE, message, span)
        .with_label("this successor closes the cycle")
        .with_hint("a successor is a newer, different claim: point `superseded_by` at the claim that replaces this one")
}
