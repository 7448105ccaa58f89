//! SVG figures made for the page that shows them: one source holds both languages' text (an
//! element marked `lang="ja"` or `lang="en"`, or `xml:lang`, is kept only in that language's
//! version), and each version gets a dark twin whose colours keep their hue with their lightness
//! turned over, so a figure follows the theme in use (the page shows the one the theme picks:
//! see `static/css/site.css`). SVG's own `systemLanguage` follows the browser's language, not the
//! page's, so it cannot do this. Works on the text by byte ranges (`roxmltree` finds them): what
//! is not touched stays byte for byte.

use shoko_vocab::Lang;

/// Attributes whose value is a colour.
const COLOUR_ATTRIBUTES: [&str; 6] = ["fill", "stroke", "stop-color", "flood-color", "lighting-color", "color"];

/// The versions of `text` (a safe SVG, see [`crate::svg`]): for each language of [`Lang::ALL`],
/// its light and dark version; `None` for a language when no element names one (both
/// languages then share one version). `Err` when it is not an SVG.
pub(crate) fn versions(text: &str) -> Result<Vec<[String; 2]>, String> {
    let options = roxmltree::ParsingOptions { allow_dtd: false, ..roxmltree::ParsingOptions::default() };
    let doc = roxmltree::Document::parse_with_options(text, options).map_err(|e| format!("not an SVG: {e}"))?;
    let tagged = doc.descendants().any(|n| language(&n).is_some());
    let langs: &[Option<Lang>] = if tagged { &[Some(Lang::ALL[0]), Some(Lang::ALL[1])] } else { &[None] };
    Ok(langs
        .iter()
        .map(|lang| {
            let light = edited(text, &doc, *lang, false);
            let dark = edited(text, &doc, *lang, true);
            [light, dark]
        })
        .collect())
}

/// The language an element is marked as written in (the root's says what the whole file is in,
/// not which version keeps it).
fn language(node: &roxmltree::Node<'_, '_>) -> Option<Lang> {
    if node.parent().is_none_or(|p| p.is_root()) {
        return None;
    }
    let value = node.attributes().find(|a| a.name() == "lang")?.value();
    Lang::ALL.into_iter().find(|l| value.eq_ignore_ascii_case(l.code()))
}

/// `text` without the elements of the other language than `lang` (when given), its colours
/// turned dark when `dark`.
fn edited(text: &str, doc: &roxmltree::Document<'_>, lang: Option<Lang>, dark: bool) -> String {
    let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    let mut removed: Vec<std::ops::Range<usize>> = Vec::new();
    for node in doc.descendants().filter(roxmltree::Node::is_element) {
        let range = node.range();
        if removed.iter().any(|r| r.start <= range.start && range.end <= r.end) {
            continue;
        }
        if let (Some(lang), Some(written)) = (lang, language(&node))
            && written != lang
        {
            removed.push(range.clone());
            edits.push((range, String::new()));
            continue;
        }
        if !dark {
            continue;
        }
        for attribute in node.attributes() {
            let name = attribute.name();
            if COLOUR_ATTRIBUTES.contains(&name) || name == "style" {
                let turned = turn_colours(attribute.value());
                if turned != attribute.value() {
                    edits.push((attribute.range_value(), escape_attribute(&turned)));
                }
            }
        }
        if node.tag_name().name() == "style"
            && let Some(child) = node.first_child().filter(roxmltree::Node::is_text)
        {
            let turned = turn_colours(child.text().unwrap_or(""));
            edits.push((child.range(), escape_text(&turned)));
        }
    }
    edits.sort_by_key(|(range, _)| range.start);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (range, with) in edits {
        if range.start < at {
            continue;
        }
        out.push_str(&text[at..range.start]);
        out.push_str(&with);
        at = range.end;
    }
    out.push_str(&text[at..]);
    out
}

/// An attribute value with the characters that would end it (either quote) or open markup
/// escaped: the value goes back between the quotes the file used.
fn escape_attribute(value: &str) -> String {
    quick_xml::escape::escape(value).into_owned()
}

/// Text with the characters that open markup or an entity escaped.
fn escape_text(value: &str) -> String {
    quick_xml::escape::partial_escape(value).into_owned()
}

/// `value` with every colour it names (`#rgb`, `#rrggbb`, `white`, `black`) turned dark.
fn turn_colours(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(i) = rest.find(['#', 'w', 'b', 'W', 'B']) {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let hex_len = tail[1..].bytes().take_while(u8::is_ascii_hexdigit).count();
        let word_start = i == 0 || !rest.as_bytes()[i - 1].is_ascii_alphanumeric();
        let named = |name: &str| {
            word_start
                && tail.len() >= name.len()
                && tail[..name.len()].eq_ignore_ascii_case(name)
                && !tail.as_bytes().get(name.len()).is_some_and(u8::is_ascii_alphanumeric)
        };
        let (colour, len) = if tail.starts_with('#') && matches!(hex_len, 3 | 6) {
            (parse_hex(&tail[1..=hex_len]), hex_len + 1)
        } else if named("white") {
            (Some([255, 255, 255]), 5)
        } else if named("black") {
            (Some([0, 0, 0]), 5)
        } else {
            (None, 1)
        };
        match colour {
            Some(rgb) => out.push_str(&to_hex(dark(rgb))),
            None => out.push_str(&tail[..len]),
        }
        rest = &tail[len..];
    }
    out.push_str(rest);
    out
}

fn parse_hex(hex: &str) -> Option<[u8; 3]> {
    let digit = |i: usize, len: usize| u8::from_str_radix(&hex[i..i + len], 16).ok();
    match hex.len() {
        3 => Some([digit(0, 1)? * 17, digit(1, 1)? * 17, digit(2, 1)? * 17]),
        6 => Some([digit(0, 2)?, digit(2, 2)?, digit(4, 2)?]),
        _ => None,
    }
}

fn to_hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The colour's twin for a dark page: the same hue and chroma (how far it is from grey), its
/// lightness turned over into the range the site's dark theme uses (a near-white background
/// becomes the page's dark grey, near-black text a light grey, a pastel a deep shade).
fn dark(rgb: [u8; 3]) -> [u8; 3] {
    let (h, _, l) = to_hsl(rgb);
    let chroma = f64::from(rgb.iter().max().copied().unwrap_or(0) - rgb.iter().min().copied().unwrap_or(0)) / 255.0;
    let l = 0.08 + 0.86 * (1.0 - l);
    let room = 1.0 - (2.0 * l - 1.0).abs();
    from_hsl(h, if room > 0.0 { (chroma / room).min(1.0) } else { 0.0 }, l)
}

fn to_hsl([r, g, b]: [u8; 3]) -> (f64, f64, f64) {
    let (r, g, b) = (f64::from(r) / 255.0, f64::from(g) / 255.0, f64::from(b) / 255.0);
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    let l = (max + min) / 2.0;
    if (max - min).abs() < f64::EPSILON {
        return (0.0, 0.0, l);
    }
    let d = max - min;
    let s = if l > 0.5 { d / (2.0 - max - min) } else { d / (max + min) };
    let h = if max == r {
        (g - b) / d + if g < b { 6.0 } else { 0.0 }
    } else if max == g {
        (b - r) / d + 2.0
    } else {
        (r - g) / d + 4.0
    };
    (h / 6.0, s, l)
}

fn from_hsl(h: f64, s: f64, l: f64) -> [u8; 3] {
    let channel = |t: f64| {
        let q = if l < 0.5 { l * (1.0 + s) } else { l + s - l * s };
        let p = 2.0 * l - q;
        let t = t.rem_euclid(1.0);
        let v = if t < 1.0 / 6.0 {
            p + (q - p) * 6.0 * t
        } else if t < 0.5 {
            q
        } else if t < 2.0 / 3.0 {
            p + (q - p) * (2.0 / 3.0 - t) * 6.0
        } else {
            p
        };
        (v * 255.0).round().clamp(0.0, 255.0) as u8
    };
    [channel(h + 1.0 / 3.0), channel(h), channel(h - 1.0 / 3.0)]
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIGURE: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect fill="#fdfdfc"/><g fill="#1d1f21"><text lang="ja">観測</text><text lang="en">observed</text><text>gfx900</text></g><style>.a { stroke: #c08a1e }</style></svg>"##;

    #[test]
    fn each_language_keeps_its_own_text_and_what_names_none() {
        let made = versions(FIGURE).expect("an SVG");
        assert_eq!(made.len(), 2);
        let (ja, en) = (&made[0][0], &made[1][0]);
        assert!(ja.contains("観測") && !ja.contains("observed") && ja.contains("gfx900"), "{ja}");
        assert!(en.contains("observed") && !en.contains("観測") && en.contains("gfx900"), "{en}");
        // What is not touched stays as written.
        assert!(
            ja.starts_with(r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect fill="#fdfdfc"/>"##)
        );
        let one = versions(r##"<svg xmlns="http://www.w3.org/2000/svg"><text>x</text></svg>"##).expect("an SVG");
        assert_eq!(one.len(), 1, "a figure with no language marked has one version for both");
    }

    #[test]
    fn an_edited_value_stays_inside_its_quotes_and_the_root_language_keeps_the_figure() {
        // A style value holding an escaped quote must not become an attribute of its own.
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" style='color:white;x:&apos; onload=&apos;alert(1)'><style>a{fill:#fff}&amp;</style><text lang="en">Hi</text></svg>"#;
        for [light, dark] in versions(svg).expect("an SVG") {
            for version in [light, dark] {
                let doc = roxmltree::Document::parse(&version).expect("still XML");
                assert!(doc.descendants().all(|n| n.attribute("onload").is_none()), "{version}");
                assert_eq!(crate::svg::unsafe_part(&version), Ok(None), "{version}");
            }
        }
        // `xml:lang` on the root names the file's language; both versions keep everything.
        let rooted = r#"<svg xmlns="http://www.w3.org/2000/svg" xml:lang="en"><text>Hi</text></svg>"#;
        let got = versions(rooted).expect("an SVG");
        assert_eq!(got.len(), 1, "no element names a language");
        assert!(got[0][0].contains("<text>Hi</text>"));
    }

    #[test]
    fn the_dark_twin_turns_lightness_over_and_keeps_hue() {
        let dark = &versions(FIGURE).expect("an SVG")[0][1];
        let fill = |after: &str| dark.split(after).nth(1).and_then(|s| s.get(..7)).map(str::to_owned);
        let background = fill("<rect fill=\"").expect("the background");
        let text = fill("<g fill=\"").expect("the text colour");
        let lightness = |hex: &str| to_hsl(parse_hex(&hex[1..]).expect("hex")).2;
        assert!(lightness(&background) < 0.15, "the light background goes dark: {background}");
        let (_, grey, _) = to_hsl(parse_hex(&background[1..]).expect("hex"));
        assert!(grey < 0.05, "a near-white stays near grey, not tinted: {background}");
        assert!(lightness(&text) > 0.8, "dark text goes light: {text}");
        assert!(!dark.contains("#c08a1e") && dark.contains(".a { stroke: #"), "styles too: {dark}");
        let (h1, _, _) = to_hsl([0xc0, 0x8a, 0x1e]);
        let (h2, _, _) = to_hsl(dark_of("#c08a1e"));
        assert!((h1 - h2).abs() < 0.01, "the hue stays");
        assert_eq!(turn_colours("url(#grad) black blackish #12"), "url(#grad) #f0f0f0 blackish #12");
    }

    fn dark_of(hex: &str) -> [u8; 3] {
        dark(parse_hex(&hex[1..]).expect("hex"))
    }
}
