//! `fm/bad-format` (error): a date, ID, GPU target, commit or line range is not in its required format.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "fm/bad-format",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a date, ID, GPU target, commit or line range is not in its required format.",
};

/// The formats this code checks, each with what it is called and how to write it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A claim or question ID.
    Id,
    /// A calendar date.
    Date,
    /// A GPU target (`gfx…`).
    Target,
    /// A full commit hash.
    Commit,
    /// A source's line range.
    Lines,
    /// The sub-path a site is served under (`shoko.yaml`).
    BasePath,
    /// The site's public URL (`shoko.yaml`).
    BaseUrl,
    /// What the site's feeds are named by (`shoko.yaml`).
    FeedId,
    /// The site's repository (`shoko.yaml`).
    Repository,
    /// The branch edit links open (`shoko.yaml`).
    Branch,
    /// The pattern of an edit page's address (`shoko.yaml`).
    EditUrl,
}

impl Format {
    /// What a value of the format is, after "not".
    fn what(self) -> &'static str {
        match self {
            Format::Id => "a valid ID",
            Format::Date => "a date (YYYY-MM-DD)",
            Format::Target => "a GPU target (gfx…)",
            Format::Commit => "a full 40-hex commit",
            Format::Lines => "a 1-based line range [FIRST, LAST] with FIRST <= LAST",
            Format::BasePath => "a path such as /ROCm-pages/",
            Format::BaseUrl => "an http or https URL",
            Format::FeedId => "a urn:, tag: or http(s) URI",
            Format::Repository => "a repository's http or https address",
            Format::Branch => "a branch name",
            Format::EditUrl => "an http or https address with {path}",
        }
    }

    /// How to write one.
    fn hint(self) -> &'static str {
        match self {
            Format::Id => "use lowercase letters, digits, `-`, `_` and `.` only, starting with a letter or digit",
            Format::Date => {
                "write a day of the calendar as a quoted `\"YYYY-MM-DD\"` string (month 01 to 12), e.g. `\"2026-03-27\"`"
            }
            Format::Target => "write the LLVM target name in lower case, e.g. `gfx900`, `gfx942`, `gfx1201`",
            Format::Commit => "write the full 40-character commit hash (`git rev-parse HEAD`), quoted",
            Format::Lines => "write `lines: [FIRST, LAST]` with 1-based line numbers, FIRST <= LAST",
            Format::BasePath => {
                "write the sub-path between slashes, e.g. `base_path: /my-project/` (letters, digits, `-`, `_`, `.` and `~` between them), or `/` for a site at the root of its host"
            }
            Format::BaseUrl => {
                "write the full address with its scheme, e.g. `base_url: https://example.github.io/my-project/`"
            }
            Format::FeedId => {
                "write a URI that stays the site's, e.g. `feed_id: tag:example.org,2026:my-site` or a `urn:uuid:`"
            }
            Format::Repository => "write the repository's address, e.g. `repository: https://github.com/OWNER/NAME`",
            Format::Branch => "write the branch's name as git shows it, e.g. `branch: main`",
            Format::EditUrl => {
                "write the edit page's address with `{path}` where the file's path goes, e.g. `edit_url: https://git.example.org/me/notes/-/edit/main/{path}`"
            }
        }
    }
}

/// The diagnostic at the value of `field`, which is not in `format`.
pub fn diagnostic(span: Span, field: &str, value: &str, format: Format) -> Diagnostic {
    let what = format.what();
    Diagnostic::new(&CODE, format!("`{field}` is `{value}`, which is not {what}"), span)
        .with_label(format!("not {what}"))
        .with_hint(format.hint())
}

/// The diagnostic at a date written as `YYYY-MM-DD` that is no day of the calendar (the 31st of
/// a 30-day month, February 29th of a common year); `days` is how many the month has.
pub fn not_a_day(span: Span, field: &str, value: &str, days: i8) -> Diagnostic {
    Diagnostic::new(&CODE, format!("`{field}` is `{value}`, which is not a day of the calendar"), span)
        .with_label(format!("that month has {days} days"))
        .with_hint("correct the day; the format itself is right")
}

/// The diagnostic at a date whose month or day is written with one digit (`2026-11-2`): the day
/// is right, its writing is not; `padded` is how it is written (`2026-11-02`).
pub fn unpadded_date(span: Span, field: &str, value: &str, padded: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("`{field}` is `{value}`, which is not a date (YYYY-MM-DD)"), span)
        .with_label("one digit where YYYY-MM-DD has two")
        .with_hint(format!("write the month and the day with two digits each: `\"{padded}\"`"))
}

/// The diagnostic at a full commit hash written with upper-case letters.
pub fn upper_case_commit(span: Span, field: &str, value: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("`{field}` is `{value}`, written in upper case"), span)
        .with_label("commit hashes are written in lower case")
        .with_hint(format!("write `\"{}\"`", value.to_ascii_lowercase()))
}
