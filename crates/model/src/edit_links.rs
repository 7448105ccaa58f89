//! Where a page's source can be edited and a claim's record read, from `shoko.yaml`'s
//! `repository` (GitHub's addresses: `REPOSITORY/edit/BRANCH/PATH` and
//! `REPOSITORY/blob/BRANCH/PATH#LLINE`) or `edit_url` (a pattern with `{path}`, for another
//! host). `PATH` is the file's path from the repository's root, each part percent-encoded.

/// The addresses of a site's sources in its repository.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditLinks {
    /// The edit page's address with `{path}` for the file's path.
    edit: String,
    /// The address of a line of a file, with `{path}` and `{line}`: `None` when only an edit
    /// pattern was given (a claim then links to its file's edit page).
    line: Option<String>,
}

/// What stands for the file's path in a pattern.
pub const PATH: &str = "{path}";

/// What stands for a line number in a pattern.
const LINE: &str = "{line}";

impl EditLinks {
    /// The links of a GitHub repository at `repository` (an http(s) URL, no trailing `/`
    /// needed), on `branch`.
    pub fn github(repository: &str, branch: &str) -> EditLinks {
        let repository = repository.trim_end_matches('/');
        let branch = encode(branch);
        EditLinks {
            edit: format!("{repository}/edit/{branch}/{PATH}"),
            line: Some(format!("{repository}/blob/{branch}/{PATH}#L{LINE}")),
        }
    }

    /// The links of a pattern with `{path}` (see [`is_edit_url`]).
    pub fn pattern(edit_url: &str) -> EditLinks {
        EditLinks { edit: edit_url.to_owned(), line: None }
    }

    /// The edit page of the file at `path` (from the repository's root, `/` separators).
    pub fn edit(&self, path: &str) -> String {
        self.edit.replace(PATH, &encode(path))
    }

    /// Line `line` (1-based) of the file at `path`, or its edit page when no line address is known.
    pub fn at_line(&self, path: &str, line: usize) -> String {
        match &self.line {
            Some(pattern) => pattern.replace(PATH, &encode(path)).replace(LINE, &line.to_string()),
            None => self.edit(path),
        }
    }
}

/// Whether `branch` can name a branch in an address: no space, control, quote, `<`, `>`, `\`,
/// `` ` ``, `?` or `#`, not empty.
pub fn is_branch(branch: &str) -> bool {
    !branch.is_empty() && !branch.chars().any(|c| c.is_control() || c.is_whitespace() || "\"'<>\\`?#{}".contains(c))
}

/// `url` with a path where its `{path}` is, when it has one: an edit pattern is an address
/// (`shoko.yaml`'s reading checks it as `base_url` is checked) once a path is put in.
pub fn with_a_path(url: &str) -> Option<String> {
    url.contains(PATH).then(|| url.replace(PATH, "p"))
}

/// What a part of a path keeps as it is: letters, digits and `-._~` (RFC 3986's unreserved).
const KEPT: &percent_encoding::AsciiSet =
    &percent_encoding::NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');

/// `path` with each part percent-encoded, `/` between parts.
fn encode(path: &str) -> String {
    let parts: Vec<String> =
        path.split('/').map(|part| percent_encoding::utf8_percent_encode(part, KEPT).to_string()).collect();
    parts.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_addresses_name_the_branch_and_encode_the_path() {
        let links = EditLinks::github("https://github.com/o/n/", "main");
        assert_eq!(links.edit("site/content/a b.md"), "https://github.com/o/n/edit/main/site/content/a%20b.md");
        assert_eq!(
            links.at_line("content/logs/観測.yaml", 12),
            "https://github.com/o/n/blob/main/content/logs/%E8%A6%B3%E6%B8%AC.yaml#L12"
        );
        let branch = EditLinks::github("https://github.com/o/n", "release/1+x");
        assert_eq!(branch.edit("content/a.md"), "https://github.com/o/n/edit/release/1%2Bx/content/a.md");
        let other = EditLinks::pattern("https://git.example.org/o/n/-/edit/trunk/{path}");
        assert_eq!(other.at_line("content/x.yaml", 3), "https://git.example.org/o/n/-/edit/trunk/content/x.yaml");
    }

    #[test]
    fn what_can_be_a_branch_or_an_edit_pattern() {
        assert!(is_branch("main") && is_branch("release/1.2"));
        assert!(!is_branch("") && !is_branch("a b") && !is_branch("x#y"));
        assert_eq!(with_a_path("https://git.example.org/{path}").as_deref(), Some("https://git.example.org/p"));
        assert_eq!(with_a_path("https://git.example.org/edit"), None);
    }
}
