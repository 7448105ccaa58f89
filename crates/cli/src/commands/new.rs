//! `new log|page PATH`: scaffold a file with today's date and the schema modeline. Never
//! overwrites; the path is inside `content/`, written from the site root (`content/logs/x.yaml`)
//! or from `content/` itself (`logs/x.yaml`).

use super::{OK, USAGE_OR_IO, today};
use crate::cli::NewKind;
use shoko_engine::inputs::Entry;
use shoko_vocab::layout::CONTENT_DIR;
use std::path::{Component, Path};

/// Run `new`.
pub fn run(root: &Path, kind: NewKind, path: &Path) -> u8 {
    match scaffold(root, kind, path) {
        Ok(written) => {
            eprintln!("Created {}", shoko_diagnostics::printable(&written.display().to_string()));
            OK
        }
        Err(message) => {
            super::print_error(message);
            USAGE_OR_IO
        }
    }
}

fn scaffold(root: &Path, kind: NewKind, written: &Path) -> Result<std::path::PathBuf, String> {
    // Written only into a site: a `content/` made anywhere else (inside `content/` itself, or in
    // a folder that holds no site) would be a site nobody builds.
    if shoko_engine::inputs::entry(root, Path::new(CONTENT_DIR)).map_err(|e| e.to_string())? != Entry::Folder {
        let inside = root.canonicalize().ok().and_then(|r| r.file_name().map(|n| n == CONTENT_DIR)).unwrap_or(false);
        let hint = if inside {
            "this folder is content/ itself: run `shoko new` from the folder above it".to_owned()
        } else {
            "run `shoko new` in the site root (the folder holding content/), give --root, or make a site with `shoko init`"
                .to_owned()
        };
        return Err(format!("{} holds no {CONTENT_DIR}/ folder; {hint}", root.display()));
    }
    if !written.components().all(|c| matches!(c, Component::Normal(_))) || written.as_os_str().is_empty() {
        return Err(format!(
            "{} must be a relative path inside content/, e.g. content/logs/{}-topic.yaml or logs/{}-topic.yaml",
            written.display(),
            today(),
            today()
        ));
    }
    let path = if written.components().next() == Some(Component::Normal(CONTENT_DIR.as_ref())) {
        written.to_path_buf()
    } else {
        Path::new(CONTENT_DIR).join(written)
    };
    let path = path.as_path();
    let expected = match kind {
        NewKind::Log => &["yaml", "yml"][..],
        NewKind::Page => &["md"][..],
    };
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    if !expected.contains(&ext) {
        return Err(format!("{} must end in .{}", path.display(), expected[0]));
    }
    let target = root.join(path);
    // Nothing is written through a symbolic link: not at the file, not at a folder on the way.
    let mut prefix = std::path::PathBuf::new();
    for part in path.components() {
        prefix.push(part);
        match shoko_engine::inputs::entry(root, &prefix).map_err(|e| e.to_string())? {
            Entry::Link => {
                return Err(format!(
                    "{} is a symbolic link; `new` writes only inside the site root, never through a link",
                    root.join(&prefix).display()
                ));
            }
            Entry::Missing => break,
            Entry::Folder | Entry::File(_) | Entry::Special => {}
        }
    }
    if std::fs::symlink_metadata(&target).is_ok() {
        return Err(format!("{} already exists; not overwriting it", target.display()));
    }
    let depth = path.components().count() - 1;
    let schema = format!("{}{}", "../".repeat(depth), shoko_vocab::layout::EVIDENCE_SCHEMA);
    let text = match kind {
        NewKind::Log => log_template(&schema),
        NewKind::Page => page_template(&schema),
    };
    super::write_new(root, path, &text)?;
    Ok(target)
}

fn log_template(schema: &str) -> String {
    let today = today();
    format!(
        r#"# yaml-language-server: $schema={schema}
title:
  ja: "観測ログ {today}"
  en: "Observation log {today}"
date: "{today}"
claims: []
# Each claim looks like this (quote versions, dates and hashes):
#  - id: short-stable-id
#    class: confirmed            # confirmed | inferred | unresolved | limited
#    text:
#      ja: "観測したこと。"
#      en: "What was observed."
#    scope: {{ gfx: [gfx1201], observed: "{today}" }}
#    sources:
#      - basis: runtime          # source_code | runtime | history | artifact
#        command: "…"
#        output: "…"
#        date: "{today}"
#    history:
#      - {{ date: "{today}", from: null, to: confirmed, reason: {{ ja: "初回観測", en: "First observation" }} }}
"#
    )
}

fn page_template(schema: &str) -> String {
    // Placeholders start with the marker `check` warns about (`page/placeholder`) until they are
    // replaced.
    format!(
        r#"---
# yaml-language-server: $schema={schema}
title:
  ja: "{todo} ページの題名"
  en: "{todo} the page's title"
gain:
  ja: "{todo} このページで分かること。"
  en: "{todo} what a reader gains here."
---

:::ja
{todo} 本文（{today}）。
:::

:::en
{todo} the body ({today}).
:::
"#,
        todo = shoko_model::rules::page_placeholder::MARKER,
        today = today()
    )
}
