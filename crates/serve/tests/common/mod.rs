//! What the serve tests share: a server started on a free port of 127.0.0.1 under [`BASE`].

#![allow(dead_code, clippy::unwrap_used)]

use shoko_serve::{Limits, Running, ServeOptions, start};
use std::path::Path;

/// The sub-path the test sites are served under.
pub const BASE: &str = "/site/";

/// Serve the site at `root` with `limits`, dated 2026-11-21, printing nothing, not reading git
/// history.
pub async fn serve_with(root: &Path, limits: Limits) -> Running {
    serve_reading(root, limits, false).await
}

/// [`serve_with`], reading the git history of the repository around `root` when `history`.
pub async fn serve_reading(root: &Path, limits: Limits, history: bool) -> Running {
    let options = ServeOptions {
        root: root.to_path_buf(),
        bind: "127.0.0.1".parse().unwrap(),
        port: 0,
        base_path: Some(BASE.to_owned()),
        today: jiff::civil::date(2026, 11, 21),
        history,
        print: false,
        editor: Some("vscode://file/{path}:{line}:{column}".to_owned()),
        limits,
    };
    start(options).await.expect("server starts")
}
