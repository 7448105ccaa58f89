//! The [`Diagnostic`] value and the stable [`Code`] each one carries.

use crate::{SourceMap, Span};
use serde::Serialize;

/// How bad a finding is. Errors stop `build`; warnings are reported and the build goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The content is wrong; nothing is written.
    Error,
    /// The content is suspicious or incomplete; the build goes on.
    Warning,
}

/// A stable diagnostic code such as `claim/missing-source`, defined once in the module of the
/// rule that emits it.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Code {
    /// The stable name, `area/what`.
    pub name: &'static str,
    /// Severity of every diagnostic with this code.
    pub severity: Severity,
    /// Whether it means a file, or part of one, could not be read: what depends on it may be
    /// reported missing, so such diagnostics are listed first, as the root cause.
    pub stops_reading: bool,
    /// One line that explains the rule, for listings and docs.
    pub summary: &'static str,
}

/// A span with an optional label printed next to the caret.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What to say there (may be empty).
    pub text: String,
}

/// One finding of a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The rule that fired.
    pub code: &'static Code,
    /// The message: what is wrong, in one sentence.
    pub message: String,
    /// Where it is wrong; `None` for problems that belong to no file (e.g. a missing folder).
    pub primary: Option<Label>,
    /// Other places that explain the problem (e.g. the first definition of a duplicate ID).
    pub secondary: Vec<Label>,
    /// How to fix it.
    pub hint: Option<String>,
    /// Whether it concerns a draft, and so stops nothing (an error is shown as a warning with a
    /// note that says why).
    pub draft: Option<Draft>,
}

impl Diagnostic {
    /// A diagnostic with `code` and `message` at `span`.
    pub fn new(code: &'static Code, message: impl Into<String>, span: Span) -> Self {
        Diagnostic {
            code,
            message: message.into(),
            primary: Some(Label { span, text: String::new() }),
            secondary: Vec::new(),
            hint: None,
            draft: None,
        }
    }

    /// The files its labels point into (primary first), to be read before it is shown by line
    /// and column.
    pub fn files(&self) -> impl Iterator<Item = crate::FileId> + '_ {
        self.primary.iter().chain(&self.secondary).map(|l| l.span.file)
    }

    /// A diagnostic that belongs to no file.
    pub fn global(code: &'static Code, message: impl Into<String>) -> Self {
        Diagnostic { code, message: message.into(), primary: None, secondary: Vec::new(), hint: None, draft: None }
    }

    /// Set the label printed at the primary span.
    pub fn with_label(mut self, text: impl Into<String>) -> Self {
        if let Some(primary) = &mut self.primary {
            primary.text = text.into();
        }
        self
    }

    /// Add a secondary span with a label.
    pub fn with_secondary(mut self, span: Span, text: impl Into<String>) -> Self {
        self.secondary.push(Label { span, text: text.into() });
        self
    }

    /// Set the hint that says how to fix the problem.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// The severity, taken from the code; a finding that concerns a draft is a warning whatever
    /// its code (it stops nothing).
    pub fn severity(&self) -> Severity {
        if self.draft.is_some() { Severity::Warning } else { self.code.severity }
    }

    /// Whether the code is an error but the finding, concerning a draft, stops nothing: shown
    /// with [`Diagnostic::draft_note`].
    pub fn draft_error(&self) -> bool {
        self.draft.is_some() && self.code.severity == Severity::Error
    }

    /// Why an error stops nothing, when it concerns a draft (see [`Draft`]).
    pub fn draft_note(&self) -> Option<&'static str> {
        self.draft.filter(|_| self.draft_error()).map(Draft::note)
    }

    /// Sort diagnostics root causes first (codes that stop a file being read, see
    /// [`Code::stops_reading`]), then by file path; within a file, errors before warnings (a
    /// warning is never the cause of an error: a translation-drift warning about an edit does not
    /// come before the error the edit holds), then by line, column, code and message, so every
    /// run prints the same list in the same order.
    pub fn sort(diagnostics: &mut [Diagnostic], sources: &SourceMap) {
        diagnostics.sort_by_cached_key(|d| {
            let place = d.primary.as_ref().map(|p| {
                let (path, pos) = sources.locate(&p.span);
                (path.to_owned(), d.severity(), pos)
            });
            (!d.code.stops_reading, place, d.code.name, d.message.clone())
        });
    }
}

/// How a finding concerns a draft, which makes it stop nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Draft {
    /// It is in a draft the build leaves out.
    Inside,
    /// A published document points at a draft (`ref/draft`), in a run that builds drafts as
    /// published (`serve`, `--drafts`), so the preview goes on.
    Referenced,
}

impl Draft {
    /// What is said of an error so marked.
    pub fn note(self) -> &'static str {
        match self {
            Draft::Inside => {
                "an error in a draft: the published site leaves the draft out, so it stops nothing until the draft is published (or built with --drafts)"
            }
            Draft::Referenced => "drafts are built here, so this stops nothing; a build without --drafts refuses it",
        }
    }
}

/// Counts of a run's diagnostics.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Number of errors.
    pub errors: usize,
    /// Number of warnings.
    pub warnings: usize,
    /// Of the warnings, how many are errors that concern a draft (see [`Diagnostic::draft_error`]).
    pub draft_errors: usize,
}

impl Summary {
    /// Count the diagnostics in `diagnostics`.
    pub fn of(diagnostics: &[Diagnostic]) -> Self {
        let errors = diagnostics.iter().filter(|d| d.severity() == Severity::Error).count();
        let draft_errors = diagnostics.iter().filter(|d| d.draft_error()).count();
        Summary { errors, warnings: diagnostics.len() - errors, draft_errors }
    }
}
