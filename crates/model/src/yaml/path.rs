//! Paths into a YAML document (`claims[2].scope.software.rocm`): how diagnostics and positions
//! name a node.

use std::fmt;

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

    /// The path without its last segment (the root stays the root).
    pub fn parent(&self) -> Self {
        YamlPath(self.0[..self.0.len().saturating_sub(1)].to_vec())
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
