//! The mistakes authors make, each made once in a copy of the real site: every one must fail the
//! check (exit 1), name its root cause first at the right `file:line:col`, and say no more than
//! three things in all. Each field misspelled, scalars unquoted, Japanese-IME characters, tabs,
//! indentation, unclosed and stray divs, wrong links, anchors and IDs.

mod common;

use common::{copy_tree, repo, shoko_in};
use shoko_vocab::layout::{CONFIG_FILE, CONTENT_DIR, INPUT_DIRS};

/// One mistake: in `file` (under content/), the first `find` becomes `replace`; the first
/// diagnostic printed must be `first` at `at` (a path under content/ with line and column).
struct Mutation {
    what: &'static str,
    file: &'static str,
    find: &'static str,
    replace: &'static str,
    first: &'static str,
    at: &'static str,
}

const MUTATIONS: &[Mutation] = &[
    Mutation {
        what: "field class",
        file: "logs/rocblas.yaml",
        find: "    class: confirmed",
        replace: "    clas: confirmed",
        first: "fm/unknown-field",
        at: "logs/rocblas.yaml:7:5",
    },
    Mutation {
        what: "field text",
        file: "logs/rocblas.yaml",
        find: "    text:\n",
        replace: "    txt:\n",
        first: "fm/unknown-field",
        at: "logs/rocblas.yaml:8:5",
    },
    Mutation {
        what: "field scope",
        file: "logs/rocblas.yaml",
        find: "    scope: {",
        replace: "    scop: {",
        first: "fm/unknown-field",
        at: "logs/rocblas.yaml:11:5",
    },
    Mutation {
        what: "field sources",
        file: "logs/rocblas.yaml",
        find: "    sources:",
        replace: "    sourecs:",
        first: "fm/unknown-field",
        at: "logs/rocblas.yaml:12:5",
    },
    Mutation {
        what: "field history",
        file: "logs/rocblas.yaml",
        find: "    history:",
        replace: "    histroy:",
        first: "fm/unknown-field",
        at: "logs/rocblas.yaml:17:5",
    },
    Mutation {
        what: "field basis",
        file: "logs/rocblas.yaml",
        find: "      - basis: source_code",
        replace: "      - basys: source_code",
        first: "fm/unknown-field",
        at: "logs/rocblas.yaml:13:9",
    },
    Mutation {
        what: "value basis",
        file: "logs/rocblas.yaml",
        find: "basis: source_code",
        replace: "basis: sourcecode",
        first: "fm/bad-value",
        at: "logs/rocblas.yaml:13:16",
    },
    Mutation {
        what: "value class",
        file: "logs/rocblas.yaml",
        find: "class: confirmed",
        replace: "class: Confirmed",
        first: "fm/bad-value",
        at: "logs/rocblas.yaml:7:12",
    },
    Mutation {
        what: "unquoted date",
        file: "logs/rocblas.yaml",
        find: "date: \"2026-11-21\"",
        replace: "date: 2026-11-21",
        first: "fm/unquoted-scalar",
        at: "logs/rocblas.yaml:18:17",
    },
    Mutation {
        what: "unquoted version",
        file: "logs/gfx1201-investigation.yaml",
        find: "output: \"libhipblaslt.so.0.10.60303\"",
        replace: "output: 0.10",
        first: "fm/unquoted-scalar",
        at: "logs/gfx1201-investigation.yaml:80:17",
    },
    Mutation {
        what: "ime colon",
        file: "logs/rocblas.yaml",
        find: "    class: confirmed",
        replace: "    class： confirmed",
        first: "fm/yaml-syntax",
        at: "logs/rocblas.yaml:7:10",
    },
    Mutation {
        what: "ime indent",
        file: "logs/rocblas.yaml",
        find: "    scope: {",
        replace: "　　scope: {",
        first: "fm/yaml-syntax",
        at: "logs/rocblas.yaml:11:1",
    },
    Mutation {
        what: "ime space after colon",
        file: "logs/rocblas.yaml",
        find: "    class: confirmed",
        replace: "    class:　confirmed",
        first: "fm/yaml-syntax",
        at: "logs/rocblas.yaml:7:11",
    },
    Mutation {
        what: "ime dash",
        file: "logs/rocblas.yaml",
        find: "  - id: rocblas-processor-enum",
        replace: "  － id: rocblas-processor-enum",
        first: "fm/yaml-syntax",
        at: "logs/rocblas.yaml:6:3",
    },
    Mutation {
        what: "ime hash",
        file: "logs/rocblas.yaml",
        find: "# yaml-language-server",
        replace: "＃ yaml-language-server",
        first: "fm/unknown-field",
        at: "logs/rocblas.yaml:1:1",
    },
    Mutation {
        what: "tab",
        file: "logs/rocblas.yaml",
        find: "    scope: {",
        replace: "\tscope: {",
        first: "fm/yaml-syntax",
        at: "logs/rocblas.yaml:11:1",
    },
    Mutation {
        what: "over-indent",
        file: "logs/rocblas.yaml",
        find: "    scope: {",
        replace: "      scope: {",
        first: "fm/unknown-field",
        at: "logs/rocblas.yaml:11:7",
    },
    Mutation {
        what: "under-indent",
        file: "logs/rocblas.yaml",
        find: "    sources:",
        replace: "   sources:",
        first: "fm/yaml-syntax",
        at: "logs/rocblas.yaml:12:4",
    },
    Mutation {
        what: "bad date",
        file: "logs/rocblas.yaml",
        find: "\"2026-11-21\"",
        replace: "\"2026-11-31\"",
        first: "fm/bad-format",
        at: "logs/rocblas.yaml:18:17",
    },
    Mutation {
        what: "history to",
        file: "logs/rocblas.yaml",
        find: "to: confirmed",
        replace: "to: confirmd",
        first: "fm/bad-value",
        at: "logs/rocblas.yaml:18:47",
    },
    Mutation {
        what: "duplicate id",
        file: "logs/rocblas.yaml",
        find: "id: rocblas-arch-branch-gfx942",
        replace: "id: rocblas-arch-branch-gfx900",
        first: "claim/duplicate-id",
        at: "logs/rocblas.yaml:34:9",
    },
    Mutation {
        what: "page field",
        file: "gpu/gfx900.md",
        find: "weight: 1",
        replace: "wieght: 1",
        first: "fm/unknown-field",
        at: "gpu/gfx900.md:6:1",
    },
    Mutation {
        what: "page type",
        file: "gpu/gfx900.md",
        find: "weight: 1",
        replace: "weight: one",
        first: "fm/wrong-type",
        at: "gpu/gfx900.md:6:9",
    },
    Mutation {
        what: "page ime colon",
        file: "gpu/gfx900.md",
        find: "weight: 1",
        replace: "weight： 1",
        first: "fm/yaml-syntax",
        at: "gpu/gfx900.md:6:7",
    },
    Mutation {
        what: "page tab",
        file: "gpu/gfx900.md",
        find: "weight: 1",
        replace: "\tweight: 1",
        first: "fm/yaml-syntax",
        at: "gpu/gfx900.md:6:1",
    },
    Mutation {
        what: "page unclosed fm",
        file: "gpu/gfx900.md",
        find: "---\n\n:::ja",
        replace: "\n\n:::ja",
        first: "fm/unclosed",
        at: "gpu/gfx900.md:1:1",
    },
    Mutation {
        what: "unclosed lang div",
        file: "gpu/gfx900.md",
        find: "後の RDNA4 の調査は、この方法論を移そうとする試みです。\n:::\n",
        replace: "後の RDNA4 の調査は、この方法論を移そうとする試みです。\n",
        first: "md/nested-language-div",
        at: "gpu/gfx900.md:21:1",
    },
    Mutation {
        what: "stray close",
        file: "gpu/gfx900.md",
        find: "::: can-show",
        replace: "::: \n:::\n::: can-show",
        first: "md/stray-div-close",
        at: "gpu/gfx900.md:54:1",
    },
    Mutation {
        what: "div name",
        file: "gpu/gfx900.md",
        find: "::: can-show",
        replace: "::: can-shwo",
        first: "md/unknown-div",
        at: "gpu/gfx900.md:54:1",
    },
    Mutation {
        what: "lang name",
        file: "gpu/gfx900.md",
        find: ":::en",
        replace: ":::eng",
        first: "md/unknown-div",
        at: "gpu/gfx900.md:22:1",
    },
    Mutation {
        what: "callout class",
        file: "components/ggml-hip.md",
        find: "::::callout inferred",
        replace: "::::callout Inferred",
        first: "md/callout-class",
        at: "components/ggml-hip.md:70:1",
    },
    Mutation {
        what: "html link",
        file: "gpu/gfx900.md",
        find: "](gfx1201/index.md)",
        replace: "](gfx1201/index.html)",
        first: "ref/unknown-page",
        at: "gpu/gfx900.md:74:1",
    },
    Mutation {
        what: "page path",
        file: "gpu/gfx900.md",
        find: "](gfx1201/index.md)",
        replace: "](gfx1201/indx.md)",
        first: "ref/unknown-page",
        at: "gpu/gfx900.md:74:1",
    },
    Mutation {
        what: "anchor",
        file: "components/rocblas.md",
        find: "index.md#phase-proxy",
        replace: "index.md#phase-prxy",
        first: "ref/unknown-anchor",
        at: "components/rocblas.md:111:1",
    },
    Mutation {
        what: "claim id",
        file: "gpu/gfx900.md",
        find: "claim:mi25-three-pillars",
        replace: "claim:mi25-three-pilars",
        first: "ref/unknown-claim",
        at: "gpu/gfx900.md:19:37",
    },
    Mutation {
        what: "claim-table id",
        file: "components/rocblas.md",
        find: "claim-table rocblas-processor-enum",
        replace: "claim-table rocblas-processor-enm",
        first: "ref/unknown-claim",
        at: "components/rocblas.md:52:17",
    },
    Mutation {
        what: "can-show id",
        file: "gpu/gfx900.md",
        find: "can-show ggml-fatbin-no-gfx900",
        replace: "can-show ggml-fatbin-no-gfx90",
        first: "ref/unknown-claim",
        at: "gpu/gfx900.md:54:14",
    },
    Mutation {
        what: "question field",
        file: "gpu/gfx942.md",
        find: "    about: [",
        replace: "    abuot: [",
        first: "fm/unknown-field",
        at: "gpu/gfx942.md:18:5",
    },
    Mutation {
        what: "question id in about",
        file: "gpu/gfx942.md",
        find: "about: [ggml-fatbin-no-gfx942",
        replace: "about: [ggml-fatbin-no-gfx94",
        first: "ref/unknown-claim",
        at: "gpu/gfx942.md:18:13",
    },
    Mutation {
        what: "depends_on id",
        file: "logs/gfx1201-investigation.yaml",
        find: "depends_on: [gfx1201-miopen-absent]",
        replace: "depends_on: [gfx1201-miopen-absnt]",
        first: "ref/unknown-claim",
        at: "logs/gfx1201-investigation.yaml:134:18",
    },
    Mutation {
        what: "glossary field",
        file: "_data/glossary.yaml",
        find: "    aliases: [kernel]",
        replace: "    alias: [kernel]",
        first: "fm/unknown-field",
        at: "_data/glossary.yaml:6:5",
    },
    Mutation {
        what: "targets field",
        file: "_data/targets.yaml",
        find: "    generation: GCN5",
        replace: "    generaton: GCN5",
        first: "fm/unknown-field",
        at: "_data/targets.yaml:6:5",
    },
    Mutation {
        what: "targets value",
        file: "_data/targets.yaml",
        find: "    status: active",
        replace: "    status: activ",
        first: "fm/bad-value",
        at: "_data/targets.yaml:11:13",
    },
    Mutation {
        what: "colon in text",
        file: "logs/rocblas.yaml",
        find: "en: \"Carried over from the hand-written site\"",
        replace: "en: Carried over: from the hand-written site",
        first: "fm/yaml-syntax",
        at: "logs/rocblas.yaml:18:110",
    },
    Mutation {
        what: "unclosed component",
        file: "gpu/gfx900.md",
        find: "::: can-show ggml-fatbin-no-gfx900 rocblas-arch-branch-gfx900 mi25-three-pillars rocblas-cijk-gfx900-vs-gfx1201\n:::\n",
        replace: "::: can-show ggml-fatbin-no-gfx900 rocblas-arch-branch-gfx900 mi25-three-pillars rocblas-cijk-gfx900-vs-gfx1201\n",
        first: "md/unclosed-div",
        at: "gpu/gfx900.md:54:1",
    },
    Mutation {
        what: "flow mapping unclosed",
        file: "logs/rocblas.yaml",
        find: "    scope: { gfx: [gfx900, gfx942, gfx1201] }",
        replace: "    scope: { gfx: [gfx900, gfx942, gfx1201]",
        first: "fm/yaml-syntax",
        at: "logs/rocblas.yaml:11:12",
    },
    Mutation {
        what: "unclosed quote",
        file: "logs/rocblas.yaml",
        find: "path: \"library/src/include/handle.hpp\"",
        replace: "path: \"library/src/include/handle.hpp",
        first: "fm/yaml-syntax",
        at: "logs/rocblas.yaml:15:15",
    },
    Mutation {
        what: "a space after claim:",
        file: "components/rocblas.md",
        find: "](claim:rocblas-initialize-gfx1201)。",
        replace: "](claim: rocblas-initialize-gfx1201)。",
        first: "md/not-a-link",
        at: "components/rocblas.md:56:161",
    },
    Mutation {
        what: "a full-width colon after claim",
        file: "components/rocblas.md",
        find: "](claim:rocblas-initialize-gfx1201)。",
        replace: "](claim：rocblas-initialize-gfx1201)。",
        first: "md/not-a-link",
        at: "components/rocblas.md:56:161",
    },
    Mutation {
        what: "full-width parentheses around a citation",
        file: "components/rocblas.md",
        find: "](claim:rocblas-initialize-gfx1201)。",
        replace: "]（claim:rocblas-initialize-gfx1201）。",
        first: "md/not-a-link",
        at: "components/rocblas.md:56:161",
    },
    Mutation {
        what: "a fence typed with full-width colons",
        file: "components/rocblas.md",
        find: "\n:::ja\n## ROCm の中の rocBLAS",
        replace: "\n：：：ja\n## ROCm の中の rocBLAS",
        first: "md/full-width-fence",
        at: "components/rocblas.md:16:1",
    },
    Mutation {
        what: "a full-width ＃ after a value",
        file: "logs/rocblas.yaml",
        find: "        environment: \"MI25 (gfx900)\"",
        replace: "        environment: MI25 (gfx900)  ＃ 社内の検証機",
        first: "fm/yaml-syntax",
        at: "logs/rocblas.yaml:209:37",
    },
    Mutation {
        what: "a required text left empty",
        file: "logs/rocblas.yaml",
        find: "command: \"same workload with ROCBLAS_TENSILE_LIBPATH pointing at each lane\"",
        replace: "command: \"\"",
        first: "fm/missing-field",
        at: "logs/rocblas.yaml:207:18",
    },
    Mutation {
        what: "a control character written as an escape",
        file: "logs/rocblas.yaml",
        find: "output: \"throughput differs between the AETS lane and the system lane\"",
        replace: "output: \"throughput differs\\x01 between the AETS lane and the system lane\"",
        first: "fm/control-character",
        at: "logs/rocblas.yaml:208:36",
    },
];

#[test]
fn every_mistake_fails_with_its_root_cause_first_and_little_else() {
    assert!(MUTATIONS.len() >= 30);
    let site = tempfile::tempdir().expect("temp dir");
    for dir in INPUT_DIRS {
        copy_tree(&repo().join(dir), &site.path().join(dir));
    }
    std::fs::copy(repo().join(CONFIG_FILE), site.path().join(CONFIG_FILE)).expect("copy the config");
    let clean = shoko_in(site.path(), &["check", "--root", "."]);
    assert_eq!(clean.code, 0, "the real site checks clean:\n{}", clean.stderr);
    let mut failures = Vec::new();
    for m in MUTATIONS {
        let path = site.path().join(CONTENT_DIR).join(m.file);
        let original = std::fs::read_to_string(&path).expect("content file");
        assert!(original.contains(m.find), "{}: `{}` is not in {}", m.what, m.find, m.file);
        std::fs::write(&path, original.replacen(m.find, m.replace, 1)).expect("write the mistake");
        let run = shoko_in(site.path(), &["check", "--root", "."]);
        std::fs::write(&path, &original).expect("undo the mistake");
        let titles: Vec<&str> =
            run.stderr.lines().filter(|l| l.starts_with("error[") || l.starts_with("warning[")).collect();
        let first_at = run.stderr.lines().find_map(|l| l.trim_start().strip_prefix("--> ")).unwrap_or("");
        let expected_title = format!("error[{}]", m.first);
        let expected_at = format!("{CONTENT_DIR}/{}", m.at);
        let ok = run.code == 1
            && titles.first().is_some_and(|t| t.starts_with(&expected_title))
            && first_at == expected_at
            && titles.len() <= 3;
        if !ok {
            failures.push(format!(
                "{}: exit {}, expected {expected_title} at {expected_at} first and at most 3 diagnostics:\n{}",
                m.what, run.code, run.stderr
            ));
        }
    }
    assert!(failures.is_empty(), "{} of {} mistakes:\n{}", failures.len(), MUTATIONS.len(), failures.join("\n"));
}
