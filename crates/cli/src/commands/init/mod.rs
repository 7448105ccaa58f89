//! `init DIR`: a new, minimal bilingual site (one page citing one claim of one observation log,
//! the GPU target the claim is scoped to, the site's name in each language's strings,
//! `shoko.yaml` with its settings commented, a `.gitignore` for the output, a GitHub Pages
//! workflow that installs this release of shoko, and the JSON schema that the files' editor lines
//! name) that checks and builds with no warnings. Templates, styles and the other strings are the
//! built-in ones. Only a new or empty folder is filled, or one holding just what a new repository
//! holds ([`REPOSITORY_FILES`]): no file is overwritten (an existing `.gitignore` gets the lines it
//! lacks, re-read just before it is replaced; an existing workflow is kept), and nothing is
//! written through a symbolic link.

use super::{OK, USAGE_OR_IO, today};
use shoko_vocab::Lang;
use shoko_vocab::layout::{
    CONFIG_FILE, CONTENT_DIR, DATA_DIR, EVIDENCE_SCHEMA, OUTPUT_DIR, TARGETS_FILE, strings_file,
};
use std::path::Path;

/// What a folder may hold for `init` to add a site to it: a repository's usual files (names
/// compared without case; `README` and `LICENSE` by their beginning).
const REPOSITORY_FILES: &str = "`.git`, `README*`, `LICENSE*`, `.gitignore`, `.github/`";

/// The ignore file `init` adds its lines to.
const GITIGNORE: &str = ".gitignore";
/// The workflow `init` writes unless one is there.
const WORKFLOW: &str = ".github/workflows/pages.yml";
/// The workflow's text: `{version}` and `{repository}` are this release's.
const WORKFLOW_TEXT: &str = include_str!("pages.yml");
/// The first page, citing the first claim: `{schema}` is the schema's path from the site root,
/// `{today}` the day `init` ran.
const STARTER_PAGE: &str = include_str!("index.md");
/// The first observation log (placeholders as in [`STARTER_PAGE`]).
const STARTER_LOG: &str = include_str!("first.yaml");
/// The GPU target the first claim is scoped to (placeholders as in [`STARTER_PAGE`]).
const STARTER_TARGETS: &str = include_str!("targets.yaml");

/// A starter file's text: its placeholders filled in.
fn starter(text: &str, today: &str) -> String {
    text.replace("{schema}", EVIDENCE_SCHEMA).replace("{today}", today)
}

/// Whether a folder entry named `name` is one a new repository holds.
fn repository_file(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    matches!(name, ".git" | ".gitignore" | ".github") || upper.starts_with("README") || upper.starts_with("LICENSE")
}

/// Run `init`.
pub fn run(dir: &Path) -> u8 {
    match create(dir) {
        Ok(kept) => {
            let shown = shoko_diagnostics::printable(&dir.display().to_string()).into_owned();
            for said in kept {
                eprintln!("note: {}", shoko_diagnostics::printable(&said));
            }
            // In the working folder, the commands need no `--root`.
            let here = dir == Path::new(".");
            let (place, root, out) = match here {
                true => ("in this folder".to_owned(), String::new(), format!("{OUTPUT_DIR}/")),
                false => (format!("in {shown}"), format!(" --root {shown}"), format!("{shown}/{OUTPUT_DIR}/")),
            };
            eprintln!(
                "Created a site {place}. Next: `shoko serve{root}` to preview it as you write, \
                 `shoko check{root}` to check it, `shoko build{root}` to build it into {out}; \
                 pushed to GitHub, {WORKFLOW} publishes it on GitHub Pages \
                 (Settings → Pages → Source: GitHub Actions)."
            );
            OK
        }
        Err(message) => {
            super::print_error(message);
            USAGE_OR_IO
        }
    }
}

/// Fill `dir`; what was kept or added to rather than written.
fn create(dir: &Path) -> Result<Vec<String>, String> {
    match std::fs::symlink_metadata(dir) {
        Ok(meta) if meta.file_type().is_symlink() => {
            return Err(format!("{} is a symbolic link; init writes only into a real folder", dir.display()));
        }
        Ok(meta) if !meta.is_dir() => return Err(format!("{} exists and is not a folder", dir.display())),
        Ok(_) => {
            let mut other: Vec<String> = std::fs::read_dir(dir)
                .map_err(|e| e.to_string())?
                .filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|name| !repository_file(name))
                .collect();
            other.sort();
            if let Some(first) = other.first() {
                return Err(format!(
                    "{} holds {first}{}; init adds a site only to a new or empty folder, or to one holding \
                     only {REPOSITORY_FILES}",
                    dir.display(),
                    if other.len() > 1 { format!(" and {} more", other.len() - 1) } else { String::new() }
                ));
            }
        }
        Err(_) => {}
    }
    // The folder named on the command line is the user's own (it may be made here); below it,
    // nothing is written through a link.
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut kept = Vec::new();
    for (rel, text) in files(&feed_id()) {
        let rel = Path::new(&rel);
        let there = std::fs::symlink_metadata(dir.join(rel)).is_ok();
        if rel == Path::new(GITIGNORE) && there {
            if let Some(added) = add_lines(dir, rel, &text)? {
                kept.push(format!("added {added} to the existing {GITIGNORE}"));
            }
        } else if rel == Path::new(WORKFLOW) && there {
            kept.push(format!("kept the existing {WORKFLOW}; shoko's own is not written"));
        } else {
            super::write_new(dir, rel, &text)?;
        }
    }
    Ok(kept)
}

/// Add to the ignore file `dir/rel` the lines of `wanted` it lacks (read again just before it is
/// replaced; never through a link); the lines added, if any.
fn add_lines(dir: &Path, rel: &Path, wanted: &str) -> Result<Option<String>, String> {
    let mut added = Vec::new();
    shoko_files::write::edit_in_place(dir, rel, 1 << 20, "shoko-init", |bytes| {
        let text = std::str::from_utf8(bytes).map_err(|_| format!("{} is not UTF-8 text", rel.display()))?;
        let have: Vec<&str> = text.lines().map(str::trim).collect();
        added = wanted.lines().filter(|line| !have.contains(line)).map(str::to_owned).collect();
        let mut out = text.to_owned();
        if !added.is_empty() {
            if !out.is_empty() && !out.ends_with('\n') {
                out.push('\n');
            }
            out.push_str("# shoko's output, cache and build record\n");
            for line in &added {
                out.push_str(line);
                out.push('\n');
            }
        }
        Ok(out.into_bytes())
    })?;
    Ok((!added.is_empty()).then(|| added.join(", ")))
}

/// A name for the new site's feeds that no other site has: a random UUID, as `urn:uuid:…`.
fn feed_id() -> String {
    uuid::Uuid::new_v4().urn().to_string()
}

/// The files of a new site, by path, its feeds named by `feed_id`.
fn files(feed_id: &str) -> Vec<(String, String)> {
    let today = today().to_string();
    let (content, output) = (CONTENT_DIR, OUTPUT_DIR);
    vec![
        (
            CONFIG_FILE.to_owned(),
            format!(
                "# Site settings; every one but feed_id is commented out, and all are optional.\n\
                 # base_path: /my-project/        # the sub-path GitHub Pages serves the site under\n\
                 # base_url: https://me.github.io/my-project/\n\
                 # repository: https://github.com/me/my-project   # \"Edit this page\" links (branch: main)\n\
                 # repos: {{ ROCm/rocBLAS: ../clones/rocBLAS }}   # local clones to verify sources against\n\
                 # The site's name is `site-title` in {} and {} (other strings stay built in).\n\
                 # What the Atom feeds are named by: keep it when the site moves.\n\
                 feed_id: {feed_id}\n",
                strings_file(Lang::Ja),
                strings_file(Lang::En)
            ),
        ),
        (GITIGNORE.to_owned(), format!("/{output}/\n/.{output}.cache/\n/.{output}.stamp\n")),
        (format!("{content}/index.md"), starter(STARTER_PAGE, &today)),
        (format!("{content}/logs/first.yaml"), starter(STARTER_LOG, &today)),
        (format!("{content}/{DATA_DIR}/{TARGETS_FILE}"), starter(STARTER_TARGETS, &today)),
        // The site's name; every other string stays built in until a key is added here.
        (
            strings_file(Lang::Ja),
            "# この言語の UI 文字列（組み込みのものに上書きする）。\nsite-title = 観測ノート\n".to_owned(),
        ),
        (
            strings_file(Lang::En),
            "# This language's UI strings, over the built-in ones.\nsite-title = Observation notes\n".to_owned(),
        ),
        // What the files' `yaml-language-server` lines point editors at (`shoko schema` prints it
        // again after an update).
        (EVIDENCE_SCHEMA.to_owned(), super::schema_text()),
        (
            WORKFLOW.to_owned(),
            WORKFLOW_TEXT
                .replace("{version}", env!("CARGO_PKG_VERSION"))
                .replace("{repository}", env!("CARGO_PKG_REPOSITORY")),
        ),
    ]
}
