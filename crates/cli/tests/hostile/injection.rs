//! Nothing a contributor writes runs on the published origin: raw HTML is refused unless the
//! site allows it sanitised, refused link schemes are errors in every spelling, headings take
//! only `{#id .class}`, SVG figures holding scripts or handlers are not published, and
//! configuration values are checked for the place they are written to.

use super::common::write;
use super::{build, check, site};

/// A page whose English body is `en` (the Japanese one is plain).
fn body(en: &str) -> String {
    format!("---\ntitle: {{ ja: \"頁\", en: \"Page\" }}\n---\n\n:::ja\n本文。\n:::\n\n:::en\n{en}\n:::\n")
}

/// Every file of the built site, as text.
fn published(out: &std::path::Path) -> String {
    super::common::walk(out)
        .iter()
        .map(|p| String::from_utf8_lossy(&std::fs::read(p).expect("read")).into_owned())
        .collect()
}

const EVIL: &str = "<script>alert(1)</script>\n\n<iframe src=\"https://evil.example/\"></iframe>\n\nText <img src=x onerror=alert(1)> end.";

#[test]
fn raw_html_is_refused_by_default_with_the_markdown_to_write() {
    let tmp = site(&[("content/p.md", &body(EVIL))]);
    let (code, diags) = check(tmp.path());
    assert_eq!(code, 1);
    let found: Vec<(&str, u64, u64, &str)> = diags.iter().map(|d| (d.0.as_str(), d.2, d.3, d.4.as_str())).collect();
    assert_eq!(
        found,
        [
            ("md/raw-html", 10, 1, "raw HTML `<script>` in a page body"),
            ("md/raw-html", 12, 1, "raw HTML `<iframe>` in a page body"),
            ("md/raw-html", 14, 6, "raw HTML `<img>` in a page body"),
        ]
    );
    let (code, out) = build(tmp.path());
    assert_eq!(code, 1);
    assert!(!out.exists());
}

#[test]
fn allowed_raw_html_is_published_sanitised() {
    let tmp = site(&[
        ("content/p.md", &body(&format!("{EVIL}\n\nKeep <b>this</b> <kbd>Ctrl</kbd>."))),
        ("shoko.yaml", "raw_html: sanitize\n"),
    ]);
    let (code, diags) = check(tmp.path());
    assert_eq!((code, diags.len()), (0, 0), "{diags:?}");
    let (code, out) = build(tmp.path());
    assert_eq!(code, 0);
    let page = std::fs::read_to_string(out.join("en/p/index.html")).expect("page");
    assert!(page.contains("<b>this</b>") && page.contains("<kbd>Ctrl</kbd>"), "{page}");
    let site = published(&out);
    for bad in ["alert(1)", "<iframe", "onerror", "evil.example"] {
        assert!(!site.contains(bad), "{bad} was published");
    }
}

#[test]
fn refused_link_schemes_are_errors_in_every_spelling() {
    let links = [
        "[a](javascript:alert(1))",
        "[b](JaVaScRiPt:alert(1))",
        "[c](&#106;avascript:alert(1))",
        "[d](java&#x09;script:alert(1))",
        "[e](vbscript:msgbox)",
        "[f](data:text/html;base64,PHNjcmlwdD4=)",
        "<javascript:alert(1)>",
        "![g](data:image/svg+xml,<svg/onload=alert(1)>)",
        "[h][ref]\n\n[ref]: javascript:alert(1)",
    ];
    let tmp = site(&[("content/p.md", &body(&links.join("\n\n")))]);
    let (code, diags) = check(tmp.path());
    assert_eq!(code, 1);
    let schemes: Vec<&str> = diags.iter().filter(|d| d.0 == "ref/unsafe-url").map(|d| d.4.as_str()).collect();
    assert_eq!(schemes.len(), links.len(), "{diags:?}");
    assert!(schemes.iter().filter(|m| m.contains("`javascript:`")).count() == 6, "{schemes:?}");
    // Written without a scheme, the same text is a harmless relative link.
    let tmp = site(&[("content/p.md", &body("[ok](%6Aavascript%3Aalert(1))"))]);
    let (_, diags) = check(tmp.path());
    assert!(diags.iter().all(|d| d.0 != "ref/unsafe-url"), "{diags:?}");
}

#[test]
fn headings_take_only_an_id_and_classes() {
    let tmp =
        site(&[("content/p.md", &body("## Main {#top onclick=alert(1) style=color:red}\n\n## Fine {#fine .wide}"))]);
    let (code, diags) = check(tmp.path());
    assert_eq!(code, 1);
    // The Japanese side has no headings: that is a warning of its own, not this test's concern.
    let diags: Vec<_> = diags.into_iter().filter(|d| d.0 != "i18n/structure-mismatch").collect();
    assert_eq!(diags.len(), 1, "{diags:?}");
    let (c, file, line, col, message) = &diags[0];
    assert_eq!((c.as_str(), file.as_str(), *line, *col), ("md/heading-attribute", "content/p.md", 10, 1));
    assert_eq!(message, "heading attribute `onclick`, `style` is not allowed");
}

#[test]
fn svg_figures_with_scripts_or_handlers_are_not_published() {
    let figure = "::: figure\n![f](fig.svg)\n\n:::ja\n図\n:::\n:::en\nFigure\n:::\n:::\n";
    let page = format!("---\ntitle: {{ ja: \"頁\", en: \"Page\" }}\n---\n\n{figure}");
    for svg in [
        "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>",
        "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>",
        "<svg xmlns=\"http://www.w3.org/2000/svg\"><a href=\"javascript:alert(1)\"><text>x</text></a></svg>",
    ] {
        let tmp = site(&[("content/p.md", &page), ("content/fig.svg", svg)]);
        let (code, diags) = check(tmp.path());
        assert_eq!(code, 1, "{svg}");
        assert_eq!((diags[0].0.as_str(), diags[0].2), ("file/unsafe-svg", 6), "{svg}: {diags:?}");
        let (code, out) = build(tmp.path());
        assert_eq!(code, 1);
        assert!(!out.exists(), "{svg}");
    }
    // A plain drawing is published.
    let tmp = site(&[
        ("content/p.md", &page),
        (
            "content/fig.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><text>観測</text></svg>",
        ),
    ]);
    let (code, out) = build(tmp.path());
    assert_eq!(code, 0);
    assert!(out.join("media/fig.svg").is_file());
}

#[test]
fn configuration_values_are_checked_for_where_they_go() {
    let tmp = site(&[]);
    for (yaml, field) in [
        ("base_path: \"/x/\\\" onload=\\\"alert(1)\"\n", "base_path"),
        ("base_path: \"/x/</script><script>alert(1)//\"\n", "base_path"),
        ("base_url: \"javascript:alert(1)\"\n", "base_url"),
        ("max_file_kib: 0\n", "max_file_kib"),
    ] {
        write(tmp.path(), "shoko.yaml", yaml);
        let (code, diags) = check(tmp.path());
        assert_eq!(code, 1, "{yaml}");
        assert_eq!(diags[0].1, "shoko.yaml", "{yaml}");
        assert!(diags[0].4.contains(field), "{yaml}: {diags:?}");
    }
    let run =
        super::shoko(&["build", "--root", &tmp.path().display().to_string(), "--base-url", "javascript:alert(1)"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("--base-url"), "{}", run.stderr);
    // Refused before anything is bound or built.
    let root = tmp.path().display().to_string();
    let run = super::shoko(&["serve", "--root", &root, "--port", "0", "--base-path", "/x/\"><script>"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("--base-path"), "{}", run.stderr);
}

#[test]
fn a_call_chain_is_checked_and_rendered_like_any_markdown() {
    let chain = "::: call-chain\n```\n<img src=x onerror=alert(1)>\n[click](javascript:alert(document.domain))\n    <script>alert(1)</script>\n:::";
    let tmp = site(&[("content/p.md", &body(chain))]);
    let (code, diags) = check(tmp.path());
    assert_eq!(code, 1);
    // The fence of a code block that a step opens reads as such in the body's structure (the
    // div looks unclosed); each step is still read as the renderer reads it.
    let codes: Vec<&str> = diags.iter().map(|d| d.0.as_str()).filter(|c| !c.starts_with("md/unclosed")).collect();
    assert_eq!(codes, ["md/raw-html", "ref/unsafe-url", "md/raw-html"], "{diags:?}");
    // Allowed and sanitised, the same chain publishes no handler or script.
    let allowed = "::: call-chain\n<img src=x onerror=alert(1)>\n[ok](p.md)\n    <script>alert(1)</script>\n:::";
    let tmp2 = site(&[("content/p.md", &body(allowed)), ("shoko.yaml", "raw_html: sanitize\n")]);
    let (code, out) = build(tmp2.path());
    assert_eq!(code, 0);
    let site = published(&out);
    assert!(!site.contains("onerror") && !site.contains("<script>alert"), "the chain was not sanitised");
}

#[test]
fn an_image_is_published_only_under_an_images_name_and_format() {
    let mut png = std::io::Cursor::new(Vec::new());
    image::DynamicImage::new_rgb8(1, 1).write_to(&mut png, image::ImageFormat::Png).expect("png");
    let png = png.into_inner();
    for (name, says) in [("evil.html", "not an image's name"), ("photo.jpg", "is PNG but its name")] {
        let page = format!("---\ntitle: {{ ja: \"画\", en: \"Pic\" }}\n---\n\n![pic]({name})\n");
        let tmp = site(&[("content/p.md", &page)]);
        std::fs::write(tmp.path().join("content").join(name), &png).expect("write");
        let (code, diags) = check(tmp.path());
        assert_eq!(code, 1, "{name}");
        assert_eq!(diags[0].0, "file/bad-image", "{name}: {diags:?}");
        assert!(diags[0].4.contains(says), "{name}: {}", diags[0].4);
        let (code, out) = build(tmp.path());
        assert_eq!(code, 1);
        assert!(!out.exists());
    }
}

#[test]
fn svg_stylesheets_that_write_scripts_are_refused() {
    let svg = r#"<?xml-stylesheet type="text/xsl" href="f.svg"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xsl:version="1.0" viewBox="0 0 10 10">
<xsl:element name="script">document.documentElement.setAttribute("data-pwned","yes")</xsl:element>
</svg>"#;
    let page = "---\ntitle: { ja: \"図\", en: \"Fig\" }\n---\n\n![fig](figures/f.svg)\n";
    let tmp = site(&[("content/p.md", page), ("content/figures/f.svg", svg)]);
    let (code, diags) = check(tmp.path());
    assert_eq!(code, 1);
    assert_eq!(diags[0].0, "file/unsafe-svg", "{diags:?}");
    assert!(diags[0].4.contains("xml-stylesheet"), "{}", diags[0].4);
}
