//! What verifying a `source_code` source against a local clone of its repository found (see
//! `shoko-upstream`): the record does not match the repository (an error), or the cited lines
//! changed upstream since the pinned commit (a warning, and a note on the card).

use serde::{Deserialize, Serialize};

/// One source of one claim, by the claim and the source's index in its `sources`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct SourceAt {
    /// The claim.
    pub claim: crate::ClaimId,
    /// Index into the claim's sources.
    pub source: usize,
}

/// What was found wrong with a source, or changed since it was pinned.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Finding {
    /// The pinned commit is not in the clone.
    UnknownCommit {
        /// The commit as written.
        commit: String,
    },
    /// The path is not a file at the commit read.
    MissingPath {
        /// The commit read, as shown (see [`Read`]).
        read: Read,
        /// Files of that commit with a similar path, closest first.
        near: Vec<String>,
    },
    /// The line range ends past the end of the file.
    LinesOutOfRange {
        /// The commit read.
        read: Read,
        /// How many lines the file has there.
        len: u32,
    },
    /// The quote does not occur in the cited lines (whitespace-normalised).
    QuoteMismatch {
        /// The commit read.
        read: Read,
        /// Where in the file the quote does occur, if anywhere.
        found: Option<[u32; 2]>,
        /// Otherwise the line most like the quote's first line, and its text.
        nearest: Option<(u32, String)>,
    },
    /// The pinned commit is in the clone but on no branch or tag (force-pushed away); the
    /// compared ref's name.
    Unreachable {
        /// The commit as written.
        commit: String,
        /// The ref the clone is compared at.
        reference: String,
    },
    /// The cited file is larger than the limit (`max_source_kib`): not read.
    TooLarge {
        /// The commit read.
        read: Read,
        /// Its size in bytes.
        size: u64,
        /// The limit in bytes.
        limit: u64,
    },
    /// The cited lines are not the same at the compared ref as at the pinned commit.
    Changed(UpstreamChange),
}

/// The commit a source was read at: the pinned one, or the compared ref for an unpinned source.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Read {
    /// The ref as configured (`HEAD` by default), or `None` for a pinned commit.
    pub reference: Option<String>,
    /// The commit, abbreviated.
    pub short: String,
}

impl std::fmt::Display for Read {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.reference {
            Some(reference) => write!(f, "{reference} ({})", self.short),
            None => f.write_str(&self.short),
        }
    }
}

/// How a pinned source's lines stand at the compared ref.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UpstreamChange {
    /// The compared ref, as configured (`HEAD` by default).
    pub reference: String,
    /// Its commit, in full.
    pub commit: String,
    /// The day that commit was made (UTC).
    pub date: jiff::civil::Date,
    /// What became of the lines.
    pub now: Now,
}

/// What became of pinned lines at a later commit.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Now {
    /// The same text, at other lines.
    Moved([u32; 2]),
    /// The text is not there any more.
    Changed,
    /// The file is gone.
    Removed,
    /// The file is gone from its path and the cited text is in another file (a rename, with the
    /// same bytes or the cited lines found there): its path, and the lines the text is at.
    Renamed {
        /// The file's path now.
        path: String,
        /// The lines the cited text is at there, when the source names lines.
        lines: Option<[u32; 2]>,
    },
}
