//! The one module that knows which YAML libraries are used.
//!
//! `saphyr-parser` reads the front-matter once, as events; `load` builds from them both the value
//! (a `yaml_serde::Value`) and the position of every node, so errors found after deserialization
//! still point at `file:line:col`. `yaml_serde` (the YAML organization's maintained fork of the
//! archived `serde_yaml`, same API) provides the value type and deserializes typed values from
//! it; nothing outside this module names it. Positions are shifted by the line on which the front-matter starts.

mod bilingual;
mod edit;
mod every_error;
mod layout;
mod load;
mod path;
mod positions;
mod scalar;
mod slips;

pub use bilingual::Bilingual;
pub use edit::Replace;
pub(crate) use edit::flow_end;
pub use layout::{FaultKind, LayoutFault, layout_fault};
pub use path::{Seg, YamlPath};
pub use positions::{NodePos, Positions, Scalar};
pub use slips::{Slip, first_slip};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use shoko_diagnostics::{LineCol, SourceFile};
use std::ops::Range;

/// A parsed YAML document: its value and where each node sits in the file.
#[derive(Debug, Clone)]
pub struct YamlDoc {
    value: yaml_serde::Value,
    /// Node positions.
    pub positions: Positions,
}

/// A YAML syntax error at a byte offset of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// What the parser said, without its own position suffix.
    pub message: String,
    /// Byte offset in the file.
    pub offset: usize,
}

/// A type error found while turning a YAML value into a Rust value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeError {
    /// Path of the offending node, relative to the value that was deserialized.
    pub path: YamlPath,
    /// serde's message, e.g. "unknown field `foo`, expected one of ...".
    pub message: String,
}

/// Where the YAML text sits inside its file.
#[derive(Clone, Copy)]
pub struct Origin<'a> {
    /// The whole file.
    pub file: &'a SourceFile,
    /// Byte offset in the file where the YAML text starts (always at the start of a line).
    pub start: usize,
}

impl Origin<'_> {
    /// File offset of a 1-based line and 0-based character column inside the YAML text.
    fn offset(&self, line: usize, col0: usize) -> usize {
        let first_line = self.file.line_col(self.start).line;
        self.file.offset(LineCol { line: first_line + line.saturating_sub(1), col: col0 + 1 })
    }
}

/// Parse `text` (which starts at `origin.start` in the file) into a document.
///
/// Where saphyr cannot read the text, libyaml (through yaml_serde) gets the last word, so that
/// everything yaml_serde alone accepted is still accepted: libyaml is more lenient than the YAML
/// 1.2 spec, for example about the indentation of a quoted text's continuation lines. Such a
/// document keeps the positions of the part saphyr read; errors further on point at the nearest
/// node before. Text that both refuse gets libyaml's message and location, as before. libyaml's
/// time grows faster than the text ([`LENIENCY_BUDGET`]): a text past that budget, and one
/// nested too deeply, gets saphyr's refusal instead.
pub fn parse(text: &str, origin: Origin<'_>) -> Result<YamlDoc, SyntaxError> {
    let whole = origin.start..origin.start + text.len();
    match load::load(text, origin.start) {
        Ok(loaded) => Ok(YamlDoc { value: loaded.value, positions: Positions::new(loaded.root, whole) }),
        Err(load::LoadError::Refused { message, offset: at }) => {
            Err(SyntaxError { message: explain(&message, origin.file.text.get(at..)), offset: at })
        }
        Err(load::LoadError::Syntax { message, offset, .. }) if !lenient_reading_is_bounded(text) => {
            Err(SyntaxError { message: explain(&message, origin.file.text.get(offset..)), offset })
        }
        Err(load::LoadError::Syntax { partial, .. }) => match yaml_serde::from_str(text) {
            Ok(value) => Ok(YamlDoc { value, positions: Positions::new(partial.map(|p| *p), whole) }),
            Err(e) => {
                let at =
                    e.location().map_or(origin.start, |loc| origin.offset(loc.line(), loc.column().saturating_sub(1)));
                let message = explain(&strip_location(&e.to_string()), origin.file.text.get(at..));
                Err(SyntaxError { message, offset: at })
            }
        },
    }
}

/// The most work libyaml's reading may cost, as text length times the number of `[` and `{`.
///
/// libyaml checks every pending simple key (one per open flow collection) at every token and
/// yaml_serde collects a document's events before it applies its depth limit, so libyaml's time
/// grows with the text's length times its flow nesting: a 200 KB line of `[` took 21 s. The
/// number of brackets bounds the nesting, so this product bounds the time: the worst text at
/// the limit (8 KB of brackets) took 11 ms, at four times the limit 24 ms (release build, 2
/// cores). The site's observation logs are far below it (20 KB with 104 brackets is 2 million).
const LENIENCY_BUDGET: usize = 1 << 26;

/// Whether libyaml may read `text` within [`LENIENCY_BUDGET`]; beyond it, saphyr's refusal is
/// final.
fn lenient_reading_is_bounded(text: &str) -> bool {
    let brackets = text.bytes().filter(|b| matches!(b, b'[' | b'{')).count();
    text.len().saturating_mul(brackets.max(1)) <= LENIENCY_BUDGET
}

/// The parser's message, with what it means for the three hostile cases it guards against:
/// tabs in indentation, nesting too deep, and aliases that expand too much.
fn explain(message: &str, at: Option<&str>) -> String {
    if at.is_some_and(|rest| rest.starts_with('\t')) {
        format!("{message}: a tab in the indentation (YAML indents with spaces only)")
    } else if message.contains("recursion limit exceeded") {
        format!("{message}: the YAML is nested too deeply")
    } else if message.contains("repetition limit exceeded") {
        format!("{message}: aliases (`*name`) expand to too many values")
    } else {
        message.to_owned()
    }
}

fn strip_location(message: &str) -> String {
    match message.find(" at line ") {
        Some(i) => message[..i].to_owned(),
        None => message.to_owned(),
    }
}

impl YamlDoc {
    /// Whether the document is empty (`null`, e.g. only comments).
    pub fn is_null(&self) -> bool {
        self.value.is_null()
    }

    /// Whether the document's root is a mapping.
    pub fn is_mapping(&self) -> bool {
        self.value.is_mapping()
    }

    /// Deserialize the whole document as `T`, with every field that does not read (see
    /// `every_error`).
    pub fn deserialize<T: DeserializeOwned>(&self) -> Result<T, Vec<DeError>> {
        every_error::deserialize_all(&self.value)
    }

    /// The index of the item of the top-level list `key` whose `id` is `id` (the first, when
    /// the ID is duplicated).
    pub fn index_of(&self, key: &str, id: &str) -> Option<usize> {
        let items = self.value.get(key)?.as_sequence()?;
        items.iter().position(|item| item.get("id").and_then(yaml_serde::Value::as_str) == Some(id))
    }
}

/// What is wrong with one text value of a document, whatever field it is (see
/// [`YamlDoc::text_faults`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextFault {
    /// It holds this character, which no published text may hold (`shoko_vocab::publishable`).
    Unpublishable(char),
    /// It is empty or only spaces: no text (`ja` and `en` of a bilingual text aside: their
    /// rules say what a missing language means).
    Blank,
    /// It is a placeholder `shoko new` wrote, not written yet
    /// (`crate::rules::page_placeholder::is_placeholder`).
    Placeholder,
}

impl YamlDoc {
    /// Every text value of the document (keys aside) that is no text or holds a character no
    /// published text may hold, with its path: the first fault of each.
    pub fn text_faults(&self) -> Vec<(YamlPath, TextFault)> {
        fn visit(value: &yaml_serde::Value, path: &YamlPath, out: &mut Vec<(YamlPath, TextFault)>) {
            match value {
                yaml_serde::Value::String(text) => {
                    if let Some((_, c)) = shoko_markdown::unpublishable(text).next() {
                        out.push((path.clone(), TextFault::Unpublishable(c)));
                    } else if text.trim().is_empty() && !matches!(path.last_key(), Some("ja" | "en")) {
                        out.push((path.clone(), TextFault::Blank));
                    } else if crate::rules::page_placeholder::is_placeholder(text) {
                        out.push((path.clone(), TextFault::Placeholder));
                    }
                }
                yaml_serde::Value::Sequence(items) => {
                    for (i, item) in items.iter().enumerate() {
                        visit(item, &path.index(i), out);
                    }
                }
                yaml_serde::Value::Mapping(map) => {
                    for (key, item) in map {
                        if let Some(key) = key.as_str() {
                            visit(item, &path.key(key), out);
                        }
                    }
                }
                yaml_serde::Value::Tagged(tagged) => visit(&tagged.value, path, out),
                _ => {}
            }
        }
        let mut out = Vec::new();
        visit(&self.value, &YamlPath::root(), &mut out);
        out
    }
}

impl YamlDoc {
    /// Cut every unquoted value in which a full-width `＃` with spaces around it was meant to
    /// start a comment (`environment: MI300X  ＃ 社内の検証機`: YAML reads the `＃` and what
    /// follows as part of the value) back to what comes before it, read again as YAML reads an
    /// unquoted value; where each `＃` is in `file`, the whole file's text.
    pub fn cut_full_width_comments(&mut self, file: &str) -> Vec<(YamlPath, Range<usize>)> {
        fn visit(value: &yaml_serde::Value, path: &YamlPath, out: &mut Vec<YamlPath>) {
            match value {
                yaml_serde::Value::String(text) if comment_at(text).is_some() => out.push(path.clone()),
                yaml_serde::Value::Sequence(items) => {
                    for (i, item) in items.iter().enumerate() {
                        visit(item, &path.index(i), out);
                    }
                }
                yaml_serde::Value::Mapping(map) => {
                    for (key, item) in map {
                        if let Some(key) = key.as_str() {
                            visit(item, &path.key(key), out);
                        }
                    }
                }
                _ => {}
            }
        }
        let mut candidates = Vec::new();
        visit(&self.value, &YamlPath::root(), &mut candidates);
        let mut cut = Vec::new();
        for path in candidates {
            let Some(node) = self.positions.exact(&path) else { continue };
            let Some(Scalar::Plain(text)) = &node.scalar else { continue };
            let Some(at) = comment_at(text) else { continue };
            let written = file.get(node.value.clone()).unwrap_or_default();
            let Some(in_file) = written.find('＃').map(|i| node.value.start + i) else { continue };
            let meant = text[..at].trim_end().to_owned();
            let value = if meant.is_empty() {
                yaml_serde::Value::Null
            } else {
                scalar::resolve(meant.clone(), saphyr_parser::ScalarStyle::Plain, None)
                    .unwrap_or(yaml_serde::Value::String(meant))
            };
            if put(&mut self.value, &path.0, value) {
                cut.push((path, in_file..in_file + '＃'.len_utf8()));
            }
        }
        cut
    }
}

/// Where a full-width `＃` meant as a comment starts in an unquoted value's text: at its start
/// or after a space, and followed by a space or the end.
fn comment_at(text: &str) -> Option<usize> {
    let space = |c: char| matches!(c, ' ' | '\t' | '\u{3000}');
    text.match_indices('＃').map(|(i, _)| i).find(|&i| {
        let before = text[..i].chars().next_back();
        let after = text[i + '＃'.len_utf8()..].chars().next();
        before.is_none_or(space) && after.is_none_or(space)
    })
}

/// A key and a value read as one key because a full-width colon stands between them
/// (`ja："初回計測"`, as a flow mapping reads it): the key, and the value as written.
pub fn full_width_entry(key: &str) -> Option<(&str, &str)> {
    let (name, value) = key.split_once('：')?;
    let name = name.trim();
    let value = value.trim();
    let is_name = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    (is_name && !value.is_empty()).then_some((name, value))
}

/// A value set by an edit of a file's text (`shoko pin`), to check that the edited text holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Set {
    /// A text.
    Text(String),
    /// A list of whole numbers.
    Numbers(Vec<u64>),
}

impl YamlDoc {
    /// Whether `edited` is this document with each `(path, value)` of `set` in place (a missing
    /// last key added) and nothing else changed: the check an edit made at text spans must pass
    /// before the file is replaced.
    pub fn is_edited_to(&self, set: &[(YamlPath, Set)], edited: &YamlDoc) -> bool {
        let mut expected = self.value.clone();
        for (path, value) in set {
            let value = match value {
                Set::Text(text) => yaml_serde::Value::String(text.clone()),
                Set::Numbers(numbers) => {
                    yaml_serde::Value::Sequence(numbers.iter().map(|n| yaml_serde::Value::from(*n)).collect())
                }
            };
            if !put(&mut expected, &path.0, value) {
                return false;
            }
        }
        expected == edited.value
    }
}

/// Put `value` at `path` under `node`: every step but the last must exist; the last key is
/// added when missing. Whether it could be put.
pub(super) fn put(node: &mut yaml_serde::Value, path: &[Seg], value: yaml_serde::Value) -> bool {
    let Some((first, rest)) = path.split_first() else {
        *node = value;
        return true;
    };
    match (first, node) {
        (Seg::Key(key), yaml_serde::Value::Mapping(map)) => {
            let key = yaml_serde::Value::String(key.clone());
            match map.get_mut(&key) {
                Some(child) => put(child, rest, value),
                None if rest.is_empty() => {
                    map.insert(key, value);
                    true
                }
                None => false,
            }
        }
        (Seg::Index(i), yaml_serde::Value::Sequence(items)) => items.get_mut(*i).is_some_and(|c| put(c, rest, value)),
        _ => false,
    }
}

/// `value` as a `T`. Tracking the path costs an allocation per mapping key, so it is done only
/// when the plain deserialization has failed: the second run fails the same way, with the path.
fn from_value<T: DeserializeOwned>(value: &yaml_serde::Value) -> Result<T, DeError> {
    if let Ok(t) = T::deserialize(value) {
        return Ok(t);
    }
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = YamlPath(
            e.path()
                .iter()
                .filter_map(|seg| match seg {
                    serde_path_to_error::Segment::Map { key } => Some(Seg::Key(key.clone())),
                    serde_path_to_error::Segment::Seq { index } => Some(Seg::Index(*index)),
                    _ => None,
                })
                .collect(),
        );
        DeError { path, message: strip_location(&e.into_inner().to_string()) }
    })
}

/// Deserialize `T` from an empty mapping (for an empty front-matter).
pub fn empty_mapping<T: DeserializeOwned>() -> Result<T, Vec<DeError>> {
    every_error::deserialize_all(&yaml_serde::Value::Mapping(yaml_serde::Mapping::new()))
}

/// A list element that is deserialized on its own, so one bad element does not hide the errors
/// of its siblings. Its JSON Schema is the schema of `T`.
#[derive(Debug, Clone)]
pub enum Item<T> {
    /// The element is a valid `T`.
    Valid(T),
    /// The element does not deserialize: every error, each path relative to the element. The
    /// element's name (its [`Named::KEY`]), if it has a readable one, is kept so references to
    /// it do not cascade into "unknown ID" errors.
    Invalid(Vec<DeError>, Option<String>),
    /// The element does not deserialize as written, but does as it was meant (each field that
    /// does not read set aside, a slip of an allowed value read as that value): the errors,
    /// and the element so read, for the rules to find its other mistakes at once.
    Partly(Vec<DeError>, T),
}

/// A list element's record type, by the key that names an element.
pub trait Named {
    /// The key whose value names an element: `id`, or a GPU target's `gfx`.
    const KEY: &'static str = "id";
}

impl<T> Item<T> {
    /// The readable ID of an element that does not deserialize.
    pub fn unreadable_id(&self) -> Option<&str> {
        match self {
            Item::Invalid(_, id) => id.as_deref(),
            Item::Valid(_) | Item::Partly(..) => None,
        }
    }
}

impl<'de, T: DeserializeOwned + Named> Deserialize<'de> for Item<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = yaml_serde::Value::deserialize(deserializer)?;
        let id = value.get(T::KEY).and_then(yaml_serde::Value::as_str).map(str::to_owned);
        Ok(match every_error::deserialize_partly(&value) {
            Ok(t) => Item::Valid(t),
            Err((e, Some(t))) => Item::Partly(e, t),
            Err((e, None)) => Item::Invalid(e, id),
        })
    }
}

impl<T: schemars::JsonSchema> schemars::JsonSchema for Item<T> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        T::schema_name()
    }
    fn schema_id() -> std::borrow::Cow<'static, str> {
        T::schema_id()
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        T::json_schema(generator)
    }
    fn inline_schema() -> bool {
        T::inline_schema()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shoko_diagnostics::SourceMap;

    fn doc(file_text: &str, start: usize) -> (SourceMap, Result<YamlDoc, SyntaxError>) {
        let mut map = SourceMap::new();
        let id = map.add("t.md", file_text);
        let end = file_text[start..].find("\n---").map_or(file_text.len(), |i| start + i + 1);
        let result = parse(&file_text[start..end], Origin { file: map.file(id), start });
        (map, result)
    }

    #[test]
    fn positions_are_shifted_to_the_whole_file() {
        let text = "\n\n---\ntitle: x\nclaims:\n  - id: a\n    class: 推論\n---\nbody";
        let (map, doc) = doc(text, text.find("title").unwrap());
        let doc = doc.unwrap();
        let path = YamlPath::root().key("claims").index(0).key("class");
        let span = doc.positions.span(&path);
        assert_eq!(&text[span.clone()], "推論");
        let file = map.file(shoko_diagnostics::FileId(0));
        assert_eq!(file.line_col(span.start), LineCol { line: 7, col: 12 });
    }

    #[test]
    fn columns_after_japanese_text_count_characters() {
        let text = "text: { ja: \"観測した\", en: 6.10 }\n";
        let (map, doc) = doc(text, 0);
        let span = doc.unwrap().positions.span(&YamlPath::root().key("text").key("en"));
        assert_eq!(&text[span.clone()], "6.10");
        assert_eq!(map.file(shoko_diagnostics::FileId(0)).line_col(span.start), LineCol { line: 1, col: 25 });
    }

    #[test]
    fn syntax_error_on_line_ten_points_at_line_ten() {
        let mut text = String::from("\n---\n");
        for i in 0..7 {
            text.push_str(&format!("k{i}: v\n"));
        }
        text.push_str("bad: [unclosed\n---\n");
        let start = text.find("k0").unwrap();
        let (map, result) = doc(&text, start);
        let err = result.unwrap_err();
        let pos = map.file(shoko_diagnostics::FileId(0)).line_col(err.offset);
        assert!(pos.line >= 10, "error at {pos:?}: {}", err.message);
        assert!(!err.message.contains(" at line "), "{}", err.message);
    }

    #[test]
    fn deserialize_error_has_path_of_offending_node() {
        #[derive(Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Inner {
            a: String,
        }
        #[derive(Deserialize, Debug)]
        #[allow(dead_code)]
        struct Outer {
            items: Vec<Inner>,
        }
        let text = "items:\n  - a: x\n  - a: 6.10\n";
        let (_, doc) = doc(text, 0);
        let doc = doc.unwrap();
        let errors = doc.deserialize::<Outer>().unwrap_err();
        assert_eq!(errors.len(), 1, "{errors:?}");
        let err = &errors[0];
        assert_eq!(err.path.to_string(), "items[1].a");
        assert!(err.message.contains("floating point `6.1`"), "{}", err.message);
        let pos = doc.positions.exact(&err.path).unwrap();
        assert_eq!(pos.scalar, Some(Scalar::Plain("6.10".to_owned())));
    }

    #[test]
    fn unknown_field_path_names_the_field() {
        #[derive(Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct S {
            a: Option<String>,
        }
        let text = "a: x\nbogus: 1\n";
        let (_, doc) = doc(text, 0);
        let doc = doc.unwrap();
        let errors = doc.deserialize::<S>().unwrap_err();
        let err = &errors[0];
        assert!(err.message.starts_with("unknown field `bogus`"), "{}", err.message);
        let span = doc.positions.key_span(&err.path.key("bogus"));
        assert_eq!(&text[span], "bogus");
    }

    #[test]
    fn item_collects_errors_per_element() {
        #[derive(Deserialize, Debug)]
        #[allow(dead_code)]
        struct S {
            n: u32,
        }
        impl super::Named for S {}
        #[derive(Deserialize, Debug)]
        struct L {
            items: Vec<Item<S>>,
        }
        let (_, doc) = doc("items:\n  - n: x\n  - n: 2\n  - m: 3\n", 0);
        let list = doc.unwrap().deserialize::<L>().unwrap();
        let kinds: Vec<bool> = list.items.iter().map(|i| matches!(i, Item::Valid(_))).collect();
        assert_eq!(kinds, [false, true, false]);
    }

    #[test]
    fn alias_bomb_is_refused_not_expanded() {
        let mut text = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        let mut prev = 'a';
        for name in 'b'..='j' {
            text.push_str(&format!("{name}: &{name} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"));
            prev = name;
        }
        let (_, result) = doc(&text, 0);
        assert!(result.is_err(), "a billion-laughs document must be rejected");
    }

    /// Every front-matter and data file of the real content, and every input of the YAML fuzz
    /// corpus where one has been grown (`fuzz/run.sh`; it is not committed), that yaml_serde
    /// alone read reads to the same value, or (fuzz inputs only) to a value the file format
    /// refuses, so the difference is reported, never silently taken; what both refuse is refused.
    #[test]
    fn real_content_and_fuzz_inputs_read_as_yaml_serde_reads_them() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let (mut values, mut errors, mut lenient, mut refused, mut content_values) = (0, 0, 0, 0, 0);
        // Whether a value is one the file format accepts, as a log or as a page's front-matter,
        // every listed element included.
        fn valid<T>(items: &[Item<T>]) -> bool {
            items.iter().all(|i| matches!(i, Item::Valid(_)))
        }
        let accepted = |value: &yaml_serde::Value| {
            let log = from_value::<crate::schema::ObservationLog>(value)
                .is_ok_and(|l| valid(&l.claims) && valid(&l.questions));
            let page = from_value::<crate::schema::PageFrontMatter>(value)
                .is_ok_and(|p| valid(&p.claims) && valid(&p.questions) && valid(&p.phases) && valid(&p.timeline));
            log || page
        };
        for dir in ["content", "fuzz/corpus/yaml_to_model"] {
            for entry in walkdir::WalkDir::new(root.join(dir)).into_iter().filter_map(Result::ok) {
                let Ok(text) = std::fs::read_to_string(entry.path()) else { continue };
                let yaml = match text.strip_prefix("---\n") {
                    Some(rest) => rest.split("\n---").next().unwrap_or_default(),
                    None => &text,
                };
                let mut map = SourceMap::new();
                let id = map.add("x", yaml);
                let ours = parse(yaml, Origin { file: map.file(id), start: 0 });
                match (yaml_serde::from_str::<yaml_serde::Value>(yaml), ours) {
                    (Ok(reference), Ok(doc)) if format!("{:?}", doc.value) == format!("{reference:?}") => {
                        values += 1;
                        content_values += usize::from(dir == "content");
                    }
                    // The two parsers read some malformed flow mappings differently (libyaml
                    // takes `?ja` as an explicit key, and `{ a: 1,&x: "b" }` as an anchored empty
                    // key, where YAML 1.2 reads text and a key "b"). Such a difference matters
                    // only where the file format accepts our reading: then a file would mean
                    // something else without a word. Where it refuses ours (`{ ja: …, ?en: … }`
                    // has an unknown field `?en`), the author is told. The fuzzer finds more of
                    // these than authors ever write.
                    (Ok(reference), Ok(doc)) => {
                        assert!(
                            dir != "content" && !accepted(&doc.value),
                            "{}: the parsers read different values:\n{:?}\n{reference:?}",
                            entry.path().display(),
                            doc.value
                        );
                        refused += 1;
                    }
                    (Err(_), Err(_)) => errors += 1,
                    // saphyr reads YAML 1.2, which takes some flow mappings libyaml refuses
                    // (`{ date:, … }` is a key with an empty value, `{ ja,: … }` a key without
                    // one); the schema then reports what is missing. Only the other direction,
                    // text that loaded before and no longer does, would be a regression.
                    (Err(_), Ok(_)) => lenient += 1,
                    (reference, ours) => panic!(
                        "{}: yaml_serde {:?}, ours {:?}",
                        entry.path().display(),
                        reference.map(|_| "a value").map_err(|e| e.to_string()),
                        ours.map(|_| "a value")
                    ),
                }
            }
        }
        assert!(content_values >= 10, "only {content_values} content files compared");
        eprintln!(
            "{values} values and {errors} errors read alike; {lenient} read by YAML 1.2 only; {refused} read apart, both refused"
        );
    }
}
