//! The layout of a site root and of the built site: which folders a build reads and where it
//! puts what it makes.

/// The folder of pages, logs, data files and images.
pub const CONTENT_DIR: &str = "content";
/// Whether `rel`, a path under `content/` with `/` separators, has a part whose name starts
/// with `.`: an editor's or a system's own file (Obsidian's `.trash/`, macOS's `._name`,
/// Emacs's `.#name`, a `.git` folder), which a build never reads.
pub fn is_hidden(rel: &str) -> bool {
    rel.split('/').any(|part| part.starts_with('.'))
}
/// The folder of tera templates (any missing one is built in).
pub const TEMPLATES_DIR: &str = "templates";
/// The folder of files copied into the site (CSS and JS get a content hash).
pub const STATIC_DIR: &str = "static";
/// The folder of the UI strings, one Fluent file per language.
pub const I18N_DIR: &str = "i18n";
/// The UI strings of `lang` under the site root, over the built-in ones.
pub fn strings_file(lang: crate::Lang) -> String {
    format!("{I18N_DIR}/{}.ftl", lang.code())
}
/// The optional configuration file at the site root.
pub const CONFIG_FILE: &str = "shoko.yaml";
/// The folders under a site root that a build reads: `serve` watches them and the build record
/// fingerprints them.
pub const INPUT_DIRS: [&str; 4] = [CONTENT_DIR, TEMPLATES_DIR, STATIC_DIR, I18N_DIR];
/// The folder under `content/` holding data files.
pub const DATA_DIR: &str = "_data";
/// The data file of the GPU targets, under [`DATA_DIR`].
pub const TARGETS_FILE: &str = "targets.yaml";
/// The data file of the glossary, under [`DATA_DIR`].
pub const GLOSSARY_FILE: &str = "glossary.yaml";
/// The path from the site root of data file `name` (one of the above).
pub fn data_file(name: &str) -> String {
    format!("{CONTENT_DIR}/{DATA_DIR}/{name}")
}
/// The default output folder under the site root.
pub const OUTPUT_DIR: &str = "site";
/// The file a folder's page of the built site is written to (the site root's is the language
/// chooser).
pub const INDEX_PAGE: &str = "index.html";
/// The page of the built site a server shows for an address the site lacks.
pub const NOT_FOUND_PAGE: &str = "404.html";
/// The JSON schema of front-matter and logs, from the site root (where `init` puts it, for the
/// files' `yaml-language-server` lines) and from the built site (where every build publishes it).
pub const EVIDENCE_SCHEMA: &str = "schema/evidence.schema.json";
/// The folder of the built site that holds the images pages show (and their smaller copies).
pub const MEDIA_DIR: &str = "media";
