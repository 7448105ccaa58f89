//! `init DIR`: a new, minimal bilingual site (one page citing one claim of one observation log,
//! the GPU target the claim is scoped to, the site's name in each language's strings,
//! `shoko.yaml` with its settings commented, a `.gitignore` for the output, and the JSON schema
//! that the files' editor lines name) that checks and builds with no warnings. Templates, styles
//! and the other strings are the built-in ones. Only an empty or missing folder is filled, and
//! nothing is written through a symbolic link.

use super::{OK, USAGE_OR_IO, today};
use shoko_vocab::Lang;
use shoko_vocab::layout::{
    CONFIG_FILE, CONTENT_DIR, DATA_DIR, EVIDENCE_SCHEMA, OUTPUT_DIR, TARGETS_FILE, strings_file,
};
use std::path::Path;

/// Run `init`.
pub fn run(dir: &Path) -> u8 {
    match create(dir) {
        Ok(()) => {
            let shown = shoko_diagnostics::printable(&dir.display().to_string()).into_owned();
            eprintln!(
                "Created a site in {shown}. Next: `shoko serve --root {shown}` to preview it as you write, \
                 `shoko build --root {shown}` to build it into {shown}/{OUTPUT_DIR}/"
            );
            OK
        }
        Err(message) => {
            super::print_error(message);
            USAGE_OR_IO
        }
    }
}

fn create(dir: &Path) -> Result<(), String> {
    match std::fs::symlink_metadata(dir) {
        Ok(meta) if meta.file_type().is_symlink() => {
            return Err(format!("{} is a symbolic link; init writes only into a real folder", dir.display()));
        }
        Ok(meta) if !meta.is_dir() => return Err(format!("{} exists and is not a folder", dir.display())),
        Ok(_) if std::fs::read_dir(dir).map_err(|e| e.to_string())?.next().is_some() => {
            return Err(format!("{} is not empty; init fills only an empty or new folder", dir.display()));
        }
        _ => {}
    }
    // The folder named on the command line is the user's own (it may be made here); below it,
    // nothing is written through a link.
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for (rel, text) in files(&feed_id()) {
        super::write_new(dir, Path::new(&rel), &text)?;
    }
    Ok(())
}

/// A name for the new site's feeds that no other site has: a random UUID, as `urn:uuid:…`.
fn feed_id() -> String {
    uuid::Uuid::new_v4().urn().to_string()
}

/// The files of a new site, by path, its feeds named by `feed_id`.
fn files(feed_id: &str) -> Vec<(String, String)> {
    let today = today();
    let (content, output) = (CONTENT_DIR, OUTPUT_DIR);
    vec![
        (
            CONFIG_FILE.to_owned(),
            format!(
                "# Site settings; every one but feed_id is commented out, and all are optional.\n\
                 # base_path: /my-project/        # the sub-path GitHub Pages serves the site under\n\
                 # base_url: https://me.github.io/my-project/\n\
                 # repos: {{ ROCm/rocBLAS: ../clones/rocBLAS }}   # local clones to verify sources against\n\
                 # The site's name is `site-title` in {} and {} (other strings stay built in).\n\
                 # What the Atom feeds are named by: keep it when the site moves.\n\
                 feed_id: {feed_id}\n",
                strings_file(Lang::Ja),
                strings_file(Lang::En)
            ),
        ),
        (".gitignore".to_owned(), format!("/{output}/\n/.{output}.cache/\n/.{output}.stamp\n")),
        (
            format!("{content}/index.md"),
            format!(
                r#"---
# yaml-language-server: $schema=../{EVIDENCE_SCHEMA}
title:
  ja: "観測の記録"
  en: "Observation record"
gain:
  ja: "何を観測し、どこまで言えるかが分かります。"
  en: "What was observed, and how far it can be said."
---

:::ja
最初の観測では、[対象の GPU が認識された](claim:first-observation)（{today}）。
:::

:::en
In the first observation, [the GPU was detected](claim:first-observation) ({today}).
:::
"#
            ),
        ),
        (
            format!("{content}/logs/first.yaml"),
            format!(
                r#"# yaml-language-server: $schema=../../{EVIDENCE_SCHEMA}
title:
  ja: "最初の観測"
  en: "First observation"
date: "{today}"
claims:
  - id: first-observation
    class: confirmed
    text:
      ja: "rocminfo が GPU を一台認識した。"
      en: "rocminfo detected one GPU."
    scope: {{ gfx: [gfx1201], observed: "{today}" }}
    sources:
      - basis: runtime
        command: "rocminfo"
        output: "Name: gfx1201"
        date: "{today}"
    history:
      - {{ date: "{today}", from: null, to: confirmed, reason: {{ ja: "初回観測", en: "First observation" }} }}
"#
            ),
        ),
        (
            format!("{content}/{DATA_DIR}/{TARGETS_FILE}"),
            format!(
                r#"# yaml-language-server: $schema=../../{EVIDENCE_SCHEMA}
# The GPU targets the site observes (a claim's scope.gfx names one of them). Family labels
# follow LLVM's AMDGPU processor table. Targets claims name without the site observing them go
# under `mentioned:` (gfx, family, products).
targets:
  - gfx: gfx1201
    family: RDNA 4
    generation: RDNA4
    products: [Radeon RX 9070 XT]
    worldview:
      ja: "この世代で何が観測でき、何が観測できないか。"
      en: "What can and cannot be observed on this generation."
    status: active
    status_text: {{ ja: "観測中", en: "Observing" }}
"#
            ),
        ),
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
    ]
}
