//! Components a body's fenced divs name: call chains, figures, media, next blocks and the ones
//! drawn from data (through the [`RenderContext`]).

use super::Mode;
use super::{Renderer, escape};
use crate::body::{Block, Div, DivKind, call_chain_steps};
use shoko_vocab::{Component, Lang};

impl Renderer<'_> {
    pub(super) fn component(&mut self, div: &Div, component: Component, args: &str) {
        match component {
            Component::CallChain => {
                let inner = &self.text[div.inner.start - self.base..div.inner.end - self.base];
                self.out.html.push_str("<ol class=\"call-chain\">\n");
                // Each step goes through the same path as any Markdown (links resolved and
                // checked, raw HTML sanitised), but unglossed: a chain names calls, not prose.
                let glossary = self.glossary.take();
                for (_, step) in call_chain_steps(inner) {
                    let start = self.out.html.len();
                    self.markdown(step);
                    let html = self.out.html.split_off(start);
                    let html = html.trim().trim_start_matches("<p>").trim_end_matches("</p>");
                    self.out.html.push_str(&format!("<li>{html}</li>\n"));
                }
                self.glossary = glossary;
                self.out.html.push_str("</ol>\n");
            }
            Component::Figure => {
                // The image (shared) becomes a link to the full-size file; language divs are the caption.
                let (captions, media): (Vec<&Block>, Vec<&Block>) =
                    div.children.iter().partition(|b| matches!(b, Block::Div(d) if matches!(d.kind, DivKind::Lang(_))));
                self.out.html.push_str("<figure class=\"figure\">\n");
                for block in media {
                    self.block(block, false);
                }
                if !captions.is_empty() {
                    self.out.html.push_str("<figcaption>\n");
                    let owned: Vec<Block> = captions.into_iter().cloned().collect();
                    self.blocks(&owned);
                    self.out.html.push_str("</figcaption>\n");
                }
                self.out.html.push_str("</figure>\n");
            }
            Component::Next => {
                let title = escape(&self.cx.label("next-title", self.lang));
                self.out.html.push_str(&format!("<aside class=\"next\">\n<p class=\"next-title\">→ {title}</p>\n"));
                self.blocks(&div.children);
                self.out.html.push_str("</aside>\n");
            }
            Component::Notes => {
                let title = escape(&self.cx.label("notes-title", self.lang));
                self.out
                    .html
                    .push_str(&format!("<aside class=\"notes\" data-notes>\n<p class=\"notes-title\">{title}</p>\n"));
                self.blocks(&div.children);
                self.out.html.push_str("</aside>\n");
            }
            Component::Audio => self.audio(div, args),
            Component::Pdf => self.pdf(div, args),
            data if self.mode == Mode::Text => {
                if let Some(text) = self.cx.component_text(data, args, self.lang) {
                    // Apart from the words before and after it.
                    self.push_text(None);
                    self.push_text(Some(&text));
                    self.push_text(None);
                }
            }
            data => self.out.html.push_str(&self.cx.component(data, args, self.lang)),
        }
    }

    /// The published href of a file a component names (as written when the site has none).
    fn media_href(&self, file: &str) -> String {
        escape(&self.cx.media(file, self.lang).unwrap_or_else(|| file.to_owned()))
    }

    /// `::: audio FILE [CAPTIONS…]`: the player, a download link and the transcript (the
    /// language divs). Captions named `NAME.LANG.vtt` are in that language; the page's own (or
    /// one without a language) is on by default.
    fn audio(&mut self, div: &Div, args: &str) {
        let mut files = args.split_whitespace();
        let audio = self.media_href(files.next().unwrap_or_default());
        self.out.html.push_str(&format!(
            "<div class=\"media media-audio\">\n<audio controls preload=\"metadata\" src=\"{audio}\">"
        ));
        let mut default_given = false;
        for captions in files {
            let lang = Lang::of_file(captions);
            let (srclang, label) = match lang {
                Some(l) => {
                    (format!(" srclang=\"{}\"", l.code()), self.cx.label(&format!("lang-{}", l.code()), self.lang))
                }
                None => (String::new(), self.cx.label("media-captions", self.lang)),
            };
            let default = !default_given && lang.is_none_or(|l| l == self.lang);
            default_given |= default;
            self.out.html.push_str(&format!(
                "<track kind=\"captions\" src=\"{}\"{srclang} label=\"{}\"{}>",
                self.media_href(captions),
                escape(&label),
                if default { " default" } else { "" }
            ));
        }
        let download = escape(&self.cx.label("media-download-audio", self.lang));
        let transcript = escape(&self.cx.label("media-transcript", self.lang));
        self.out.html.push_str(&format!(
            "</audio>\n<p class=\"media-actions\"><a href=\"{audio}\" download>{download}</a></p>\n<details class=\"transcript\">\n<summary>{transcript}</summary>\n"
        ));
        self.blocks(&div.children);
        self.out.html.push_str("</details>\n</div>\n");
    }

    /// `::: pdf FILE`: the PDF in the page where the browser can show it (its fallback is a
    /// link), a download link and the caption (the language divs).
    fn pdf(&mut self, div: &Div, args: &str) {
        let file = args.split_whitespace().next().unwrap_or_default();
        let href = self.media_href(file);
        let name = escape(file.rsplit('/').next().unwrap_or(file));
        let fallback = escape(&self.cx.label("media-pdf-fallback", self.lang));
        let open = escape(&self.cx.label("media-pdf-open", self.lang));
        let download = escape(&self.cx.label("media-download-pdf", self.lang));
        // A figure's caption comes last, after the download link.
        self.out.html.push_str(&format!(
            "<figure class=\"media media-pdf\">\n<object class=\"pdf-view\" data=\"{href}\" type=\"application/pdf\" title=\"{name}\">\n<p class=\"pdf-fallback\">{fallback} <a href=\"{href}\">{open}</a></p>\n</object>\n<p class=\"media-actions\"><a href=\"{href}\" download>{download}</a></p>\n"
        ));
        if !div.children.is_empty() {
            self.out.html.push_str("<figcaption>\n");
            self.blocks(&div.children);
            self.out.html.push_str("</figcaption>\n");
        }
        self.out.html.push_str("</figure>\n");
    }
}

#[cfg(test)]
mod tests {
    use super::super::{RenderContext, Resolved, render_html};
    use super::*;
    use crate::anchors::Anchors;
    use crate::parse_body;
    use shoko_diagnostics::FileId;

    struct Cx;
    impl RenderContext for Cx {
        fn resolve(&self, _: &str, _: Lang) -> Option<Resolved> {
            None
        }
        fn image(&self, dest: &str, alt: &str, _: Lang) -> Option<String> {
            Some(format!("<a class=\"enlarge\" href=\"{dest}\"><img src=\"{dest}\" alt=\"{alt}\"></a>"))
        }
        fn fallback_notice(&self, _: Lang) -> String {
            String::new()
        }
        fn label(&self, key: &str, lang: Lang) -> String {
            format!("{key}:{}", lang.code())
        }
        fn component(&self, component: Component, args: &str, lang: Lang) -> String {
            format!("<div class=\"{}\" data-args=\"{args}\">{}</div>\n", component.name(), lang.code())
        }
    }

    fn render(text: &str, lang: Lang) -> String {
        let (body, diags) = parse_body(text, 0, FileId(0));
        assert!(diags.is_empty(), "{diags:?}");
        render_html(body.source(text, 0), lang, &Cx, &mut Anchors::default()).html
    }

    #[test]
    fn call_chain_renders_one_step_per_line() {
        let html = render("::: call-chain\n`ggml_cuda_mul_mat`\n- ne11 ≤ 8 → `mul_mat_vec_q`\n:::\n", Lang::En);
        insta::assert_snapshot!(html, @r#"
        <ol class="call-chain">
        <li><code>ggml_cuda_mul_mat</code></li>
        <li>ne11 ≤ 8 → <code>mul_mat_vec_q</code></li>
        </ol>
        "#);
    }

    #[test]
    fn figure_links_the_image_and_captions_per_language() {
        let text = "::: figure\n![worlds](worlds.png)\n\n:::ja\n三つの世代\n:::\n:::en\nThree generations\n:::\n:::\n";
        let html = render(text, Lang::Ja);
        insta::assert_snapshot!(html, @r#"
        <figure class="figure">
        <p><a class="enlarge" href="worlds.png"><img src="worlds.png" alt="worlds"></a></p>
        <figcaption>
        <p>三つの世代</p>
        </figcaption>
        </figure>
        "#);
    }

    #[test]
    fn data_components_and_next_blocks() {
        let text =
            "::: generations gfx900 gfx1201\n:::\n\n::: next\n:::ja\n[次](a.md)\n:::\n:::en\n[Next](a.md)\n:::\n:::\n";
        let html = render(text, Lang::En);
        insta::assert_snapshot!(html, @r#"
        <div class="generations" data-args="gfx900 gfx1201">en</div>
        <aside class="next">
        <p class="next-title">→ next-title:en</p>
        <p><a href="a.md">Next</a></p>
        </aside>
        "#);
    }
}
