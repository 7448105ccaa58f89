//! `claims.json` is a contract: the real site's file validates against the schema the build
//! publishes beside it (checked by the independent `jsonschema` crate), the committed copy of
//! that schema is the generated one, and what the file says holds on the built site: every
//! place it names exists with its anchor, addresses are absolute exactly when the public URL is
//! known, dependents mirror premises, and a pinned source links its commit.

mod common;

use common::{build_site, copy_tree, fixture, repo, shoko};
use std::collections::BTreeSet;
use std::path::Path;

fn json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("read")).expect("JSON")
}

/// Every `place` (`{path, anchor, url}`) in `value`, with where it was found.
fn places<'a>(value: &'a serde_json::Value, at: String, out: &mut Vec<(String, &'a serde_json::Value)>) {
    match value {
        serde_json::Value::Object(map) if map.contains_key("anchor") && map.contains_key("url") => {
            out.push((at, value))
        }
        serde_json::Value::Object(map) => map.iter().for_each(|(k, v)| places(v, format!("{at}.{k}"), out)),
        serde_json::Value::Array(items) => {
            items.iter().enumerate().for_each(|(i, v)| places(v, format!("{at}[{i}]"), out))
        }
        _ => {}
    }
}

#[test]
fn the_real_sites_claims_json_keeps_its_contract() {
    let tmp = tempfile::tempdir().expect("temp dir");
    for base in [None, Some("https://example.org/ROCm-pages")] {
        let out = tmp.path().join(if base.is_some() { "with-url" } else { "without-url" });
        let extra: Vec<&str> = base.map(|b| vec!["--base-url", b]).unwrap_or_default();
        build_site(&repo(), &out, &extra);
        let data = json(&out.join("claims.json"));
        let schema = json(&out.join("schema/claims.schema.json"));
        let validator = jsonschema::validator_for(&schema).expect("the published schema compiles");
        let errors: Vec<String> =
            validator.iter_errors(&data).map(|e| format!("{} at {}", e, e.instance_path())).collect();
        assert!(errors.is_empty(), "claims.json does not match its schema: {errors:#?}");
        assert_eq!(data["format"], "shoko-claims/1");
        assert_eq!(data["base_url"], base.map_or(serde_json::Value::Null, Into::into));
        let claims = data["claims"].as_array().expect("claims");
        assert!(claims.len() > 50 && !data["questions"].as_array().expect("questions").is_empty());

        // Every place names a built page holding the anchor; its address is the canonical one
        // (the page's folder under the public URL) when that is known, else the file.
        let mut found = Vec::new();
        places(&data, String::from("claims.json"), &mut found);
        assert!(found.len() > claims.len() * 2, "every claim has places");
        for (at, place) in found {
            let (path, anchor, url) = (place["path"].as_str(), place["anchor"].as_str(), place["url"].as_str());
            let (Some(path), Some(anchor), Some(url)) = (path, anchor, url) else { panic!("{at}: {place}") };
            let html = std::fs::read_to_string(out.join(path)).unwrap_or_else(|_| panic!("{at}: no page {path}"));
            assert!(html.contains(&format!("id=\"{anchor}\"")), "{at}: {path} has no #{anchor}");
            let folder = path.strip_suffix("index.html").expect("a page file");
            let expected = base.map_or_else(|| format!("{path}#{anchor}"), |b| format!("{b}/{folder}#{anchor}"));
            assert_eq!(url, expected, "{at}");
            if base.is_some() {
                let canonical = format!(r#"<link rel="canonical" href="{}/{folder}">"#, base.unwrap_or_default());
                assert!(html.contains(&canonical), "{at}: {path} is not canonically {canonical}");
            }
        }

        // Dependents are the premises turned round.
        let mut premises: BTreeSet<(String, String)> = BTreeSet::new();
        let mut dependents: BTreeSet<(String, String)> = BTreeSet::new();
        for c in claims {
            let id = c["id"].as_str().expect("id").to_owned();
            for p in c["depends_on"].as_array().expect("depends_on") {
                premises.insert((p.as_str().expect("id").to_owned(), id.clone()));
            }
            for d in c["dependents"].as_array().expect("dependents") {
                dependents.insert((id.clone(), d.as_str().expect("id").to_owned()));
            }
        }
        assert!(!premises.is_empty());
        assert_eq!(premises, dependents);
    }
}

#[test]
fn a_pinned_source_links_its_commit_and_an_unpinned_one_the_default_branch() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path().join("root");
    copy_tree(&fixture("valid"), &root);
    let commit = "0123456789abcdef0123456789abcdef01234567";
    let log = std::fs::read_to_string(root.join("content/logs/2026-03-27.yaml")).expect("log");
    let log = log.replace(
        "{ basis: source_code, repo: ROCm/rocBLAS, path: library/src/handle.cpp, lines: [81, 158] }",
        &format!(
            "{{ basis: source_code, repo: ROCm/rocBLAS, path: library/src/handle.cpp, lines: [81, 158] }}\n      - {{ basis: source_code, repo: ROCm/rocBLAS, commit: \"{commit}\", path: library/src/handle.cpp, lines: [81, 158] }}\n      - {{ basis: history, repo: ROCm/rocBLAS, pr: 1234 }}"
        ),
    );
    std::fs::write(root.join("content/logs/2026-03-27.yaml"), log).expect("write");
    let out = tmp.path().join("site");
    let run = shoko(&["build", "--root", &root.display().to_string(), "--out", &out.display().to_string()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let data = json(&out.join("claims.json"));
    let partial = data["claims"].as_array().expect("claims").iter().find(|c| c["id"] == "partial").expect("partial");
    let links: Vec<&str> =
        partial["sources"].as_array().expect("sources").iter().map(|s| s["link"].as_str().unwrap_or("-")).collect();
    assert_eq!(
        links,
        [
            "-",
            "https://github.com/ROCm/rocBLAS/blob/HEAD/library/src/handle.cpp#L81-L158",
            &format!("https://github.com/ROCm/rocBLAS/blob/{commit}/library/src/handle.cpp#L81-L158"),
            "https://github.com/ROCm/rocBLAS/pull/1234",
            "-",
        ]
    );
}

#[test]
fn the_committed_claims_schema_is_the_generated_one() {
    let run = shoko(&["schema", "claims"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let committed =
        std::fs::read_to_string(repo().join("schema/claims.schema.json")).expect("schema/claims.schema.json");
    assert!(
        run.stdout == committed,
        "schema/claims.schema.json is stale: run `cargo run -q -- schema claims > schema/claims.schema.json`"
    );
}
