//! The synthetic benchmark corpus: N bilingual pages in our format (`ours/`, a complete site
//! root) and the same prose as plain Markdown in Hugo's layout (`hugo/`), so both tools build the
//! same text. Page `k` is generated from seed `k` alone, so a page reads the same whatever N is.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt::Write as _;
use std::path::Path;

/// Pages per section folder.
const SECTION: usize = 100;

const JA_WORDS: &[&str] = &[
    "観測",
    "kernel",
    "経路",
    "世代",
    "実行時",
    "ライブラリ",
    "分岐",
    "記録",
    "確認",
    "推定",
    "dispatch",
    "bundle",
    "逆アセンブル",
    "ログ",
    "命令",
    "行列",
    "演算",
    "選択",
    "結果",
    "条件",
    "設定",
    "環境",
    "計測",
    "比較",
];
const EN_WORDS: &[&str] = &[
    "observation",
    "kernel",
    "path",
    "generation",
    "runtime",
    "library",
    "branch",
    "record",
    "confirmed",
    "inferred",
    "dispatch",
    "bundle",
    "disassembly",
    "log",
    "instruction",
    "matrix",
    "operation",
    "selection",
    "result",
    "condition",
    "setting",
    "environment",
    "measurement",
    "comparison",
    "the",
    "a",
    "of",
    "and",
    "with",
    "when",
];
const GFX: &[&str] = &["gfx900", "gfx942", "gfx1201"];

/// One page's text in both formats.
struct Page {
    /// Path under `content/` without extension, e.g. `s000/p00001`.
    stem: String,
    title_ja: String,
    title_en: String,
    weight: usize,
    /// YAML lines of the `claims:` list (ours only).
    claims_yaml: String,
    body_ja: String,
    body_en: String,
}

/// `s000/p00001` for page 1.
fn stem(k: usize) -> String {
    format!("s{:03}/p{k:05}", k / SECTION)
}

fn sentence(rng: &mut ChaCha8Rng, words: &[&str], joiner: &str, end: &str, len: std::ops::Range<usize>) -> String {
    let n = rng.random_range(len);
    let picked: Vec<&str> = (0..n).map(|_| words[rng.random_range(0..words.len())]).collect();
    let mut s = picked.join(joiner);
    if let Some(first) = s.get(..1) {
        let upper = first.to_uppercase();
        s.replace_range(..1, &upper);
    }
    s.push_str(end);
    s
}

fn paragraph(rng: &mut ChaCha8Rng, ja: bool, sentences: usize) -> String {
    (0..sentences)
        .map(|_| if ja { sentence(rng, JA_WORDS, "の", "。", 6..12) } else { sentence(rng, EN_WORDS, " ", ".", 8..16) })
        .collect::<Vec<_>>()
        .join(if ja { "" } else { " " })
}

/// The body of one language; `cite(id, text)` formats a claim citation, `link(stem, text)` a
/// link to another page.
fn body(
    rng: &mut ChaCha8Rng,
    ja: bool,
    k: usize,
    n: usize,
    cite: &dyn Fn(&str, &str) -> String,
    link: &dyn Fn(&str, &str) -> String,
) -> String {
    let mut out = String::new();
    let (h1, h2, h3) = if ja {
        ("背景", "観測の結果", "次に調べること")
    } else {
        ("Background", "What was observed", "What to look at next")
    };
    let own = format!("p{k:05}");
    let _ = writeln!(out, "## {h1} {k}\n\n{}\n", paragraph(rng, ja, 11));
    let cited = if ja { "記録された観測" } else { "the recorded observation" };
    let _ = writeln!(out, "{} {}\n", paragraph(rng, ja, 5), cite(&format!("{own}-a"), cited));
    if k > 0 {
        let prev = format!("p{:05}-a", k - 1);
        let label = if ja { "前のページの観測" } else { "the previous page's observation" };
        let _ = writeln!(out, "{} {}\n", paragraph(rng, ja, 5), cite(&prev, label));
    }
    let _ = writeln!(out, "## {h2}\n");
    let (c1, c2, c3) = if ja { ("世代", "経路", "状態") } else { ("Generation", "Path", "State") };
    let _ = writeln!(out, "| {c1} | {c2} | {c3} |\n|---|---|---|");
    for gfx in GFX {
        let _ = writeln!(
            out,
            "| {gfx} | {} | {} |",
            sentence(rng, if ja { JA_WORDS } else { EN_WORDS }, " ", "", 2..4),
            rng.random_range(1..999)
        );
    }
    let _ = writeln!(
        out,
        "\n```cpp\n// {own}\nint select_kernel(int arch) {{\n    if (arch == {}) {{\n        return {};\n    }}\n    return fallback(arch);\n}}\n```\n",
        900 + k % 400,
        k % 17
    );
    let _ = writeln!(
        out,
        "{} {}\n",
        paragraph(rng, ja, 6),
        cite(&format!("{own}-c"), if ja { "未解決の点" } else { "the open point" })
    );
    let next = stem((k + 1) % n);
    let _ = writeln!(
        out,
        "## {h3}\n\n{} {}",
        paragraph(rng, ja, 5),
        link(&next, if ja { "次のページ" } else { "the next page" })
    );
    out
}

fn claims_yaml(rng: &mut ChaCha8Rng, k: usize) -> String {
    let own = format!("p{k:05}");
    let gfx = GFX[k % GFX.len()];
    let text = |rng: &mut ChaCha8Rng| {
        let ja = sentence(rng, JA_WORDS, "の", "。", 4..8);
        let en = sentence(rng, EN_WORDS, " ", ".", 6..10);
        format!("{{ ja: \"{ja}\", en: \"{en}\" }}")
    };
    let history = |class: &str| {
        format!(
            "    history:\n      - {{ date: \"2026-03-27\", from: null, to: {class}, reason: {{ ja: \"初回の記録\", en: \"First record\" }} }}\n"
        )
    };
    let mut y = String::from("claims:\n");
    let _ = write!(
        y,
        "  - id: {own}-a\n    class: confirmed\n    text: {}\n    scope: {{ gfx: [{gfx}], observed: \"2026-03-27\" }}\n    sources:\n      - {{ basis: source_code, repo: ROCm/rocBLAS, commit: 0123456789abcdef0123456789abcdef01234567, path: library/src/handle.cpp, lines: [{}, {}] }}\n{}",
        text(rng),
        80 + k % 50,
        120 + k % 50,
        history("confirmed")
    );
    let _ = write!(
        y,
        "  - id: {own}-b\n    class: inferred\n    text: {}\n    depends_on: [{own}-a]\n{}",
        text(rng),
        history("inferred")
    );
    let _ = write!(
        y,
        "  - id: {own}-c\n    class: unresolved\n    text: {}\n    blocked_by: {{ kind: observer, detail: {} }}\n{}",
        text(rng),
        text(rng),
        history("unresolved")
    );
    let _ = write!(
        y,
        "  - id: {own}-d\n    class: limited\n    text: {}\n    sources:\n      - {{ basis: runtime, command: \"ROCBLAS_LAYER=9 ./bench\", output: \"rocblas_create_handle\", date: \"2026-03-27\" }}\n    limitations:\n      - {{ tool: ROCBLAS_LAYER, detail: {} }}\n{}",
        text(rng),
        text(rng),
        history("limited")
    );
    if k.is_multiple_of(2) {
        let _ = write!(
            y,
            "  - id: {own}-e\n    class: confirmed\n    text: {}\n    scope: {{ gfx: [{gfx}], observed: \"2026-03-28\" }}\n    sources:\n      - {{ basis: artifact, file: librocblas.so, tool: \"strings -a\", output: \"{gfx}\" }}\n{}",
            text(rng),
            history("confirmed")
        );
    }
    y
}

fn page(k: usize, n: usize) -> Page {
    let mut rng = ChaCha8Rng::seed_from_u64(k as u64);
    let claims_yaml = claims_yaml(&mut rng, k);
    let ours_cite = |id: &str, text: &str| format!("[{text}](claim:{id})");
    let here = stem(k);
    let ours_link = |to: &str, text: &str| format!("[{text}]({})", relative_md(&here, to));
    let body_ja = body(&mut rng, true, k, n, &ours_cite, &ours_link);
    let body_en = body(&mut rng, false, k, n, &ours_cite, &ours_link);
    Page {
        stem: here.clone(),
        title_ja: format!("観測ページ {k}"),
        title_en: format!("Observation page {k}"),
        weight: k,
        claims_yaml,
        body_ja,
        body_en,
    }
}

/// A relative link from page `from` to page `to` (both stems), as `.md` paths.
fn relative_md(from: &str, to: &str) -> String {
    let (from_dir, _) = from.split_once('/').unwrap_or(("", from));
    let (to_dir, to_name) = to.split_once('/').unwrap_or(("", to));
    if from_dir == to_dir { format!("{to_name}.md") } else { format!("../{to}.md") }
}

/// Our page file.
fn ours_markdown(p: &Page) -> String {
    format!(
        "---\ntitle: {{ ja: \"{}\", en: \"{}\" }}\nweight: {}\n{}---\n\n:::ja\n{}:::\n\n:::en\n{}:::\n",
        p.title_ja, p.title_en, p.weight, p.claims_yaml, p.body_ja, p.body_en
    )
}

/// The same prose for Hugo: `claim:` citations become links to the claim anchors, `.md` links
/// become Hugo's pretty URLs.
fn hugo_markdown(title: &str, weight: usize, body: &str) -> String {
    let body = hugo_links(&body.replace("](claim:", "](#claim-"));
    format!("---\ntitle: \"{title}\"\nweight: {weight}\n---\n\n{body}")
}

/// `[x](p00002.md)` → `[x](../p00002/)`; `[x](../s001/p00100.md)` → `[x](../../s001/p00100/)`
/// (Hugo pages are folders one level deeper than their source files).
fn hugo_links(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(end) = rest.find(".md)") {
        let (before, after) = rest.split_at(end);
        let start = before.rfind("](").map_or(0, |i| i + 2);
        out.push_str(&before[..start]);
        let _ = write!(out, "../{}/)", &before[start..]);
        rest = &after[4..];
    }
    out.push_str(rest);
    out
}

const TARGETS_YAML: &str = r#"targets:
  - gfx: gfx900
    family: GCN 5
    generation: GCN5
    products: [Radeon Instinct MI25]
    worldview: { ja: "fallback の構造を記録する世代。", en: "The generation where fallback structure is recorded." }
    status: active
    status_text: { ja: "観測中", en: "Observing" }
  - gfx: gfx942
    family: CDNA 3
    generation: CDNA3
    products: [Instinct MI300X]
    worldview: { ja: "本命の経路を確かめる世代。", en: "The generation where the primary path is checked." }
    status: scaffold
    status_text: { ja: "準備中", en: "Preparing" }
  - gfx: gfx1201
    family: RDNA 4
    generation: RDNA4
    products: [Radeon RX 9070 XT]
    worldview: { ja: "観測しないと分からない世代。", en: "The generation where only observation tells." }
    status: ongoing
    status_text: { ja: "調査中", en: "Ongoing" }
"#;

const HUGO_TOML: &str = r#"baseURL = "https://example.org/"
title = "bench"
defaultContentLanguage = "ja"
defaultContentLanguageInSubdir = true
disableKinds = ["taxonomy", "term", "RSS"]

[languages.ja]
weight = 1
languageName = "日本語"

[languages.en]
weight = 2
languageName = "English"

[markup.highlight]
noClasses = false
"#;

const HUGO_BASEOF: &str = r#"<!DOCTYPE html>
<html lang="{{ .Site.Language.Lang }}">
<head><meta charset="utf-8"><title>{{ .Title }}</title><link rel="stylesheet" href="/css/site.css"></head>
<body><nav><a href="{{ .Site.Home.RelPermalink }}">{{ .Site.Title }}</a></nav>
<main>{{ block "main" . }}{{ end }}</main></body>
</html>
"#;
const HUGO_SINGLE: &str = "{{ define \"main\" }}<h1>{{ .Title }}</h1>\n{{ .Content }}{{ end }}\n";
const HUGO_LIST: &str = "{{ define \"main\" }}<h1>{{ .Title }}</h1>\n{{ .Content }}<ul>{{ range .Pages }}<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}\n";

fn write(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(path, text)
}

/// Write `n` pages into `out/ours` and `out/hugo` (both replaced if they exist).
pub fn write_corpus(n: usize, out: &Path) -> std::io::Result<()> {
    let ours = out.join("ours");
    let hugo = out.join("hugo");
    for dir in [&ours, &hugo] {
        if dir.exists() {
            std::fs::remove_dir_all(dir)?;
        }
    }
    write(&ours.join("content/_data/targets.yaml"), TARGETS_YAML)?;
    write(
        &ours.join("content/index.md"),
        "---\ntitle: { ja: \"ベンチマーク\", en: \"Benchmark\" }\n---\n\n:::ja\n合成したページの一覧です。\n:::\n\n:::en\nThe synthetic pages.\n:::\n",
    )?;
    write(&hugo.join("hugo.toml"), HUGO_TOML)?;
    write(&hugo.join("layouts/_default/baseof.html"), HUGO_BASEOF)?;
    write(&hugo.join("layouts/_default/single.html"), HUGO_SINGLE)?;
    write(&hugo.join("layouts/_default/list.html"), HUGO_LIST)?;
    write(&hugo.join("content/_index.ja.md"), "---\ntitle: \"ベンチマーク\"\n---\n\n合成したページの一覧です。\n")?;
    write(&hugo.join("content/_index.en.md"), "---\ntitle: \"Benchmark\"\n---\n\nThe synthetic pages.\n")?;
    for section in 0..n.div_ceil(SECTION) {
        let dir = format!("s{section:03}");
        write(
            &ours.join(format!("content/{dir}/index.md")),
            &format!("---\ntitle: {{ ja: \"区分 {section}\", en: \"Section {section}\" }}\nweight: {section}\n---\n"),
        )?;
        write(&hugo.join(format!("content/{dir}/_index.ja.md")), &format!("---\ntitle: \"区分 {section}\"\n---\n"))?;
        write(&hugo.join(format!("content/{dir}/_index.en.md")), &format!("---\ntitle: \"Section {section}\"\n---\n"))?;
    }
    for k in 0..n {
        let p = page(k, n);
        write(&ours.join(format!("content/{}.md", p.stem)), &ours_markdown(&p))?;
        write(&hugo.join(format!("content/{}.ja.md", p.stem)), &hugo_markdown(&p.title_ja, p.weight, &p.body_ja))?;
        write(&hugo.join(format!("content/{}.en.md", p.stem)), &hugo_markdown(&p.title_en, p.weight, &p.body_en))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hugo_links_point_at_page_folders() {
        assert_eq!(
            hugo_links("see [x](p00002.md) and [y](../s001/p00100.md)."),
            "see [x](../p00002/) and [y](../../s001/p00100/)."
        );
    }

    #[test]
    fn the_corpus_passes_check_and_builds_the_same_twice() {
        let tmp = tempfile::tempdir().expect("temp dir");
        write_corpus(120, tmp.path()).expect("corpus written");
        let root = tmp.path().join("ours");
        let options = shoko_engine::BuildOptions::on(jiff::civil::date(2026, 11, 21));
        let checked = shoko_engine::check(&root, &options).expect("readable");
        assert!(
            checked.diagnostics.is_empty(),
            "{:?}",
            checked.diagnostics.iter().map(|d| &d.message).collect::<Vec<_>>()
        );
        assert_eq!(checked.site.pages().len(), 120 + 2 + 1, "pages, two section indexes, home");
        let build = || {
            let mut out = shoko_engine::MemoryOutput::default();
            let report = shoko_engine::build(&root, &mut out, &options).expect("built");
            assert!(report.written.is_some());
            out.files().clone()
        };
        let first = build();
        assert!(first.contains_key("en/s001/p00119/index.html"));
        assert_eq!(first, build(), "two builds differ");
    }

    #[test]
    fn a_page_reads_the_same_whatever_the_corpus_size() {
        assert_eq!(page(5, 10).body_ja, page(5, 1000).body_ja);
    }
}
