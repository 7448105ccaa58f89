//! A piece's table of the tokens it met, each numbered in the order it was first met. Nearly
//! every token is short (a Japanese bigram is six bytes of UTF-8): one of up to seven bytes is
//! keyed by its bytes and length packed into a `u64`, which hashes in one multiplication and
//! compares as one number; only a longer token is keyed by its string (no call to compare bytes,
//! which a string key made for every occurrence; see docs/performance.md).

use rustc_hash::FxHashMap;

/// The longest token kept in a packed key: the eighth byte holds the length.
const PACKED: usize = 7;

/// Tokens to numbers `0, 1, 2, …` in the order met.
#[derive(Debug, Default)]
pub(crate) struct Numbering {
    short: FxHashMap<u64, u32>,
    long: FxHashMap<Box<str>, u32>,
}

impl Numbering {
    /// How many tokens are numbered.
    pub(crate) fn len(&self) -> usize {
        self.short.len() + self.long.len()
    }

    /// `token`'s number, and whether it is new (then it is given the next number).
    pub(crate) fn number(&mut self, token: &str) -> (u32, bool) {
        let next = u32::try_from(self.len()).unwrap_or(u32::MAX);
        match pack(token) {
            Some(key) => {
                let number = *self.short.entry(key).or_insert(next);
                (number, number == next)
            }
            None => match self.long.get(token) {
                Some(number) => (*number, false),
                None => {
                    self.long.insert(token.into(), next);
                    (next, true)
                }
            },
        }
    }

    /// Each token with its number, in no particular order.
    pub(crate) fn each(&self, mut f: impl FnMut(&str, u32)) {
        for (&key, &number) in &self.short {
            let bytes = key.to_le_bytes();
            let len = usize::from(bytes[PACKED]).min(PACKED);
            // Packed from a `&str` by `pack`: always UTF-8.
            if let Ok(token) = std::str::from_utf8(&bytes[..len]) {
                f(token, number);
            }
        }
        for (token, &number) in &self.long {
            f(token, number);
        }
    }
}

/// `token` as one number, if it is short enough: its bytes, then its length in the last byte
/// (so tokens that differ only by trailing zero bytes still differ).
fn pack(token: &str) -> Option<u64> {
    let b = token.as_bytes();
    let n = b.len();
    // Little-endian byte `i` is `b[i]`. Loads that overlap put the same byte in the same place,
    // so no copy of a length known only at run time is made: a call to `memcpy` for each token
    // made numbering Japanese text three times slower (docs/performance.md).
    let word = |at: usize| u64::from(u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]));
    let bytes = match n {
        0 => 0,
        1..=3 => u64::from(b[0]) | u64::from(b[n / 2]) << (8 * (n / 2)) | u64::from(b[n - 1]) << (8 * (n - 1)),
        4..=PACKED => word(0) | word(n - 4) << (8 * (n - 4)),
        _ => return None,
    };
    Some(bytes | (n as u64) << (8 * PACKED))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_packed_token_is_its_bytes_then_its_length() {
        let text = "abcdefghi";
        for n in 0..=text.len() {
            let expected = (n <= PACKED).then(|| {
                let mut key = [0u8; 8];
                key[..n].copy_from_slice(&text.as_bytes()[..n]);
                key[PACKED] = n as u8;
                u64::from_le_bytes(key)
            });
            assert_eq!(pack(&text[..n]), expected, "{n} bytes");
        }
    }

    #[test]
    fn tokens_short_and_long_are_numbered_in_the_order_met_and_read_back_whole() {
        let mut numbering = Numbering::default();
        let tokens = ["新幹", "幹線", "gfx1201", "mul_mat_vec_q", "a", "a\0", "", "新幹", "mul_mat_vec_q"];
        let numbers: Vec<(u32, bool)> = tokens.iter().map(|t| numbering.number(t)).collect();
        assert_eq!(
            numbers,
            [(0, true), (1, true), (2, true), (3, true), (4, true), (5, true), (6, true), (0, false), (3, false)]
        );
        let mut back = Vec::new();
        numbering.each(|token, n| back.push((n, token.to_owned())));
        back.sort();
        let expected: Vec<(u32, String)> = tokens[..7].iter().zip(0..).map(|(t, n)| (n, (*t).to_owned())).collect();
        assert_eq!(back, expected);
        assert_eq!(numbering.len(), 7);
    }
}
