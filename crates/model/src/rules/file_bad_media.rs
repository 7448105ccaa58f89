//! `file/bad-media` (error): a media file a page plays or shows is not what its name says, or
//! its name is not one a media component takes.

use shoko_diagnostics::{Code, Diagnostic, Severity, Span};
use shoko_vocab::ContentPath;

/// The code.
pub static CODE: Code = Code {
    name: "file/bad-media",
    severity: Severity::Error,
    stops_reading: false,
    summary: "a media file (audio, PDF, WebVTT captions) is not what its name says, or not a kind its component takes.",
};

/// The diagnostic at the component's argument naming `path`.
pub fn diagnostic(span: Span, path: &str, reason: &str) -> Diagnostic {
    Diagnostic::new(&CODE, format!("{} cannot be published as media: {reason}", ContentPath(path)), span)
        .with_hint(format!(
            "give `::: audio` an audio file ({}) and optionally WebVTT captions (.vtt, `NAME.ja.vtt`/`NAME.en.vtt` for a language), and `::: pdf` a PDF",
            crate::media::audio_names()
        ))
}
