//! Typed view structs handed to templates. Templates never see the model directly.

use serde::Serialize;

/// A claim as a page shows it.
#[derive(Debug, Serialize)]
pub struct ClaimView {
    /// ID, also the anchor (`claim-ID`).
    pub id: String,
    /// Class name (`confirmed`, …), used as a CSS class.
    pub class: &'static str,
    /// Text in the page language.
    pub text: String,
    /// Whether the claim is superseded or retracted (shown struck through).
    pub stale: bool,
}

/// One page in one language.
#[derive(Debug, Serialize)]
pub struct PageView {
    /// `ja` or `en`.
    pub lang: &'static str,
    /// The other language.
    pub other_lang: &'static str,
    /// Relative href of the same page in the other language.
    pub other_href: String,
    /// Relative href of the site root.
    pub root: String,
    /// Title in the page language.
    pub title: String,
    /// "What you'll gain here", if any.
    pub gain: Option<String>,
    /// The body as HTML.
    pub body: String,
    /// Claims the page shows.
    pub claims: Vec<ClaimView>,
    /// Absolute URL of this page, when `--base-url` was given.
    pub canonical: Option<String>,
}

/// The language chooser at the site root.
#[derive(Debug, Serialize)]
pub struct RootView {
    /// Title of the home page in both languages.
    pub title_ja: String,
    /// English title.
    pub title_en: String,
}
