//! "Did you mean": the one place that decides which known name a misspelled one was meant to be
//! (edit distance with transpositions counted once, as typing swaps letters),
//! so fields, values, page paths, anchors, claim IDs and div names all suggest alike.

/// The candidate closest to `written` by edit distance, if one is close: at most a third of the
/// longer one's characters differ (at least one may). Ties go to the candidate that sorts first.
pub fn closest<'a>(candidates: impl IntoIterator<Item = &'a str>, written: &str) -> Option<&'a str> {
    let written_len = written.chars().count();
    candidates
        .into_iter()
        .map(|name| (strsim::osa_distance(name, written), name))
        .filter(|(distance, name)| *distance <= (name.chars().count().max(written_len) / 3).max(1))
        .min()
        .map(|(_, name)| name)
}

#[cfg(test)]
mod tests {
    use super::closest;

    #[test]
    fn a_slip_finds_its_name_and_a_stranger_finds_none() {
        let names = ["sources", "scope", "history", "supersedes"];
        assert_eq!(closest(names, "sourecs"), Some("sources"));
        assert_eq!(closest(names, "scop"), Some("scope"));
        assert_eq!(closest(names, "weight"), None);
        assert_eq!(closest(["en", "ja"], "eng"), Some("en"));
        // Equal distance: the one that sorts first, whatever the order given.
        assert_eq!(closest(["gfx942", "gfx900"], "gfx90x"), Some("gfx900"));
        assert_eq!(closest(["inferred"], "inferred"), Some("inferred"), "callers ask only for unknown names");
    }
}
