//! Images that pages show: raster images are decoded once and resized into at most two smaller
//! widths (640 and 1280 pixels), SVGs are copied with their intrinsic size. Everything is written
//! under `media/` with the same relative path as under `content/`. Runs in parallel.

use crate::IoError;
use rayon::prelude::*;
use shoko_diagnostics::Diagnostic;
use shoko_model::SiteModel;
use shoko_model::rules::file_bad_image;
use shoko_render::view::ImageInfo;
use std::collections::BTreeMap;
use std::io::Cursor;
use std::path::Path;

/// The widths images are offered in, when the original is wider.
const WIDTHS: [u32; 2] = [640, 1280];

/// Processed images by content path, their output files, and images that could not be decoded.
#[derive(Debug, Default)]
pub struct Images {
    /// Content path → what pages show.
    pub info: BTreeMap<String, ImageInfo>,
    /// Output path → bytes.
    pub files: BTreeMap<String, Vec<u8>>,
    /// Undecodable images.
    pub diagnostics: Vec<Diagnostic>,
}

/// Every image a page of `site` shows (that exists), with the first place that shows it.
fn used(root: &Path, site: &SiteModel) -> BTreeMap<String, shoko_diagnostics::Span> {
    let mut used = BTreeMap::new();
    for page in site.docs.iter().filter_map(|d| d.page()) {
        for (path, span) in &page.images {
            if root.join("content").join(path).is_file() {
                used.entry(path.clone()).or_insert_with(|| span.clone());
            }
        }
    }
    used
}

/// The content paths of every image a page of `site` shows (that exists).
pub(crate) fn used_paths(root: &Path, site: &SiteModel) -> std::collections::BTreeSet<String> {
    used(root, site).into_keys().collect()
}

/// Check that every image a page shows is a readable image, reading only its header.
pub fn probe(root: &Path, site: &SiteModel) -> Result<Vec<Diagnostic>, IoError> {
    let used = used(root, site);
    let results: Vec<Result<Option<Diagnostic>, IoError>> = used
        .par_iter()
        .map(|(path, span)| {
            let file = root.join("content").join(path);
            let bytes = std::fs::read(&file).map_err(|e| IoError::new("read", &file, e))?;
            Ok(header(path, &bytes).err().map(|reason| file_bad_image::diagnostic(span.clone(), path, &reason)))
        })
        .collect();
    results.into_iter().filter_map(Result::transpose).collect()
}

/// Whether `bytes` start like the image `path` claims to be.
fn header(path: &str, bytes: &[u8]) -> Result<(), String> {
    if path.to_ascii_lowercase().ends_with(".svg") {
        let text = std::str::from_utf8(bytes).map_err(|_| String::from("the SVG is not UTF-8"))?;
        return if text.contains("<svg") { Ok(()) } else { Err(String::from("no <svg> element")) };
    }
    image::ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| e.to_string())?
        .into_dimensions()
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Process every image a page of `site` shows.
pub fn process(root: &Path, site: &SiteModel) -> Result<Images, IoError> {
    let used = used(root, site);
    let results: Vec<Result<Result<Processed, Diagnostic>, IoError>> = used
        .par_iter()
        .map(|(path, span)| {
            let file = root.join("content").join(path);
            let bytes = std::fs::read(&file).map_err(|e| IoError::new("read", &file, e))?;
            Ok(one(path, bytes).map_err(|reason| file_bad_image::diagnostic(span.clone(), path, &reason)))
        })
        .collect();
    let mut images = Images::default();
    for result in results {
        match result? {
            Ok((path, info, files)) => {
                images.info.insert(path, info);
                images.files.extend(files);
            }
            Err(d) => images.diagnostics.push(d),
        }
    }
    Ok(images)
}

type Processed = (String, ImageInfo, Vec<(String, Vec<u8>)>);

fn one(path: &str, bytes: Vec<u8>) -> Result<Processed, String> {
    let original = format!("media/{path}");
    if path.to_ascii_lowercase().ends_with(".svg") {
        let text = std::str::from_utf8(&bytes).map_err(|_| String::from("the SVG is not UTF-8"))?;
        if !text.contains("<svg") {
            return Err(String::from("no <svg> element"));
        }
        let (width, height) = svg_size(text);
        let info = ImageInfo { src: original.clone(), width, height, srcset: Vec::new(), original: original.clone() };
        return Ok((path.to_owned(), info, vec![(original, bytes)]));
    }
    let format = image::guess_format(&bytes).map_err(|e| e.to_string())?;
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
        let name = format!("media/{stem}-{target}w.{ext}");
        files.push((name.clone(), encoded.into_inner()));
        srcset.push((name, target));
    }
    srcset.push((original.clone(), width));
    // Show the largest resized copy (or the original when it is small); the link keeps the original.
    let (src, src_width) =
        srcset.iter().rev().find(|(_, w)| *w <= WIDTHS[1]).cloned().unwrap_or((original.clone(), width));
    let src_height = ((u64::from(height) * u64::from(src_width)) / u64::from(width.max(1))) as u32;
    let info = ImageInfo { src, width: src_width, height: src_height, srcset, original };
    Ok((path.to_owned(), info, files))
}

/// `width` and `height` of the root `<svg>` element in pixels, else the `viewBox` size, else 0.
fn svg_size(text: &str) -> (u32, u32) {
    let tag = text.find("<svg").map_or("", |i| &text[i..text[i..].find('>').map_or(text.len(), |j| i + j)]);
    let attr = |name: &str| {
        let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        let value = &tag[start..start + tag[start..].find('"')?];
        Some(value)
    };
    let number = |v: &str| v.trim_end_matches("px").parse::<f64>().ok().filter(|n| *n > 0.0).map(|n| n.round() as u32);
    if let (Some(w), Some(h)) = (attr("width").and_then(number), attr("height").and_then(number)) {
        return (w, h);
    }
    let view: Vec<u32> = attr("viewBox").map_or_else(Vec::new, |v| v.split([' ', ',']).filter_map(number).collect());
    match view.as_slice() {
        [.., w, h] => (*w, *h),
        _ => (0, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_size_from_attributes_or_viewbox() {
        assert_eq!(svg_size(r#"<svg xmlns="x" width="120" height="60">"#), (120, 60));
        assert_eq!(svg_size(r#"<svg viewBox="0 0 800 400">"#), (800, 400));
        assert_eq!(svg_size(r#"<svg width="100%">"#), (0, 0));
    }

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
    fn corrupt_images_are_reported_not_panicked_on() {
        assert!(one("x.png", b"\x89PNG not really".to_vec()).is_err());
        assert!(one("x.svg", b"<html>".to_vec()).is_err());
        assert!(header("x.png", b"not a png").is_err());
        assert!(header("x.svg", b"<svg/>").is_ok());
    }
}
