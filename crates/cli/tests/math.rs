//! Formulas in a built site: `$…$` and `$$…$$` become MathML in both languages (no script, no
//! font), what only looks like a formula stays text (`$HOME`, prices, `\$`), the search index
//! holds a formula's TeX, a formula that does not parse is `md/bad-math` at its line, and one in
//! only one language of a pair is `i18n/structure-mismatch`.

mod common;

use common::{build_site, copy_tree, fixture, shoko_in, write};

const PAGE: &str = r#"---
title: { ja: "効率", en: "Efficiency" }
---

:::ja
効率は $\eta = \frac{P_{out}}{P_{in}}$ で表す。環境変数 $HOME と、価格 $5 と $10、記号 \$ はそのまま。

$$
\sum_{i=1}^{n} t_i
$$
:::

:::en
Efficiency is $\eta = \frac{P_{out}}{P_{in}}$. The variable $HOME, the prices $5 and $10, and \$ stay as written.

$$
\sum_{i=1}^{n} t_i
$$
:::
"#;

#[test]
fn formulas_become_mathml_and_the_rest_stays_text() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path().join("site");
    copy_tree(&fixture("valid"), &root);
    write(&root, "content/efficiency.md", PAGE);
    let out = tmp.path().join("out");
    build_site(&root, &out, &[]);
    for (lang, text) in [
        ("ja", "環境変数 $HOME と、価格 $5 と $10、記号 $ はそのまま"),
        ("en", "The variable $HOME, the prices $5 and $10, and $ stay as written"),
    ] {
        let html = std::fs::read_to_string(out.join(lang).join("efficiency/index.html")).expect("page");
        assert_eq!(html.matches("<math").count(), 2, "{lang}: two formulas");
        assert!(html.contains("<math display=\"block\""), "{lang}: the display formula");
        assert!(html.contains("<mfrac>") && html.contains("<munderover>"), "{lang}");
        assert!(html.contains(text), "{lang}: text that only looks like a formula stays: {html}");
        assert!(!html.contains("<script src=\"https://"), "{lang}: no script from elsewhere");
    }
    // The search index holds the formula's TeX as text.
    let found = common::walk(&out.join("search/en"))
        .iter()
        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("t-")))
        .any(|p| std::fs::read_to_string(p).is_ok_and(|t| t.contains("\"frac\":")));
    assert!(found, "the TeX `frac` is a search token");

    // A formula in a heading: the heading's ID is made of its text alone, the same for the page
    // and for the search index's link to it.
    let titled = PAGE
        .replace(":::en\nEfficiency is", ":::en\n## Energy $E = mc^2$\n\nEfficiency is")
        .replace(":::ja\n効率は", ":::ja\n## エネルギー $E = mc^2$\n\n効率は");
    assert_ne!(titled, PAGE);
    write(&root, "content/efficiency.md", &titled);
    build_site(&root, &out, &[]);
    let html = std::fs::read_to_string(out.join("en/efficiency/index.html")).expect("page");
    assert!(html.contains("<h2 id=\"energy\">Energy <math>"), "{html}");
    assert!(!html.contains('\u{1}') && !html.contains('\u{2}'), "no placeholder is left");
    let search = common::walk(&out.join("search/en"))
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .any(|t| t.contains("efficiency/index.html#energy\""));
    assert!(search, "the search index links the heading's ID");

    // A formula that does not parse, or never closes: an error at its line.
    for (broken, why) in [
        (PAGE.replace(r"\frac{P_{out}}{P_{in}}$ で", r"\frac{P_{out}}{P_{in}$ で"), "never closes"),
        (PAGE.replace(r"$\eta = \frac{P_{out}}{P_{in}}$ で", r"$\eta = \fraq{P_{out}}{P_{in}}$ で"), "fraq"),
    ] {
        write(&root, "content/efficiency.md", &broken);
        let run = shoko_in(&root, &["check", "--root", "."]);
        assert_eq!(run.code, 1, "{}", run.stderr);
        assert!(run.stderr.contains("error[md/bad-math]") && run.stderr.contains(why), "{}", run.stderr);
        assert!(run.stderr.contains("content/efficiency.md:6:"), "{}", run.stderr);
    }

    // A formula in one language of a pair and not in the other: the pair differs.
    let one_sided =
        PAGE.replace("Efficiency is $\\eta = \\frac{P_{out}}{P_{in}}$.", "Efficiency is the ratio of the two.");
    assert_ne!(one_sided, PAGE);
    write(&root, "content/efficiency.md", &one_sided);
    let run = shoko_in(&root, &["check", "--root", "."]);
    assert!(
        run.stderr.contains("warning[i18n/structure-mismatch]") && run.stderr.contains("formulas:"),
        "{}",
        run.stderr
    );
}
