//! `page/url-collision` (error): two pages would be written to the same address, such as
//! `gpu.md` and `gpu/index.md` (both `gpu/`), or to addresses that differ only by case
//! (`GPU.md` and `gpu.md`), which are one folder on macOS and Windows.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};

/// The code.
pub static CODE: Code = Code {
    name: "page/url-collision",
    severity: Severity::Error,
    summary: "two pages map to the same address (e.g. `gpu.md` and `gpu/index.md`), or to addresses that differ only by case.",
};

/// The diagnostic at the start of the second page, pointing at the first.
pub fn diagnostic(span: Span, path: &str, first: &str, url: &str, first_span: Span) -> Diagnostic {
    Diagnostic::new(&CODE, format!("content/{path} and content/{first} would both be written to `{url}`"), span)
        .with_secondary(first_span, "this page already has that address")
        .with_hint(
            "keep one of them: a folder's page is its `index.md`, so move the text of the other into it or rename it",
        )
}

/// The diagnostic for two pages whose addresses differ only by case.
pub fn case_only(span: Span, path: &str, first: &str, first_span: Span) -> Diagnostic {
    Diagnostic::new(&CODE, format!("content/{path} and content/{first} differ only by case"), span)
        .with_secondary(first_span, "this page's address differs only by case")
        .with_hint("on macOS and Windows both are one file, and a checkout there loses one of them; rename one")
}

/// The key under which addresses collide on a file system that ignores case.
pub fn folded(address: &str) -> String {
    address.to_lowercase()
}

/// The address of the page at `path` (relative to `content/`), below each language folder:
/// `gpu/gfx900.md` → `gpu/gfx900/`, `gpu/index.md` → `gpu/`, `index.md` → ``.
pub fn address(path: &str) -> String {
    let stem = path.strip_suffix(".md").unwrap_or(path);
    match stem.strip_suffix("index") {
        Some(folder) if folder.is_empty() || folder.ends_with('/') => folder.to_owned(),
        _ => format!("{stem}/"),
    }
}

#[cfg(test)]
mod tests {
    use super::address;

    #[test]
    fn a_page_and_its_folder_index_share_an_address() {
        assert_eq!(address("gpu.md"), "gpu/");
        assert_eq!(address("gpu/index.md"), "gpu/");
        assert_eq!(address("index.md"), "");
        assert_eq!(address("reindex.md"), "reindex/");
    }
}
