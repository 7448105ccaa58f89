//! `ref/unknown-page` (error): a link points to a page that does not exist under content/.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};
use shoko_vocab::ContentPath;

/// The code.
pub static CODE: Code = Code {
    name: "ref/unknown-page",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a link points to a page that does not exist under content/.",
};

/// The diagnostic at the link.
pub fn diagnostic(span: Span, dest: &str, resolved: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("link to missing page `{dest}`"), span)
        .with_label(format!("resolves to {}, which does not exist", ContentPath(resolved)))
        .with_hint("link to the page's `.md` source, relative to this file")
}

/// [`diagnostic`] with the page the link most likely means as its hint, when there is one
/// (`nearest`, relative to `content/`, written as a link from the file `from`).
pub fn near(span: Span, dest: &str, resolved: &str, nearest: Option<&str>, from: &str) -> Diagnostic {
    let d = diagnostic(span, dest, resolved);
    match nearest {
        Some(page) => d.with_hint(format!("did you mean `{}`?", relative_from(from, page))),
        None => d,
    }
}

/// A hub card's `link` that is neither a page's `.md` source nor an address elsewhere.
pub fn card_link(span: Span, dest: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("card link `{dest}` is not a page"), span)
        .with_label("a card leads to a page")
        .with_hint("give a page's `.md` source relative to this file, or an `https://` address")
}

/// A link that leaves content/ with `../`.
pub fn escapes(span: Span, dest: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("link `{dest}` leaves content/"), span)
        .with_label("too many `../`")
        .with_hint("link to a page inside content/, relative to this file")
}

/// A link to a built page's address (`gfx942.html`, `gpu/`) where the page's source `md` is
/// meant: the address differs by language and base path, so only the source resolves.
pub fn site_address(span: Span, dest: &str, md: &str, from: &str) -> Diagnostic {
    let relative = relative_from(from, md);
    Diagnostic::new(&CODE, format!("`{dest}` is the address of a built page, not a file under content/"), span)
        .with_label(format!("the page's source is {}", ContentPath(md)))
        .with_hint(format!(
            "link the source: `{relative}` (the build turns it into the right address in each language)"
        ))
}

/// `to` (relative to `content/`) as a link from the file `from`.
pub(crate) fn relative_from(from: &str, to: &str) -> String {
    let from_dirs: Vec<&str> = from.split('/').collect::<Vec<_>>().split_last().map_or(Vec::new(), |(_, d)| d.to_vec());
    let to_parts: Vec<&str> = to.split('/').collect();
    let common = from_dirs.iter().zip(&to_parts).take_while(|(a, b)| a == b).count().min(to_parts.len() - 1);
    format!("{}{}", "../".repeat(from_dirs.len() - common), to_parts[common..].join("/"))
}

#[cfg(test)]
mod tests {
    use super::relative_from;

    #[test]
    fn links_are_written_relative_to_the_linking_file() {
        assert_eq!(relative_from("index.md", "gpu/gfx942.md"), "gpu/gfx942.md");
        assert_eq!(relative_from("gpu/a.md", "gpu/gfx942.md"), "gfx942.md");
        assert_eq!(relative_from("gpu/a/b.md", "index.md"), "../../index.md");
        assert_eq!(relative_from("gpu/a.md", "components/x.md"), "../components/x.md");
    }
}
