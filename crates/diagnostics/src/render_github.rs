//! GitHub Actions workflow commands (`::error file=…,line=…,col=…::message`), so problems appear
//! as annotations on the changed lines of a pull request.

use crate::{Diagnostic, Severity, SourceMap};

/// One workflow command per diagnostic, each on its own line. `prefix` is the site root as seen
/// from the repository's root (`""`, or a folder ending in `/`): annotations name files from
/// there.
pub fn render_github(diagnostics: &[Diagnostic], sources: &SourceMap, prefix: &str) -> String {
    let mut out = String::new();
    for d in diagnostics {
        let j = crate::render_json::to_json(d, sources, "");
        let kind = match d.severity() {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut props = Vec::new();
        if let (Some(file), Some(line), Some(col)) = (j.file, j.line, j.column) {
            props.push(format!("file={}", escape_property(&format!("{prefix}{file}"))));
            props.push(format!("line={line}"));
            props.push(format!("col={col}"));
            if let (Some(end_line), Some(end_col)) = (j.end_line, j.end_column) {
                props.push(format!("endLine={end_line}"));
                props.push(format!("endColumn={end_col}"));
            }
        }
        props.push(format!("title={}", escape_property(d.code.name)));
        let mut message = d.message.clone();
        if let Some(note) = d.draft_note() {
            message.push_str("\nnote: ");
            message.push_str(note);
        }
        if let Some(hint) = &d.hint {
            message.push_str("\nhelp: ");
            message.push_str(hint);
        }
        out.push_str(&format!("::{kind} {}::{}\n", props.join(","), escape_data(&message)));
    }
    out
}

fn escape_data(text: &str) -> String {
    text.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Code, Span};

    static CODE: Code =
        Code { name: "claim/missing-source", severity: Severity::Error, stops_reading: false, summary: "" };

    #[test]
    fn annotation_has_position_and_escaped_text() {
        let mut sources = SourceMap::new();
        let file = sources.add("content/a,b.md", "x\nclass: confirmed\n");
        let d = Diagnostic::new(&CODE, "50% sure\nreally", Span::new(file, 2..7)).with_hint("add one");
        let out = render_github(std::slice::from_ref(&d), &sources, "");
        assert_eq!(
            out,
            "::error file=content/a%2Cb.md,line=2,col=1,endLine=2,endColumn=6,title=claim/missing-source::50%25 sure%0Areally%0Ahelp: add one\n"
        );
        let nested = render_github(&[d], &sources, "docs/site/");
        assert!(nested.starts_with("::error file=docs/site/content/a%2Cb.md,"), "{nested}");
    }

    #[test]
    fn an_error_about_a_draft_is_a_warning_that_says_why() {
        let mut sources = SourceMap::new();
        let file = sources.add(
            "content/draft.md",
            "x
",
        );
        let mut d = Diagnostic::new(&CODE, "no source", Span::new(file, 0..1));
        d.draft = Some(crate::Draft::Inside);
        let out = render_github(&[d], &sources, "");
        assert!(out.starts_with("::warning file=content/draft.md,"), "{out}");
        assert!(out.contains("%0Anote: an error in a draft: "), "{out}");
    }
}
