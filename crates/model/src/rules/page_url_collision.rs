//! `page/url-collision` (error): two pages would be written to the same address, such as
//! `gpu.md` and `gpu/index.md` (both `gpu/`), or to addresses that differ only by case
//! (`GPU.md` and `gpu.md`), which are one folder on macOS and Windows.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};
use shoko_vocab::ContentPath;

/// The code.
pub static CODE: Code = Code {
    name: "page/url-collision",
    severity: Severity::Error,
    stops_reading: false,
    summary: "two pages map to the same address (e.g. `gpu.md` and `gpu/index.md`), or to addresses that differ only by case.",
};

/// The diagnostic at the start of the second page, pointing at the first.
pub fn diagnostic(span: Span, path: &str, first: &str, url: &str, first_span: Span) -> Diagnostic {
    Diagnostic::new(
        &CODE,
        format!("{} and {} would both be written to `{url}`", ContentPath(path), ContentPath(first)),
        span,
    )
    .with_secondary(first_span, "this page already has that address")
    .with_hint(
        "keep one of them: a folder's page is its `index.md`, so move the text of the other into it or rename it",
    )
}

/// The diagnostic for two pages whose addresses differ only by case.
pub fn case_only(span: Span, path: &str, first: &str, first_span: Span) -> Diagnostic {
    Diagnostic::new(&CODE, format!("{} and {} differ only by case", ContentPath(path), ContentPath(first)), span)
        .with_secondary(first_span, "this page's address differs only by case")
        .with_hint("on macOS and Windows both are one file, and a checkout there loses one of them; rename one")
}

/// The key under which addresses collide on a file system that ignores case.
pub fn folded(address: &str) -> String {
    address.to_lowercase()
}
