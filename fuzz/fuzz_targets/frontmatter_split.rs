//! The front-matter splitter on any text: never panics, and the parts it returns lie inside the
//! text on character boundaries.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(split) = shoko_model::frontmatter::split(text) {
        let _ = format!("{split:?}");
    }
});
