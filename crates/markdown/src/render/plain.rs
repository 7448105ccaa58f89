//! The walks of a body that make no HTML: its headings with the IDs a render gives them, and its
//! plain text section by section (for search and anchors).

use super::{Mode, RenderContext, Resolved, Section, Source, walk};
use crate::anchors::{Anchors, Heading};
use shoko_vocab::{Component, Lang};

/// The headings of one language of a body, with exactly the IDs `render_html` gives them, for
/// anchor checks before rendering: the blocks are walked as a render walks them, without
/// highlighting code or producing HTML.
pub fn headings(source: Source<'_>, lang: Lang, anchors: &mut Anchors) -> Vec<Heading> {
    walk(source, lang, &Plain(None), anchors, Mode::Headings).headings
}

/// The plain text of one language of a body, section by section: first the text before the first
/// heading (possibly empty), then one section per heading, every heading in the order
/// `render_html` numbers them, with exactly the IDs it gives them when `anchors` is reserved as
/// for the render. The words of a component drawn from data come from `words` (component, its
/// arguments, the language; see [`RenderContext::component_text`]).
pub fn sections(source: Source<'_>, lang: Lang, words: &ComponentWords<'_>, anchors: &mut Anchors) -> Vec<Section> {
    let mut sections = walk(source, lang, &Plain(Some(words)), anchors, Mode::Text).sections;
    // The model keeps every page's text as long as the page (a large part of a big site's
    // memory); text grown by doubling holds up to twice its length.
    for section in &mut sections {
        section.text.shrink_to_fit();
    }
    sections.shrink_to_fit();
    sections
}

/// The words a component drawn from data adds to a page's text, for [`sections`].
pub type ComponentWords<'a> = dyn Fn(Component, &str, Lang) -> Option<String> + 'a;

/// A context that resolves nothing, for walks that produce no HTML; with the words of the
/// components drawn from data, when given.
struct Plain<'a>(Option<&'a ComponentWords<'a>>);

impl RenderContext for Plain<'_> {
    fn component_text(&self, component: Component, args: &str, lang: Lang) -> Option<String> {
        self.0.and_then(|words| words(component, args, lang))
    }
    fn resolve(&self, _: &str, _: Lang) -> Option<Resolved> {
        None
    }
    fn fallback_notice(&self, _: Lang) -> String {
        String::new()
    }
    fn label(&self, _: &str, _: Lang) -> String {
        String::new()
    }
    fn component(&self, _: Component, _: &str, _: Lang) -> String {
        String::new()
    }
    fn image(&self, _: &str, _: &str, _: Lang) -> Option<String> {
        None
    }
}
