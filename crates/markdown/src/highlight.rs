//! Code highlighting at build time with syntect, into CSS classes (`hl-…`), so colours come from
//! the stylesheet (light and dark) and the HTML carries no inline styles.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::LazyLock;
use std::sync::{Mutex, MutexGuard, PoisonError};
use syntect::highlighting::{Color, Theme, ThemeSet};
use syntect::html::{ClassStyle, css_for_theme_with_class_style, line_tokens_to_classed_spans};
use syntect::parsing::{ParseState, ScopeStack, ScopeStackOp, SyntaxReference, SyntaxSet};
use syntect::util::LinesWithEndings;

/// The class prefix of highlighted tokens.
const STYLE: ClassStyle = ClassStyle::SpacedPrefixed { prefix: "hl-" };

/// Loaded once per process; immutable afterwards.
static SYNTAXES: LazyLock<SyntaxSet> = LazyLock::new(SyntaxSet::load_defaults_newlines);

/// `code` as highlighted HTML for the fenced block's `lang`, or `None` when the language is
/// unknown (the caller then emits the plain escaped code).
pub fn highlight(code: &str, lang: &str) -> Option<String> {
    let token = lang.split_whitespace().next().unwrap_or("");
    if token.is_empty() {
        return None;
    }
    let syntax = SYNTAXES.find_syntax_by_token(token)?;
    // The same block often appears in both languages of a page, and `serve` renders unchanged
    // blocks again: highlighting is the slowest step of rendering, so results are kept by content.
    let key = blake3::Hasher::new().update(syntax.name.as_bytes()).update(&[0]).update(code.as_bytes()).finalize();
    if let Some(html) = cache().blocks.get(key.as_bytes()).cloned() {
        return Some(html);
    }
    let html = highlight_uncached(code, syntax)?;
    let mut cache = cache();
    if cache.bytes + html.len() > CACHE_BYTES {
        *cache = Cache::default();
    }
    cache.bytes += html.len();
    if let Some(old) = cache.blocks.insert(*key.as_bytes(), html.clone()) {
        cache.bytes -= old.len();
    }
    Some(html)
}

/// Most bytes of highlighted HTML kept; past this the cache starts over. Bounded by bytes, not
/// blocks: a block of a few lines highlights to some 2.6 KiB, and the 10,000 distinct blocks of
/// the 10,000-page benchmark were 26.5 MB held to the end of the build, for hits that come mostly
/// from the other language of the same page (see docs/performance.md).
const CACHE_BYTES: usize = 4 << 20;

/// Highlighted blocks by a hash of their syntax and code, and the bytes of HTML they hold.
#[derive(Default)]
struct Cache {
    blocks: HashMap<[u8; 32], String>,
    bytes: usize,
}

fn cache() -> MutexGuard<'static, Cache> {
    static CACHE: LazyLock<Mutex<Cache>> = LazyLock::new(Default::default);
    CACHE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What [`ClassedHTMLGenerator`](syntect::html::ClassedHTMLGenerator) does, with each line's
/// parse taken from [`parse_line`] so that lines seen before in the same parser state are not
/// parsed again.
fn highlight_uncached(code: &str, syntax: &SyntaxReference) -> Option<String> {
    let mut state = ParseState::new(syntax);
    let mut scopes = ScopeStack::new();
    let mut html = String::with_capacity(code.len() * 4);
    let mut open_spans = 0isize;
    let mut before = String::new();
    for line in LinesWithEndings::from(code) {
        let ops = parse_line(&mut state, line, &mut before)?;
        let (spans, delta) = line_tokens_to_classed_spans(line, &ops, STYLE, &mut scopes).ok()?;
        open_spans += delta;
        html.push_str(&spans);
    }
    for _ in 0..open_spans {
        html.push_str("</span>");
    }
    Some(html)
}

/// The scope operations of one line, from the line cache when the same line was parsed before
/// from the same state.
///
/// Parsing is most of highlighting's cost, and code in observation logs repeats itself: closing
/// braces, the same call in every variant of a snippet, the same disassembly lines. A line's
/// operations and the state after it depend only on the state before it and the line's text, so
/// both are kept under a hash of the two. The state is keyed by its `Debug` text, the only view
/// syntect gives of it; a state holding regex captures (a heredoc's terminator, say) is never
/// cached, because the captures' `Debug` shows pointers, not text.
///
/// `before` is a buffer for the state's text, reused from line to line.
fn parse_line(state: &mut ParseState, line: &str, before: &mut String) -> Option<Rc<Vec<(usize, ScopeStackOp)>>> {
    use std::fmt::Write;
    before.clear();
    write!(before, "{state:?}").ok()?;
    if before.contains(CAPTURES) {
        return state.parse_line(line, &SYNTAXES).ok().map(Rc::new);
    }
    let key =
        *blake3::Hasher::new().update(before.as_bytes()).update(&[0]).update(line.as_bytes()).finalize().as_bytes();
    LINE_CACHE.with_borrow_mut(|cache| {
        if let Some(parsed) = cache.get(&key) {
            state.clone_from(&parsed.after);
            return Some(Rc::clone(&parsed.ops));
        }
        let ops = Rc::new(state.parse_line(line, &SYNTAXES).ok()?);
        if cache.len() >= LINE_CACHE_LIMIT {
            cache.clear();
        }
        cache.insert(key, ParsedLine { ops: Rc::clone(&ops), after: state.clone() });
        Some(ops)
    })
}

/// How a parser state with regex captures shows in its `Debug` text (see [`parse_line`]); a
/// test checks that syntect still prints it this way.
const CAPTURES: &str = "captures: Some(";

/// Most lines kept per thread (a few hundred bytes each); past this the line cache starts over.
const LINE_CACHE_LIMIT: usize = 50_000;

struct ParsedLine {
    ops: Rc<Vec<(usize, ScopeStackOp)>>,
    after: ParseState,
}

thread_local! {
    /// Per thread: syntect's parser state holds regex regions that may not cross threads, and
    /// a thread's own cache needs no lock.
    static LINE_CACHE: RefCell<HashMap<[u8; 32], ParsedLine>> = RefCell::new(HashMap::new());
}

/// The stylesheet for the token classes: the light theme where the page is light and the dark
/// one where it is dark — the system's scheme, unless the reader chose one with the header's
/// theme button (`data-theme` on `<html>`, see `static/js/theme.js`).
pub fn highlight_css() -> String {
    let themes = ThemeSet::load_defaults();
    let css = |name: &str, background: Color| {
        themes
            .themes
            .get(name)
            .map(|t| readable(t.clone(), background))
            .and_then(|t| css_for_theme_with_class_style(&t, STYLE).ok())
            .unwrap_or_default()
    };
    let (light, dark) = (css("InspiredGitHub", LIGHT_CODE_BACKGROUND), css("base16-ocean.dark", DARK_CODE_BACKGROUND));
    // Each theme only applies in its own scheme, so no token keeps a colour meant for the other
    // background.
    format!(
        "/* Code highlighting: generated by shoko from syntect themes. */\n@media not (prefers-color-scheme: dark) {{\n{}}}\n{}@media (prefers-color-scheme: dark) {{\n{}}}\n{}",
        scoped(&light, ":root:not([data-theme=\"dark\"])"),
        scoped(&light, ":root[data-theme=\"light\"]"),
        scoped(&dark, ":root:not([data-theme=\"light\"])"),
        scoped(&dark, ":root[data-theme=\"dark\"]"),
    )
}

/// The rules of `css` (flat rules and comments, as syntect writes them) with every selector
/// under `scope`.
fn scoped(css: &str, scope: &str) -> String {
    let mut out = String::with_capacity(css.len() * 2);
    for rule in css.split_inclusive('}') {
        let Some((selectors, body)) = rule.split_once('{') else { continue };
        // A comment before the rule goes (the theme's name, written once per copy otherwise).
        let selectors = match selectors.rfind("*/") {
            Some(end) => &selectors[end + 2..],
            None => selectors,
        };
        let list: Vec<String> = selectors.split(',').map(|s| format!("{scope} {}", s.trim())).collect();
        out.push_str(&list.join(", "));
        out.push_str(" {");
        out.push_str(body);
        out.push('\n');
    }
    out
}

/// The code block background of `static/css/site.css` (`--panel`) in each scheme.
const LIGHT_CODE_BACKGROUND: Color = Color { r: 0xf3, g: 0xf4, b: 0xf5, a: 0xff };
const DARK_CODE_BACKGROUND: Color = Color { r: 0x1f, g: 0x22, b: 0x26, a: 0xff };
/// WCAG AA for normal text is 4.5:1; a little margin for rounding.
const MIN_CONTRAST: f64 = 4.6;

/// `theme` with every token colour moved toward black or white until it reaches
/// [`MIN_CONTRAST`] against `background`; colours that already do are kept.
fn readable(mut theme: Theme, background: Color) -> Theme {
    for item in &mut theme.scopes {
        if let Some(fg) = item.style.foreground {
            item.style.foreground = Some(with_contrast(fg, background));
        }
    }
    if let Some(fg) = theme.settings.foreground {
        theme.settings.foreground = Some(with_contrast(fg, background));
    }
    theme
}

fn with_contrast(color: Color, background: Color) -> Color {
    let toward = if luminance(background) > 0.5 { 0.0 } else { 255.0 };
    let mut c = color;
    for step in 0..=20 {
        if contrast(c, background) >= MIN_CONTRAST {
            return c;
        }
        let t = f64::from(step + 1) / 20.0;
        let mix = |v: u8| (f64::from(v) + (toward - f64::from(v)) * t).round().clamp(0.0, 255.0) as u8;
        c = Color { r: mix(color.r), g: mix(color.g), b: mix(color.b), a: 0xff };
    }
    c
}

/// Relative luminance (WCAG 2.x).
fn luminance(c: Color) -> f64 {
    let channel = |v: u8| {
        let s = f64::from(v) / 255.0;
        if s <= 0.03928 { s / 12.92 } else { ((s + 0.055) / 1.055).powf(2.4) }
    };
    0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
}

fn contrast(a: Color, b: Color) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_holds_no_more_html_than_its_bound() {
        // Distinct blocks (their first line differs) whose HTML adds up to twice the bound; the
        // rest of their lines is parsed once (see `parse_line`), so this stays quick.
        let body = "let total = compute(first, second) + other.len();\n".repeat(400);
        let mut made = 0;
        for i in 0.. {
            if made > 2 * CACHE_BYTES {
                break;
            }
            let code = format!("// block {i}\n{body}");
            let html = highlight(&code, "rust").expect("rust is known");
            assert_eq!(highlight(&code, "rust").as_ref(), Some(&html), "a block kept is given back as made");
            made += html.len();
        }
        let cache = cache();
        assert!(cache.bytes <= CACHE_BYTES, "{} bytes kept, bound {CACHE_BYTES}", cache.bytes);
        assert_eq!(cache.bytes, cache.blocks.values().map(String::len).sum::<usize>(), "the count is of what is held");
    }

    #[test]
    fn known_languages_get_classes_unknown_ones_none() {
        let html = highlight("fn main() {}\n", "rust").expect("rust is known");
        assert!(html.contains("class=\"hl-"), "{html}");
        assert!(highlight("x", "no-such-language").is_none());
        assert!(highlight("x", "").is_none());
    }

    /// The output of syntect's own generator, without any cache.
    fn reference(code: &str, token: &str) -> String {
        let syntax = SYNTAXES.find_syntax_by_token(token).unwrap();
        let mut generator = syntect::html::ClassedHTMLGenerator::new_with_class_style(syntax, &SYNTAXES, STYLE);
        for line in LinesWithEndings::from(code) {
            generator.parse_html_for_line_which_includes_newline(line).unwrap();
        }
        generator.finalize()
    }

    #[test]
    fn cached_lines_give_the_same_html_as_syntect() {
        // Blocks that share lines in different states: the same `}` closes a block, a function
        // and a string's neighbour; the same text sits inside and outside a comment.
        let blocks = [
            ("int f(int a) {\n    if (a == 1) {\n        return 2;\n    }\n    return g(a);\n}\n", "cpp"),
            ("int h(int b) {\n    if (b == 3) {\n        return 2;\n    }\n    return g(a);\n}\n", "cpp"),
            ("/*\n    return g(a);\n}\n*/\n    return g(a);\n}\n", "cpp"),
            ("cat <<EOF\nfi\nEOF\nfi\n", "bash"),
            ("cat <<END\nfi\nEOF\nEND\nfi\n", "bash"),
        ];
        for round in 0..2 {
            for (code, token) in blocks {
                let syntax = SYNTAXES.find_syntax_by_token(token).unwrap();
                let ours = highlight_uncached(code, syntax).unwrap();
                assert_eq!(ours, reference(code, token), "round {round}: {code}");
            }
        }
    }

    #[test]
    fn states_with_captures_are_recognised_and_not_cached() {
        // A heredoc keeps its terminator as a regex capture until the terminator line.
        let syntax = SYNTAXES.find_syntax_by_token("bash").unwrap();
        let mut state = ParseState::new(syntax);
        assert!(!format!("{state:?}").contains(CAPTURES));
        state.parse_line("cat <<EOF\n", &SYNTAXES).unwrap();
        assert!(format!("{state:?}").contains(CAPTURES), "{state:?}");
    }

    #[test]
    fn every_token_colour_meets_contrast_in_both_schemes() {
        let themes = ThemeSet::load_defaults();
        for (name, bg) in [("InspiredGitHub", LIGHT_CODE_BACKGROUND), ("base16-ocean.dark", DARK_CODE_BACKGROUND)] {
            let theme = readable(themes.themes[name].clone(), bg);
            for item in &theme.scopes {
                if let Some(fg) = item.style.foreground {
                    assert!(contrast(fg, bg) >= 4.5, "{name}: {fg:?} on {bg:?} is {:.2}", contrast(fg, bg));
                }
            }
        }
        let grey = Color { r: 0x96, g: 0x98, b: 0x96, a: 0xff };
        assert!(contrast(grey, LIGHT_CODE_BACKGROUND) < 4.5, "the fixture colour really was too faint");
    }

    #[test]
    fn css_has_both_schemes() {
        let css = highlight_css();
        assert!(css.contains(".hl-") && css.contains("prefers-color-scheme: dark"));
        // A theme chosen on the page wins over the system's scheme, both ways.
        assert!(
            css.contains(":root[data-theme=\"dark\"] .hl-code {")
                && css.contains(":root[data-theme=\"light\"] .hl-code {")
        );
        assert!(scoped(".a, .b .c {\n color: red;\n}\n", "X") == "X .a, X .b .c {\n color: red;\n}\n");
    }
}
