//! Images that pages show: raster images are decoded once and resized into at most two smaller
//! widths (640 and 1280 pixels), SVGs are checked ([`crate::svg`]) and copied with their
//! intrinsic size. Everything is written under `media/` with the same relative path as under
//! `content/`. Media files (`::: audio`, `::: pdf`) are checked against their names
//! ([`shoko_model::media`]) and copied under `media/` with a fingerprint in the name, so a
//! changed recording is never served from a stale cache; their [`ImageInfo`] has no size.
//! Files a plain link offers (`[data](table.csv)`) are copied the same way, unchecked but for
//! their size and for names a browser would run (`shoko_model::media::active_when_served`);
//! a linked image is published as an image.
//! Runs in parallel.
//!
//! Only files that the content walk found are read (regular files under `content/`, never
//! through a symbolic link), and none larger than the content size limit: an image link can
//! neither read nor probe a file outside the site. `check` reads only each raster image's
//! header.

use crate::IoError;
use rayon::prelude::*;
use shoko_diagnostics::{Diagnostic, Span};
use shoko_model::SiteModel;
use shoko_model::rules::{file_bad_image, file_bad_media, file_too_large, file_unsafe_svg};
use shoko_render::view::ImageInfo;
use shoko_vocab::layout::{CONTENT_DIR, MEDIA_DIR};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Cursor;
use std::path::Path;

/// The widths images are offered in, when the original is wider.
const WIDTHS: [u32; 2] = [640, 1280];

/// Processed images and media files by content path, their output files, and the files that
/// could not be published (undecodable images, media that are not what their names say).
#[derive(Debug, Default)]
pub struct Images {
    /// Content path → what pages show.
    pub info: BTreeMap<String, ImageInfo>,
    /// Output path → bytes.
    pub files: BTreeMap<String, Vec<u8>>,
    /// Files that could not be published.
    pub diagnostics: Vec<Diagnostic>,
}

/// Where a build finds images and media: the site root, the files the content walk found (relative to
/// `content/`) and the largest file it may read.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Source<'a> {
    pub(crate) root: &'a Path,
    pub(crate) files: &'a BTreeSet<String>,
    pub(crate) max_bytes: u64,
}

/// How a page uses a file: as an image (`![alt](file)`), as media a component names, or as a
/// download a plain link offers (`[data](table.csv)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Use {
    Image,
    Media,
    Download,
}

/// Every image, media file or download a page of `site` shows or links (that the walk found,
/// and not one a browser would run), with the first place that shows it and how. A file shown
/// as an image is judged as one, whatever its name says, so `![x](doc.pdf)` is a bad image, not
/// a published PDF.
fn used(source: Source<'_>, site: &SiteModel) -> BTreeMap<String, (Span, Use)> {
    let mut used = BTreeMap::new();
    for page in site.docs().iter().filter_map(|d| d.page()) {
        let images = page.images.iter().map(|(p, s)| (p, s, Use::Image));
        for (path, span, how) in images.chain(page.media.iter().map(|(p, s)| (p, s, Use::Media))) {
            if source.files.contains(path) {
                used.entry(path.clone()).or_insert_with(|| (span.clone(), how));
            }
        }
    }
    // Linked files come after what pages show, so a file both shown and linked is the image.
    // One a browser would run is never published (`file/unsafe-download`).
    for page in site.docs().iter().filter_map(|d| d.page()) {
        for (path, _, span) in &page.files {
            if source.files.contains(path) && !shoko_model::media::active_when_served(path) {
                let how = if shoko_model::media::linked_as_image(path) { Use::Image } else { Use::Download };
                used.entry(path.clone()).or_insert_with(|| (span.clone(), how));
            }
        }
    }
    used
}

/// The content paths of every image, media file or download a page of `site` shows or links
/// (that exists).
pub(crate) fn used_paths(source: Source<'_>, site: &SiteModel) -> BTreeSet<String> {
    used(source, site).into_keys().collect()
}

/// The raster format the name of image `path` says (`None` for an SVG), or why it is not an
/// image's name. Images are published under their own name, so the name decides how a browser
/// opens the file: a PNG named `.html` would be a page on the site's origin.
fn named_format(path: &str) -> Result<Option<image::ImageFormat>, String> {
    use shoko_model::media::{IMAGE_EXTENSIONS, extension};
    let ext = extension(path);
    if !IMAGE_EXTENSIONS.contains(&ext.as_str()) {
        let names: Vec<String> = IMAGE_EXTENSIONS.iter().map(|e| format!(".{e}")).collect();
        let name = path.rsplit('/').next().unwrap_or(path);
        return Err(format!("`{name}` is not an image's name: images end in {}", names.join(", ")));
    }
    Ok(if ext == "svg" { None } else { image::ImageFormat::from_extension(&ext) })
}

/// Whether the format found in the bytes is the one the name says.
fn same_format(path: &str, named: image::ImageFormat, found: image::ImageFormat) -> Result<(), String> {
    if named == found {
        return Ok(());
    }
    let what = |f: image::ImageFormat| f.extensions_str().first().copied().unwrap_or("?").to_ascii_uppercase();
    Err(format!("the file is {} but its name `{path}` says {}", what(found), what(named)))
}

/// Open image `path`: the file and its size, or the diagnostic when it is over the limit.
fn open(source: Source<'_>, path: &str, span: &Span) -> Result<Result<(std::fs::File, u64), Diagnostic>, IoError> {
    let file = source.root.join(CONTENT_DIR).join(path);
    let (opened, size) = match shoko_files::read::open(&file) {
        Ok(opened) => opened,
        Err(shoko_files::read::Refusal::Failed(e)) => return Err(IoError::new("read", &file, e)),
        // Found by the content walk as a regular file, and replaced since.
        Err(_) => return Err(IoError::new("read", &file, std::io::Error::other("it is no longer a regular file"))),
    };
    if size > source.max_bytes {
        return Ok(Err(file_too_large::diagnostic(span.clone(), size, source.max_bytes)));
    }
    Ok(Ok((opened, size)))
}

/// Read all of an opened file, measured at `size`: the diagnostic when it grew past the limit
/// since it was measured.
fn read_all(
    source: Source<'_>,
    path: &str,
    span: &Span,
    opened: std::fs::File,
    size: u64,
) -> Result<Result<Vec<u8>, Diagnostic>, IoError> {
    let read = shoko_files::read::at_most(opened, size, source.max_bytes)
        .map_err(|e| IoError::new("read", source.root.join(CONTENT_DIR).join(path), e))?;
    Ok(read.map_err(|read| file_too_large::diagnostic(span.clone(), read, source.max_bytes)))
}

/// Check that every image a page shows is a readable image (raster: its header only) and that
/// every SVG is safe to publish.
pub(crate) fn probe(source: Source<'_>, site: &SiteModel) -> Result<Vec<Diagnostic>, IoError> {
    let used = used(source, site);
    // Each SVG's published names (its versions', its own).
    let versions: std::sync::Mutex<Vec<(String, Vec<String>)>> = std::sync::Mutex::default();
    let results: Vec<Result<Option<Diagnostic>, IoError>> = used
        .par_iter()
        .map(|(path, (span, how))| {
            match how {
                Use::Media => return probe_media(source, path, span),
                Use::Download => return Ok(open(source, path, span)?.err()),
                Use::Image => {}
            }
            let bad = |reason: String| Ok(Some(file_bad_image::diagnostic(span.clone(), path, &reason)));
            let named = match named_format(path) {
                Ok(named) => named,
                Err(reason) => return bad(reason),
            };
            let (opened, size) = match open(source, path, span)? {
                Ok(opened) => opened,
                Err(too_large) => return Ok(Some(too_large)),
            };
            let Some(named) = named else {
                return Ok(match read_all(source, path, span, opened, size)? {
                    Ok(bytes) => svg_problem(path, &bytes, span).or_else(|| {
                        // The versions a build publishes: safe, and under names of their own.
                        let original = format!("{MEDIA_DIR}/{path}");
                        let text = std::str::from_utf8(&bytes).unwrap_or_default();
                        match svg_versions(&original, text) {
                            Ok((_, files)) => {
                                let mut names = names_of(&files);
                                names.push(original);
                                versions
                                    .lock()
                                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                                    .push((path.clone(), names));
                                None
                            }
                            Err(reason) => Some(file_bad_image::diagnostic(span.clone(), path, &reason)),
                        }
                    }),
                    Err(too_large) => Some(too_large),
                });
            };
            let header = image::ImageReader::new(std::io::BufReader::new(opened))
                .with_guessed_format()
                .map_err(|e| e.to_string())
                .and_then(|r| {
                    let found = r.format().ok_or_else(|| String::from("The image format could not be determined"))?;
                    same_format(path, named, found)?;
                    r.into_dimensions().map_err(|e| e.to_string())
                });
            match header {
                Ok(_) => Ok(None),
                Err(reason) => bad(reason),
            }
        })
        .collect();
    let mut found: Vec<Diagnostic> = results.into_iter().filter_map(Result::transpose).collect::<Result<_, _>>()?;
    // Every other file is published under its own name; the first to claim a name, in path order,
    // keeps it, as in a build.
    let mut versions = versions.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
    let svgs: BTreeSet<String> = versions.iter().map(|(path, _)| path.clone()).collect();
    versions.extend(used.keys().filter(|p| !svgs.contains(*p)).map(|p| (p.clone(), vec![format!("{MEDIA_DIR}/{p}")])));
    versions.sort();
    let taken = taken_names(versions.iter().map(|(path, names)| (path.as_str(), names.clone())));
    for (path, other) in taken {
        if let Some((span, _)) = used.get(path) {
            found.push(name_taken(span, path, &other));
        }
    }
    Ok(found)
}

/// The diagnostic for media file `path` that is too large or not what its name says (read from
/// its first bytes).
fn probe_media(source: Source<'_>, path: &str, span: &Span) -> Result<Option<Diagnostic>, IoError> {
    let (opened, _) = match open(source, path, span)? {
        Ok(opened) => opened,
        Err(too_large) => return Ok(Some(too_large)),
    };
    let mut head = Vec::with_capacity(MEDIA_HEAD);
    std::io::Read::read_to_end(&mut std::io::Read::take(opened, MEDIA_HEAD as u64), &mut head)
        .map_err(|e| IoError::new("read", source.root.join(CONTENT_DIR).join(path), e))?;
    Ok(shoko_model::media::problem(path, &head).map(|reason| file_bad_media::diagnostic(span.clone(), path, &reason)))
}

/// How many first bytes of a media file tell what it is.
const MEDIA_HEAD: usize = 8192;

/// Media file `path` published: checked, and named with a fingerprint of its bytes.
fn media(path: &str, bytes: Vec<u8>) -> Result<Processed, String> {
    if let Some(reason) = shoko_model::media::problem(path, &bytes[..bytes.len().min(MEDIA_HEAD)]) {
        return Err(reason);
    }
    Ok(fingerprinted(path, bytes))
}

/// File `path` published as it is, named with a fingerprint of its bytes (so a changed file is
/// never served from a stale cache).
fn fingerprinted(path: &str, bytes: Vec<u8>) -> Processed {
    let hash = blake3::hash(&bytes).to_hex();
    // The extension is the file name's (never a folder's), dot included; a name may have none.
    let name = path.rfind('/').map_or(0, |i| i + 1);
    let (stem, ext) = match path[name..].rfind('.') {
        Some(dot) if dot > 0 => path.split_at(name + dot),
        _ => (path, ""),
    };
    let published = format!("{MEDIA_DIR}/{stem}.{}{ext}", &hash.as_str()[..10]);
    let info = ImageInfo {
        src: published.clone(),
        width: 0,
        height: 0,
        srcset: Vec::new(),
        original: published.clone(),
        figures: Vec::new(),
    };
    (path.to_owned(), info, vec![(published, bytes)])
}

/// The diagnostic for an SVG that is not one, or not safe to publish.
fn svg_problem(path: &str, bytes: &[u8], span: &Span) -> Option<Diagnostic> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Some(file_bad_image::diagnostic(span.clone(), path, "the SVG is not UTF-8"));
    };
    match crate::svg::unsafe_part(text) {
        Ok(None) => None,
        Ok(Some(reason)) => Some(file_unsafe_svg::diagnostic(span.clone(), path, &reason)),
        Err(reason) => Some(file_bad_image::diagnostic(span.clone(), path, &reason)),
    }
}

/// Process every image, media file and download a page of `site` shows or links.
pub(crate) fn process(source: Source<'_>, site: &SiteModel) -> Result<Images, IoError> {
    let used = used(source, site);
    let results: Vec<Result<Result<Processed, Diagnostic>, IoError>> = used
        .par_iter()
        .map(|(path, (span, how))| {
            let (opened, size) = match open(source, path, span)? {
                Ok(opened) => opened,
                Err(too_large) => return Ok(Err(too_large)),
            };
            let bytes = match read_all(source, path, span, opened, size)? {
                Ok(bytes) => bytes,
                Err(too_large) => return Ok(Err(too_large)),
            };
            match how {
                Use::Media => {
                    let published = media(path, bytes);
                    return Ok(published.map_err(|reason| file_bad_media::diagnostic(span.clone(), path, &reason)));
                }
                Use::Download => return Ok(Ok(fingerprinted(path, bytes))),
                Use::Image => {}
            }
            if named_format(path) == Ok(None)
                && let Some(problem) = svg_problem(path, &bytes, span)
            {
                return Ok(Err(problem));
            }
            Ok(one(path, bytes).map_err(|reason| file_bad_image::diagnostic(span.clone(), path, &reason)))
        })
        .collect();
    let mut processed = Vec::new();
    let mut images = Images::default();
    for result in results {
        match result? {
            Ok(done) => processed.push(done),
            Err(d) => images.diagnostics.push(d),
        }
    }
    let taken: BTreeMap<String, String> =
        taken_names(processed.iter().map(|(path, _, files)| (path.as_str(), names_of(files))))
            .into_iter()
            .map(|(path, other)| (path.to_owned(), other))
            .collect();
    for (path, info, files) in processed {
        match (taken.get(&path), used.get(&path)) {
            (Some(other), Some((span, _))) => images.diagnostics.push(name_taken(span, &path, other)),
            _ => {
                images.info.insert(path, info);
                images.files.extend(files);
            }
        }
    }
    Ok(images)
}

type Processed = (String, ImageInfo, Files);

/// Files to publish: each one's name from the site root and its bytes.
type Files = Vec<(String, Vec<u8>)>;

/// The versions an SVG figure published as `original` (`media/…/NAME.svg`) is shown by: for each
/// language, its light and dark file names, and the files to write besides the original (see
/// [`crate::figures`]). Each is checked as the original was: an edit must never make it unsafe.
fn svg_versions(original: &str, text: &str) -> Result<(Vec<[String; 2]>, Files), String> {
    let stem = original.strip_suffix(".svg").unwrap_or(original);
    let versions = crate::figures::versions(text)?;
    for version in versions.iter().flatten() {
        if let Some(reason) = crate::svg::unsafe_part(version)? {
            return Err(format!("a version made of it for a language or the dark theme is not safe: {reason}"));
        }
    }
    let shared = versions.len() == 1;
    let (mut figures, mut files) = (Vec::new(), Vec::new());
    for (lang, [light, dark]) in shoko_vocab::Lang::ALL.into_iter().zip(versions) {
        let names = if shared {
            [original.to_owned(), format!("{stem}.dark.svg")]
        } else {
            [format!("{stem}.{}.svg", lang.code()), format!("{stem}.{}.dark.svg", lang.code())]
        };
        if !shared {
            files.push((names[0].clone(), light.into_bytes()));
        }
        files.push((names[1].clone(), dark.into_bytes()));
        figures.push(names);
    }
    if shared {
        figures.push(figures[0].clone());
    }
    Ok((figures, files))
}

/// For each used file (`path`, in path order) and the names it is published under, the file
/// whose published name it would take, if any: a figure's versions (`a.dark.svg`, `a.en.svg`)
/// may have the name of another file of the site. The first to claim a name keeps it.
fn taken_names<'p>(published: impl Iterator<Item = (&'p str, Vec<String>)>) -> BTreeMap<&'p str, String> {
    let mut made_from: BTreeMap<String, &str> = BTreeMap::new();
    let mut taken = BTreeMap::new();
    for (path, names) in published {
        if let Some(other) = names.iter().find_map(|n| made_from.get(n).filter(|o| **o != path)) {
            taken.insert(path, (*other).to_owned());
            continue;
        }
        for name in names {
            made_from.entry(name).or_insert(path);
        }
    }
    taken
}

/// The diagnostic for a figure whose version would take `other`'s published name.
fn name_taken(span: &Span, path: &str, other: &str) -> Diagnostic {
    let why = format!("a version it needs would be published under the name of {other}'s; rename one of them");
    file_bad_image::diagnostic(span.clone(), path, &why)
}

/// The published names of `files`.
fn names_of(files: &[(String, Vec<u8>)]) -> Vec<String> {
    files.iter().map(|(name, _)| name.clone()).collect()
}

fn one(path: &str, bytes: Vec<u8>) -> Result<Processed, String> {
    let original = format!("{MEDIA_DIR}/{path}");
    let named = named_format(path)?;
    if named.is_none() {
        let text = std::str::from_utf8(&bytes).map_err(|_| String::from("the SVG is not UTF-8"))?;
        let (width, height) = crate::svg::size(text);
        // A version per language (when its elements name one) and colour scheme; a figure that
        // names no language is the original in light and one dark twin.
        let (figures, mut files) = svg_versions(&original, text)?;
        files.push((original.clone(), bytes));
        let info =
            ImageInfo { src: original.clone(), width, height, srcset: Vec::new(), original: original.clone(), figures };
        return Ok((path.to_owned(), info, files));
    }
    let format = image::guess_format(&bytes).map_err(|e| e.to_string())?;
    if let Some(named) = named {
        same_format(path, named, format)?;
    }
    let decoded = image::load_from_memory_with_format(&bytes, format).map_err(|e| e.to_string())?;
    let (width, height) = (decoded.width(), decoded.height());
    let out_format = if format == image::ImageFormat::Gif { image::ImageFormat::Png } else { format };
    let ext = out_format.extensions_str().first().copied().unwrap_or("png");
    let stem = path.rsplit_once('.').map_or(path, |(s, _)| s);
    let mut files = vec![(original.clone(), bytes)];
    let mut srcset = Vec::new();
    for target in WIDTHS.into_iter().filter(|w| *w < width) {
        let h = ((u64::from(height) * u64::from(target)) / u64::from(width)).max(1) as u32;
        let resized = decoded.resize_exact(target, h, image::imageops::FilterType::Lanczos3);
        let mut encoded = Cursor::new(Vec::new());
        resized.write_to(&mut encoded, out_format).map_err(|e| e.to_string())?;
        let name = format!("{MEDIA_DIR}/{stem}-{target}w.{ext}");
        files.push((name.clone(), encoded.into_inner()));
        srcset.push((name, target));
    }
    srcset.push((original.clone(), width));
    // Show the largest resized copy (or the original when it is small); the link keeps the original.
    let (src, src_width) =
        srcset.iter().rev().find(|(_, w)| *w <= WIDTHS[1]).cloned().unwrap_or((original.clone(), width));
    let src_height = ((u64::from(height) * u64::from(src_width)) / u64::from(width.max(1))) as u32;
    let info = ImageInfo { src, width: src_width, height: src_height, srcset, original, figures: Vec::new() };
    Ok((path.to_owned(), info, files))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_raster_images_get_two_smaller_widths() {
        let img = image::RgbImage::from_fn(2000, 1000, |x, _| image::Rgb([(x % 256) as u8, 0, 0]));
        let mut png = Cursor::new(Vec::new());
        image::DynamicImage::ImageRgb8(img).write_to(&mut png, image::ImageFormat::Png).unwrap();
        let (_, info, files) = one("fig/wide.png", png.into_inner()).unwrap();
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["media/fig/wide.png", "media/fig/wide-640w.png", "media/fig/wide-1280w.png"]);
        assert_eq!((info.src.as_str(), info.width, info.height), ("media/fig/wide-1280w.png", 1280, 640));
        assert_eq!(info.srcset.iter().map(|(_, w)| *w).collect::<Vec<_>>(), [640, 1280, 2000]);
        let small = image::load_from_memory(&files[1].1).unwrap();
        assert_eq!((small.width(), small.height()), (640, 320));
    }

    #[test]
    fn media_are_fingerprinted_and_must_be_what_their_names_say() {
        let wav = b"RIFF\x24\x00\x00\x00WAVEfmt \x10\x00\x00\x00".to_vec();
        let (path, info, files) = media("talks/intro.wav", wav.clone()).unwrap();
        assert_eq!(path, "talks/intro.wav");
        assert!(info.src.starts_with("media/talks/intro.") && info.src.ends_with(".wav"), "{}", info.src);
        assert_eq!(info.src.len(), "media/talks/intro.".len() + 10 + ".wav".len());
        assert_eq!(files, [(info.src.clone(), wav.clone())]);
        let mut changed = wav.clone();
        changed.push(0);
        assert_ne!(media("talks/intro.wav", changed).unwrap().1.src, info.src, "new bytes, new name");
        assert!(media("talks/intro.mp3", wav).unwrap_err().contains("WAV"));
    }

    #[test]
    fn corrupt_images_are_reported_not_panicked_on() {
        assert!(one("x.png", b"\x89PNG not really".to_vec()).is_err());
        let mut png = Cursor::new(Vec::new());
        image::DynamicImage::new_rgb8(1, 1).write_to(&mut png, image::ImageFormat::Png).unwrap();
        let png = png.into_inner();
        assert!(one("x.png", png.clone()).is_ok());
        let renamed = one("evil.html", png.clone()).unwrap_err();
        assert!(renamed.contains("not an image's name"), "{renamed}");
        let mislabeled = one("x.jpg", png).unwrap_err();
        assert!(mislabeled.contains("is PNG but its name `x.jpg` says JPG"), "{mislabeled}");
        let span = Span::file_start(shoko_diagnostics::FileId(0));
        assert!(svg_problem("x.svg", b"<html>", &span).is_some());
        assert!(svg_problem("x.svg", b"\xff", &span).is_some());
        assert!(svg_problem("x.svg", b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>", &span).is_none());
    }
}
