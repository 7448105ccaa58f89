//! Every dependency is declared once, in the workspace's `[workspace.dependencies]`: a crate's
//! manifest names it with `workspace = true` (adding features at most), so one version of each
//! is chosen in one place. Read line by line, as the manifests are written: one dependency per
//! line, in sections whose name ends in `dependencies`.

use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The dependencies of `manifest` that do not come from the workspace: (line number, line).
fn declared_here(manifest: &str) -> Vec<(usize, String)> {
    let mut in_dependencies = false;
    let mut found = Vec::new();
    for (i, line) in manifest.lines().enumerate() {
        let line = line.trim();
        if let Some(section) = line.strip_prefix('[') {
            let name = section.split(']').next().unwrap_or_default();
            // `[dependencies]`, `[target.'cfg(unix)'.dependencies]`; a table of its own,
            // `[dependencies.foo]`, is one dependency declared at length: never from the
            // workspace in this layout, so it is reported whole.
            if let Some((table, dependency)) = name.rsplit_once('.')
                && table.ends_with("dependencies")
            {
                found.push((i + 1, format!("[{name}] ({dependency})")));
                in_dependencies = false;
                continue;
            }
            in_dependencies = name.ends_with("dependencies");
            continue;
        }
        if !in_dependencies || line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((name, value)) = line.split_once('=') else { continue };
        let from_workspace = name.trim().ends_with(".workspace") && value.trim() == "true"
            || value.trim_start().starts_with('{') && value.contains("workspace = true");
        if !from_workspace {
            found.push((i + 1, line.to_owned()));
        }
    }
    found
}

#[test]
fn every_crate_takes_its_dependencies_from_the_workspace() {
    let crates = std::fs::read_dir(workspace().join("crates")).expect("crates/");
    let mut manifests: Vec<PathBuf> = crates.flatten().map(|e| e.path().join("Cargo.toml")).collect();
    manifests.retain(|m| m.is_file());
    manifests.sort();
    assert!(manifests.len() >= 10, "the workspace's crates were not found: {manifests:?}");
    let mut problems = Vec::new();
    for manifest in &manifests {
        let text = std::fs::read_to_string(manifest).expect("readable manifest");
        for (line, declared) in declared_here(&text) {
            problems.push(format!("{}:{line}: {declared}", manifest.display()));
        }
    }
    assert!(problems.is_empty(), "declare these in [workspace.dependencies]:\n{}", problems.join("\n"));
}

#[test]
fn a_version_in_a_crate_is_found() {
    let manifest = "[package]\nname = \"x\"\n\n[dependencies]\nserde.workspace = true\n\
        tokio = { workspace = true, features = [\"time\"] }\nbytes = \"1\"\n\n\
        [target.'cfg(unix)'.dependencies] # comment\nrustix = { version = \"1\" }\n\n\
        [dev-dependencies.tempfile]\nversion = \"3\"\n";
    let found: Vec<usize> = declared_here(manifest).into_iter().map(|(line, _)| line).collect();
    assert_eq!(found, [7, 10, 12]);
}
