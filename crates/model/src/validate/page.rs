//! Raw → typed for a page: bilingual page fields, the body's structure, its claim citations and
//! its links to other pages.

use super::DocumentInput;
use crate::locate::Locator;
use crate::model::{ClaimId, LocalizedText, Page, PageLink, Ref};
use crate::rules::ref_unknown_page;
use crate::schema::{Localized, PageFrontMatter};
use crate::yaml::YamlPath;
use shoko_diagnostics::{Diagnostic, Span};
use shoko_markdown::rules::missing_translation;
use shoko_markdown::{Lang, parse_body};
use std::ops::Range;

/// Validate the page parts of a Markdown file whose body is at `body` in the file.
pub fn validate_page(
    front: &PageFrontMatter,
    body: Range<usize>,
    input: &DocumentInput<'_>,
    loc: &Locator<'_>,
    out: &mut Vec<Diagnostic>,
) -> Page {
    let title = localized(&front.title, "title", loc, out);
    let gain = front.gain.as_ref().map(|g| localized(g, "gain", loc, out));
    let does_not_claim = front
        .does_not_claim
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let base = YamlPath::root().key("does_not_claim");
            let at = loc.at(&base);
            localized_at(item, &YamlPath::root().index(i), &format!("does_not_claim[{i}]"), &at, out)
        })
        .collect();
    let text = &input.source.text[body.clone()];
    let (parsed, diags) = parse_body(text, body.start, input.file);
    out.extend(diags);
    let mut citations = Vec::new();
    let mut page_links = Vec::new();
    for link in parsed.links.iter().filter(|l| !l.image) {
        let span = Span::new(input.file, link.span.clone());
        if let Some(id) = link.dest.strip_prefix("claim:") {
            citations.push(Ref { id: ClaimId(id.to_owned()), span });
            continue;
        }
        if let Some(anchor) = link.dest.strip_prefix('#') {
            let anchor = Some(anchor.to_owned());
            page_links.push(PageLink { target: input.path.to_owned(), anchor, span, lang: link.lang });
        } else if let Some((file, anchor)) = page_target(&link.dest) {
            match resolve_relative(input.path, file) {
                Some(target) => {
                    page_links.push(PageLink { target, anchor: anchor.map(str::to_owned), span, lang: link.lang });
                }
                None => out.push(ref_unknown_page::escapes(span, &link.dest)),
            }
        }
    }
    Page {
        title,
        gain,
        weight: front.weight.unwrap_or(0),
        does_not_claim,
        body: parsed,
        body_start: body.start,
        citations,
        page_links,
    }
}

/// A link to a `.md` page: its file part and anchor. External links and plain anchors are not.
fn page_target(dest: &str) -> Option<(&str, Option<&str>)> {
    if dest.contains("://") || dest.starts_with("mailto:") || dest.starts_with('#') {
        return None;
    }
    let (file, anchor) = match dest.split_once('#') {
        Some((f, a)) => (f, Some(a)),
        None => (dest, None),
    };
    file.ends_with(".md").then_some((file, anchor))
}

/// Resolve `link` relative to the folder of `from` (both relative to `content/`); `None` if it
/// leaves `content/`.
pub fn resolve_relative(from: &str, link: &str) -> Option<String> {
    let mut parts: Vec<&str> = if link.starts_with('/') { Vec::new() } else { from.split('/').collect() };
    if !link.starts_with('/') {
        parts.pop();
    }
    for part in link.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            other => parts.push(other),
        }
    }
    Some(parts.join("/"))
}

/// A page-level bilingual field; a missing language is a warning.
pub fn localized(value: &Localized, key: &str, loc: &Locator<'_>, out: &mut Vec<Diagnostic>) -> LocalizedText {
    localized_at(value, &YamlPath::root().key(key), key, loc, out)
}

fn localized_at(
    value: &Localized,
    rel: &YamlPath,
    field: &str,
    loc: &Locator<'_>,
    out: &mut Vec<Diagnostic>,
) -> LocalizedText {
    let present = |v: &Option<String>| v.as_ref().filter(|t| !t.trim().is_empty()).cloned();
    let text = LocalizedText { ja: present(&value.ja), en: present(&value.en) };
    for (lang, v) in [(Lang::Ja, &text.ja), (Lang::En, &text.en)] {
        if v.is_none() {
            out.push(missing_translation::missing_field_language(loc.key_span(rel), field, lang));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::resolve_relative;

    #[test]
    fn relative_links_resolve_against_the_page_folder() {
        assert_eq!(
            resolve_relative("gpu/gfx1201/index.md", "../gfx900/index.md").as_deref(),
            Some("gpu/gfx900/index.md")
        );
        assert_eq!(resolve_relative("index.md", "./gpu/index.md").as_deref(), Some("gpu/index.md"));
        assert_eq!(resolve_relative("a.md", "../../etc/passwd.md"), None);
    }
}
