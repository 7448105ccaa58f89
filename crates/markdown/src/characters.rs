//! Finding the characters no published text may hold (`shoko_vocab::publishable`) in a text,
//! fast: nearly every text has none, so a pass over its bytes that vectorizes (the controls are
//! bytes below 0x20 and 0x7F, the C1 controls start with 0xC2) and two searches for the bytes a
//! noncharacter's UTF-8 holds (`EF B7` for U+FDD0–U+FDEF, `BF BE` and `BF BF` ending U+FFFE,
//! U+FFFF and the last two of every plane) decide whether to look at its characters at all.

use shoko_vocab::publishable;

/// Every character of `text` that may not be published, with its byte offset, in order.
pub fn unpublishable(text: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    let bytes = text.as_bytes();
    let suspect = |b: u8| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r')) | (b == 0x7f) | (b == 0xc2);
    let controls = bytes.chunks(64).any(|chunk| chunk.iter().fold(false, |found, &b| found | suspect(b)));
    let noncharacters = || {
        [&b"\xEF\xB7"[..], b"\xBF\xBE", b"\xBF\xBF"].iter().any(|needle| memchr::memmem::find(bytes, needle).is_some())
    };
    let look = controls || noncharacters();
    text.char_indices().take_while(move |_| look).filter(|(_, c)| !publishable(*c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_unpublishable_character_is_found_at_its_offset_and_nothing_else() {
        let text =
            "日本語（全角）と\u{a0}°\tタブ\r\n\u{c}改ページ、\u{85}と\u{fffe}と\u{1fffe}と\u{fdd0}、終わり\u{7f}";
        let found: Vec<char> = unpublishable(text).map(|(_, c)| c).collect();
        assert_eq!(found, ['\u{c}', '\u{85}', '\u{fffe}', '\u{1fffe}', '\u{fdd0}', '\u{7f}']);
        for (at, c) in unpublishable(text) {
            assert!(text[at..].starts_with(c));
        }
        let clean = "全角（）：、。ｱｲｳ\u{fdc0}\u{ffef}\u{ffe0} ± § and U+0FFF \u{fff}";
        assert_eq!(unpublishable(clean).count(), 0);
    }
}
