//! `serve` and `build --drafts` are the same build: the preview's pages are `build`'s pages byte
//! for byte (with the live-reload script added), drafts (marked) and `base_url` from
//! `shoko.yaml` included, and a file
//! edited past `max_file_kib` under `serve` is refused as `build` refuses it.

#![allow(clippy::unwrap_used)]

mod common;

use common::{BASE, serve_with};
use shoko_engine::{BuildOptions, MemoryOutput};
use shoko_serve::Limits;
use std::io::{Read, Write};
use std::time::{Duration, Instant};

const HOME: &str = "---\ntitle: { ja: \"ホーム\", en: \"Home\" }\n---\n\n:::ja\nホーム。\n:::\n\n:::en\nHome.\n:::\n";

fn site(config: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(tmp.path().join("content")).unwrap();
    std::fs::write(tmp.path().join("content/index.md"), HOME).unwrap();
    std::fs::write(tmp.path().join("shoko.yaml"), config).unwrap();
    tmp
}

/// The body of `GET path` over a raw HTTP/1.1 connection.
fn body(addr: std::net::SocketAddr, path: &str) -> String {
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response.split_once("\r\n\r\n").map(|(_, b)| b.to_owned()).unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn served_pages_are_the_built_pages_drafts_and_base_url_included() {
    let tmp = site("base_url: https://example.org/notes/\n");
    let draft = HOME.replace(
        "title: { ja: \"ホーム\", en: \"Home\" }\n",
        "title: { ja: \"下書き\", en: \"Draft\" }\ndraft: true\n",
    );
    std::fs::write(tmp.path().join("content/draft.md"), draft).unwrap();
    let options = BuildOptions { drafts: true, ..BuildOptions::on(jiff::civil::date(2026, 11, 21)) };
    let mut built = MemoryOutput::default();
    let report = shoko_engine::build(tmp.path(), &mut built, &options).unwrap();
    assert!(report.written.is_some(), "{:?}", report.checked.diagnostics);
    let running = serve_with(tmp.path(), Limits::default()).await;
    let addr = running.addr;
    for path in ["en/index.html", "ja/draft/index.html"] {
        let served = tokio::task::spawn_blocking(move || body(addr, &format!("{BASE}{path}"))).await.unwrap();
        let page = String::from_utf8(built.files()[path].to_vec()).unwrap();
        assert!(page.contains("https://example.org/notes/"), "{path}: the canonical link uses base_url");
        assert_eq!(page.contains("class=\"draft-mark\""), path.contains("draft"), "{path}: marked as what it is");
        let live = served.find("<script src=\"/site/__shoko/live.js\"").expect("the live-reload script");
        let end = served[live..].find("</script>\n").map(|i| live + i + "</script>\n".len()).unwrap();
        assert_eq!(format!("{}{}", &served[..live], &served[end..]), page, "{path}");
    }
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_edited_past_the_size_limit_is_refused_under_serve() {
    let tmp = site("max_file_kib: 1\n");
    let running = serve_with(tmp.path(), Limits::default()).await;
    let addr = running.addr;
    let root = tmp.path().to_path_buf();
    let event = tokio::task::spawn_blocking(move || {
        let mut stream = std::net::TcpStream::connect(addr).unwrap();
        stream.set_read_timeout(Some(Duration::from_millis(500))).unwrap();
        write!(stream, "GET {BASE}__shoko/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").unwrap();
        std::thread::sleep(Duration::from_millis(200));
        let large = format!("{HOME}\n{}\n", "x".repeat(4096));
        std::fs::write(root.join("content/index.md"), large).unwrap();
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut seen = String::new();
        while Instant::now() < deadline && !seen.contains("event: errors") {
            let mut chunk = [0u8; 4096];
            let n = stream.read(&mut chunk).unwrap_or(0);
            seen.push_str(&String::from_utf8_lossy(&chunk[..n]));
        }
        seen
    })
    .await
    .unwrap();
    assert!(event.contains("event: errors") && event.contains("file/too-large"), "{event}");
    assert!(body(addr, &format!("{BASE}en/index.html")).contains("Home."), "the last good page stays");
    running.stop().await;
}
