//! How a link of the site is written: the one place an href, an address or a `#` is made. Where
//! a link leads is a [`Target`] (a path, an element of a page, an element of this page; the
//! vocabulary spells the anchors and the folders); [`href`] writes it relative to the page it is
//! on, so the site works under any sub-path and opened from disk; [`at`] puts an anchor after an
//! href or address made here (`Ctx::address` and `Ctx::url_from` make those for tools and
//! canonical links).

/// Where a link of the site leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target<'a> {
    /// A page's folder or a file, from the site root.
    Path(&'a str),
    /// The element with this anchor on the page in this folder.
    Element(&'a str, &'a str),
    /// The element with this anchor on the page the link is on.
    Here(&'a str),
}

/// The href of `to` from the page in folder `from`.
pub fn href(from: &str, to: Target<'_>) -> String {
    match to {
        Target::Path(path) => relative_href(from, path),
        Target::Element(path, anchor) => at(relative_href(from, path), anchor),
        Target::Here(anchor) => at(String::new(), anchor),
    }
}

/// `link` (an href or an address made here) leading to the element with `anchor`.
pub fn at(mut link: String, anchor: &str) -> String {
    link.reserve(anchor.len() + 1);
    link.push('#');
    link.push_str(anchor);
    link
}

/// An anchor as a URL fragment (percent-encoded outside ASCII, as the browser reads it back), for
/// addresses read by scripts.
pub fn encode_fragment(anchor: &str) -> String {
    encode_path(anchor)
}

/// A relative href from the folder `from` to the folder or file `to` (both relative to the site
/// root, folders ending in `/`). Folder targets end in `index.html`, so links also work when the
/// site is opened from disk, where a folder URL shows a directory listing.
pub fn relative_href(from: &str, to: &str) -> String {
    // `from`'s folders match `to`'s leading segments for a while; every folder after that is one
    // `../`, and what is left of `to` follows. (Links are made many times per page, so nothing
    // is collected along the way.) Folders are never empty, so the empty segment after a
    // trailing `/` of `to` matches none.
    let mut remaining = to;
    let mut matching = true;
    let mut ups = 0;
    // Split by bytes: a `/` is one byte, and a search set up for each of these short paths cost
    // more than it saved.
    for folder in from.as_bytes().split(|b| *b == b'/').filter(|p| !p.is_empty()) {
        if matching {
            let (segment, after) = match remaining.bytes().position(|b| b == b'/') {
                Some(at) => (&remaining[..at], &remaining[at + 1..]),
                None => (remaining, ""),
            };
            if segment.as_bytes() == folder {
                remaining = after;
                continue;
            }
            matching = false;
        }
        ups += 1;
    }
    let mut href = String::with_capacity(3 * ups + remaining.len() + crate::owned::INDEX_PAGE.len());
    for _ in 0..ups {
        href.push_str("../");
    }
    href.push_str(&std::borrow::Cow::from(percent_encoding::utf8_percent_encode(remaining, PATH_UNSAFE)));
    if to.is_empty() || to.ends_with('/') {
        href.push_str(crate::owned::INDEX_PAGE);
    }
    href
}

/// ASCII characters of a file name that cannot stand in a URL path as they are (spaces among
/// them); bytes outside ASCII are always percent-encoded (browsers and servers decode them).
const PATH_UNSAFE: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'`')
    .add(b'{')
    .add(b'}')
    .add(b'|')
    .add(b'\\')
    .add(b'^')
    .add(b'[')
    .add(b']');

/// A site-root-relative path as it may appear in a URL: `a b/` → `a%20b/`, `観測/` →
/// `%E8%A6%B3%E6%B8%AC/`.
pub fn encode_path(path: &str) -> String {
    encoded_pieces(path).collect()
}

/// [`encode_path`] as the pieces it is made of, for whoever needs them without joining them.
pub fn encoded_pieces(path: &str) -> impl Iterator<Item = &str> {
    percent_encoding::utf8_percent_encode(path, PATH_UNSAFE)
}

/// A value of a URL's query (`?page=VALUE`): everything but letters, digits, `-`, `_`, `.`, `~`
/// and `/` percent-encoded, so `&`, `+`, `#` and `%` in it cannot be misread.
pub fn encode_query(value: &str) -> String {
    const QUERY_UNSAFE: &percent_encoding::AsciiSet =
        &percent_encoding::NON_ALPHANUMERIC.remove(b'-').remove(b'_').remove(b'.').remove(b'~').remove(b'/');
    std::borrow::Cow::from(percent_encoding::utf8_percent_encode(value, QUERY_UNSAFE)).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_value_keeps_its_slashes_and_nothing_else_that_could_be_misread() {
        assert_eq!(encode_query("観測 a&b+c%/x_y.z"), "%E8%A6%B3%E6%B8%AC%20a%26b%2Bc%25/x_y.z");
    }

    #[test]
    fn unsafe_characters_are_encoded() {
        assert_eq!(
            relative_href("ja/", "ja/観測 ノート/"),
            "%E8%A6%B3%E6%B8%AC%20%E3%83%8E%E3%83%BC%E3%83%88/index.html"
        );
        assert_eq!(encode_path("a#b?c/d e"), "a%23b%3Fc/d%20e");
    }

    #[test]
    fn relative_hrefs() {
        assert_eq!(relative_href("ja/gpu/", "ja/"), "../index.html");
        assert_eq!(relative_href("ja/", "en/"), "../en/index.html");
        assert_eq!(relative_href("ja/gpu/x/", "ja/gpu/y/"), "../y/index.html");
        assert_eq!(relative_href("ja/", "ja/"), "index.html");
        assert_eq!(relative_href("", "ja/"), "ja/index.html");
        assert_eq!(relative_href("ja/gpu/", "css/site.1234.css"), "../../css/site.1234.css");
        assert_eq!(relative_href("ja/gpu/x/", "ja/gpu"), "../");
        assert_eq!(relative_href("ja/gpu/", "ja/gpu/x.png"), "x.png");
        assert_eq!(relative_href("ja/a/b/", "ja/c/d/"), "../../c/d/index.html");
        assert_eq!(relative_href("ja/a/", "ja/a/b/c/"), "b/c/index.html");
        // Split by bytes: folders outside ASCII compare whole, and one that only starts like
        // another is not it.
        assert_eq!(relative_href("ja/観測/", "ja/観測/図.png"), "%E5%9B%B3.png");
        assert_eq!(relative_href("ja/観測/", "ja/観察/"), "../%E8%A6%B3%E5%AF%9F/index.html");
        assert_eq!(relative_href("ja/gpu/", "ja/gpus/"), "../gpus/index.html");
        assert_eq!(relative_href("ja//gpu/", "ja/gpu/"), "index.html");
        assert_eq!(relative_href("ja/", ""), "../index.html");
    }
}
