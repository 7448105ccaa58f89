//! The HTML sanitiser for Markdown runs that hold raw HTML (allowed only with `raw_html:
//! sanitize` in `shoko.yaml`): `ammonia`, allowing the markup the renderer itself makes in a run
//! (classes and IDs, responsive images, table alignment) and nothing that runs code: no
//! scripts, styles, frames, forms, event handlers or links with schemes other than
//! [`EXTERNAL_SCHEMES`].

use shoko_vocab::EXTERNAL_SCHEMES;
use std::sync::LazyLock;

static CLEANER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut builder = ammonia::Builder::default();
    builder
        .link_rel(None)
        .url_schemes(EXTERNAL_SCHEMES.into_iter().collect())
        .add_generic_attributes(["class", "id"])
        .add_tag_attributes("img", ["srcset", "sizes", "loading", "decoding"])
        .add_tag_attributes("th", ["style"])
        .add_tag_attributes("td", ["style"])
        .filter_style_properties(["text-align"].into_iter().collect())
        .strip_comments(true);
    builder
});

/// `html` with everything unsafe removed.
pub(crate) fn sanitize(html: &str) -> String {
    CLEANER.clean(html).to_string()
}

#[cfg(test)]
mod tests {
    use super::sanitize;

    #[test]
    fn scripts_handlers_and_unsafe_links_go_and_the_renderers_markup_stays() {
        let dirty = r#"<p>Hi <b onmouseover="x()">there</b><script>alert(1)</script><iframe src="https://e.org"></iframe> <a href="javascript:alert(1)">j</a> <a href="../x/">ok</a> <span class="badge badge-inferred">推論</span></p><img src="a.png" srcset="a-640w.png 640w" onerror="x()" loading="lazy"><svg onload="x()"></svg><table><tr><th style="text-align: center; background: url(x)">h</th></tr></table>"#;
        let clean = sanitize(dirty);
        for gone in ["script", "onmouseover", "iframe", "javascript", "onerror", "onload", "svg", "background"] {
            assert!(!clean.contains(gone), "{gone} in {clean}");
        }
        for kept in [
            "<b>there</b>",
            "<a href=\"../x/\">ok</a>",
            "class=\"badge badge-inferred\"",
            "srcset=\"a-640w.png 640w\"",
            "loading=\"lazy\"",
            "style=\"text-align:center\"",
        ] {
            assert!(clean.contains(kept), "{kept} not in {clean}");
        }
    }
}
