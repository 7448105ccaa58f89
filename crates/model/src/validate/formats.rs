//! Format checks for strings the schema keeps as text: IDs, dates, GPU targets, commits.

use crate::locate::Locator;
use crate::rules::fm_bad_format::{self, Format};
use crate::yaml::YamlPath;
use shoko_diagnostics::Diagnostic;

/// Collects format problems of one element.
pub struct Check<'a, 'b> {
    /// Locates the element.
    pub loc: &'a Locator<'b>,
    /// Where problems go.
    pub out: &'a mut Vec<Diagnostic>,
}

impl Check<'_, '_> {
    fn report(&mut self, rel: &YamlPath, value: &str, format: Format) {
        // A blank text is reported as such (`fm/missing-field`), not as a wrong format.
        if value.trim().is_empty() {
            return;
        }
        let field = self.loc.path(rel).to_string();
        self.out.push(fm_bad_format::diagnostic(self.loc.span(rel), &field, value, format));
    }

    /// A claim or question ID.
    pub fn id(&mut self, rel: &YamlPath, value: &str) {
        if !is_id(value) {
            self.report(rel, value, Format::Id);
        }
    }

    /// A `YYYY-MM-DD` calendar date, quoted: YAML 1.1 tools (editors, PyYAML) read an unquoted
    /// date as a date object, not as text.
    pub fn date(&mut self, rel: &YamlPath, value: &str) {
        if let Some(days) = days_in_month_of(value).filter(|_| !is_date(value)) {
            let field = self.loc.path(rel).to_string();
            self.out.push(fm_bad_format::not_a_day(self.loc.span(rel), &field, value, days));
        } else if let Some(padded) = padded_date(value).filter(|p| is_date(p)) {
            let field = self.loc.path(rel).to_string();
            self.out.push(fm_bad_format::unpadded_date(self.loc.span(rel), &field, value, &padded));
        } else if !is_date(value) {
            self.report(rel, value, Format::Date);
        } else if let Some(pos) = self.loc.positions.exact(&self.loc.path(rel))
            && matches!(pos.scalar, Some(crate::yaml::Scalar::Plain(_)))
        {
            let field = self.loc.path(rel).to_string();
            let read = "a date object by YAML 1.1 tools";
            self.out.push(crate::rules::fm_unquoted_scalar::diagnostic(self.loc.span(rel), &field, value, read));
        }
    }

    /// A day something was observed: a date ([`Check::date`]) not after `today` (a UTC date:
    /// a day later is allowed, for the authors ahead of UTC, Japan among them).
    pub fn observed(&mut self, rel: &YamlPath, value: &str, today: jiff::civil::Date) {
        self.date(rel, value);
        if let Ok(day) = value.parse::<jiff::civil::Date>()
            && is_date(value)
            && day > today.tomorrow().unwrap_or(today)
        {
            let field = self.loc.path(rel).to_string();
            self.out.push(crate::rules::fm_future_date::diagnostic(self.loc.span(rel), &field, value));
        }
    }

    /// A GPU target such as `gfx1201`.
    pub fn gfx(&mut self, rel: &YamlPath, value: &str) {
        let digits = value.strip_prefix("gfx").unwrap_or("");
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()) {
            self.report(rel, value, Format::Target);
        }
    }

    /// A full 40-hex commit hash.
    pub fn commit(&mut self, rel: &YamlPath, value: &str) {
        let hex = |c: char| c.is_ascii_digit() || ('a'..='f').contains(&c);
        if value.len() == 40 && value.chars().all(|c| hex(c.to_ascii_lowercase())) && !value.chars().all(hex) {
            let field = self.loc.path(rel).to_string();
            self.out.push(fm_bad_format::upper_case_commit(self.loc.span(rel), &field, value));
        } else if value.len() != 40 || !value.chars().all(hex) {
            self.report(rel, value, Format::Commit);
        }
    }
}

/// Whether `value` is a valid ID: lowercase letters, digits, `-`, `_`, `.`, starting with a
/// letter or digit.
pub fn is_id(value: &str) -> bool {
    let mut chars = value.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '-' | '_' | '.'))
}

/// For `YYYY-MM-DD` with a real year and month, how many days that month has; `None` when the
/// text does not have that shape.
fn days_in_month_of(value: &str) -> Option<i8> {
    let shape = value.len() == 10
        && value.bytes().enumerate().all(|(i, b)| if i == 4 || i == 7 { b == b'-' } else { b.is_ascii_digit() });
    if !shape {
        return None;
    }
    let first = format!("{}-01", &value[..7]).parse::<jiff::civil::Date>().ok()?;
    Some(first.days_in_month())
}

/// Whether `value` is exactly `YYYY-MM-DD` and a real calendar day.
pub fn is_date(value: &str) -> bool {
    value.len() == 10
        && value.bytes().enumerate().all(|(i, b)| if i == 4 || i == 7 { b == b'-' } else { b.is_ascii_digit() })
        && value.parse::<jiff::civil::Date>().is_ok()
}

/// `value` written as `YYYY-MM-DD` when it is a date whose month or day has one digit
/// (`2026-11-2` → `2026-11-02`).
fn padded_date(value: &str) -> Option<String> {
    let mut parts = value.split('-');
    let (year, month, day) = (parts.next()?, parts.next()?, parts.next()?);
    let digits = |s: &str, most: usize| !s.is_empty() && s.len() <= most && s.bytes().all(|b| b.is_ascii_digit());
    (parts.next().is_none() && year.len() == 4 && digits(year, 4) && digits(month, 2) && digits(day, 2))
        .then(|| format!("{year}-{month:0>2}-{day:0>2}"))
        .filter(|padded| padded != value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_must_be_real_days_in_one_format() {
        assert!(is_date("2026-02-28"));
        assert!(!is_date("2026-02-30"));
        assert!(!is_date("2026-2-28"));
        assert!(!is_date("2026-02-28T00:00"));
    }

    #[test]
    fn ids() {
        assert!(is_id("ggml-fatbin-gfx1201"));
        assert!(is_id("q4k.live_dispatch"));
        assert!(!is_id("Q4K"));
        assert!(!is_id("-lead"));
        assert!(!is_id(""));
    }
}
