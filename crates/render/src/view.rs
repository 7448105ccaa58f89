//! Typed view structs handed to templates. Templates never see the model directly; every label
//! is already in the page language.

use serde::Serialize;
use std::collections::BTreeMap;

/// A link with its label.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct LinkView {
    /// Relative href.
    pub href: String,
    /// Label in the page language.
    pub label: String,
}

/// One entry of the site navigation.
#[derive(Debug, Clone, Serialize)]
pub struct NavView {
    /// Relative href.
    pub href: String,
    /// Label.
    pub label: String,
    /// Whether it is the current page.
    pub current: bool,
}

/// The language switcher.
#[derive(Debug, Clone, Serialize)]
pub struct SwitchView {
    /// Relative href of the same page in the other language.
    pub href: String,
    /// The other language's code.
    pub lang: &'static str,
    /// Label, written in the other language.
    pub label: String,
    /// JSON object mapping this page's heading IDs to the other language's.
    pub anchors: String,
}

/// What every page shares: language, navigation, assets. (The UI strings of the page language
/// are the template variable `ui`, beside the view.)
#[derive(Debug, Clone, Serialize)]
pub struct LayoutView {
    /// `ja` or `en`.
    pub lang: &'static str,
    /// The page title.
    pub title: String,
    /// Relative href of the site root (where `index.html` is).
    pub root: String,
    /// Relative href of the stylesheet.
    pub css: String,
    /// Relative href of the highlighting stylesheet.
    pub highlight_css: String,
    /// Relative href of the script.
    pub js: String,
    /// Relative href of the search script.
    pub search_js: String,
    /// Relative href of the theme script (in the head, before the page is drawn).
    pub theme_js: String,
    /// Relative href of the figure viewer.
    pub viewer_js: String,
    /// Relative href of the site's icon.
    pub icon: String,
    /// Relative href of the site root's folder (`../../`, or empty at the root), the prefix of
    /// the search results' root-relative addresses.
    pub search_root: String,
    /// Relative href of the folder of this language's search index.
    pub search_index: String,
    /// Site navigation.
    pub nav: Vec<NavView>,
    /// Links in the footer to the generated pages outside the navigation.
    pub footer: Vec<NavView>,
    /// Language switcher.
    pub switch: SwitchView,
    /// `<link rel="alternate" hreflang>` targets: only real translations.
    pub alternates: Vec<AlternateView>,
    /// Absolute URL of this page, with `--base-url`.
    pub canonical: Option<String>,
    /// Breadcrumbs from the home page to the parent of this page.
    pub breadcrumbs: Vec<LinkView>,
    /// The section tree beside the page (`sidebar`).
    pub sidebar: Vec<SideEntryView>,
    /// Relative href of this language's Atom feed of changes, when feeds are written (the
    /// site's public URL is known).
    pub feed: Option<String>,
    /// The page as linked data (JSON-LD, safe inside a script element), for content pages.
    pub json_ld: Option<String>,
    /// For a slide deck: relative href of the deck script.
    pub deck_js: Option<String>,
    /// For a page made to present: the printed page's size (`@page { size }`, see
    /// `present::print_size`).
    pub print_size: Option<&'static str>,
}

/// A poster's panels and its link back to the site.
#[derive(Debug, Clone, Serialize)]
pub struct PosterView {
    /// The HTML of each panel (a `##` section), in order.
    pub panels: Vec<String>,
    /// Href of the page on the site (absolute with a base URL).
    pub link: String,
    /// The link as printed: the address without its scheme.
    pub link_text: String,
}

/// One entry of the section tree, in reading order (see `sidebar::sidebar`).
#[derive(Debug, Clone, Serialize)]
pub struct SideEntryView {
    /// Relative href.
    pub href: String,
    /// The page's title, or for `more` the label of the link to the full list.
    pub label: String,
    /// 1 for the pages under the home page.
    pub depth: usize,
    /// Whether it is the page shown.
    pub current: bool,
    /// Whether it is on the branch to the page shown (the page itself included).
    pub open: bool,
    /// For the link to the page that lists a long level whole: how many pages it does not show.
    pub more: Option<usize>,
    /// Whether its children follow it, one level deeper.
    pub opens: bool,
    /// How many levels end after it.
    pub closes: usize,
}

/// One entry of a page's contents.
#[derive(Debug, Clone, Serialize)]
pub struct TocEntryView {
    /// The heading's anchor.
    pub id: String,
    /// Its text.
    pub text: String,
    /// Its level (2 or 3).
    pub level: u8,
}

/// One `hreflang` alternate.
#[derive(Debug, Clone, Serialize)]
pub struct AlternateView {
    /// Language code.
    pub hreflang: &'static str,
    /// Relative or absolute href.
    pub href: String,
}

/// An evidence badge: class name for the colour, label for the text.
#[derive(Debug, Clone, Serialize)]
pub struct BadgeView {
    /// `confirmed`, `inferred`, `unresolved` or `limited`.
    pub class: &'static str,
    /// The label in the page language.
    pub label: String,
}

/// A count of claims of one class.
#[derive(Debug, Clone, Serialize)]
pub struct CountView {
    /// The class's badge.
    pub badge: BadgeView,
    /// How many.
    pub count: usize,
    /// Where the count leads, on a page: the claims index narrowed to this page's claims of the
    /// class, at the index page that lists the first of them. None on the index itself, and for
    /// a count of none.
    pub href: Option<String>,
}

/// One source of a claim.
#[derive(Debug, Clone, Serialize)]
pub struct SourceView {
    /// The basis label.
    pub basis: String,
    /// Labelled facts (`command`, `output`, …) in display order.
    pub fields: Vec<(String, String)>,
    /// Permalink, when the source can be linked (repository files, commits, PRs, issues).
    pub link: Option<String>,
}

/// One history event.
#[derive(Debug, Clone, Serialize)]
pub struct EventView {
    /// Date.
    pub date: String,
    /// Class before, if any.
    pub from: Option<BadgeView>,
    /// Class after.
    pub to: BadgeView,
    /// Lifecycle label after the event, if it changed it.
    pub lifecycle: Option<String>,
    /// Reason in the page language.
    pub reason: String,
    /// Whether the change was editorial.
    pub editorial: bool,
    /// Whether the event is a review (the class kept after looking again).
    pub review: bool,
    /// The claim's sources that support it, numbered as the card lists them (from 1).
    pub sources: Vec<usize>,
}

/// A claim card.
#[derive(Debug, Clone, Serialize)]
pub struct ClaimView {
    /// How to cite it as shown here.
    pub cite: CiteView,
    /// Whether a draft declares it (built by `serve` and `build --drafts` only).
    pub draft: bool,
    /// Its record's line in the repository, when the repository is known (`shoko.yaml`).
    pub record: Option<String>,
    /// ID.
    pub id: String,
    /// Anchor of the card (`claim-ID`).
    pub anchor: String,
    /// Evidence badge.
    pub badge: BadgeView,
    /// Text in the page language.
    pub text: String,
    /// Lifecycle label if not current (the card is shown struck through).
    pub stale: Option<String>,
    /// Successor link, if superseded.
    pub successor: Option<LinkView>,
    /// The claims it replaced.
    pub supersedes: Vec<LinkView>,
    /// GPU targets.
    pub gfx: Vec<String>,
    /// Software versions.
    pub software: Vec<(String, String)>,
    /// Observation date.
    pub observed: Option<String>,
    /// Sources.
    pub sources: Vec<SourceView>,
    /// Premises.
    pub premises: Vec<LinkView>,
    /// Blocker kind label and detail.
    pub blocker: Option<(String, String)>,
    /// Tool limitations: tool and detail.
    pub limitations: Vec<(String, String)>,
    /// History events, oldest first.
    pub history: Vec<EventView>,
    /// Why the claim needs review, when it does.
    pub review: Option<ReviewView>,
    /// The notice (trusted HTML) when its text in the page language is behind the other's.
    pub drift: Option<String>,
    /// Its sources whose cited lines moved or changed upstream since their pinned commit.
    pub upstream: Vec<UpstreamView>,
}

/// A source whose cited lines moved or changed upstream since its pinned commit.
#[derive(Debug, Clone, Serialize)]
pub struct UpstreamView {
    /// What it cites: `path:first–last`, or the path.
    pub cited: String,
    /// What became of the lines, in the page language.
    pub now: String,
    /// The day of the newer commit.
    pub date: String,
    /// The newer commit, abbreviated.
    pub commit: String,
    /// A link comparing the pinned commit with the newer one (GitHub repositories).
    pub compare: Option<String>,
}

/// Why a claim needs review: the premises from its own to the one that changed, and the change.
#[derive(Debug, Clone, Serialize)]
pub struct ReviewView {
    /// The premises in order, each linked to its card.
    pub chain: Vec<LinkView>,
    /// The premise's class before and after, when its class weakened.
    pub weakened: Option<(BadgeView, BadgeView)>,
    /// The lifecycle it entered, when it was superseded or retracted.
    pub ended: Option<String>,
    /// When the premise changed.
    pub date: String,
    /// The claim's own last history event, which the change came after.
    pub since: String,
    /// How many other premises changed for the worse since.
    pub others: usize,
}

/// An open question.
#[derive(Debug, Clone, Serialize)]
pub struct QuestionView {
    /// Anchor (`q-ID`).
    pub anchor: String,
    /// The question.
    pub text: String,
    /// Blocker kind label and detail.
    pub blocker: Option<(String, String)>,
    /// Related claims.
    pub about: Vec<LinkView>,
    /// Where it is declared (on site-wide lists).
    pub page: Option<LinkView>,
}

/// A content page.
#[derive(Debug, Clone, Serialize)]
pub struct PageView {
    /// Shared layout.
    pub layout: LayoutView,
    /// Whether the page is a draft (built by `serve` and `build --drafts` only): marked as one.
    pub draft: bool,
    /// The edit page of its source, when the repository is known (`shoko.yaml`).
    pub edit: Option<String>,
    /// The day (`YYYY-MM-DD`) of the last commit that changed the page or a claim it shows,
    /// when history knows it (see `shoko_model::last_change`).
    pub changed: Option<String>,
    /// "What you'll gain here".
    pub gain: Option<String>,
    /// Body HTML (for a deck or poster, what precedes its first `##` heading: part of the title
    /// slide, or the poster's lead panel).
    pub body: String,
    /// For a deck (`layout: slides`): the HTML of each slide after the title slide.
    pub slides: Option<Vec<String>>,
    /// For a poster (`layout: poster`): its panels and the link back to the page.
    pub poster: Option<PosterView>,
    /// Evidence summary.
    pub summary: Vec<CountView>,
    /// How many of the page's claims need review.
    pub needs_review: usize,
    /// Claim cards.
    pub claims: Vec<ClaimView>,
    /// Open questions.
    pub questions: Vec<QuestionView>,
    /// "This page does not claim" items.
    pub does_not_claim: Vec<String>,
    /// Child pages of a section index.
    pub children: Vec<LinkView>,
    /// Environment badges.
    pub env: Vec<String>,
    /// Phase badge.
    pub phase: Option<String>,
    /// The page's contents: its headings (levels 2 and 3) and the sections the template adds.
    pub toc: Vec<TocEntryView>,
    /// The page before this one among its siblings.
    pub previous: Option<LinkView>,
    /// The page after this one among its siblings.
    pub next: Option<LinkView>,
}

/// The evidence legend and policy page.
#[derive(Debug, Clone, Serialize)]
pub struct EvidenceView {
    /// Shared layout.
    pub layout: LayoutView,
    /// Each class with its meaning.
    pub classes: Vec<(BadgeView, String)>,
    /// Every claim that needs review: a link to its card, its class and why.
    pub needs_review: Vec<ReviewRowView>,
}

/// A claim that needs review, on the evidence page.
#[derive(Debug, Clone, Serialize)]
pub struct ReviewRowView {
    /// The claim, linked to its card.
    pub claim: LinkView,
    /// Its ID.
    pub id: String,
    /// Its class.
    pub badge: BadgeView,
    /// Why.
    pub review: ReviewView,
}

/// A group of open questions.
#[derive(Debug, Clone, Serialize)]
pub struct QuestionGroupView {
    /// Group heading (a GPU target or "any generation").
    pub title: String,
    /// Anchor of the group.
    pub anchor: String,
    /// Questions in the group.
    pub questions: Vec<QuestionView>,
    /// Unresolved claims in the group: they are open questions too.
    pub unresolved: Vec<UnresolvedView>,
}

/// An unresolved claim on the open-questions page.
#[derive(Debug, Clone, Serialize)]
pub struct UnresolvedView {
    /// The claim's text, linked to its card on the first page showing it (else in the index).
    pub claim: LinkView,
    /// Its ID.
    pub id: String,
    /// What blocks it: kind and detail.
    pub blocker: Option<(String, String)>,
    /// The page it is shown on, if any.
    pub page: Option<LinkView>,
}

/// The page of all open questions.
#[derive(Debug, Clone, Serialize)]
pub struct QuestionsView {
    /// Shared layout.
    pub layout: LayoutView,
    /// Groups by GPU target.
    pub groups: Vec<QuestionGroupView>,
}

/// One row of the claims index: the claim in a line or two, linked to its cards.
#[derive(Debug, Clone, Serialize)]
pub struct ClaimRowView {
    /// ID.
    pub id: String,
    /// Anchor of the row (`claim-ID`), the target of every claim link.
    pub anchor: String,
    /// Evidence badge.
    pub badge: BadgeView,
    /// Text in the page language.
    pub text: String,
    /// Lifecycle label if not current (the text is shown struck through).
    pub stale: Option<String>,
    /// The claim that replaced it, when it was superseded.
    pub successor: Option<LinkView>,
    /// Whether it needs review.
    pub review: bool,
    /// GPU targets.
    pub gfx: Vec<String>,
    /// Software versions.
    pub software: Vec<(String, String)>,
    /// The pages that show its card, each linked to the card.
    pub shown_on: Vec<ShownOnView>,
    /// `current`, `superseded` or `retracted`.
    pub lifecycle: &'static str,
    /// Where it is declared.
    pub declared_in: String,
    /// The full card, only for a claim no page shows (so that every claim has a card somewhere).
    pub card: Option<ClaimView>,
}

/// A citation of a claim as shown on a page.
#[derive(Debug, Clone, Serialize)]
pub struct CiteView {
    /// In plain text.
    pub text: String,
    /// As a BibTeX entry.
    pub bibtex: String,
}

/// A page that shows a claim, linked to the card there.
#[derive(Debug, Clone, Serialize)]
pub struct ShownOnView {
    /// Relative href of the card.
    pub href: String,
    /// The page's title.
    pub label: String,
    /// The page's key for the `?page=` filter (`Ctx::page_key`).
    pub key: String,
}

/// The page of all claims.
#[derive(Debug, Clone, Serialize)]
pub struct ClaimsView {
    /// Shared layout.
    pub layout: LayoutView,
    /// Site-wide counts.
    pub summary: Vec<CountView>,
    /// Links to the other pages of the index, when there are several.
    pub pager: Option<PagerView>,
    /// The claims on this page of the index, by ID.
    pub rows: Vec<ClaimRowView>,
    /// The GPU targets the claims concern, for the filters.
    pub targets: Vec<String>,
    /// The lifecycles present, value and label, for the filters (empty when every claim is
    /// current).
    pub lifecycles: Vec<(&'static str, String)>,
    /// Relative href of the facets of every claim, when the index has several pages: the
    /// filters load it to count the matches on each.
    pub facets: Option<String>,
}

/// Links between the pages of a paged index.
#[derive(Debug, Clone, Serialize)]
pub struct PagerView {
    /// The previous page, if any.
    pub prev: Option<String>,
    /// The next page, if any.
    pub next: Option<String>,
    /// Every page, numbered from 1.
    pub pages: Vec<PagerLinkView>,
}

/// One numbered page in a pager.
#[derive(Debug, Clone, Serialize)]
pub struct PagerLinkView {
    /// Page number, from 1.
    pub number: usize,
    /// Relative link.
    pub href: String,
    /// Whether it is the page being shown.
    pub current: bool,
    /// Whether it is one of the pages beside the current one (named on a wide screen only).
    pub near: bool,
    /// Whether it is further away (listed hidden; shown by the filters when it has matches).
    pub far: bool,
}

/// One row of the change log.
#[derive(Debug, Clone, Serialize)]
pub struct ChangeView {
    /// Date.
    pub date: String,
    /// The claim (link into the claims index).
    pub claim: LinkView,
    /// The claim's text now.
    pub text: String,
    /// The claim that replaced it, when the event superseded it.
    pub successor: Option<LinkView>,
    /// The event.
    pub event: EventView,
    /// Pages that show the claim.
    pub pages: Vec<LinkView>,
}

/// The change log page.
#[derive(Debug, Clone, Serialize)]
pub struct ChangesView {
    /// Shared layout.
    pub layout: LayoutView,
    /// Links to the other pages of the log, when there are several.
    pub pager: Option<PagerView>,
    /// The events on this page, newest first.
    pub changes: Vec<ChangeView>,
    /// The Atom feeds of the changes of the claims of each GPU target (empty when no feeds are
    /// written).
    pub feeds: Vec<LinkView>,
}

/// One glossary entry.
#[derive(Debug, Clone, Serialize)]
pub struct TermView {
    /// Anchor (`term-ID`).
    pub anchor: String,
    /// The term in the page language.
    pub term: String,
    /// The term in the other language.
    pub other: String,
    /// The explanation.
    pub gloss: String,
}

/// The glossary page.
#[derive(Debug, Clone, Serialize)]
pub struct GlossaryView {
    /// Shared layout.
    pub layout: LayoutView,
    /// Every term, in data order.
    pub terms: Vec<TermView>,
}

/// The 404 page.
#[derive(Debug, Clone, Serialize)]
pub struct NotFoundView<'a> {
    /// Japanese strings.
    pub ja: &'a BTreeMap<String, String>,
    /// English strings.
    pub en: &'a BTreeMap<String, String>,
    /// Prefix of links to the site: its public URL, else the sub-path it is served under when
    /// known, else empty (relative).
    pub root: String,
    /// Stylesheet href.
    pub css: String,
    /// Theme script href.
    pub theme_js: String,
    /// The site's icon's href.
    pub icon: String,
}

/// The language chooser at the site root.
#[derive(Debug, Clone, Serialize)]
pub struct RootView<'a> {
    /// Japanese strings.
    pub ja: &'a BTreeMap<String, String>,
    /// English strings.
    pub en: &'a BTreeMap<String, String>,
    /// Stylesheet href.
    pub css: String,
    /// Theme script href.
    pub theme_js: String,
    /// Script href.
    pub js: String,
    /// The site's icon's href.
    pub icon: String,
}

/// A processed image: what `<img>` shows and the sizes the browser may pick from. A media file
/// (`::: audio`, `::: pdf`) has one too, with no size: `src` is its published, fingerprinted
/// path.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ImageInfo {
    /// Site-root path of the image `<img src>` shows.
    pub src: String,
    /// Its width in pixels (0 if unknown).
    pub width: u32,
    /// Its height in pixels (0 if unknown).
    pub height: u32,
    /// Site-root paths of every size with its width, for `srcset`.
    pub srcset: Vec<(String, u32)>,
    /// Site-root path of the original file, for click-to-enlarge.
    pub original: String,
    /// An SVG figure's versions, for each language of `Lang::ALL` its light and dark one
    /// (site-root paths); empty for other images.
    pub figures: Vec<[String; 2]>,
}

/// The translation status page: per page, its language pairs up to date, behind and missing.
#[derive(Debug, Clone, Serialize)]
pub struct TranslationsView {
    /// Shared layout.
    pub layout: LayoutView,
    /// Whether history was read (otherwise nothing is known to be behind).
    pub checked: bool,
    /// Why it was not read, in words (empty when it was).
    pub not_read: String,
    /// Pairs on the whole site, up to date, behind, with one side missing, and not checked.
    pub totals: (usize, usize, usize, usize),
    /// Pages and logs with every pair up to date.
    pub current_pages: usize,
    /// The pages and logs with pairs behind or missing, most behind first.
    pub rows: Vec<TranslationRowView>,
}

/// One page or log on the translation status page.
#[derive(Debug, Clone, Serialize)]
pub struct TranslationRowView {
    /// The page (for a log, its path and no link).
    pub page: LinkView,
    /// Whether `page.href` links anywhere.
    pub linked: bool,
    /// Its pairs up to date.
    pub current: usize,
    /// Its sides behind: what, which language, revised when (trusted HTML of a date).
    pub behind: Vec<BehindView>,
    /// Its pairs with one side missing.
    pub missing: usize,
    /// Its pairs whose history was not checked.
    pub unchecked: usize,
    /// Why its history was not checked (a version over the size limit), in the engine's words.
    pub unchecked_why: Option<String>,
}

/// One side behind its partner.
#[derive(Debug, Clone, Serialize)]
pub struct BehindView {
    /// Which pair: a field path or "body, pair N".
    pub what: String,
    /// The language behind, by name in the page language.
    pub lang: String,
    /// "Japanese revised" or "English revised": the other language, whose revision put it behind.
    pub revised_in: String,
    /// When the other side was revised (`YYYY-MM-DD`), or a note that it is not committed.
    pub revised: String,
}
