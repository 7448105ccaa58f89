//! The generated, site-wide pages and the folders they own under each language.

/// A generated, site-wide page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SitePage {
    /// Evidence classes and site policy.
    Evidence,
    /// Every open question.
    Questions,
    /// Every claim.
    Claims,
    /// The change log.
    Changes,
    /// The glossary.
    Glossary,
    /// How far each page's translation is behind (linked from the footer, not the navigation).
    Translations,
}

impl SitePage {
    /// Every generated page, in navigation order.
    pub const ALL: [SitePage; 6] = [
        SitePage::Evidence,
        SitePage::Questions,
        SitePage::Claims,
        SitePage::Changes,
        SitePage::Glossary,
        SitePage::Translations,
    ];

    /// Whether the page is in the site navigation (the others are linked from the footer).
    pub fn in_nav(self) -> bool {
        self != SitePage::Translations
    }

    /// Folder under the language root; content may not use these (`page/reserved-path`).
    pub fn folder(self) -> &'static str {
        match self {
            SitePage::Evidence => "evidence",
            SitePage::Questions => "questions",
            SitePage::Claims => "claims",
            SitePage::Changes => "changes",
            SitePage::Glossary => "glossary",
            SitePage::Translations => "translations",
        }
    }

    /// The generated page whose folder is `segment`, if any.
    pub fn owning(segment: &str) -> Option<SitePage> {
        SitePage::ALL.into_iter().find(|p| p.folder() == segment)
    }
}
