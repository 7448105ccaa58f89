//! Which characters a published text may hold: what XML 1.0 calls a character (its `Char`
//! production: tab, line feed, carriage return, and everything from U+0020 on but the surrogates
//! and U+FFFE, U+FFFF), less the C1 controls (U+0080–U+009F) and Unicode's noncharacters
//! (U+FDD0–U+FDEF and the last two code points of every plane). Everything else breaks a feed
//! for every reader, shows as a box or nothing in a page, or steers a terminal; every text the
//! site publishes is held to this one rule (`md/control-character` for bodies,
//! `fm/control-character` for YAML texts).

/// Whether `c` may appear in a published text.
pub fn publishable(c: char) -> bool {
    let code = u32::from(c);
    match c {
        '\t' | '\n' | '\r' => true,
        _ if code < 0x20 || (0x7f..=0x9f).contains(&code) => false,
        _ => !noncharacter(code),
    }
}

/// Whether `code` is a Unicode noncharacter.
fn noncharacter(code: u32) -> bool {
    (0xfdd0..=0xfdef).contains(&code) || code & 0xfffe == 0xfffe
}

/// What kind of character an unpublishable `c` is, in words.
pub fn unpublishable_kind(c: char) -> &'static str {
    if noncharacter(u32::from(c)) { "a Unicode noncharacter" } else { "a control character" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_is_xml_char_less_c1_controls_and_noncharacters() {
        for c in ['\t', '\n', '\r', ' ', 'a', 'あ', '\u{a0}', '\u{2028}', '\u{fffd}', '\u{10000}', '\u{10fffd}'] {
            assert!(publishable(c), "{c:?}");
        }
        for c in ['\0', '\u{1}', '\u{c}', '\u{1b}', '\u{1f}', '\u{7f}', '\u{80}', '\u{85}', '\u{9f}'] {
            assert!(!publishable(c), "{c:?}");
            assert_eq!(unpublishable_kind(c), "a control character");
        }
        for c in ['\u{fdd0}', '\u{fdef}', '\u{fffe}', '\u{ffff}', '\u{1fffe}', '\u{10ffff}'] {
            assert!(!publishable(c), "{c:?}");
            assert_eq!(unpublishable_kind(c), "a Unicode noncharacter");
        }
    }
}
