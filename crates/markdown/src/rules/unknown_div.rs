//! `md/unknown-div` (error): a fenced div of a kind the generator does not know.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};
use shoko_vocab::{Component, Lang};

/// The code.
pub static CODE: Code = Code {
    name: "md/unknown-div",
    severity: Severity::Error,
    stops_reading: true,
    summary: "a fenced div names an unknown kind",
};

/// The word after `callout`.
const CALLOUT: &str = "callout";

/// The diagnostic at the opening fence, suggesting the closest known kind.
pub fn diagnostic(span: Span, word: &str) -> Diagnostic {
    let langs = Lang::ALL.map(Lang::code);
    let components = Component::ALL.map(Component::name);
    let known = langs.into_iter().chain([CALLOUT]).chain(components);
    let found =
        Diagnostic::new(&CODE, format!("unknown div `:::{word}`"), span).with_label("not a language or component");
    let fence = |name: &str| match Lang::from_code(name) {
        Some(_) => format!(":::{name}"),
        None if name == CALLOUT => format!("::::{CALLOUT} CLASS"),
        None => format!("::: {name}"),
    };
    match shoko_diagnostics::closest(known, &word.to_lowercase()) {
        Some(name) => found.with_hint(format!("did you mean `{}`?", fence(name))),
        None => found.with_hint(format!(
            "use `:::ja`, `:::en`, `::::{CALLOUT} confirmed|inferred|unresolved|limited` or a component: {}",
            components.map(|c| format!("`{}`", fence(c))).join(", ")
        )),
    }
}
