//! One pass over saphyr-parser's events builds both the `yaml_serde` value of a document and the
//! position of each of its nodes.
//!
//! Until this pass existed, yaml_serde (libyaml) parsed every front-matter for its value and
//! saphyr parsed it again for positions: two parsers over the same text were a fifth of a build's
//! time on the benchmark corpus. The value is still yaml_serde's `Value`, deserialized by
//! yaml_serde; what this module takes over from it is the reading of events, with the same guards
//! against hostile input: nesting deeper than 128 levels and aliases that expand to more than 100
//! nodes for each node written in the file are refused, with yaml_serde's own messages.

use super::positions::{Children, NodePos, PosNode, Scalar};
use super::scalar::{self, resolve};
use saphyr_parser::{Event, Parser, ScalarStyle, Span, Tag};
use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;
use yaml_serde::{Mapping, Value};

/// Deepest nesting of sequences and mappings (yaml_serde's limit).
const DEPTH_LIMIT: usize = 128;
/// The refusal of nesting deeper than [`DEPTH_LIMIT`] (yaml_serde's and saphyr's words).
const DEPTH_MESSAGE: &str = "recursion limit exceeded";
/// Most nodes aliases may add for each node written in the file.
const ALIAS_FACTOR: usize = 100;

/// A document's value and the position tree of its nodes (`None` for an empty document).
pub(super) struct Loaded {
    pub(super) value: Value,
    pub(super) root: Option<PosNode>,
}

/// Why a document did not load.
pub(super) enum LoadError {
    /// saphyr could not read the text (or it holds control characters, which libyaml refuses
    /// and saphyr would let through). The positions of what was read before the error come
    /// along, for the caller's fallback to libyaml.
    Syntax {
        /// The positions read before the error.
        partial: Option<Box<PosNode>>,
        /// saphyr's message and the byte offset in the file it points at.
        message: String,
        offset: usize,
    },
    /// The text is YAML but not a value this module accepts: too deep, aliases expanding too
    /// much, a key written twice, a core tag on text that does not fit it.
    Refused {
        message: String,
        /// Byte offset in the file.
        offset: usize,
    },
}

/// A finished node: its value, its positions, and how many nodes it stands for once its aliases
/// are expanded.
struct Node {
    value: Value,
    pos: PosNode,
    weight: usize,
}

/// A sequence or mapping whose end has not been reached.
struct Open {
    kind: OpenKind,
    anchor: usize,
    tag: Option<Tag>,
    start: Range<usize>,
    key: Option<Range<usize>>,
    weight: usize,
}

enum OpenKind {
    Seq(Vec<Value>, Vec<PosNode>),
    Map(Mapping, Vec<(String, PosNode)>, Option<Key>),
}

/// A mapping key waiting for its value.
struct Key {
    value: Value,
    name: String,
    span: Range<usize>,
    at: usize,
}

/// Loads `text`, which starts at byte `base` of its file; positions are byte offsets of the file.
pub(super) fn load(text: &str, base: usize) -> Result<Loaded, LoadError> {
    let cursor = Cursor { text, base, chars: 0, bytes: 0 };
    let mut loader = Loader { cursor, stack: Vec::new(), anchors: HashMap::new(), written: 0, expanded: 0 };
    if let Some((at, _)) = text.char_indices().find(|(_, c)| is_control(*c)) {
        let message = String::from("control characters are not allowed");
        return Err(LoadError::Syntax { partial: None, message, offset: base + at });
    }
    let mut root: Option<Node> = None;
    let mut documents = 0;
    for event in Parser::new_from_str(text) {
        let (event, span) = match event {
            Ok(event) => event,
            // saphyr's scanner has its own flow-nesting limit, which it reaches while looking
            // ahead, before this loader sees the 129th level: the same refusal.
            Err(e) if e.info() == DEPTH_MESSAGE => {
                return Err(LoadError::Refused {
                    message: DEPTH_MESSAGE.into(),
                    offset: loader.cursor.offset(e.marker().index()),
                });
            }
            Err(e) => {
                let offset = loader.cursor.offset(e.marker().index());
                let partial = loader.unwind().map(Box::new);
                return Err(LoadError::Syntax { partial, message: e.info().to_owned(), offset });
            }
        };
        let at = loader.cursor.offset(span.start.index());
        let refused = |message: String| LoadError::Refused { message, offset: at };
        let finished = match event {
            Event::DocumentStart(_) => {
                documents += 1;
                if documents > 1 {
                    return Err(refused(
                        "deserializing from YAML containing more than one document is not supported".into(),
                    ));
                }
                None
            }
            Event::Scalar(text, style, anchor, tag) => {
                Some(loader.scalar(text, style, anchor, tag, &span).map_err(refused)?)
            }
            Event::Alias(id) => Some(loader.alias(id, &span).map_err(refused)?),
            Event::SequenceStart(anchor, tag) => {
                loader.open(OpenKind::Seq(Vec::new(), Vec::new()), anchor, tag, &span).map_err(refused)?;
                None
            }
            Event::MappingStart(anchor, tag) => {
                loader.open(OpenKind::Map(Mapping::new(), Vec::new(), None), anchor, tag, &span).map_err(refused)?;
                None
            }
            Event::SequenceEnd | Event::MappingEnd => loader.close(),
            _ => None,
        };
        if let Some(node) = finished
            && let Some(node) =
                loader.attach(node, at).map_err(|(message, offset)| LoadError::Refused { message, offset })?
        {
            root = Some(node);
        }
    }
    Ok(match root {
        Some(node) => Loaded { value: node.value, root: Some(node.pos) },
        None => Loaded { value: Value::Null, root: None },
    })
}

/// What the YAML spec does not allow in a stream: C0 and C1 controls other than tab and line
/// breaks, and the non-characters U+FFFE and U+FFFF.
fn is_control(c: char) -> bool {
    match c {
        '\t' | '\n' | '\r' | '\u{85}' => false,
        '\u{fffe}' | '\u{ffff}' => true,
        c => c.is_control(),
    }
}

/// Turns saphyr's character indexes into byte offsets of the file. Events arrive roughly in text
/// order, so the cursor mostly steps forward a little; each step is linear in what it passes.
struct Cursor<'t> {
    text: &'t str,
    base: usize,
    chars: usize,
    bytes: usize,
}

impl Cursor<'_> {
    fn offset(&mut self, char_index: usize) -> usize {
        if char_index >= self.chars {
            let rest = &self.text[self.bytes..];
            let ahead = char_index - self.chars;
            // Mostly ASCII (keys, IDs, dates): then characters are bytes.
            let step = match rest.as_bytes().get(..ahead) {
                Some(bytes) if bytes.is_ascii() => Some(ahead),
                _ => rest.char_indices().nth(ahead).map(|(i, _)| i),
            };
            match step {
                Some(step) => {
                    self.bytes += step;
                    self.chars = char_index;
                }
                None => {
                    self.bytes += rest.len();
                    self.chars += rest.chars().count();
                }
            }
        } else {
            let before = &self.text[..self.bytes];
            let back = self.chars - char_index;
            self.bytes = before.char_indices().rev().nth(back - 1).map_or(0, |(i, _)| i);
            self.chars = char_index;
        }
        self.base + self.bytes
    }
}

struct Loader<'t> {
    cursor: Cursor<'t>,
    stack: Vec<Open>,
    /// Anchored values by saphyr's anchor ID, with their expanded weight.
    anchors: HashMap<usize, (Value, usize)>,
    /// Nodes written in the file so far.
    written: usize,
    /// Nodes added by aliases so far.
    expanded: usize,
}

impl Loader<'_> {
    fn range(&mut self, span: &Span) -> Range<usize> {
        self.cursor.offset(span.start.index())..self.cursor.offset(span.end.index())
    }

    /// The key span to give a node that starts now: a mapping value's key, else none.
    fn pending_key(&self) -> Option<Range<usize>> {
        match self.stack.last() {
            Some(Open { kind: OpenKind::Map(_, _, Some(key)), .. }) => Some(key.span.clone()),
            _ => None,
        }
    }

    fn scalar(
        &mut self,
        text: Cow<'_, str>,
        style: ScalarStyle,
        anchor: usize,
        tag: Option<Cow<'_, Tag>>,
        span: &Span,
    ) -> Result<Node, String> {
        self.written += 1;
        let scalar = if style == ScalarStyle::Plain { Scalar::Plain(text.to_string()) } else { Scalar::Quoted };
        let value = resolve(text.into_owned(), style, tag.as_deref())?;
        let pos = NodePos { key: self.pending_key(), value: self.range(span), scalar: Some(scalar) };
        let node = Node { value, pos: PosNode { pos, children: Children::Leaf }, weight: 1 };
        Ok(self.anchored(node, anchor))
    }

    fn alias(&mut self, id: usize, span: &Span) -> Result<Node, String> {
        let weight = self.anchors.get(&id).ok_or("unknown anchor")?.1;
        self.expanded += weight;
        if self.expanded > ALIAS_FACTOR * self.written {
            return Err("repetition limit exceeded".into());
        }
        let pos = NodePos { key: self.pending_key(), value: self.range(span), scalar: None };
        let value = self.anchors.get(&id).map_or(Value::Null, |(value, _)| value.clone());
        Ok(Node { value, pos: PosNode { pos, children: Children::Leaf }, weight })
    }

    fn open(&mut self, kind: OpenKind, anchor: usize, tag: Option<Cow<'_, Tag>>, span: &Span) -> Result<(), String> {
        if self.stack.len() >= DEPTH_LIMIT {
            return Err(DEPTH_MESSAGE.into());
        }
        self.written += 1;
        let open = Open {
            kind,
            anchor,
            tag: tag.map(Cow::into_owned),
            start: self.range(span),
            key: self.pending_key(),
            weight: 1,
        };
        self.stack.push(open);
        Ok(())
    }

    fn close(&mut self) -> Option<Node> {
        let open = self.stack.pop()?;
        let (value, children) = match open.kind {
            OpenKind::Seq(items, children) => (Value::Sequence(items), Children::Seq(children)),
            OpenKind::Map(mapping, children, _) => (Value::Mapping(mapping), Children::Map(children)),
        };
        // A local tag (`!name`) stays on the value, as yaml_serde keeps it; core tags on
        // collections (`!!map`) say nothing more than the brackets do.
        let value = match open.tag {
            Some(tag) if !tag.is_yaml_core_schema() => scalar::tagged(&tag, value),
            _ => value,
        };
        let pos = NodePos { key: open.key, value: open.start, scalar: None };
        Some(self.anchored(Node { value, pos: PosNode { pos, children }, weight: open.weight }, open.anchor))
    }

    /// The positions of everything read so far, with the open collections closed where they
    /// stand.
    fn unwind(&mut self) -> Option<PosNode> {
        while let Some(node) = self.close() {
            if let Ok(Some(root)) = self.attach(node, 0) {
                return Some(root.pos);
            }
        }
        None
    }

    fn anchored(&mut self, node: Node, anchor: usize) -> Node {
        if anchor != 0 {
            self.anchors.insert(anchor, (node.value.clone(), node.weight));
        }
        node
    }

    /// Puts a finished node into its parent (`at` is where the node starts); the root comes
    /// back. A key written twice is an error, at the key.
    fn attach(&mut self, node: Node, at: usize) -> Result<Option<Node>, (String, usize)> {
        let Some(parent) = self.stack.last_mut() else { return Ok(Some(node)) };
        parent.weight += node.weight;
        match &mut parent.kind {
            OpenKind::Seq(items, children) => {
                items.push(node.value);
                children.push(node.pos);
            }
            OpenKind::Map(_, _, key @ None) => {
                // A scalar key is named by its text; a complex key (`? [a, b]`) cannot be
                // addressed by a path and shows as `?`.
                let name = match &node.pos.pos.scalar {
                    Some(_) => key_name(&node.value),
                    None => String::from("?"),
                };
                *key = Some(Key { value: node.value, name, span: node.pos.pos.value, at });
            }
            OpenKind::Map(mapping, children, key @ Some(_)) => {
                let Some(key) = key.take() else { unreachable!("matched Some") };
                if mapping.contains_key(&key.value) {
                    return Err((duplicate_message(&key.value), key.at));
                }
                mapping.insert(key.value, node.value);
                children.push((key.name, node.pos));
            }
        }
        Ok(None)
    }
}

/// The path segment of a scalar key: its text as YAML reads it.
fn key_name(key: &Value) -> String {
    match key {
        Value::String(s) => s.clone(),
        Value::Null => String::from("null"),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        _ => String::from("?"),
    }
}

/// yaml_serde's message for a key written twice in one mapping.
fn duplicate_message(key: &Value) -> String {
    match key {
        Value::Null => "duplicate entry with null key".into(),
        Value::Bool(b) => format!("duplicate entry with key `{b}`"),
        Value::Number(n) => format!("duplicate entry with key {n}"),
        Value::String(s) => format!("duplicate entry with key {s:?}"),
        _ => "duplicate entry in YAML map".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ours(text: &str) -> Result<Value, String> {
        load(text, 0).map(|l| l.value).map_err(|e| match e {
            LoadError::Syntax { .. } => String::from("syntax"),
            LoadError::Refused { message, .. } => message,
        })
    }

    /// Values compared through `Debug`, so that `.nan` equals itself.
    fn same(a: &Value, b: &Value) -> bool {
        format!("{a:?}") == format!("{b:?}")
    }

    #[test]
    fn values_are_the_ones_yaml_serde_reads() {
        let documents = [
            "a: 1\nb: -2\nc: +3\nd: 0x1f\ne: -0x10\nf: 0o17\ng: 0b101\nh: 0123\ni: -0\nj: 18446744073709551615\n",
            "m: 1e3\nn: 6.10\no: .inf\np: -.Inf\nq: .nan\nr: +.5\n",
            "s: ~\nt: null\nu: Null\nv:\nw: true\nx: False\ny: yes\nz: 'true'\naa: \"1\"\nab: 2026-03-27\n",
            "list: [a, 'b', \"c\", 1, {k: v}]\nnested:\n  - x: [1, [2, [3]]]\n  - ? [c, d]\n    : complex\n",
            "text: |\n  line one\n  line two\nfolded: >\n  a\n  b\nplain: a\n  b\n",
            "anchor: &a {x: 1, y: [2, 3]}\ncopy: *a\nscalar: &s hello\nagain: *s\n",
            "tagged: !thing {a: 1}\nstr: !!str 123\nint: !!int '7'\nlocal: !note text\nbang: ! 12\nseq: !!seq [1]\n",
            "1: one\ntrue: yes\nnull: nothing\n'quoted key': 1\n",
            "日本語: \"観測\"\nen: { ja: \"推論\", en: inferred }\n",
            "# only a comment\n",
            "",
            "---\na: 1\n...\n",
        ];
        for text in documents {
            let reference: Value = yaml_serde::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let value = ours(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(same(&value, &reference), "{text}\nours:       {value:?}\nyaml_serde: {reference:?}");
        }
    }

    #[test]
    fn core_tags_check_their_text_as_yaml_serde_does() {
        for text in ["a: !!int x\n", "a: !!bool 1\n", "a: !!float y\n", "a: !!null z\n"] {
            let reference = yaml_serde::from_str::<Value>(text).unwrap_err().to_string();
            let message = ours(text).unwrap_err();
            assert!(reference.contains(&message), "{text}: ours {message:?}, yaml_serde {reference:?}");
        }
    }

    #[test]
    fn integers_wider_than_64_bits_are_refused_as_yaml_serde_refused_them() {
        for text in ["k: 18446744073709551616\n", "l: -9223372036854775809\n", "m: 0x1ffffffffffffffff\n"] {
            assert!(yaml_serde::from_str::<Value>(text).is_err(), "{text}");
            assert!(ours(text).unwrap_err().contains("too large"), "{text}");
        }
        // Past 128 bits both read a float.
        let text = "n: 340282366920938463463374607431768211456\n";
        assert!(same(&ours(text).unwrap(), &yaml_serde::from_str(text).unwrap()));
    }

    #[test]
    fn duplicate_keys_and_second_documents_are_refused() {
        for text in ["a: 1\na: 2\n", "'1': x\n1: y\n1: z\n", "---\na: 1\n---\nb: 2\n"] {
            let reference = yaml_serde::from_str::<Value>(text).unwrap_err().to_string();
            let message = ours(text).unwrap_err();
            assert!(reference.contains(&message), "{text}: ours {message:?}, yaml_serde {reference:?}");
        }
        // The error points at the second `a`.
        let error = load("a: 1\na: 2\n", 0).err().unwrap();
        assert!(matches!(error, LoadError::Refused { offset: 5, .. }));
    }

    #[test]
    fn deep_nesting_and_alias_bombs_are_refused() {
        let deep = format!("a: {}{}\n", "[".repeat(200), "]".repeat(200));
        assert_eq!(ours(&deep).unwrap_err(), "recursion limit exceeded");
        let ok = format!("a: {}{}\n", "[".repeat(100), "]".repeat(100));
        assert!(ours(&ok).is_ok());
        let mut bomb = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..10 {
            let refs = vec![format!("*a{}", i - 1); 10].join(", ");
            bomb.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
        }
        assert_eq!(ours(&bomb).unwrap_err(), "repetition limit exceeded");
    }

    #[test]
    fn cursor_turns_character_indexes_into_byte_offsets_both_ways() {
        let mut cursor = Cursor { text: "a観b測c", base: 10, chars: 0, bytes: 0 };
        assert_eq!(cursor.offset(2), 14);
        assert_eq!(cursor.offset(4), 18);
        assert_eq!(cursor.offset(1), 11);
        assert_eq!(cursor.offset(5), 19);
        assert_eq!(cursor.offset(3), 15);
        assert_eq!(cursor.offset(0), 10);
        assert_eq!(cursor.offset(9), 19, "past the end stays at the end");
    }
}
