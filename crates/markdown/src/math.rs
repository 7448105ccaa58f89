//! Formulas: `$…$` (inline) and `$$…$$` (display) in Markdown, as pulldown-cmark reads them
//! (an opening `$` followed by a space, or a closing one preceded by one, is text, so `$HOME`,
//! prices and `\$` stay as written), made into MathML Core at build time by the `math-core`
//! crate: no script and no web font, the page's colour in both themes and in print. A formula
//! that does not parse is `md/bad-math` at its line ([`crate::rules::bad_math`]); the search
//! index holds its TeX as text.

use math_core::{LatexToMathML, MathCoreConfig, MathDisplay};
use std::sync::LazyLock;

/// The one converter (no macros, no state between formulas).
static CONVERTER: LazyLock<Option<LatexToMathML>> =
    LazyLock::new(|| LatexToMathML::new(MathCoreConfig::default()).ok());

/// The MathML of the TeX `tex`, `display` for a `$$…$$` formula; why not, when it does not parse.
pub fn to_mathml(tex: &str, display: bool) -> Result<String, String> {
    let converter = CONVERTER.as_ref().ok_or_else(|| "the formula converter could not start".to_owned())?;
    let display = if display { MathDisplay::Block } else { MathDisplay::Inline };
    converter.convert_with_local_state(tex, display).map(|r| r.mathml).map_err(|e| e.error_message())
}

/// What stands for formula `n` of a Markdown run while its HTML is made: control characters
/// around the number, which no published body holds (`md/control-character`), so an author's
/// text can never be taken for one.
pub(crate) fn placeholder(n: usize) -> String {
    format!("\u{1}{n}\u{2}")
}

/// `html` with each placeholder of `formulas` replaced by its MathML.
pub(crate) fn put_back(html: &str, formulas: &[String]) -> String {
    let mut out = html.to_owned();
    for (n, mathml) in formulas.iter().enumerate() {
        out = out.replacen(&placeholder(n), mathml, 1);
    }
    out
}

/// Where in the text `text` a `$` stands right before a TeX command (`$\eta`): a formula that
/// never closed, since one that closed is not text. `$HOME`, `$5` and `\$` (text `$`) are not.
pub(crate) fn unclosed(text: &str) -> Option<usize> {
    text.match_indices("$\\").map(|(at, _)| at).find(|at| text[at + 2..].starts_with(|c: char| c.is_ascii_alphabetic()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_become_mathml_and_mistakes_say_why() {
        let inline = to_mathml(r"\eta = \frac{a}{b}", false).expect("parses");
        assert!(inline.starts_with("<math") && inline.contains("<mfrac>") && !inline.contains("display=\"block\""));
        let block = to_mathml(r"x^2", true).expect("parses");
        assert!(block.contains("display=\"block\"") && block.contains("<msup>"), "{block}");
        let bad = to_mathml(r"\frac{a}{", false).expect_err("an unclosed group");
        assert!(!bad.is_empty());
        let unknown = to_mathml(r"\notacommand x", false).expect_err("an unknown command");
        assert!(unknown.contains("notacommand"), "{unknown}");
    }

    #[test]
    fn a_formula_survives_the_sanitiser_of_a_run_with_raw_html() {
        let mathml = to_mathml("x^2", false).expect("parses");
        let html = crate::sanitize::sanitize(&format!("<p><b>a</b> {} b</p>", placeholder(0)));
        let back = put_back(&html, std::slice::from_ref(&mathml));
        assert!(back.contains(&mathml) && back.contains("<b>a</b>"), "{back}");
    }

    #[test]
    fn a_dollar_before_a_command_in_text_is_a_formula_left_open() {
        assert_eq!(unclosed(r"is $\eta = \frac{a}{b$ here"), Some(3));
        for text in ["$HOME and $5", "costs $ 5", r"a \$ sign", "$$", r"$\ 1"] {
            assert_eq!(unclosed(text), None, "{text}");
        }
    }
}
