//! Media files pages play or show (`::: audio`, `::: pdf`): which names each component takes
//! and, from a file's first bytes, whether the file is what its name says; and which files a
//! plain link may offer as a download. The engine copies them; `check` and `build` both judge
//! them here.

/// What a media file is, by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaKind {
    /// Audio for `<audio>`.
    Audio,
    /// Captions for an audio file (WebVTT).
    Captions,
    /// A PDF document.
    Pdf,
}

/// Audio names and, for each, the formats its bytes may be (`infer`'s extensions).
const AUDIO: [(&str, &[&str]); 8] = [
    ("mp3", &["mp3"]),
    ("m4a", &["m4a", "mp4"]),
    ("ogg", &["ogg", "opus"]),
    ("oga", &["ogg", "opus"]),
    ("opus", &["opus", "ogg"]),
    ("flac", &["flac"]),
    ("wav", &["wav"]),
    ("webm", &["webm"]),
];

/// The names an audio file may have, for messages: `.mp3, .m4a, …`.
pub fn audio_names() -> String {
    AUDIO.iter().map(|(e, _)| format!(".{e}")).collect::<Vec<_>>().join(", ")
}

/// The names images may have (their extensions, lowercase): raster formats the engine decodes,
/// and SVG.
pub const IMAGE_EXTENSIONS: [&str; 6] = ["png", "jpg", "jpeg", "gif", "webp", "svg"];

/// The lowercase extension of `path`'s file name (never a folder's; empty when it has none).
pub fn extension(path: &str) -> String {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default()
}

/// Whether a file named `path`, linked from a page, would be served as a page, script or style
/// sheet of the site rather than downloaded: by the content type its name gets (the table
/// `serve` serves by, close to the one GitHub Pages uses), an HTML, XML (`+xml` too: XHTML,
/// RSS, MathML, …), JavaScript, CSS, WebAssembly, HTML component or web archive type. A linked
/// image is not one: it is published as an image, an SVG checked as one.
pub fn active_when_served(path: &str) -> bool {
    let active = |m: &mime_guess::Mime| {
        let (kind, sub) = (m.type_().as_str(), m.subtype().as_str());
        m.suffix().is_some_and(|s| s.as_str() == "xml")
            || sub == "xml"
            || matches!(kind, "message" | "multipart")
            || matches!(sub, "html" | "css" | "javascript" | "ecmascript" | "x-javascript" | "x-component")
            || matches!(sub, "wasm" | "hta" | "xsl" | "xslt" | "x-shockwave-flash")
    };
    !linked_as_image(path) && mime_guess::from_path(path).iter().any(|m| active(&m))
}

/// Whether a file named `path`, linked from a page, is published as an image (and checked as
/// one: an SVG may hold scripts) rather than copied as a download.
pub fn linked_as_image(path: &str) -> bool {
    IMAGE_EXTENSIONS.contains(&extension(path).as_str())
}

/// What `path` is by its name, if a media component takes it.
pub fn kind(path: &str) -> Option<MediaKind> {
    match extension(path).as_str() {
        "pdf" => Some(MediaKind::Pdf),
        "vtt" => Some(MediaKind::Captions),
        ext if AUDIO.iter().any(|(e, _)| *e == ext) => Some(MediaKind::Audio),
        _ => None,
    }
}

/// Why the file `path`, starting with `head` (its first bytes, at least 64 when it is that
/// long), is not what its name says; `None` when it is.
pub fn problem(path: &str, head: &[u8]) -> Option<String> {
    let ext = extension(path);
    let found = infer::get(head).map(|t| t.extension());
    match kind(path) {
        None => Some(format!("`.{ext}` is not a media file's name")),
        Some(MediaKind::Captions) => {
            let text = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
            let webvtt =
                text.starts_with(b"WEBVTT") && text.get(6).is_none_or(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'));
            (!webvtt).then(|| String::from("a WebVTT file starts with the line `WEBVTT`"))
        }
        Some(MediaKind::Pdf) => {
            (found != Some("pdf")).then(|| format!("the file is {} but its name says PDF", named(found)))
        }
        Some(MediaKind::Audio) => {
            let allowed = AUDIO.iter().find(|(e, _)| *e == ext).map_or(&[][..], |(_, a)| *a);
            (!found.is_some_and(|f| allowed.contains(&f)))
                .then(|| format!("the file is {} but its name says {}", named(found), ext.to_ascii_uppercase()))
        }
    }
}

/// A found format in words.
fn named(found: Option<&str>) -> String {
    found.map_or_else(|| String::from("of no known media format"), |f| f.to_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_linked_file_a_browser_would_run_is_told_from_one_it_downloads() {
        let run = ["a.html", "a.HTM", "a.shtml", "a.xhtml", "a.xml", "feed.rss", "feed.atom", "m.mathml", "a.js"];
        let run_too = ["a.mjs", "a.css", "a.wasm", "a.htc", "page.mht", "d.xsd", "a.xsl", "dir/x.kml"];
        for name in run.into_iter().chain(run_too) {
            assert!(active_when_served(name), "{name} would run");
        }
        let kept = ["t.csv", "a.txt", "run.log", "d.json", "l.yaml", "p.pdf", "a.zip", "f.svg", "i.png", "raw", "k.s"];
        for name in kept.into_iter().chain(["notes.md", "v1.2/output", "x.ipynb", "x.tar.gz"]) {
            assert!(!active_when_served(name), "{name} downloads");
        }
    }

    #[test]
    fn names_and_bytes_must_agree() {
        let wav = b"RIFF\x24\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x01\x00";
        assert_eq!(problem("talk.wav", wav), None);
        assert!(problem("talk.mp3", wav).unwrap().contains("WAV but its name says MP3"));
        assert_eq!(problem("poster.pdf", b"%PDF-1.7\n"), None);
        assert!(problem("poster.pdf", b"<html>").unwrap().contains("name says PDF"));
        assert_eq!(problem("talk.ja.vtt", b"WEBVTT\n\n00:00.000 --> 00:01.000\nhi"), None);
        assert_eq!(problem("talk.vtt", b"\xEF\xBB\xBFWEBVTT - title\n"), None);
        assert!(problem("talk.vtt", b"WEBVTTX").is_some());
        assert!(problem("page.html", b"<html>").unwrap().contains("not a media file's name"));
    }

    #[test]
    fn kinds_and_caption_languages_come_from_names() {
        assert_eq!(kind("a/Talk.OGG"), Some(MediaKind::Audio));
        assert_eq!(kind("a.vtt"), Some(MediaKind::Captions));
        assert_eq!(kind("a.pdf"), Some(MediaKind::Pdf));
        assert_eq!(kind("a.mp4"), None);
    }
}
