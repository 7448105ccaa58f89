//! The preview over real HTTP and server-sent events on 127.0.0.1: edits reload, broken edits
//! show the overlay payload while the last good page is still served, fixes clear it, pages
//! appear and disappear, template changes reach every page, traversal is refused, and a burst
//! of saves costs one or two rebuilds.

// Test helpers panic on setup failures on purpose.
#![allow(clippy::unwrap_used)]

mod common;

use common::BASE;
use shoko_serve::Running;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tokio_stream::StreamExt as _;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// A copy of the valid fixture (and the repository's templates) in a temporary folder.
fn site() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    copy_dir(&repo.join("tests/fixtures/valid/content"), &tmp.path().join("content"));
    copy_dir(&repo.join("templates"), &tmp.path().join("templates"));
    let root = tmp.path().to_path_buf();
    (tmp, root)
}

async fn serve(root: &Path) -> Running {
    common::serve_with(root, shoko_serve::Limits::default()).await
}

fn url(running: &Running, path: &str) -> String {
    format!("http://{}{path}", running.addr)
}

async fn get(running: &Running, path: &str) -> (u16, String, String) {
    let response = reqwest::get(url(running, path)).await.expect("request");
    let status = response.status().as_u16();
    let kind = response.headers().get("content-type").map(|v| v.to_str().unwrap_or("").to_owned()).unwrap_or_default();
    (status, kind, response.text().await.unwrap_or_default())
}

/// An open event stream.
struct Events {
    stream: std::pin::Pin<Box<dyn tokio_stream::Stream<Item = reqwest::Result<bytes::Bytes>> + Send>>,
    buffer: String,
}

impl Events {
    async fn open(running: &Running) -> Events {
        let response = reqwest::get(url(running, &format!("{BASE}__shoko/events"))).await.expect("events");
        assert_eq!(response.headers()["content-type"], "text/event-stream");
        Events { stream: Box::pin(response.bytes_stream()), buffer: String::new() }
    }

    /// The next event named `name` (others are skipped), with its data.
    async fn next(&mut self, name: &str) -> String {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            while let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut event = "";
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(v) = line.strip_prefix("event:") {
                        event = v.trim();
                    } else if let Some(v) = line.strip_prefix("data:") {
                        data.push_str(v.trim_start());
                    }
                }
                if event == name {
                    return data;
                }
            }
            let chunk = tokio::time::timeout_at(deadline, self.stream.next())
                .await
                .unwrap_or_else(|_| panic!("no `{name}` event in time"));
            let chunk = chunk.expect("stream open").expect("chunk");
            self.buffer.push_str(&String::from_utf8_lossy(&chunk));
        }
    }
}

fn edit(root: &Path, rel: &str, from: &str, to: &str) {
    let path = root.join(rel);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{rel} lacks {from:?}");
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serves_the_site_under_its_base_path() {
    let (_tmp, root) = site();
    let running = serve(&root).await;
    let response = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(url(&running, "/"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 307);
    assert_eq!(response.headers()["location"], BASE);
    let (status, kind, body) = get(&running, "/site/en/guide/index.html").await;
    assert_eq!((status, kind.as_str()), (200, "text/html; charset=utf-8"));
    assert!(body.contains("__shoko/live.js"), "live script injected");
    let (status, kind, _) = get(&running, "/site/en/guide/").await;
    assert_eq!((status, kind.as_str()), (200, "text/html; charset=utf-8"));
    let (status, kind, _) = get(&running, &format!("{BASE}__shoko/live.js")).await;
    assert_eq!((status, kind.as_str()), (200, "text/javascript; charset=utf-8"));
    let (status, kind, _) = get(&running, "/site/media/wide.png").await;
    assert_eq!((status, kind.as_str()), (200, "image/png"));
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_404_page_links_from_the_base_path_at_any_depth() {
    let (_tmp, root) = site();
    let running = serve(&root).await;
    let (status, _, body) = get(&running, &format!("{BASE}en/no/such/page/")).await;
    assert_eq!(status, 404);
    let page = scraper::Html::parse_document(&body);
    let links = scraper::Selector::parse("a[href], link[rel=stylesheet]").unwrap();
    let hrefs: Vec<&str> = page.select(&links).filter_map(|e| e.value().attr("href")).collect();
    assert!(hrefs.len() >= 3, "the stylesheet and both languages: {hrefs:?}");
    for href in hrefs {
        assert!(href.starts_with(BASE), "{href} does not start at {BASE}");
        assert_eq!(get(&running, href).await.0, 200, "{href}");
    }
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn traversal_attempts_are_404() {
    let (_tmp, root) = site();
    std::fs::write(root.join("secret.txt"), "do not serve").unwrap();
    let running = serve(&root).await;
    let client = reqwest::Client::new();
    for path in [
        "/site/../secret.txt",
        "/site/%2e%2e/secret.txt",
        "/site/%2E%2E/%2E%2E/etc/passwd",
        "/site/ja/..%2f..%2fsecret.txt",
        "/site/..%5csecret.txt",
        "/site//etc/passwd",
        "/site/%00",
        "/secret.txt",
        "/etc/passwd",
    ] {
        let response = client.get(url(&running, path)).send().await.unwrap();
        let status = response.status().as_u16();
        let body = response.text().await.unwrap_or_default();
        assert!(status == 404 || status == 400, "{path} → {status}");
        assert!(!body.contains("do not serve"), "{path} leaked the file");
    }
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn edits_reload_broken_edits_overlay_fixes_clear() {
    let (_tmp, root) = site();
    let running = serve(&root).await;
    let mut events = Events::open(&running).await;

    edit(&root, "content/guide/index.md", "Three kernels.", "Four kernels, edited.");
    let urls = events.next("reload").await;
    // The sentence is in the English block only: only the English page changes and reloads.
    assert!(urls.contains("/site/en/guide/index.html"), "{urls}");
    assert!(
        !urls.contains("/site/ja/guide/") && !urls.contains("/site/en/evidence/"),
        "untouched pages do not reload: {urls}"
    );
    assert!(get(&running, "/site/en/guide/index.html").await.2.contains("Four kernels, edited."));

    edit(
        &root,
        "content/guide/index.md",
        "title: { ja: \"案内\", en: \"Guide\" }",
        "title: { ja: \"案内\", en: [broken",
    );
    let payload = events.next("errors").await;
    let report: serde_json::Value = serde_json::from_str(&payload).unwrap();
    let diagnostics = report["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "only the real error, no cascade: {payload}");
    let first = &diagnostics[0];
    assert_eq!(first["file"], "content/guide/index.md", "{payload}");
    assert!(first["line"].as_u64().unwrap() >= 2, "{payload}");
    assert!(first["source_line"].as_str().is_some(), "{payload}");
    // What the overlay needs to open the file in the author's editor.
    assert_eq!(report["editor"]["pattern"], "vscode://file/{path}:{line}:{column}", "{payload}");
    let root_seen = report["editor"]["root"].as_str().unwrap_or("");
    assert!(root.join("content/guide/index.md").canonicalize().unwrap().starts_with(root_seen), "{payload}");
    let (status, _, body) = get(&running, "/site/en/guide/index.html").await;
    assert_eq!(status, 200);
    assert!(body.contains("Four kernels, edited."), "the last good page is still served");

    // A page opened now gets the current errors at once.
    let mut late = Events::open(&running).await;
    assert!(late.next("errors").await.contains("content/guide/index.md"));

    edit(&root, "content/guide/index.md", "en: [broken", "en: \"Guide fixed\" }");
    events.next("ok").await;
    let urls = events.next("reload").await;
    assert!(urls.contains("/site/en/guide/"), "{urls}");
    assert!(get(&running, "/site/en/guide/index.html").await.2.contains("Guide fixed"));
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_appear_disappear_and_templates_reach_every_page() {
    let (_tmp, root) = site();
    let running = serve(&root).await;
    let mut events = Events::open(&running).await;

    std::fs::write(
        root.join("content/new.md"),
        "---\ntitle: { ja: \"新しい\", en: \"New\" }\n---\n\n:::ja\n新しいページ\n:::\n\n:::en\nA new page\n:::\n",
    )
    .unwrap();
    events.next("reload").await;
    assert_eq!(get(&running, "/site/en/new/index.html").await.0, 200);

    std::fs::remove_file(root.join("content/new.md")).unwrap();
    events.next("reload").await;
    assert_eq!(get(&running, "/site/en/new/index.html").await.0, 404);

    edit(&root, "templates/base.html", "<main id=\"main\">", "<main id=\"main\" data-edited=\"yes\">");
    let urls = events.next("reload").await;
    for page in ["/site/ja/index.html", "/site/en/guide/index.html", "/site/en/claims/index.html"] {
        assert!(urls.contains(page), "{page} not reloaded: {urls}");
        assert!(get(&running, page).await.2.contains("data-edited=\"yes\""), "{page} not updated");
    }
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_folder_that_disappears_and_comes_back() {
    let (tmp, root) = site();
    let running = serve(&root).await;
    let mut events = Events::open(&running).await;
    let aside = tmp.path().join("guide-aside");
    std::fs::rename(root.join("content/guide"), &aside).unwrap();
    // The home page links the guide: the build now fails and keeps the last good pages.
    let payload = events.next("errors").await;
    assert!(payload.contains("guide/index.md"), "{payload}");
    assert_eq!(get(&running, "/site/en/guide/index.html").await.0, 200);
    std::fs::rename(&aside, root.join("content/guide")).unwrap();
    events.next("ok").await;
    edit(&root, "content/guide/index.md", "Three kernels.", "Back again.");
    events.next("reload").await;
    assert!(get(&running, "/site/en/guide/index.html").await.2.contains("Back again."));
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_saves_in_one_second_cost_one_or_two_rebuilds() {
    let (_tmp, root) = site();
    let running = serve(&root).await;
    let mut events = Events::open(&running).await;
    let before = running.rebuilds();
    let path = root.join("content/guide/index.md");
    let original = std::fs::read_to_string(&path).unwrap();
    let started = std::time::Instant::now();
    for i in 0..50 {
        std::fs::write(&path, original.replacen("Three kernels.", &format!("Save number {i}."), 1)).unwrap();
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let burst = started.elapsed();
    events.next("reload").await;
    // Let anything still queued finish, then count.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let rebuilds = running.rebuilds() - before;
    // One rebuild, or two when the burst spans one; a rebuild waits for the saves to stop at
    // most a second, so on a loaded machine, where the 50 saves take longer than their 1 s, each
    // further second may cost one more.
    let allowed = 2 + burst.as_secs();
    assert!((1..=allowed).contains(&rebuilds), "{rebuilds} rebuilds for one burst of {burst:?}");
    assert!(get(&running, "/site/en/guide/index.html").await.2.contains("Save number 49."), "final state served");
    running.stop().await;
}
