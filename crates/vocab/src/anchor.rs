//! The anchor IDs the generator gives to the things a page shows, so that a link written
//! anywhere (a citation, the claims index, the switcher) lands on them.

use std::fmt::Display;

/// The anchor of claim `id`'s card: `claim-ID`.
pub fn claim_anchor(id: impl Display) -> String {
    format!("claim-{id}")
}

/// The anchor of open question `id`: `q-ID`.
pub fn question_anchor(id: impl Display) -> String {
    format!("q-{id}")
}

/// The anchor of glossary term `id` on the glossary page: `term-ID`.
pub fn term_anchor(id: impl Display) -> String {
    format!("term-{id}")
}
