//! A date as the generator writes it into pages and feeds: `YYYY-MM-DD`, what jiff's `Display`
//! gives (serde writes the dates of `claims.json` through that `Display`), made without the
//! formatting machinery: every card, history event and change row shows one, and `to_string()`
//! cost about a thousand instructions and two allocations each.

use jiff::civil::Date;

/// `date` as `YYYY-MM-DD` (jiff's own form for a year outside 0–9999).
pub fn iso_date(date: Date) -> String {
    let Some(year) = u32::try_from(date.year()).ok().filter(|y| *y <= 9999) else { return date.to_string() };
    let mut out = String::with_capacity(10);
    push_digits(&mut out, year, 4);
    out.push('-');
    push_digits(&mut out, u32::from(date.month().unsigned_abs()), 2);
    out.push('-');
    push_digits(&mut out, u32::from(date.day().unsigned_abs()), 2);
    out
}

/// The last `width` decimal digits of `n`, zero-padded, onto `out`.
fn push_digits(out: &mut String, n: u32, width: u32) {
    for place in (0..width).rev() {
        let digit = n / 10u32.pow(place) % 10;
        out.push(char::from(b'0' + digit as u8));
    }
}

#[cfg(test)]
mod tests {
    use super::iso_date;
    use jiff::civil::{Date, date};

    #[test]
    fn dates_are_written_as_jiff_writes_them() {
        let mut day = date(2024, 1, 1);
        for _ in 0..800 {
            assert_eq!(iso_date(day), day.to_string());
            day = day.tomorrow().expect("in range");
        }
        for year in [-9999, -1, 0, 1, 9, 10, 99, 999, 1000, 9999] {
            for (month, d) in [(1, 1), (2, 28), (12, 31)] {
                let day = Date::new(year, month, d).expect("a date");
                assert_eq!(iso_date(day), day.to_string(), "{year}-{month}-{d}");
            }
        }
    }
}
