//! Where every node of a YAML document sits in its file, as a tree shaped like the document:
//! looking a path up walks it, and a path that leaves the tree ends at the nearest ancestor.

use super::path::{Seg, YamlPath};
use std::ops::Range;

/// Where a node is in the file, in byte offsets of the whole file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodePos {
    /// The key that introduces the node, if it is a mapping value.
    pub key: Option<Range<usize>>,
    /// The node itself.
    pub value: Range<usize>,
    /// What kind of scalar the node is, if it is one.
    pub scalar: Option<Scalar>,
}

/// How a scalar was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scalar {
    /// Unquoted, with its text: YAML reads such text by its shape (`6.10` as a number).
    Plain(String),
    /// Quoted or a block scalar: always text.
    Quoted,
}

/// One node's position and those of its children.
#[derive(Debug, Clone)]
pub(super) struct PosNode {
    pub(super) pos: NodePos,
    pub(super) children: Children,
}

/// The children of a node, in document order.
#[derive(Debug, Clone)]
pub(super) enum Children {
    /// A scalar or an alias.
    Leaf,
    /// A mapping's entries under their keys as written (a complex key shows as `?`).
    Map(Vec<(String, PosNode)>),
    /// A sequence's items.
    Seq(Vec<PosNode>),
}

/// Positions of every node of a document.
#[derive(Debug, Clone, Default)]
pub struct Positions {
    root: Option<PosNode>,
    whole: Range<usize>,
}

impl Positions {
    pub(super) fn new(root: Option<PosNode>, whole: Range<usize>) -> Self {
        Positions { root, whole }
    }

    /// The deepest recorded node along `path` and whether it is the node at `path` itself.
    fn walk(&self, path: &YamlPath) -> Option<(&NodePos, bool)> {
        let mut node = self.root.as_ref()?;
        for seg in &path.0 {
            let child = match (&node.children, seg) {
                // The last entry wins, as a later duplicate key would (it is reported anyway).
                (Children::Map(entries), Seg::Key(key)) => entries.iter().rev().find(|(k, _)| k == key).map(|(_, n)| n),
                (Children::Seq(items), Seg::Index(i)) => items.get(*i),
                _ => None,
            };
            match child {
                Some(child) => node = child,
                None => return Some((&node.pos, false)),
            }
        }
        Some((&node.pos, true))
    }

    /// The node at `path`, or the nearest ancestor that has a recorded position, or the whole
    /// document.
    pub fn get(&self, path: &YamlPath) -> NodePos {
        match self.walk(path) {
            Some((pos, _)) => pos.clone(),
            None => NodePos { key: None, value: self.whole.clone(), scalar: None },
        }
    }

    /// The exact node at `path`, without falling back to an ancestor.
    pub fn exact(&self, path: &YamlPath) -> Option<&NodePos> {
        self.walk(path).and_then(|(pos, exact)| exact.then_some(pos))
    }

    /// The entries of the mapping at `path` (key as written, position), in document order;
    /// empty when it is not a mapping.
    pub fn entries(&self, path: &YamlPath) -> Vec<(&str, &NodePos)> {
        let mut node = self.root.as_ref();
        for seg in &path.0 {
            node = node.and_then(|n| match (&n.children, seg) {
                (Children::Map(entries), Seg::Key(key)) => entries.iter().rev().find(|(k, _)| k == key).map(|(_, n)| n),
                (Children::Seq(items), Seg::Index(i)) => items.get(*i),
                _ => None,
            });
        }
        match node.map(|n| &n.children) {
            Some(Children::Map(entries)) => entries.iter().map(|(k, n)| (k.as_str(), &n.pos)).collect(),
            _ => Vec::new(),
        }
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
