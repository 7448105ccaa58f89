//! Hostile content files: huge, deeply nested, alias bombs, links that leave `content/`,
//! markup in YAML text, BOMs and CRLF, tabs, odd file names, address collisions.

use super::{build, check, page, site};

#[test]
fn a_100_mb_markdown_file_is_reported_and_not_read() {
    let tmp = site(&[]);
    let mut huge = page("巨大", "Huge.").into_bytes();
    huge.resize(100 * 1024 * 1024, b'a');
    std::fs::write(tmp.path().join("content/huge.md"), huge).expect("write");
    let (code, diags) = check(tmp.path());
    assert_eq!(code, 1);
    let (c, file, line, col, message) = &diags[0];
    assert_eq!((c.as_str(), file.as_str(), *line, *col), ("file/too-large", "content/huge.md", 1, 1));
    assert!(message.contains("102400 KiB") && message.contains("16384 KiB"), "{message}");
}

#[test]
fn deeply_nested_yaml_is_a_syntax_error() {
    let nested = format!("---\ntitle: {}{}\n---\n\nx\n", "[".repeat(100_000), "]".repeat(100_000));
    let tmp = site(&[("content/deep.md", &nested)]);
    let (code, diags) = check(tmp.path());
    assert_eq!(code, 1);
    let (c, file, line, _, message) = &diags[0];
    assert_eq!((c.as_str(), file.as_str(), *line), ("fm/yaml-syntax", "content/deep.md", 2));
    assert!(message.contains("nested too deeply"), "{message}");
}

#[test]
fn a_yaml_alias_bomb_is_refused() {
    let mut yaml = String::from("---\na0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..10 {
        let refs = vec![format!("*a{}", i - 1); 9].join(", ");
        yaml.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
    }
    yaml.push_str("title: { ja: \"爆弾\", en: \"Bomb\" }\n---\n\nx\n");
    let tmp = site(&[("content/bomb.md", &yaml)]);
    let (code, diags) = check(tmp.path());
    assert_eq!(code, 1);
    let (c, file, _, _, message) = &diags[0];
    assert_eq!((c.as_str(), file.as_str()), ("fm/yaml-syntax", "content/bomb.md"));
    assert!(message.contains("aliases"), "{message}");
}

#[cfg(unix)]
#[test]
fn a_symlink_loop_is_skipped_with_a_warning() {
    let tmp = site(&[]);
    std::os::unix::fs::symlink(".", tmp.path().join("content/loop")).expect("symlink");
    std::os::unix::fs::symlink("/etc/passwd", tmp.path().join("content/outside.md")).expect("symlink");
    let (code, diags) = check(tmp.path());
    assert_eq!(code, 0, "warnings only");
    let codes: Vec<(&str, &str)> = diags.iter().map(|d| (d.0.as_str(), d.1.as_str())).collect();
    assert_eq!(codes, [("file/symlink", "content/loop"), ("file/symlink", "content/outside.md")]);
    let (code, out) = build(tmp.path());
    assert_eq!(code, 0);
    assert!(!out.join("ja/outside/index.html").exists(), "a link out of content/ never reaches the site");
}

#[test]
fn links_and_images_that_leave_content_are_errors_and_nothing_is_written() {
    let body = "---\ntitle: { ja: \"外\", en: \"Out\" }\n---\n\n:::ja\n[外](../../etc/passwd.md)\n:::\n\n:::en\n![img](../secret.png)\n:::\n";
    let tmp = site(&[("content/out.md", body), ("secret.png", "not for the site")]);
    let (code, diags) = check(tmp.path());
    assert_eq!(code, 1);
    // One side links, the other shows a figure: that is a warning of its own, not this test's.
    let diags: Vec<_> = diags.into_iter().filter(|d| d.0 != "i18n/structure-mismatch").collect();
    let found: Vec<(&str, u64, u64)> = diags.iter().map(|d| (d.0.as_str(), d.2, d.3)).collect();
    assert_eq!(found, [("ref/unknown-page", 6, 1), ("ref/unknown-page", 10, 1)]);
    assert!(diags.iter().all(|d| d.4.contains("leaves content/")), "{diags:?}");
    let (code, out) = build(tmp.path());
    assert_eq!(code, 1);
    assert!(!out.exists());
}

#[test]
fn html_and_script_in_yaml_text_are_escaped() {
    let evil = "<script>alert(1)</script><b onmouseover=x>";
    let body = format!(
        "---\ntitle: {{ ja: \"{evil}\", en: \"{evil}\" }}\ndoes_not_claim:\n  - {{ ja: \"{evil}\", en: \"{evil}\" }}\nclaims:\n  - id: evil\n    class: unresolved\n    text: {{ ja: \"{evil}\", en: \"{evil}\" }}\n    blocked_by: {{ kind: observer, detail: {{ ja: \"{evil}\", en: \"{evil}\" }} }}\n    history:\n      - {{ date: \"2026-03-27\", from: null, to: unresolved, reason: {{ ja: \"{evil}\", en: \"{evil}\" }} }}\n---\n\n:::ja\n本文。\n:::\n\n:::en\nBody.\n:::\n"
    );
    let tmp = site(&[("content/evil.md", &body)]);
    let (code, out) = build(tmp.path());
    assert_eq!(code, 0);
    for file in ["en/evil/index.html", "ja/evil/index.html", "en/claims/index.html", "en/changes/index.html"] {
        let html = std::fs::read_to_string(out.join(file)).expect(file);
        assert!(!html.contains("<script>alert") && !html.contains("<b onmouseover"), "{file} has raw markup");
        assert!(
            html.contains("&lt;script&gt;alert(1)&lt;/script&gt;")
                || html.contains("&lt;script&gt;alert(1)&lt;&#x2F;script&gt;"),
            "{file}"
        );
    }
    let json = std::fs::read_to_string(out.join("claims.json")).expect("claims.json");
    assert!(json.contains("<script>alert(1)</script>"), "JSON keeps the text as data");
    // The page's linked data holds the claim, but nothing in it can end its script element.
    let html = std::fs::read_to_string(out.join("en/evil/index.html")).expect("page");
    let start = html.find(r#"<script type="application/ld+json">"#).expect("linked data");
    let script = &html[start..];
    let end = script.find("</script>").expect("the script ends");
    let data = &script[script.find('>').expect("tag") + 1..end];
    assert!(!data.contains('<') && !data.contains('>'), "raw markup in the linked data: {data}");
    let value: serde_json::Value = serde_json::from_str(data).expect("the linked data is JSON");
    assert_eq!(value["hasPart"][0]["text"], "<script>alert(1)</script><b onmouseover=x>", "the text itself is kept");
}

#[test]
fn a_bom_and_crlf_line_endings_build_like_plain_files() {
    let plain = page("改行", "Line endings.");
    let crlf = plain.replace('\n', "\r\n");
    let bom = format!("\u{feff}{plain}");
    let render = |text: &str| {
        let tmp = site(&[("content/p.md", text)]);
        let (code, diags) = check(tmp.path());
        assert_eq!((code, diags.len()), (0, 0), "{diags:?}");
        let (code, out) = build(tmp.path());
        assert_eq!(code, 0);
        std::fs::read_to_string(out.join("en/p/index.html")).expect("page")
    };
    let expected = render(&plain);
    assert_eq!(render(&bom), expected);
    assert_eq!(render(&crlf).replace('\r', ""), expected.replace('\r', ""));
    // Positions stay right with CRLF: an error on line 3 is reported on line 3.
    let broken = "---\r\ntitle: { ja: \"a\", en: \"a\" }\r\nweight: heavy\r\n---\r\n\r\nx\r\n";
    let tmp = site(&[("content/b.md", broken)]);
    let (_, diags) = check(tmp.path());
    assert_eq!((diags[0].1.as_str(), diags[0].2, diags[0].3), ("content/b.md", 3, 9), "{diags:?}");
}

#[test]
fn tabs_in_yaml_indentation_are_named() {
    let tmp = site(&[("content/t.md", "---\ntitle:\n\tja: \"a\"\n\ten: \"a\"\n---\n\nx\n")]);
    let (code, diags) = check(tmp.path());
    assert_eq!(code, 1);
    let (c, file, line, col, message) = &diags[0];
    assert_eq!((c.as_str(), file.as_str(), *line, *col), ("fm/yaml-syntax", "content/t.md", 3, 1));
    assert!(message.contains("tab in the indentation"), "{message}");
}

#[test]
fn file_names_with_spaces_and_japanese_build_with_encoded_links() {
    // A space in a link's address is written `%20`, or the address put in `<…>` (written bare,
    // it is no link: `md/not-a-link`).
    let index = "---\ntitle: { ja: \"ノート\", en: \"Notes\" }\n---\n\n:::ja\n[観測](<観測 ノート.md>)\n:::\n\n:::en\n[Observation](観測%20ノート.md)\n:::\n";
    let tmp = site(&[("content/notes/index.md", index), ("content/notes/観測 ノート.md", &page("観測", "Observed."))]);
    let (code, diags) = check(tmp.path());
    assert_eq!((code, diags.len()), (0, 0), "{diags:?}");
    let (code, out) = build(tmp.path());
    assert_eq!(code, 0);
    assert!(out.join("en/notes/観測 ノート/index.html").is_file());
    let html = std::fs::read_to_string(out.join("en/notes/index.html")).expect("index");
    let encoded = "%E8%A6%B3%E6%B8%AC%20%E3%83%8E%E3%83%BC%E3%83%88/index.html";
    assert!(html.contains(&format!("<a href=\"{encoded}\">Observation</a>")), "the link is percent-encoded");
    let ja = std::fs::read_to_string(out.join("ja/notes/index.html")).expect("index");
    assert!(ja.contains(&format!("<a href=\"{encoded}\">観測</a>")), "{ja}");
    let decoded = percent_encoding::percent_decode_str(encoded).decode_utf8().expect("utf-8");
    assert!(out.join("en/notes").join(decoded.as_ref()).is_file(), "and it decodes to the written file");
}

#[test]
fn a_page_and_a_folder_with_the_same_address_are_an_error() {
    let tmp = site(&[("content/gpu.md", &page("GPU", "One.")), ("content/gpu/index.md", &page("GPU 一覧", "Two."))]);
    let (code, diags) = check(tmp.path());
    assert_eq!(code, 1);
    let (c, file, line, _, message) = &diags[0];
    assert_eq!((c.as_str(), file.as_str(), *line), ("page/url-collision", "content/gpu/index.md", 1));
    assert!(message.contains("content/gpu.md") && message.contains("`gpu/`"), "{message}");
}

#[test]
fn two_thousand_nested_divs_are_one_diagnostic_not_a_stack_overflow() {
    let body = format!("{}x\n{}", "::::callout inferred\n".repeat(2000), "::::\n".repeat(2000));
    let tmp = site(&[("content/deep.md", &format!("---\ntitle: {{ ja: \"深\", en: \"Deep\" }}\n---\n\n{body}"))]);
    let (code, diags) = check(tmp.path());
    assert_eq!(code, 1);
    let found: Vec<(&str, &str, u64, u64)> = diags.iter().map(|d| (d.0.as_str(), d.1.as_str(), d.2, d.3)).collect();
    assert_eq!(found, [("md/too-deep", "content/deep.md", 21, 1)], "the 17th fence, on line 5 + 16");
    let (code, out) = build(tmp.path());
    assert_eq!(code, 1);
    assert!(!out.exists());
}
