//! The JSON Schema printed by `shoko schema` is accepted by an independent validator (the
//! `jsonschema` crate), accepts the valid content, rejects the same bad claims the tool rejects,
//! and matches the copy committed for editors in `schema/evidence.schema.json`.

mod common;

use common::{fixture, repo, shoko, walk};
use std::path::Path;

fn schema() -> serde_json::Value {
    let run = shoko(&["schema"]);
    assert_eq!(run.code, 0);
    serde_json::from_str(&run.stdout).expect("schema is JSON")
}

/// A validator for one file kind: the root schema's `$defs` with the kind's definition as root.
fn validator(schema: &serde_json::Value, def: &str) -> jsonschema::Validator {
    let mut rooted = schema.clone();
    let object = rooted.as_object_mut().expect("object");
    object.remove("anyOf");
    object.insert("$ref".into(), serde_json::Value::String(format!("#/$defs/{def}")));
    jsonschema::validator_for(&rooted).expect("the schema compiles")
}

/// The front-matter or log of `path` as JSON, or `None` if it is not YAML at all.
fn document(path: &Path) -> Option<serde_json::Value> {
    let text = std::fs::read_to_string(path).ok()?;
    let yaml = if path.extension().is_some_and(|e| e == "md") {
        let mut parts = text.splitn(3, "---\n");
        parts.next()?;
        parts.next()?.to_owned()
    } else {
        text
    };
    yaml_serde::from_str(&yaml).ok()
}

/// One validator per file kind.
struct Validators {
    page: jsonschema::Validator,
    log: jsonschema::Validator,
    targets: jsonschema::Validator,
    glossary: jsonschema::Validator,
}

impl Validators {
    fn new(schema: &serde_json::Value) -> Self {
        Validators {
            page: validator(schema, "PageFrontMatter"),
            log: validator(schema, "ObservationLog"),
            targets: validator(schema, "TargetsFile"),
            glossary: validator(schema, "GlossaryFile"),
        }
    }

    fn for_path(&self, path: &Path) -> &jsonschema::Validator {
        let name = path.to_string_lossy();
        if name.ends_with("_data/targets.yaml") {
            &self.targets
        } else if name.ends_with("_data/glossary.yaml") {
            &self.glossary
        } else if name.ends_with(".md") {
            &self.page
        } else {
            &self.log
        }
    }
}

/// Whether every content file of a site root is valid against the schema.
fn all_valid(root: &Path, validators: &Validators) -> Result<(), String> {
    for path in walk(&root.join("content")) {
        if !path.extension().is_some_and(|e| e == "md" || e == "yaml" || e == "yml") {
            continue;
        }
        let Some(doc) = document(&path) else { return Err(format!("{}: not YAML", path.display())) };
        let v = validators.for_path(&path);
        if let Some(error) = v.iter_errors(&doc).next() {
            return Err(format!("{}: {error}", path.display()));
        }
    }
    Ok(())
}

#[test]
fn schema_validates_good_content_and_rejects_bad_claims() {
    let schema = schema();
    jsonschema::validator_for(&schema).expect("root schema compiles");
    let validators = Validators::new(&schema);
    all_valid(&repo(), &validators).expect("default content is valid");
    all_valid(&fixture("valid"), &validators).expect("valid fixture is valid");
    for code in [
        "fm/unknown-field",
        "fm/wrong-type",
        "fm/unquoted-scalar",
        "fm/bad-value",
        "fm/missing-field",
        "fm/bad-format",
        "claim/missing-text",
        "claim/missing-source",
        "claim/missing-scope",
        "claim/missing-premise",
        "claim/missing-blocker",
        "claim/missing-limitation",
    ] {
        let root = fixture(&format!("invalid/{code}"));
        assert!(all_valid(&root, &validators).is_err(), "the schema accepts the {code} fixture");
        assert_eq!(shoko(&["check", "--root", root.to_str().expect("utf-8")]).code, 1, "the tool accepts {code}");
    }
}

#[test]
fn committed_schema_matches_the_generated_one() {
    let committed =
        std::fs::read_to_string(repo().join("schema/evidence.schema.json")).expect("schema/evidence.schema.json");
    let committed: serde_json::Value = serde_json::from_str(&committed).expect("JSON");
    assert!(
        committed == schema(),
        "schema/evidence.schema.json is stale: run `cargo run -q -- schema > schema/evidence.schema.json`"
    );
}
