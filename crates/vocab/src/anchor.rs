//! The anchor IDs the generator gives to the things a page shows, so that a link written
//! anywhere (a citation, the claims index, the switcher) lands on them.

// Anchors are joined, not formatted: one is made for every link to a card, and `format!` often
// starts its string empty or small and grows it.

/// The anchor of claim `id`'s card: `claim-ID`.
pub fn claim_anchor(id: impl AsRef<str>) -> String {
    ["claim-", id.as_ref()].concat()
}

/// The anchor of open question `id`: `q-ID`.
pub fn question_anchor(id: impl AsRef<str>) -> String {
    ["q-", id.as_ref()].concat()
}

/// The anchor of glossary term `id` on the glossary page: `term-ID`.
pub fn term_anchor(id: impl AsRef<str>) -> String {
    ["term-", id.as_ref()].concat()
}
