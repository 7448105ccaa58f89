//! `serve`: the live preview, on a tokio runtime of its own.

use super::{OK, USAGE_OR_IO, history, today};
use shoko_serve::ServeOptions;
use std::net::IpAddr;
use std::path::Path;

/// Run `serve` until Ctrl-C.
pub fn run(root: &Path, port: u16, bind: IpAddr, base_path: Option<String>, editor: String) -> u8 {
    let base_path = match base_path {
        Some(p) => {
            let p = if p.starts_with('/') { p } else { format!("/{p}") };
            match shoko_model::config::base_path(&p) {
                Some(p) => Some(p),
                None => {
                    super::print_error(format!(
                        "--base-path {p}: a path such as /ROCm-pages/ (letters, digits, `-`, `_`, `.` and `~` between slashes)"
                    ));
                    return USAGE_OR_IO;
                }
            }
        }
        None => None,
    };
    let options = ServeOptions {
        root: root.to_path_buf(),
        bind,
        port,
        base_path,
        today: today(),
        history: history(),
        print: true,
        editor: Some(editor).filter(|e| !e.is_empty()),
        limits: shoko_serve::Limits::default(),
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("error: cannot start the server runtime: {e}");
            return USAGE_OR_IO;
        }
    };
    match runtime.block_on(shoko_serve::run(options)) {
        Ok(()) => OK,
        Err(e) => {
            super::print_error(e);
            USAGE_OR_IO
        }
    }
}
