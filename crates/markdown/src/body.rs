//! The block structure of a body: shared Markdown runs and fenced divs (Pandoc syntax).
//!
//! A line of three or more colons followed by a word opens a div (`:::ja`, `::: en`,
//! `::::callout inferred`); a line of only colons closes the innermost open div. Fences inside
//! fenced code blocks are code, not divs.

use crate::links::{Link, scan};
use crate::pairing::Shape;
use crate::refdefs::RefDefs;
use crate::rules;
use shoko_diagnostics::{Diagnostic, FileId, Span};
use shoko_vocab::{Component, Lang};
use std::ops::Range;

/// What a div is.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum DivKind {
    /// Text in one language.
    Lang(Lang),
    /// A callout of an evidence class (`::::callout inferred`); the class is checked by the model.
    Callout(String),
    /// A component (`::: generations`, `::: can-show ID…`, `::: figure`, …) with its arguments.
    Component {
        /// Which one.
        component: Component,
        /// Everything after the name on the fence line.
        args: String,
    },
    /// A kind this syntax does not know (`md/unknown-div` is reported): its children are kept,
    /// so what is inside still counts, and nothing more is said about the div itself.
    Unknown(String),
}

/// A fenced div with its children.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Div {
    /// What the div is.
    pub kind: DivKind,
    /// Byte range of the opening fence line (without the line break).
    pub open: Range<usize>,
    /// Byte range of the content between the fences.
    pub inner: Range<usize>,
    /// The blocks inside.
    pub children: Vec<Block>,
}

/// One block of a body.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Block {
    /// Markdown outside any div at this level (shared by both languages at the top level).
    Markdown(Range<usize>),
    /// A fenced div.
    Div(Div),
}

/// A parsed body: blocks, links and the problems found.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct Body {
    /// Top-level blocks; ranges are byte offsets in the whole file.
    pub blocks: Vec<Block>,
    /// Every link of the body, in order.
    pub links: Vec<Link>,
    /// Raw HTML (blocks and inline tags; comments are not), as byte ranges in the file. Whether
    /// it is allowed is the site's choice (`raw_html` in `shoko.yaml`); rendering sanitizes it.
    pub raw_html: Vec<Range<usize>>,
    /// Its link reference definitions, for the runs that do not define what they use.
    pub refs: RefDefs,
    /// The `{#id}` of every heading that has one, in order (whether two collide, or one takes
    /// an ID the page gives its own sections, is for the page to say).
    pub heading_ids: Vec<crate::links::HeadingId>,
}

struct Open {
    kind: DivKind,
    open: Range<usize>,
    inner_start: usize,
    children: Vec<Block>,
    run_start: usize,
}

/// Parse the body `text` of file `file`; `base` is the byte offset of `text` in the file.
pub fn parse_body(text: &str, base: usize, file: FileId) -> (Body, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let span = |r: Range<usize>| Span::new(file, r);
    let mut root: Vec<Block> = Vec::new();
    let mut run_start = 0;
    let mut stack: Vec<Open> = Vec::new();
    let mut code_fence: Option<(u8, usize)> = None;
    // Divs opened past `MAX_DEPTH` are not read as divs: only counted, so that their closing
    // fences close them and not the divs around them.
    let mut ignored_depth = 0usize;
    let mut reported_too_deep = false;
    // Closes a language div left open is owed: `:::ja … :::en … ::: :::` (a nested pair) or
    // `:::ja … :::en … :::` (a forgotten close) are both read as two sibling blocks, and the close
    // the nested form has left over is not reported again.
    let mut owed_closes = 0usize;
    let mut offset = 0;
    for raw_line in text.split_inclusive('\n') {
        let line_start = offset;
        offset += raw_line.len();
        let line = raw_line.trim_end_matches(['\n', '\r']);
        let line_range = base + line_start..base + line_start + line.len();
        if let Some(fence) = code_fence_marker(line) {
            match code_fence {
                None => code_fence = Some(fence),
                Some((ch, len)) if fence.0 == ch && fence.1 >= len && is_bare_fence(line) => code_fence = None,
                Some(_) => {}
            }
            continue;
        }
        if code_fence.is_some() {
            continue;
        }
        // A fence typed with full-width colons or letters is reported and read as it was meant.
        let meant = full_width_fence(line);
        if let Some(meant) = &meant {
            diagnostics.push(rules::full_width_fence::diagnostic(span(line_range.clone()), meant));
        }
        let Some(fence) = div_fence(meant.as_deref().unwrap_or(line)) else { continue };
        match fence {
            Fence::Open(..) if ignored_depth > 0 || stack.len() >= rules::too_deep::MAX_DEPTH => {
                if !reported_too_deep {
                    diagnostics.push(rules::too_deep::diagnostic(span(line_range)));
                    reported_too_deep = true;
                }
                ignored_depth += 1;
                continue;
            }
            Fence::Close if ignored_depth > 0 => {
                ignored_depth -= 1;
                continue;
            }
            _ => {}
        }
        let (children, start) = match stack.last_mut() {
            Some(open) => (&mut open.children, &mut open.run_start),
            None => (&mut root, &mut run_start),
        };
        push_run(children, base + *start..base + line_start, text, base);
        *start = offset;
        match fence {
            Fence::Close if stack.is_empty() && owed_closes > 0 => owed_closes -= 1,
            Fence::Close => match stack.pop() {
                Some(open) => close(open, &mut stack, &mut root, &mut run_start, (line_start, offset), base),
                None => diagnostics.push(rules::stray_div_close::diagnostic(span(line_range))),
            },
            Fence::Open(word, arg) => {
                let kind = match (word, Lang::from_code(word)) {
                    (_, Some(lang)) => Some(DivKind::Lang(lang)),
                    ("callout", None) => Some(DivKind::Callout(arg.to_owned())),
                    (name, None) => Component::from_name(name)
                        .map(|component| DivKind::Component { component, args: arg.to_owned() }),
                };
                let kind = kind.unwrap_or_else(|| {
                    diagnostics.push(rules::unknown_div::diagnostic(span(line_range.clone()), word));
                    // `:::JA`: reported, and read as the language it names, so nothing else is.
                    Lang::from_code(&word.to_ascii_lowercase())
                        .map_or_else(|| DivKind::Unknown(word.to_owned()), DivKind::Lang)
                });
                // A language div opened inside another: the outer one (and what it holds open)
                // ends here, as if its `:::` had been written.
                if let DivKind::Lang(lang) = kind
                    && let Some(outer) = stack.iter().rposition(|o| matches!(o.kind, DivKind::Lang(_)))
                {
                    let DivKind::Lang(outer_lang) = stack[outer].kind else { unreachable!("found as a language div") };
                    diagnostics.push(rules::nested_language_div::diagnostic(
                        span(line_range.clone()),
                        lang,
                        span(stack[outer].open.clone()),
                        outer_lang,
                    ));
                    while stack.len() > outer {
                        let open = stack.pop().expect("outer is below the top");
                        close(open, &mut stack, &mut root, &mut run_start, (line_start, offset), base);
                    }
                    owed_closes += 1;
                }
                stack.push(Open {
                    kind,
                    open: line_range,
                    inner_start: offset,
                    children: Vec::new(),
                    run_start: offset,
                });
            }
        }
    }
    // Close whatever is still open at the end of the text, reporting each; the rest of the text
    // belongs to the innermost open div.
    let unclosed = !stack.is_empty();
    while let Some(mut open) = stack.pop() {
        diagnostics.push(rules::unclosed_div::diagnostic(span(open.open.clone())));
        push_run(&mut open.children, base + open.run_start..base + text.len(), text, base);
        let div = Div {
            kind: open.kind,
            open: open.open,
            inner: base + open.inner_start..base + text.len(),
            children: open.children,
        };
        match stack.last_mut() {
            Some(parent) => parent.children.push(Block::Div(div)),
            None => root.push(Block::Div(div)),
        }
    }
    if !unclosed {
        push_run(&mut root, base + run_start..base + text.len(), text, base);
    }
    // Pairs are judged only in a well-formed body: a stray, unknown or unclosed fence changes which
    // blocks stand next to each other, and the author fixes that first.
    if diagnostics.is_empty() {
        check_parity(&root, text, base, file, &mut diagnostics);
    }
    // The first character of each line that may not be published, at most ten per body.
    let (mut next_line, mut reported) = (0, 0);
    for (at, c) in crate::characters::unpublishable(text) {
        if at < next_line {
            continue;
        }
        if reported == 10 {
            break;
        }
        let start = base + at;
        diagnostics.push(rules::control_character::diagnostic(span(start..start + c.len_utf8()), c));
        reported += 1;
        next_line = text[at..].find('\n').map_or(text.len(), |n| at + n + 1);
    }
    let refs = RefDefs::collect(&root, text, base);
    let found = scan(&root, text, base, &refs);
    for (range, why) in &found.not_links {
        let written = &text[range.start - base..range.end - base];
        diagnostics.push(rules::not_a_link::diagnostic(span(range.clone()), written, *why));
    }
    for (range, why) in &found.bad_math {
        diagnostics.push(rules::bad_math::diagnostic(span(range.clone()), why));
    }
    if let Some(range) = found.too_deep.clone().filter(|_| !reported_too_deep) {
        diagnostics.push(rules::too_deep::markdown(span(range)));
    }
    for (range, names) in found.heading_attributes {
        diagnostics.push(rules::heading_attribute::diagnostic(span(range), &names));
    }
    for range in found.undefined {
        diagnostics.push(rules::undefined_reference::diagnostic(
            span(range.clone()),
            &text[range.start - base..range.end - base],
        ));
    }
    let body =
        Body { blocks: root, links: found.links, raw_html: found.raw_html, refs, heading_ids: found.heading_ids };
    (body, diagnostics)
}

/// End the div `open` whose content ends at `inner_end` (relative to the body, like `resume`):
/// it becomes a child of the div around it, or a top-level block, and that level's Markdown
/// resumes at `resume` (after the fence line).
fn close(
    open: Open,
    stack: &mut [Open],
    root: &mut Vec<Block>,
    run_start: &mut usize,
    at: (usize, usize),
    base: usize,
) {
    let (inner_end, resume) = at;
    let div = Div {
        kind: open.kind,
        open: open.open,
        inner: base + open.inner_start..base + inner_end,
        children: open.children,
    };
    match stack.last_mut() {
        Some(parent) => {
            parent.children.push(Block::Div(div));
            parent.run_start = resume;
        }
        None => {
            root.push(Block::Div(div));
            *run_start = resume;
        }
    }
}

/// The steps of a call chain whose text is `inner`: one per non-empty line, a leading `- `
/// dropped, each with its byte offset in `inner`. The renderer and the checks read them alike.
pub(crate) fn call_chain_steps(inner: &str) -> Vec<(usize, &str)> {
    let mut steps = Vec::new();
    let mut offset = 0;
    for line in inner.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let item = trimmed.strip_prefix("- ").unwrap_or(trimmed).trim_start();
        let step = item.trim_end();
        if !step.is_empty() {
            steps.push((offset + (line.len() - item.len()), step));
        }
        offset += line.len();
    }
    steps
}

/// Push a Markdown run unless it is only whitespace.
fn push_run(blocks: &mut Vec<Block>, range: Range<usize>, text: &str, base: usize) {
    if range.start < range.end && !text[range.start - base..range.end - base].trim().is_empty() {
        blocks.push(Block::Markdown(range));
    }
}

enum Fence<'a> {
    Open(&'a str, &'a str),
    Close,
}

/// The fence `line` was meant to be, when it is typed with full-width colons, letters or spaces
/// (`：：：ja`, `:::ｊａ`): what a Japanese input method leaves, and what Markdown reads as text.
fn full_width_fence(line: &str) -> Option<String> {
    let colons = line.chars().take_while(|c| matches!(c, ':' | '：')).count();
    if colons < 3 {
        return None;
    }
    let ascii: String = line
        .chars()
        .map(|c| match c {
            '\u{3000}' => ' ',
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(u32::from(c) - 0xfee0).unwrap_or(c),
            c => c,
        })
        .collect();
    (ascii != line && div_fence(&ascii).is_some()).then_some(ascii)
}

fn div_fence(line: &str) -> Option<Fence<'_>> {
    let colons = line.len() - line.trim_start_matches(':').len();
    if colons < 3 {
        return None;
    }
    let rest = line[colons..].trim();
    if rest.is_empty() {
        return Some(Fence::Close);
    }
    let rest = rest.trim_start_matches('{').trim_end_matches('}').trim().trim_start_matches('.');
    let (word, arg) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    Some(Fence::Open(word, arg.trim().trim_end_matches(':').trim()))
}

fn code_fence_marker(line: &str) -> Option<(u8, usize)> {
    let trimmed = line.trim_start_matches(' ');
    if line.len() - trimmed.len() > 3 {
        return None;
    }
    let ch = *trimmed.as_bytes().first()?;
    if ch != b'`' && ch != b'~' {
        return None;
    }
    let len = trimmed.len() - trimmed.trim_start_matches(ch as char).len();
    (len >= 3).then_some((ch, len))
}

fn is_bare_fence(line: &str) -> bool {
    line.trim().chars().all(|c| c == '`' || c == '~')
}

/// Every language div needs a partner in the other language next to it, at every nesting level,
/// and a partner that holds what it holds (`i18n/structure-mismatch`, reported at the later div
/// of the pair).
fn check_parity(blocks: &[Block], text: &str, base: usize, file: FileId, diagnostics: &mut Vec<Diagnostic>) {
    let partner = crate::pairing::partners(blocks, text, base);
    for (i, block) in blocks.iter().enumerate() {
        let Block::Div(div) = block else { continue };
        match (&div.kind, partner[i]) {
            (DivKind::Lang(lang), None) => {
                diagnostics.push(rules::missing_translation::unpaired_div(Span::new(file, div.open.clone()), *lang));
            }
            (DivKind::Lang(lang), Some(p)) if p < i => {
                let Block::Div(other) = &blocks[p] else { continue };
                let (mine, theirs) = (Shape::of_div(div, text, base), Shape::of_div(other, text, base));
                let how = mine.differences(&theirs);
                if !how.is_empty() {
                    let (here, there) = (Span::new(file, div.open.clone()), Span::new(file, other.open.clone()));
                    diagnostics.push(rules::structure_mismatch::diagnostic(here, *lang, there, &how));
                }
            }
            _ => {}
        }
        // Inside a language div, nested languages are already an error of their own.
        if !matches!(div.kind, DivKind::Lang(_)) {
            check_parity(&div.children, text, base, file, diagnostics);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> (Body, Vec<&'static str>) {
        let (body, diags) = parse_body(text, 0, FileId(0));
        (body, diags.iter().map(|d| d.code.name).collect())
    }

    #[test]
    fn shared_and_language_blocks() {
        let text = "# Title\n\n:::ja\n日本語\n:::\n\n:::en\nEnglish\n:::\n\n```\n:::ja\n```\n";
        let (body, codes) = parse(text);
        assert!(codes.is_empty(), "{codes:?}");
        let kinds: Vec<String> = body
            .blocks
            .iter()
            .map(|b| match b {
                Block::Markdown(r) => format!("md:{}", text[r.clone()].trim()),
                Block::Div(d) => format!("{:?}:{}", d.kind, text[d.inner.clone()].trim()),
            })
            .collect();
        assert_eq!(kinds, ["md:# Title", "Lang(Ja):日本語", "Lang(En):English", "md:```\n:::ja\n```"]);
    }

    #[test]
    fn callout_contains_language_pair() {
        let text = "::::callout inferred\n:::ja\n推論\n:::\n:::en\nInferred\n:::\n::::\n";
        let (body, codes) = parse(text);
        assert!(codes.is_empty(), "{codes:?}");
        let Block::Div(div) = &body.blocks[0] else { panic!("expected a div") };
        assert_eq!(div.kind, DivKind::Callout("inferred".into()));
        assert_eq!(div.children.len(), 2);
    }

    #[test]
    fn structural_problems_are_all_reported() {
        let (_, codes) = parse(":::\n:::warning\n:::\n:::ja\nx\n");
        assert_eq!(codes, ["md/stray-div-close", "md/unknown-div", "md/unclosed-div"]);
    }

    #[test]
    fn divs_nested_past_the_limit_are_reported_once_and_not_read() {
        let depth = 2000;
        let text = format!("{}x\n{}", "::::callout inferred\n".repeat(depth), "::::\n".repeat(depth));
        let (body, codes) = parse(&text);
        assert_eq!(codes, ["md/too-deep"]);
        fn deepest(blocks: &[Block]) -> usize {
            blocks.iter().map(|b| if let Block::Div(d) = b { 1 + deepest(&d.children) } else { 0 }).max().unwrap_or(0)
        }
        assert_eq!(deepest(&body.blocks), rules::too_deep::MAX_DEPTH);
        // Text after the deep part is read as usual; a second deep part is not reported again.
        let (body, codes) = parse(&format!("{text}:::ja\n後\n:::\n:::en\nafter\n:::\n{text}"));
        assert_eq!(codes, ["md/too-deep"]);
        assert_eq!(body.blocks.len(), 4);
    }

    #[test]
    fn markdown_nested_past_the_limit_is_reported_once() {
        let (_, codes) = parse(&format!("{} deep\n\n{} deeper\n", ">".repeat(2000), ">".repeat(3000)));
        assert_eq!(codes, ["md/too-deep"]);
        let (_, codes) = parse(&format!("{} fine\n", ">".repeat(40)));
        assert!(codes.is_empty(), "{codes:?}");
    }

    #[test]
    fn control_characters_are_reported_where_they_are() {
        // One per line: NUL, the form feed (not an XML character), ESC; a C1 control and a
        // noncharacter too.
        let (body, codes) = parse("a\u{0}b\n\tok\u{c}\n\u{1b}[2J\u{1b}\n次\u{85}行と\u{fffe}\n");
        assert_eq!(codes, ["md/control-character"; 4]);
        assert_eq!(body.blocks.len(), 1);
        let (_, codes) = parse(&"\u{7}\n".repeat(50));
        assert_eq!(codes.len(), 10, "at most ten per body");
    }

    #[test]
    fn unpaired_language_div_is_a_missing_translation() {
        let (_, codes) = parse(":::ja\nx\n:::\n\nshared\n\n:::en\ny\n:::\n");
        assert_eq!(codes, ["i18n/missing-translation", "i18n/missing-translation"]);
    }

    #[test]
    fn a_language_div_opened_inside_another_ends_it() {
        // Nested, or the outer close forgotten: both read as a pair, reported once.
        for text in [":::ja\n:::en\nx\n:::\n:::\n", ":::ja\ny\n:::en\nx\n:::\n"] {
            let (body, codes) = parse(text);
            assert_eq!(codes, ["md/nested-language-div"], "{text:?}");
            let kinds: Vec<&DivKind> = body
                .blocks
                .iter()
                .filter_map(|b| match b {
                    Block::Div(d) => Some(&d.kind),
                    Block::Markdown(_) => None,
                })
                .collect();
            assert_eq!(kinds, [&DivKind::Lang(Lang::Ja), &DivKind::Lang(Lang::En)], "{text:?}");
        }
        // The close left over is forgiven once, not twice.
        let (_, codes) = parse(":::ja\n:::en\nx\n:::\n:::\n:::\n");
        assert_eq!(codes, ["md/nested-language-div", "md/stray-div-close"]);
    }
}
