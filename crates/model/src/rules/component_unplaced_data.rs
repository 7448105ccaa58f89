//! `component/unplaced-data` (warning): front-matter data that no component of the body shows
//! (hub cards whose `group` no `::: cards` places, usually a misspelt group).

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "component/unplaced-data",
    severity: Severity::Warning,
    stops_reading: false,
    summary: "front-matter data that no component of the body shows (e.g. cards of a group no `::: cards` places).",
};

/// The diagnostic at a card whose `group` is placed nowhere; `placed` lists the groups that are.
pub fn cards(span: Span, group: &str, placed: &[&str]) -> Diagnostic {
    let hint = match placed {
        [] => format!("place the group in the body with `::: cards {group}` (or `::: cards` for all)"),
        _ => {
            let named: Vec<String> = placed.iter().map(|g| format!("`{g}`")).collect();
            format!("the body places {}; fix the group or add `::: cards {group}`", named.join(", "))
        }
    };
    Diagnostic::new(&CODE, format!("cards of group `{group}` are shown nowhere"), span)
        .with_label("no `::: cards` places this group")
        .with_hint(hint)
}
