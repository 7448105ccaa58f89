//! The link resolver: a link written on a page (any text) resolved against the page's path, and
//! the relative href between two output folders. Never panics; a resolved path never climbs out
//! of `content/` and has no empty, `.` or `..` segments (it is empty only for the top folder).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (&str, &str)| {
    let (from, link) = input;
    if let Some(resolved) = shoko_model::validate::resolve_relative(from, link) {
        assert!(
            resolved.is_empty() || !resolved.split('/').any(|s| s.is_empty() || s == "." || s == ".."),
            "{from:?} + {link:?} -> {resolved:?}"
        );
    }
    let _ = shoko_render::relative_href(from, link);
});
