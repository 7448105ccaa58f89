//! The layout of a site root and of the built site: which folders a build reads and where it
//! puts what it makes.

/// The folder of pages, logs, data files and images.
pub const CONTENT_DIR: &str = "content";
/// The folder of tera templates (any missing one is built in).
pub const TEMPLATES_DIR: &str = "templates";
/// The folder of files copied into the site (CSS and JS get a content hash).
pub const STATIC_DIR: &str = "static";
/// The folder of the UI strings, one Fluent file per language.
pub const I18N_DIR: &str = "i18n";
/// The optional configuration file at the site root.
pub const CONFIG_FILE: &str = "shoko.yaml";
/// The folders under a site root that a build reads: `serve` watches them and the build record
/// fingerprints them.
pub const INPUT_DIRS: [&str; 4] = [CONTENT_DIR, TEMPLATES_DIR, STATIC_DIR, I18N_DIR];
/// The folder under `content/` holding data files.
pub const DATA_DIR: &str = "_data";
/// The default output folder under the site root.
pub const OUTPUT_DIR: &str = "site";
/// The folder of the built site that holds the images pages show (and their smaller copies).
pub const MEDIA_DIR: &str = "media";
