//! Hostile and broken input through the real binary, one module per kind of finding: every case
//! ends in a clear diagnostic at the right file, line and column (or in correct, escaped
//! output), never in a panic, a hang, lost files or anything read or written outside the site.
//! ARCHITECTURE.md ("Invariants") names the test of each policy.

#[path = "../common/mod.rs"]
mod common;

mod characters;
mod cost;
mod injection;
mod input;
mod links;
mod output;
mod smaller;
mod writes;

pub use common::{shoko, write};
use serde_json::Value;
use std::path::Path;

/// The home page every test site starts with.
pub const HOME: &str =
    "---\ntitle: { ja: \"ホーム\", en: \"Home\" }\n---\n\n:::ja\nホーム。\n:::\n\n:::en\nHome.\n:::\n";

/// A site root with a home page and `files`.
pub fn site(files: &[(&str, &str)]) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("temp dir");
    write(tmp.path(), "content/index.md", HOME);
    for (rel, text) in files {
        write(tmp.path(), rel, text);
    }
    tmp
}

/// One diagnostic as (code, file, line, column, message).
pub type Found = (String, String, u64, u64, String);

/// `check --format json`: the exit code and each diagnostic.
pub fn check(root: &Path) -> (i32, Vec<Found>) {
    let run = shoko(&["check", "--root", &root.display().to_string(), "--format", "json"]);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    let json: Value = serde_json::from_str(&run.stdout).expect("json output");
    let list = json["diagnostics"].as_array().expect("diagnostics").iter();
    let diags = list
        .map(|d| {
            let s = |k: &str| d[k].as_str().unwrap_or_default().to_owned();
            (s("code"), s("file"), d["line"].as_u64().unwrap_or(0), d["column"].as_u64().unwrap_or(0), s("message"))
        })
        .collect();
    (run.code, diags)
}

/// `build` into `root/site`: the exit code and the output folder.
pub fn build(root: &Path) -> (i32, std::path::PathBuf) {
    let out = root.join("site");
    let run = shoko(&["build", "--root", &root.display().to_string(), "--out", &out.display().to_string()]);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    (run.code, out)
}

/// A page titled `title` whose English text is `en`.
pub fn page(title: &str, en: &str) -> String {
    format!("---\ntitle: {{ ja: \"{title}\", en: \"{title}\" }}\n---\n\n:::ja\n本文。\n:::\n\n:::en\n{en}\n:::\n")
}
