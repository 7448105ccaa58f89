//! `shoko.yaml`, the optional site configuration, read through the same YAML boundary and
//! reported with the same diagnostics as content files.

use crate::edit_links::{EditLinks, is_branch, with_a_path};
use crate::locate::Locator;
use crate::rules::{fm_bad_format, fm_bad_value};
use crate::schema::{CloneRecord, RawHtml, SiteConfig};
use crate::yaml::{self, Origin, YamlPath};
use shoko_diagnostics::{Diagnostic, FileId, SourceFile, Span};
use std::collections::BTreeMap;

/// The validated configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Path the site is served under: starts and ends with `/`.
    pub base_path: String,
    /// Public URL, if configured.
    pub base_url: Option<String>,
    /// What the site's feeds are named by (`feed_id`), if configured.
    pub feed_id: Option<String>,
    /// The largest content file read, in bytes (also the largest commit or version of a file
    /// read from the site's history).
    pub max_file_bytes: u64,
    /// The largest file of a clone a source cites that is read, in bytes.
    pub max_source_bytes: u64,
    /// What to do with raw HTML in page bodies.
    pub raw_html: RawHtml,
    /// Local clones of cited repositories, by the name `source_code.repo` gives them.
    pub repos: BTreeMap<String, Clone>,
    /// Words `claim/assertive-wording` looks for besides the built-in ones.
    pub assertive_words: Vec<String>,
    /// Where the sources can be edited (`repository`, `branch`, `edit_url`), if configured.
    pub edit: Option<EditLinks>,
    /// Whether `shoko.yaml` did not read (its errors are reported), so every setting above is the
    /// default, whatever the file says.
    pub unread: bool,
}

/// A local clone of a repository that sources cite (`repos:` in `shoko.yaml`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clone {
    /// The clone's folder, as written (relative to the site root).
    pub path: String,
    /// The ref pinned lines are compared with; `None`: the clone's `HEAD`.
    pub reference: Option<String>,
    /// Where its entry is written in `shoko.yaml`.
    pub span: Span,
}

/// The default largest content file: 16 MiB.
pub const DEFAULT_MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// The default largest cited file of a clone: 64 MiB (generated sources can be large).
pub const DEFAULT_MAX_SOURCE_BYTES: u64 = 64 * 1024 * 1024;

impl Default for Config {
    fn default() -> Self {
        Config {
            base_path: String::from("/"),
            base_url: None,
            feed_id: None,
            max_file_bytes: DEFAULT_MAX_FILE_BYTES,
            max_source_bytes: DEFAULT_MAX_SOURCE_BYTES,
            raw_html: RawHtml::default(),
            repos: BTreeMap::new(),
            assertive_words: Vec::new(),
            edit: None,
            unread: false,
        }
    }
}

/// Parse `shoko.yaml` (file `file` in the source map).
pub fn parse_config(file: FileId, source: &SourceFile) -> (Config, Vec<Diagnostic>) {
    let mut out = Vec::new();
    let doc = match yaml::parse(&source.text, Origin { file: source, start: 0 }) {
        Ok(doc) => doc,
        Err(e) => {
            out.push(crate::validate::syntax_error(file, &source.text, 0, &e));
            return (Config { unread: true, ..Config::default() }, out);
        }
    };
    if doc.is_null() {
        return (Config::default(), out);
    }
    let root = YamlPath::root();
    let loc = Locator { file, positions: &doc.positions, base: &root };
    crate::validate::text_faults(&doc, &loc, &source.text, &mut out);
    let raw: SiteConfig = match doc.deserialize() {
        Ok(raw) => raw,
        Err(errors) => {
            out.extend(errors.iter().map(|e| crate::validate::de_error_diagnostic(e, &loc)));
            return (Config { unread: true, ..Config::default() }, out);
        }
    };
    let edit = edit_links(&raw, &loc, &mut out);
    let repos = raw
        .repos
        .into_iter()
        .map(|(name, record)| {
            let span = loc.key_span(&root.key("repos").key(&name));
            let clone = match record {
                CloneRecord::Path(path) => Clone { path, reference: None, span },
                CloneRecord::WithRef { path, reference } => Clone { path, reference: Some(reference), span },
            };
            (name, clone)
        })
        .collect();
    let mut config = Config {
        edit,
        raw_html: raw.raw_html.unwrap_or_default(),
        repos,
        assertive_words: raw.assertive_words,
        ..Config::default()
    };
    match raw.max_file_kib {
        Some(0) => out.push(fm_bad_value::diagnostic(
            loc.field("max_file_kib"),
            "max_file_kib",
            "0",
            "a size in KiB of at least 1 (the default is 16384); with 0 no file could be read",
        )),
        Some(kib) => config.max_file_bytes = kib.saturating_mul(1024),
        None => {}
    }
    match raw.max_source_kib {
        Some(0) => out.push(fm_bad_value::diagnostic(
            loc.field("max_source_kib"),
            "max_source_kib",
            "0",
            "a size in KiB of at least 1 (the default is 65536); with 0 no cited file could be read",
        )),
        Some(kib) => config.max_source_bytes = kib.saturating_mul(1024),
        None => {}
    }
    if let Some(path) = raw.base_path {
        match base_path(&path) {
            Some(path) => config.base_path = path,
            None => out.push(fm_bad_format::diagnostic(
                loc.field("base_path"),
                "base_path",
                &path,
                fm_bad_format::Format::BasePath,
            )),
        }
    }
    if let Some(url) = raw.base_url {
        if is_base_url(&url) {
            config.base_url = Some(url);
        } else {
            out.push(fm_bad_format::diagnostic(
                loc.field("base_url"),
                "base_url",
                &url,
                fm_bad_format::Format::BaseUrl,
            ));
        }
    }
    if let Some(id) = raw.feed_id {
        if is_feed_id(&id) {
            config.feed_id = Some(id);
        } else {
            out.push(fm_bad_format::diagnostic(loc.field("feed_id"), "feed_id", &id, fm_bad_format::Format::FeedId));
        }
    }
    (config, out)
}

/// The edit links `repository`, `branch` and `edit_url` give, each checked.
fn edit_links(raw: &SiteConfig, loc: &Locator<'_>, out: &mut Vec<Diagnostic>) -> Option<EditLinks> {
    let mut bad =
        |field: &str, value: &str, format| out.push(fm_bad_format::diagnostic(loc.field(field), field, value, format));
    if let Some(url) = &raw.edit_url {
        if with_a_path(url).is_some_and(|url| is_base_url(&url)) {
            return Some(EditLinks::pattern(url));
        }
        bad("edit_url", url, fm_bad_format::Format::EditUrl);
    }
    let repository = raw.repository.as_deref()?;
    if !is_base_url(repository) {
        bad("repository", repository, fm_bad_format::Format::Repository);
        return None;
    }
    let branch = raw.branch.as_deref().unwrap_or("main");
    if !is_branch(branch) {
        bad("branch", branch, fm_bad_format::Format::Branch);
        return None;
    }
    Some(EditLinks::github(repository, branch))
}

/// Whether `id` can name the site's feeds: a `urn:`, `tag:` or http(s) URI (RFC 4287 asks for
/// an IRI), written into every feed, so nothing that would need escaping there.
pub fn is_feed_id(id: &str) -> bool {
    let schemes = ["urn:", "tag:", "https://", "http://"];
    let rest = schemes.iter().find_map(|s| id.strip_prefix(s)).unwrap_or_default();
    !rest.is_empty() && !id.chars().any(|c| escaped_in_markup(c) || c == '&')
}

/// Whether `c` would need escaping in an attribute, a sitemap or a feed (spaces, quotes, `<`,
/// `>`, backslashes, controls).
fn escaped_in_markup(c: char) -> bool {
    c.is_control() || c.is_whitespace() || matches!(c, '"' | '\'' | '<' | '>' | '\\' | '`')
}

/// `path` as the sub-path a site is served under (starting and ending with `/`), or `None` if it
/// is not one. It is written into URLs and pages, so only URL-safe segment characters are
/// allowed: letters, digits, `-`, `_`, `.` and `~`, no `.` or `..` segment. One rule for
/// `shoko.yaml` and `serve --base-path`.
pub fn base_path(path: &str) -> Option<String> {
    let inner = path.strip_prefix('/')?;
    let inner = inner.strip_suffix('/').unwrap_or(inner);
    if inner.is_empty() {
        return Some(String::from("/"));
    }
    let segment_ok = |s: &str| {
        !s.is_empty()
            && s != "."
            && s != ".."
            && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '~'))
    };
    inner.split('/').all(segment_ok).then(|| format!("/{inner}/"))
}

/// Whether `url` can be the site's public URL: `http://` or `https://`, a host, and no
/// characters that would need escaping in an attribute or a sitemap (spaces, quotes, `<`, `>`,
/// backslashes, controls). One rule for `shoko.yaml` and `build --base-url`.
pub fn is_base_url(url: &str) -> bool {
    let Some(rest) = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://")) else { return false };
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    !host.is_empty() && !url.chars().any(escaped_in_markup)
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
        assert_eq!(parse("base_path: /").0.base_path, "/");
        assert_eq!(parse("base_path: /a/b.c~d_e-f/").0.base_path, "/a/b.c~d_e-f/");
        for bad in [
            "base_path: \"/x/\\\" onload=\\\"alert(1)\"",
            "base_path: \"/x/</script><script>alert(1)//\"",
            "base_path: /a//b/",
            "base_path: /a/./b/",
            "base_path: x/",
            "base_path: \"/a b/\"",
        ] {
            assert_eq!(parse(bad).1, ["fm/bad-format"], "{bad}");
            assert_eq!(parse(bad).0.base_path, "/", "{bad}");
        }
    }

    #[test]
    fn every_value_is_checked_for_its_use() {
        assert_eq!(parse("max_file_kib: 0").1, ["fm/bad-value"]);
        assert_eq!(parse("max_file_kib: 2").0.max_file_bytes, 2048);
        assert_eq!(parse("base_url: https://e.org/p/").0.base_url.as_deref(), Some("https://e.org/p/"));
        for bad in ["javascript:alert(1)", "\"https://e.org/\\\"><script>\"", "https://", "ftp://e.org/", "//e.org/"] {
            assert_eq!(parse(&format!("base_url: {bad}")).1, ["fm/bad-format"], "{bad}");
        }
        assert_eq!(parse("raw_html: sanitize").0.raw_html, RawHtml::Sanitize);
        assert_eq!(parse("").0.raw_html, RawHtml::Refuse);
        assert_eq!(parse("raw_html: allow").1, ["fm/bad-value"]);
        for good in ["urn:uuid:47c101ef-188c-4cb8-931a-28baae11baba", "tag:example.org,2026:my-site", "https://e.org/"]
        {
            assert_eq!(parse(&format!("feed_id: {good}")).0.feed_id.as_deref(), Some(good), "{good}");
        }
        for bad in ["my-site", "\"urn:\"", "\"tag:a b\"", "\"urn:x<y\"", "\"urn:a&b\""] {
            assert_eq!(parse(&format!("feed_id: {bad}")).1, ["fm/bad-format"], "{bad}");
        }
    }
}
