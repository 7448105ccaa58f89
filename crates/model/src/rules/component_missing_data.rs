//! `component/missing-data` (error): a component is placed but has nothing to show
//! (`::: phases` without `phases:` in the front-matter, `::: timeline` without `timeline:`,
//! `::: can-show` on a page that shows no claim, `::: generations` without `_data/targets.yaml`).

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "component/missing-data",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a component is placed in the body but its data is missing.",
};

/// The diagnostic at the component's fence; `hint` says where the data goes.
pub fn diagnostic(span: Span, component: shoko_vocab::Component, hint: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("`::: {}` has nothing to show", component.name()), span)
        .with_label("placed here")
        .with_hint(hint.to_owned())
}
