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

/// What every footnote's anchor starts with. A heading's slug never holds `:`, and a heading's
/// own `{#id}` starting with it is taken (`md/heading-id`), so a footnote and a heading never
/// share an ID (`[^measurements]` once jumped to `## Measurements`, `[^2]` on a deck to slide 2).
pub const FOOTNOTE_PREFIX: &str = "fn:";

/// The anchor of the `n`th footnote of a page in one language (counted from 1, in the order
/// they are first met, as they are numbered on the page): `fn:N`.
pub fn footnote_anchor(n: usize) -> String {
    [FOOTNOTE_PREFIX, &n.to_string()].concat()
}
