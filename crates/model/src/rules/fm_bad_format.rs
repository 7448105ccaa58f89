//! `fm/bad-format` (error): a date, ID, GPU target, commit or line range is not in its required format.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "fm/bad-format",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a date, ID, GPU target, commit or line range is not in its required format.",
};

/// The diagnostic at the value; `what` names the expected format.
pub fn diagnostic(span: Span, field: &str, value: &str, what: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("`{field}` is `{value}`, which is not {what}"), span)
        .with_label(format!("not {what}"))
        .with_hint(hint(what))
}

/// The diagnostic at a date written as `YYYY-MM-DD` that is no day of the calendar (the 31st of
/// a 30-day month, February 29th of a common year); `days` is how many the month has.
pub fn not_a_day(span: Span, field: &str, value: &str, days: i8) -> Diagnostic {
    Diagnostic::new(&CODE, format!("`{field}` is `{value}`, which is not a day of the calendar"), span)
        .with_label(format!("that month has {days} days"))
        .with_hint("correct the day; the format itself is right")
}

/// The diagnostic at a full commit hash written with upper-case letters.
pub fn upper_case_commit(span: Span, field: &str, value: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("`{field}` is `{value}`, written in upper case"), span)
        .with_label("commit hashes are written in lower case")
        .with_hint(format!("write `\"{}\"`", value.to_ascii_lowercase()))
}

fn hint(what: &str) -> String {
    if what.contains("commit") {
        String::from("write the full 40-character commit hash (`git rev-parse HEAD`), quoted")
    } else if what.contains("date") {
        String::from("write the date as a quoted `\"YYYY-MM-DD\"` string, e.g. `\"2026-03-27\"`")
    } else if what.contains("ID") {
        String::from("use lowercase letters, digits, `-`, `_` and `.` only, starting with a letter or digit")
    } else if what.contains("GPU target") {
        String::from("write the LLVM target name, e.g. `gfx900`, `gfx942`, `gfx1201`")
    } else {
        String::from("write `lines: [FIRST, LAST]` with 1-based line numbers, FIRST <= LAST")
    }
}
