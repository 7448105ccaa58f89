//! Which language divs are translations of each other, and what each holds.
//!
//! A run of language divs side by side (no shared text between them) is paired in order: a
//! `:::ja` pairs with a `:::en` so that no two pairs cross, with as many pairs as the run
//! allows; among those, the pairing whose sides hold the most alike (claims cited, links, code,
//! numbers, Latin words, headings, lists, figures: [`Shape`]), and then the one whose partners
//! stand nearest (a `:::ja` before its `:::en` first). So a `:::ja` inserted between a
//! translated pair is the one left without a partner when it holds something else, and
//! `ja en ja ja en` pairs the first two and the last two. The same function drives the parity
//! warning, the fallback rendering and the pairs history follows, so they never disagree.
//!
//! [`Shape::differences`] says what a pair's sides do not hold alike: the headings, the claims
//! cited, the figures, the callouts and components, the footnotes (`i18n/structure-mismatch`).

use crate::body::{Block, Div, DivKind};
use crate::links::options;
use pulldown_cmark::{Event, Parser, Tag, TagEnd};
use shoko_vocab::Lang;
use std::collections::{BTreeMap, BTreeSet};

/// A run longer than this is paired by adjacency alone (the pairing in order costs the product
/// of its two languages' divs).
const LONGEST_RUN: usize = 64;

/// For each block, the index of its partner language div, if it has one.
pub fn partners(blocks: &[Block], text: &str, base: usize) -> Vec<Option<usize>> {
    let lang = |i: usize| match blocks.get(i) {
        Some(Block::Div(Div { kind: DivKind::Lang(l), .. })) => Some(*l),
        _ => None,
    };
    let mut partner = vec![None; blocks.len()];
    let mut i = 0;
    while i < blocks.len() {
        if lang(i).is_none() {
            i += 1;
            continue;
        }
        let end = (i..blocks.len()).find(|&j| lang(j).is_none()).unwrap_or(blocks.len());
        let run: Vec<(usize, Lang)> = (i..end).filter_map(|j| Some((j, lang(j)?))).collect();
        let pairs = match run.as_slice() {
            [(a, x), (b, y)] if x != y => vec![(*a, *b)],
            _ if run.len() > LONGEST_RUN => adjacent(&run),
            _ => in_order(&run, blocks, text, base),
        };
        for (a, b) in pairs {
            partner[a] = Some(b);
            partner[b] = Some(a);
        }
        i = end;
    }
    partner
}

/// Greedy pairs of neighbours of different languages.
fn adjacent(run: &[(usize, Lang)]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    let mut k = 0;
    while k + 1 < run.len() {
        if run[k].1 != run[k + 1].1 {
            pairs.push((run[k].0, run[k + 1].0));
            k += 2;
        } else {
            k += 1;
        }
    }
    pairs
}

/// How good a pairing is: more pairs, then sides more alike, then partners nearer.
type Score = (u32, u64, i64);

/// The pairs of a run in order (see the module).
fn in_order(run: &[(usize, Lang)], blocks: &[Block], text: &str, base: usize) -> Vec<(usize, usize)> {
    let ja: Vec<usize> = run.iter().filter(|(_, l)| *l == Lang::Ja).map(|(i, _)| *i).collect();
    let en: Vec<usize> = run.iter().filter(|(_, l)| *l == Lang::En).map(|(i, _)| *i).collect();
    let shape = |i: usize| match &blocks[i] {
        Block::Div(div) => Shape::of_div(div, text, base),
        Block::Markdown(_) => Shape::default(),
    };
    let (ja_shapes, en_shapes): (Vec<Shape>, Vec<Shape>) =
        (ja.iter().map(|&i| shape(i)).collect(), en.iter().map(|&i| shape(i)).collect());
    let pair = |x: usize, y: usize| -> Score {
        let (a, b) = (ja[x], en[y]);
        // Twice the distance, and one more when the English comes first: `:::ja` then `:::en`
        // is how pairs are written.
        let cost = 2 * a.abs_diff(b) as i64 + i64::from(b < a);
        (1, ja_shapes[x].likeness(&en_shapes[y]), -cost)
    };
    let add = |s: Score, t: Score| (s.0 + t.0, s.1 + t.1, s.2 + t.2);
    // best[x][y]: the best pairing of the first x Japanese and first y English divs.
    let mut best = vec![vec![(0u32, 0u64, 0i64); en.len() + 1]; ja.len() + 1];
    for x in 1..=ja.len() {
        for y in 1..=en.len() {
            best[x][y] = best[x - 1][y].max(best[x][y - 1]).max(add(best[x - 1][y - 1], pair(x - 1, y - 1)));
        }
    }
    let mut pairs = Vec::new();
    let (mut x, mut y) = (ja.len(), en.len());
    while x > 0 && y > 0 {
        if best[x][y] == add(best[x - 1][y - 1], pair(x - 1, y - 1)) {
            pairs.push((ja[x - 1], en[y - 1]));
            x -= 1;
            y -= 1;
        } else if best[x][y] == best[x - 1][y] {
            x -= 1;
        } else {
            y -= 1;
        }
    }
    pairs
}

/// What one side of a pair holds, as far as a translation keeps it: its headings' levels, the
/// claims it cites, its figures, the kinds of its callouts and components, its footnotes, its
/// formulas, and
/// for telling alike sides apart the words a translation carries over unchanged (link targets,
/// code, numbers, Latin words).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Shape {
    /// The level of each heading, in order.
    pub headings: Vec<u8>,
    /// Claims cited (`claim:ID`).
    pub claims: BTreeSet<String>,
    /// How many images.
    pub figures: usize,
    /// Callouts (`callout CLASS`) and components, in order.
    pub divs: Vec<String>,
    /// How many footnotes are defined.
    pub footnotes: usize,
    /// The TeX of each formula, in order (a translation keeps formulas as they are).
    pub formulas: Vec<String>,
    /// Words carried over unchanged, with how often each occurs.
    words: BTreeMap<String, u32>,
}

impl Shape {
    /// The shape of a div's content (`text` is the file's text from `base` on).
    pub fn of_div(div: &Div, text: &str, base: usize) -> Shape {
        let mut shape = Shape::default();
        shape.add_blocks(&div.children, text, base);
        shape
    }

    fn add_blocks(&mut self, blocks: &[Block], text: &str, base: usize) {
        for block in blocks {
            match block {
                Block::Markdown(range) => self.add_markdown(&text[range.start - base..range.end - base]),
                Block::Div(div) => {
                    match &div.kind {
                        DivKind::Callout(class) => self.divs.push(format!("callout {class}")),
                        DivKind::Component { component, .. } => self.divs.push(component.name().to_owned()),
                        DivKind::Lang(_) | DivKind::Unknown(_) => {}
                    }
                    self.add_blocks(&div.children, text, base);
                }
            }
        }
    }

    fn add_markdown(&mut self, markdown: &str) {
        let mut word = |w: String| *self.words.entry(w).or_default() += 1;
        for event in Parser::new_ext(markdown, options()) {
            match event {
                Event::Start(Tag::Heading { level, .. }) => self.headings.push(level as u8),
                Event::Start(Tag::Link { dest_url, .. }) => match crate::Target::of(&dest_url) {
                    crate::Target::Claim(id) => {
                        self.claims.insert(id.to_owned());
                    }
                    _ => word(format!("link {dest_url}")),
                },
                Event::Start(Tag::Image { dest_url, .. }) => {
                    self.figures += 1;
                    word(format!("image {dest_url}"));
                }
                Event::Start(Tag::FootnoteDefinition(_)) => self.footnotes += 1,
                Event::InlineMath(tex) | Event::DisplayMath(tex) => self.formulas.push(tex.trim().to_owned()),
                Event::Start(Tag::List(_)) => word("(list)".to_owned()),
                Event::Start(Tag::Table(_)) => word("(table)".to_owned()),
                Event::End(TagEnd::CodeBlock) => word("(code)".to_owned()),
                Event::Code(code) => word(format!("code {code}")),
                Event::Text(text) => {
                    for token in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '_')) {
                        let token = token.trim_matches('.');
                        if token.len() >= 2 || token.bytes().any(|b| b.is_ascii_digit()) {
                            word(token.to_ascii_lowercase());
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// How alike two sides are, from 0 (nothing shared) to 1,000 (the same): the share of
    /// what either holds that both hold (claims, headings and figures included).
    fn likeness(&self, other: &Shape) -> u64 {
        let mut all = self.features();
        let theirs = other.features();
        let (mut shared, mut total) = (0u64, 0u64);
        for (feature, n) in &theirs {
            let mine = all.remove(feature).unwrap_or(0);
            shared += u64::from(mine.min(*n));
            total += u64::from(mine.max(*n));
        }
        total += all.values().map(|n| u64::from(*n)).sum::<u64>();
        (shared * 1000).checked_div(total).unwrap_or(0)
    }

    fn features(&self) -> BTreeMap<String, u32> {
        let mut features = self.words.clone();
        for id in &self.claims {
            features.insert(format!("claim {id}"), 1);
        }
        for (i, level) in self.headings.iter().enumerate() {
            features.insert(format!("heading {i} {level}"), 1);
        }
        for div in &self.divs {
            *features.entry(format!("div {div}")).or_default() += 1;
        }
        for tex in &self.formulas {
            *features.entry(format!("formula {tex}")).or_default() += 1;
        }
        features
    }

    /// What `other` (the side in `theirs`) does not hold as this side (in `mine`) does, one
    /// sentence each; empty when the two hold alike.
    pub fn differences(&self, other: &Shape) -> Vec<String> {
        let mut out = Vec::new();
        if self.headings != other.headings {
            out.push(format!(
                "headings: {} here, {} in the other language",
                describe_levels(&self.headings),
                describe_levels(&other.headings)
            ));
        }
        let only_here: Vec<&String> = self.claims.difference(&other.claims).collect();
        let only_there: Vec<&String> = other.claims.difference(&self.claims).collect();
        if !only_here.is_empty() || !only_there.is_empty() {
            let list = |ids: &[&String]| ids.iter().map(|id| format!("`{id}`")).collect::<Vec<_>>().join(", ");
            let mut parts = Vec::new();
            if !only_here.is_empty() {
                parts.push(format!("only this side cites {}", list(&only_here)));
            }
            if !only_there.is_empty() {
                parts.push(format!("only the other cites {}", list(&only_there)));
            }
            out.push(format!("claims cited: {}", parts.join("; ")));
        }
        if self.figures != other.figures {
            out.push(format!("figures: {} here, {} in the other language", self.figures, other.figures));
        }
        if self.divs != other.divs {
            let list = |d: &[String]| if d.is_empty() { "none".to_owned() } else { d.join(", ") };
            out.push(format!("callouts and components: {} here, {} in the other", list(&self.divs), list(&other.divs)));
        }
        if self.footnotes != other.footnotes {
            out.push(format!("footnotes: {} here, {} in the other language", self.footnotes, other.footnotes));
        }
        if self.formulas != other.formulas {
            let list = |f: &[String]| match f.len() {
                0 => "none".to_owned(),
                _ => f.iter().map(|t| format!("`${t}$`")).collect::<Vec<_>>().join(", "),
            };
            out.push(format!("formulas: {} here, {} in the other", list(&self.formulas), list(&other.formulas)));
        }
        out
    }
}

/// Heading levels as a reader counts them: "2 headings (##, ###)", "no heading".
fn describe_levels(levels: &[u8]) -> String {
    match levels.len() {
        0 => "no heading".to_owned(),
        n => {
            let marks: Vec<String> = levels.iter().map(|l| "#".repeat(usize::from(*l))).collect();
            format!("{n} heading{} ({})", if n == 1 { "" } else { "s" }, marks.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_body;
    use shoko_diagnostics::FileId;

    /// The partners of the top-level blocks of `text`, as (language, first line) pairs.
    fn pairs(text: &str) -> Vec<(String, String)> {
        let (body, _) = parse_body(text, 0, FileId(0));
        let first = |i: usize| match &body.blocks[i] {
            Block::Div(div) => text[div.inner.clone()].lines().next().unwrap_or("").to_owned(),
            Block::Markdown(_) => String::new(),
        };
        partners(&body.blocks, text, 0)
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.filter(|p| *p > i).map(|p| (first(i), first(p))))
            .collect()
    }

    #[test]
    fn a_div_inserted_between_a_pair_is_the_one_left_alone() {
        // The new Japanese paragraph shares nothing with the English; the old one shares its
        // claim and its numbers.
        let text = ":::ja\ngfx1201 では [rocBLAS](claim:a) が 12 回呼ばれた。\n:::\n\n:::ja\n新しい段落。\n:::\n\n:::en\nOn gfx1201, [rocBLAS](claim:a) was called 12 times.\n:::\n";
        assert_eq!(
            pairs(text),
            [(
                "gfx1201 では [rocBLAS](claim:a) が 12 回呼ばれた。".to_owned(),
                "On gfx1201, [rocBLAS](claim:a) was called 12 times.".to_owned()
            )]
        );
    }

    #[test]
    fn pairs_keep_their_order_and_fall_back_to_neighbours() {
        // ja en ja ja en: the first two, and the last two.
        let text = ":::ja\n一。\n:::\n:::en\nOne.\n:::\n:::ja\n二。\n:::\n:::ja\n三。\n:::\n:::en\nThree.\n:::\n";
        assert_eq!(pairs(text), [("一。".into(), "One.".into()), ("三。".into(), "Three.".into())]);
        // en before ja pairs too.
        let text = ":::en\nOne.\n:::\n:::ja\n一。\n:::\n";
        assert_eq!(pairs(text), [("One.".into(), "一。".into())]);
        // Shared text between divs ends a run.
        let text = ":::ja\n一。\n:::\n\nshared\n\n:::en\nOne.\n:::\n";
        assert!(pairs(text).is_empty());
    }

    #[test]
    fn differences_name_what_a_translation_lost() {
        let (body, _) = parse_body(
            ":::ja\n## 計測\n\n[値](claim:a)、図 ![図](f.png)[^1]\n\n[^1]: 注。\n:::\n:::en\nThe value [x](claim:b).\n:::\n",
            0,
            FileId(0),
        );
        let text = ":::ja\n## 計測\n\n[値](claim:a)、図 ![図](f.png)[^1]\n\n[^1]: 注。\n:::\n:::en\nThe value [x](claim:b).\n:::\n";
        let [Block::Div(ja), Block::Div(en)] = &body.blocks[..] else { panic!("two divs") };
        let found = Shape::of_div(ja, text, 0).differences(&Shape::of_div(en, text, 0));
        assert_eq!(found.len(), 4, "{found:?}");
        assert!(found[0].starts_with("headings: 1 heading (##) here, no heading"), "{found:?}");
        assert!(found[1].contains("only this side cites `a`") && found[1].contains("only the other cites `b`"));
        assert!(found[2].starts_with("figures: 1 here, 0"));
        assert!(found[3].starts_with("footnotes: 1 here, 0"));
        let same = Shape::of_div(ja, text, 0);
        assert!(same.differences(&same).is_empty());
    }
}
