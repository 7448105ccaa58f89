//! The components an author places with a fenced div (`::: NAME args`).

/// A component.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum Component {
    /// `::: generations [gfx…]`: the generation table from `_data/targets.yaml`.
    Generations,
    /// `::: can-show [ID…]`: what the page's confirmed claims show and what limits hold.
    CanShow,
    /// `::: claim-table ID…`: the named claims as a table.
    ClaimTable,
    /// `::: phases`: the phase grid from the front-matter.
    Phases,
    /// `::: timeline`: the timeline from the front-matter.
    Timeline,
    /// `::: call-chain`: one call per line.
    CallChain,
    /// `::: figure`: an image with a caption per language.
    Figure,
    /// `::: next`: the "→ next question" block.
    Next,
    /// `::: notes`: a slide's speaker notes (a deck's; on a page, an aside).
    Notes,
    /// `::: cards [GROUP]`: hub cards from the front-matter's `cards:` (one group, or all).
    Cards,
    /// `::: case-study [ID…]`: fact, interpretation and open question as three layers, from
    /// the claims by class (the page's, or the ones named) and the page's questions.
    CaseStudy,
    /// `::: audio FILE [CAPTIONS.vtt…]`: an audio player with its transcript (the language
    /// divs) and optional WebVTT captions.
    Audio,
    /// `::: pdf FILE`: a PDF shown in the page, with a download link and a caption.
    Pdf,
}

impl Component {
    /// Every component, in the order the docs list them.
    pub const ALL: [Component; 13] = [
        Component::Generations,
        Component::CanShow,
        Component::ClaimTable,
        Component::Phases,
        Component::Timeline,
        Component::CallChain,
        Component::Figure,
        Component::Next,
        Component::Notes,
        Component::Cards,
        Component::CaseStudy,
        Component::Audio,
        Component::Pdf,
    ];

    /// The name written after the colons.
    pub fn name(self) -> &'static str {
        match self {
            Component::Generations => "generations",
            Component::CanShow => "can-show",
            Component::ClaimTable => "claim-table",
            Component::Phases => "phases",
            Component::Timeline => "timeline",
            Component::CallChain => "call-chain",
            Component::Figure => "figure",
            Component::Next => "next",
            Component::Notes => "notes",
            Component::Cards => "cards",
            Component::CaseStudy => "case-study",
            Component::Audio => "audio",
            Component::Pdf => "pdf",
        }
    }

    /// The component named `name`.
    pub fn from_name(name: &str) -> Option<Component> {
        Component::ALL.into_iter().find(|c| c.name() == name)
    }

    /// Whether it is drawn from typed data by a template (`templates/partials/`), rather than
    /// from its own text by the Markdown renderer.
    pub fn from_data(self) -> bool {
        !matches!(
            self,
            Component::CallChain
                | Component::Figure
                | Component::Next
                | Component::Notes
                | Component::Audio
                | Component::Pdf
        )
    }

    /// Whether its arguments name files under `content/` (media it plays or shows).
    pub fn names_files(self) -> bool {
        matches!(self, Component::Audio | Component::Pdf)
    }

    /// Whether its arguments name claims (which count as citations).
    pub fn names_claims(self) -> bool {
        matches!(self, Component::CanShow | Component::ClaimTable | Component::CaseStudy)
    }
}

#[cfg(test)]
mod tests {
    use super::Component;

    #[test]
    fn names_round_trip() {
        for c in Component::ALL {
            assert_eq!(Component::from_name(c.name()), Some(c));
        }
        assert_eq!(Component::from_name("warning"), None);
    }
}
