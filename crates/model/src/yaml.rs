//! The one module that knows which YAML library is used.
//!
//! `serde_yaml` (archived upstream) parses text into values and deserializes typed values; a
//! maintained fork can replace it here without touching the rest of the code base.
//! `saphyr-parser` reads the same text as an event stream to record where every node starts and
//! ends, so errors found after deserialization still point at `file:line:col`. Both work on the
//! front-matter slice; positions are shifted by the line on which that slice starts.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use shoko_diagnostics::{LineCol, SourceFile};
use std::fmt;
use std::ops::Range;

/// One step of a path into a YAML document.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Seg {
    /// A mapping key.
    Key(String),
    /// A sequence index.
    Index(usize),
}

/// A path from the document root to a node, e.g. `claims[2].scope.software.rocm`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct YamlPath(pub Vec<Seg>);

impl YamlPath {
    /// The root of the document.
    pub fn root() -> Self {
        YamlPath(Vec::new())
    }

    /// This path extended by mapping key `key`.
    pub fn key(&self, key: &str) -> Self {
        let mut segs = self.0.clone();
        segs.push(Seg::Key(key.to_owned()));
        YamlPath(segs)
    }

    /// This path extended by sequence index `index`.
    pub fn index(&self, index: usize) -> Self {
        let mut segs = self.0.clone();
        segs.push(Seg::Index(index));
        YamlPath(segs)
    }

    /// `self` followed by every segment of `rest`.
    pub fn join(&self, rest: &YamlPath) -> Self {
        YamlPath(self.0.iter().chain(&rest.0).cloned().collect())
    }

    /// The last mapping key of the path, if the path ends in one.
    pub fn last_key(&self) -> Option<&str> {
        match self.0.last() {
            Some(Seg::Key(k)) => Some(k),
            _ => None,
        }
    }
}

impl fmt::Display for YamlPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, seg) in self.0.iter().enumerate() {
            match seg {
                Seg::Key(k) if i == 0 => write!(f, "{k}")?,
                Seg::Key(k) => write!(f, ".{k}")?,
                Seg::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

/// Where a node is in the file, in byte offsets of the whole file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodePos {
    /// The key that introduces the node, if it is a mapping value.
    pub key: Option<Range<usize>>,
    /// The node itself.
    pub value: Range<usize>,
    /// For scalars: the text as written and whether it was plain (unquoted).
    pub scalar: Option<(String, bool)>,
}

/// Positions of every node of a document, by path.
#[derive(Debug, Clone, Default)]
pub struct Positions {
    /// FxHash: every node of every file is inserted here, and SipHash over the paths was about
    /// 5% of `check` on the benchmark corpus. The keys are the authors' own field names; flooding
    /// the table is not a threat for a build they run on their own files.
    nodes: rustc_hash::FxHashMap<YamlPath, NodePos>,
    whole: Range<usize>,
}

impl Positions {
    /// The node at `path`, or the nearest ancestor that has a recorded position, or the whole
    /// document.
    pub fn get(&self, path: &YamlPath) -> NodePos {
        let mut segs = path.0.as_slice();
        loop {
            if let Some(pos) = self.nodes.get(&YamlPath(segs.to_vec())) {
                return pos.clone();
            }
            match segs.split_last() {
                Some((_, parent)) => segs = parent,
                None => {
                    return NodePos { key: None, value: self.whole.clone(), scalar: None };
                }
            }
        }
    }

    /// The exact node at `path`, without falling back to an ancestor.
    pub fn exact(&self, path: &YamlPath) -> Option<&NodePos> {
        self.nodes.get(path)
    }

    /// The best span to underline for `path`: a scalar value, else the key that introduces it.
    pub fn span(&self, path: &YamlPath) -> Range<usize> {
        let pos = self.get(path);
        match (&pos.scalar, pos.key) {
            (Some(_), _) => pos.value,
            (None, Some(key)) => key,
            (None, None) => pos.value.start..pos.value.start,
        }
    }

    /// The span of the key that introduces `path` (or of its value when it has no key).
    pub fn key_span(&self, path: &YamlPath) -> Range<usize> {
        let pos = self.get(path);
        pos.key.unwrap_or(pos.value)
    }
}

/// A parsed YAML document: its value and where each node sits in the file.
#[derive(Debug, Clone)]
pub struct YamlDoc {
    value: serde_yaml::Value,
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
    fn first_line(&self) -> usize {
        self.file.line_col(self.start).line
    }

    /// File offset of a 1-based line and 0-based character column inside the YAML text.
    fn offset(&self, line: usize, col0: usize) -> usize {
        self.file.offset(LineCol { line: self.first_line() + line.saturating_sub(1), col: col0 + 1 })
    }
}

/// Parse `text` (which starts at `origin.start` in the file) into a document.
pub fn parse(text: &str, origin: Origin<'_>) -> Result<YamlDoc, SyntaxError> {
    let value: serde_yaml::Value = serde_yaml::from_str(text).map_err(|e| {
        let offset = match e.location() {
            Some(loc) => origin.offset(loc.line(), loc.column().saturating_sub(1)),
            None => origin.start,
        };
        SyntaxError { message: explain(&strip_location(&e.to_string()), origin.file.text.get(offset..)), offset }
    })?;
    let positions = index_positions(text, origin);
    Ok(YamlDoc { value, positions })
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

    /// Deserialize the whole document as `T`.
    pub fn deserialize<T: DeserializeOwned>(&self) -> Result<T, DeError> {
        from_value(self.value.clone())
    }
}

fn from_value<T: DeserializeOwned>(value: serde_yaml::Value) -> Result<T, DeError> {
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
pub fn empty_mapping<T: DeserializeOwned>() -> Result<T, DeError> {
    from_value(serde_yaml::Value::Mapping(serde_yaml::Mapping::new()))
}

/// A list element that is deserialized on its own, so one bad element does not hide the errors
/// of its siblings. Its JSON Schema is the schema of `T`.
#[derive(Debug, Clone)]
pub enum Item<T> {
    /// The element is a valid `T`.
    Valid(T),
    /// The element does not deserialize; the error path is relative to the element. The
    /// element's `id`, if it has a readable one, is kept so references to it do not cascade into
    /// "unknown ID" errors.
    Invalid(DeError, Option<String>),
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Item<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = serde_yaml::Value::deserialize(deserializer)?;
        let id = value.get("id").and_then(serde_yaml::Value::as_str).map(str::to_owned);
        Ok(match from_value(value) {
            Ok(t) => Item::Valid(t),
            Err(e) => Item::Invalid(e, id),
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

enum Frame {
    Map { path: YamlPath, key: Option<(String, Range<usize>)> },
    Seq { path: YamlPath, next: usize },
}

/// Walk the event stream and record the position of every node. A parse error simply ends the
/// walk: serde_yaml has already accepted the text, so positions are a best effort.
fn index_positions(text: &str, origin: Origin<'_>) -> Positions {
    use saphyr_parser::{Event, Parser, ScalarStyle};
    let mut positions =
        Positions { nodes: rustc_hash::FxHashMap::default(), whole: origin.start..origin.start + text.len() };
    let mut stack: Vec<Frame> = Vec::new();
    let range = |span: &saphyr_parser::Span| {
        origin.offset(span.start.line(), span.start.col())..origin.offset(span.end.line(), span.end.col())
    };
    for event in Parser::new_from_str(text) {
        let Ok((event, span)) = event else { break };
        let node = match &event {
            Event::Scalar(..) | Event::MappingStart(..) | Event::SequenceStart(..) | Event::Alias(..) => true,
            Event::MappingEnd | Event::SequenceEnd => {
                stack.pop();
                false
            }
            _ => false,
        };
        if !node {
            continue;
        }
        let here = range(&span);
        // A scalar in key position is a key, not a node.
        if let Some(Frame::Map { key, .. }) = stack.last_mut()
            && key.is_none()
        {
            let name = match &event {
                Event::Scalar(s, ..) => s.to_string(),
                _ => String::from("?"),
            };
            *key = Some((name, here.clone()));
            if !matches!(event, Event::Scalar(..)) {
                // Complex keys are not addressable; skip their content by pushing a dummy frame.
                stack.push(Frame::Seq { path: YamlPath(vec![Seg::Key("?".into())]), next: 0 });
            }
            continue;
        }
        let (path, key_span) = match stack.last_mut() {
            None => (YamlPath::root(), None),
            Some(Frame::Map { path, key }) => {
                let (name, key_range) = key.take().unwrap_or_default();
                (path.key(&name), Some(key_range))
            }
            Some(Frame::Seq { path, next }) => {
                let p = path.index(*next);
                *next += 1;
                (p, None)
            }
        };
        let scalar = match &event {
            Event::Scalar(value, style, ..) => Some((value.to_string(), *style == ScalarStyle::Plain)),
            _ => None,
        };
        positions.nodes.insert(path.clone(), NodePos { key: key_span, value: here, scalar });
        match event {
            Event::MappingStart(..) => stack.push(Frame::Map { path, key: None }),
            Event::SequenceStart(..) => stack.push(Frame::Seq { path, next: 0 }),
            _ => {}
        }
    }
    positions
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
        let err = doc.deserialize::<Outer>().unwrap_err();
        assert_eq!(err.path.to_string(), "items[1].a");
        assert!(err.message.contains("floating point `6.1`"), "{}", err.message);
        let pos = doc.positions.exact(&err.path).unwrap();
        assert_eq!(pos.scalar, Some(("6.10".to_owned(), true)));
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
        let err = doc.deserialize::<S>().unwrap_err();
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
}
