//! `shoko.yaml`, the optional site configuration, read through the same YAML boundary and
//! reported with the same diagnostics as content files.

use crate::locate::Locator;
use crate::rules::fm_bad_format;
use crate::schema::SiteConfig;
use crate::yaml::{self, Origin, YamlPath};
use shoko_diagnostics::{Diagnostic, FileId, SourceFile, Span};

/// The validated configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Path the site is served under: starts and ends with `/`.
    pub base_path: String,
    /// Public URL, if configured.
    pub base_url: Option<String>,
    /// The largest content file read, in bytes.
    pub max_file_bytes: u64,
}

/// The default largest content file: 16 MiB.
pub const DEFAULT_MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

impl Default for Config {
    fn default() -> Self {
        Config { base_path: String::from("/"), base_url: None, max_file_bytes: DEFAULT_MAX_FILE_BYTES }
    }
}

/// Parse `shoko.yaml` (file `file` in the source map).
pub fn parse_config(file: FileId, source: &SourceFile) -> (Config, Vec<Diagnostic>) {
    let mut out = Vec::new();
    let doc = match yaml::parse(&source.text, Origin { file: source, start: 0 }) {
        Ok(doc) => doc,
        Err(e) => {
            out.push(crate::rules::fm_yaml_syntax::diagnostic(Span::new(file, e.offset..e.offset), &e.message));
            return (Config::default(), out);
        }
    };
    if doc.is_null() {
        return (Config::default(), out);
    }
    let root = YamlPath::root();
    let loc = Locator { file, positions: &doc.positions, base: &root };
    let raw: SiteConfig = match doc.deserialize() {
        Ok(raw) => raw,
        Err(e) => {
            out.push(crate::validate::de_error_diagnostic(&e, &loc));
            return (Config::default(), out);
        }
    };
    let mut config = Config { base_url: raw.base_url, ..Config::default() };
    if let Some(kib) = raw.max_file_kib {
        config.max_file_bytes = kib.saturating_mul(1024);
    }
    if let Some(path) = raw.base_path {
        let ok = path.starts_with('/') && !path.contains("..") && !path.contains('\\') && !path.contains("//");
        if ok {
            config.base_path = if path.ends_with('/') { path } else { format!("{path}/") };
        } else {
            out.push(fm_bad_format::diagnostic(
                loc.field("base_path"),
                "base_path",
                &path,
                "a path such as /ROCm-pages/",
            ));
        }
    }
    (config, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shoko_diagnostics::SourceMap;

    fn parse(text: &str) -> (Config, Vec<&'static str>) {
        let mut map = SourceMap::new();
        let id = map.add("shoko.yaml", text);
        let (config, diags) = parse_config(id, map.file(id));
        (config, diags.iter().map(|d| d.code.name).collect())
    }

    #[test]
    fn base_path_is_normalised_and_checked() {
        assert_eq!(parse("base_path: /ROCm-pages").0.base_path, "/ROCm-pages/");
        assert_eq!(parse("").0, Config::default());
        assert_eq!(parse("base_path: ../up").1, ["fm/bad-format"]);
        assert_eq!(parse("basepath: /x/").1, ["fm/unknown-field"]);
    }
}
