//! The preview against hostile clients and unlucky edits, over real HTTP on 127.0.0.1: idle and
//! slow connections are closed and cannot lock others out, foreign `Host` names are refused
//! (DNS rebinding), every response carries `nosniff` and a Content-Security-Policy, a content
//! folder that is deleted or moved shows an overlay and comes back, and a file that once
//! overflowed the stack leaves the server serving.

// Test helpers panic on setup failures on purpose.
#![allow(clippy::unwrap_used)]

mod common;

use shoko_serve::{Limits, Running};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const HOME: &str = "---\ntitle: { ja: \"ホーム\", en: \"Home\" }\n---\n\n:::ja\nホーム。\n:::\n\n:::en\nHome.\n:::\n";

fn site() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(tmp.path().join("content")).unwrap();
    std::fs::write(tmp.path().join("content/index.md"), HOME).unwrap();
    let root = tmp.path().to_path_buf();
    (tmp, root)
}

async fn serve(root: &Path, limits: Limits) -> Running {
    common::serve_with(root, limits).await
}

/// One raw HTTP/1.1 GET with `host`, on a new connection: the whole response as text.
fn raw_get(addr: std::net::SocketAddr, path: &str, host: &str) -> String {
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let host = if host.is_empty() { String::new() } else { format!("Host: {host}\r\n") };
    write!(stream, "GET {path} HTTP/1.1\r\n{host}Connection: close\r\n\r\n").unwrap();
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    String::from_utf8_lossy(&response).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_are_closed_and_cannot_lock_others_out() {
    let (_tmp, root) = site();
    let limits = Limits {
        header_timeout: Duration::from_millis(300),
        write_timeout: Duration::from_millis(300),
        max_connections: 4,
        max_streams: 4,
    };
    let running = serve(&root, limits).await;
    let addr = running.addr;
    let check = tokio::task::spawn_blocking(move || {
        // Twice as many silent sockets as the server serves at once, and one that sends half a
        // header and stops (slowloris).
        let mut idle: Vec<std::net::TcpStream> = (0..8).map(|_| std::net::TcpStream::connect(addr).unwrap()).collect();
        let mut slow = std::net::TcpStream::connect(addr).unwrap();
        slow.write_all(b"GET /site/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ").unwrap();
        let started = Instant::now();
        let mut stream = std::net::TcpStream::connect(addr).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        write!(stream, "GET /site/en/index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").unwrap();
        let mut response = String::new();
        let _ = stream.read_to_string(&mut response);
        let waited = started.elapsed();
        // The silent ones were closed by the server: reading gives end of stream, not a timeout.
        let closed = idle.iter_mut().chain([&mut slow]).all(|s| {
            s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
            let mut buf = [0u8; 64];
            matches!(s.read(&mut buf), Ok(0)) || matches!(s.read(&mut buf), Ok(0))
        });
        (response, waited, closed)
    });
    let (response, waited, closed) = check.await.unwrap();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(waited < Duration::from_secs(5), "served after {waited:?}");
    assert!(closed, "idle connections stay open");
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_that_never_read_their_answers_are_cut_off() {
    let (_tmp, root) = site();
    let limits = Limits {
        header_timeout: Duration::from_secs(10),
        write_timeout: Duration::from_millis(300),
        max_connections: 4,
        max_streams: 4,
    };
    let running = serve(&root, limits).await;
    let addr = running.addr;
    let waited = tokio::task::spawn_blocking(move || {
        // Six clients pipeline thousands of requests for the schema and read nothing: their
        // answers fill the socket buffers and the writes wait.
        let greedy: Vec<std::net::TcpStream> = (0..6)
            .map(|_| {
                let mut s = std::net::TcpStream::connect(addr).unwrap();
                let request = "GET /site/schema/evidence.schema.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".repeat(2000);
                let _ = s.set_write_timeout(Some(Duration::from_secs(2)));
                let _ = s.write_all(request.as_bytes());
                s
            })
            .collect();
        let started = Instant::now();
        let page = raw_get(addr, "/site/en/index.html", "127.0.0.1");
        drop(greedy);
        (page, started.elapsed())
    })
    .await
    .unwrap();
    assert!(waited.0.starts_with("HTTP/1.1 200"), "{}", &waited.0[..waited.0.len().min(200)]);
    assert!(waited.1 < Duration::from_secs(8), "served after {:?}", waited.1);
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn event_streams_opened_and_never_read_cannot_lock_out_page_requests() {
    let (_tmp, root) = site();
    let limits = Limits {
        header_timeout: Duration::from_secs(10),
        write_timeout: Duration::from_millis(300),
        max_connections: 4,
        max_streams: 3,
    };
    let running = serve(&root, limits).await;
    let addr = running.addr;
    let (page, waited, refused) = tokio::task::spawn_blocking(move || {
        // Far more streams than the server has places for connections, opened and never read.
        let streams: Vec<std::net::TcpStream> = (0..12)
            .map(|_| {
                let mut s = std::net::TcpStream::connect(addr).unwrap();
                write!(s, "GET /site/__shoko/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").unwrap();
                s
            })
            .collect();
        std::thread::sleep(Duration::from_millis(300));
        let started = Instant::now();
        let page = raw_get(addr, "/site/en/index.html", "127.0.0.1");
        let waited = started.elapsed();
        // Past their own cap, streams are refused at once.
        let refused = raw_get(addr, "/site/__shoko/events", "127.0.0.1");
        drop(streams);
        (page, waited, refused)
    })
    .await
    .unwrap();
    assert!(page.starts_with("HTTP/1.1 200") && page.contains("Home."), "{}", &page[..page.len().min(200)]);
    assert!(waited < Duration::from_secs(5), "served after {waited:?}");
    assert!(refused.starts_with("HTTP/1.1 503"), "{refused}");
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn foreign_host_names_are_refused_and_every_response_is_hardened() {
    let (_tmp, root) = site();
    let running = serve(&root, Limits::default()).await;
    let (addr, port) = (running.addr, running.addr.port());
    let (rebound, local, missing, hostless) = tokio::task::spawn_blocking(move || {
        (
            raw_get(addr, "/site/en/index.html", &format!("attacker.example:{port}")),
            raw_get(addr, "/site/en/index.html", &format!("localhost:{port}")),
            raw_get(addr, "/site/nothing-here", &format!("127.0.0.1:{port}")),
            raw_get(addr, "/site/en/index.html", ""),
        )
    })
    .await
    .unwrap();
    assert!(rebound.starts_with("HTTP/1.1 403"), "{rebound}");
    assert!(hostless.starts_with("HTTP/1.1 400") && !hostless.contains("Home."), "{hostless}");
    assert!(!rebound.contains("Home."), "{rebound}");
    for response in [&rebound, &local, &missing] {
        let lower = response.to_ascii_lowercase();
        assert!(lower.contains("x-content-type-options: nosniff"), "{response}");
        assert!(lower.contains("content-security-policy: default-src 'self'; script-src 'self';"), "{response}");
    }
    assert!(local.starts_with("HTTP/1.1 200") && local.contains("Home."), "{local}");
    assert!(missing.starts_with("HTTP/1.1 404"), "{missing}");
    running.stop().await;
}

/// The next server-sent event named `name`, read from a raw event-stream connection.
fn next_event(stream: &mut std::net::TcpStream, buffer: &mut String, name: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        while let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            if block.lines().any(|l| l.trim() == format!("event: {name}") || l.trim() == format!("event:{name}")) {
                return block;
            }
        }
        assert!(Instant::now() < deadline, "no `{name}` event in time");
        let mut chunk = [0u8; 4096];
        let n = stream.read(&mut chunk).unwrap_or(0);
        buffer.push_str(&String::from_utf8_lossy(&chunk[..n]));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_content_folder_shows_an_overlay_and_a_stack_buster_leaves_the_server_up() {
    let (tmp, root) = site();
    let running = serve(&root, Limits::default()).await;
    let addr = running.addr;
    let aside = tmp.path().join("content-aside");
    let deep = format!(
        "---\ntitle: {{ ja: \"深\", en: \"Deep\" }}\n---\n\n{}x\n{}",
        "::::callout inferred\n".repeat(2000),
        "::::\n".repeat(2000)
    );
    let root2 = root.clone();
    let result = tokio::task::spawn_blocking(move || {
        let mut stream = std::net::TcpStream::connect(addr).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(1))).unwrap();
        write!(stream, "GET /site/__shoko/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").unwrap();
        let mut buffer = String::new();
        std::thread::sleep(Duration::from_millis(200));
        std::fs::rename(root2.join("content"), &aside).unwrap();
        let gone = next_event(&mut stream, &mut buffer, "errors");
        std::fs::rename(&aside, root2.join("content")).unwrap();
        next_event(&mut stream, &mut buffer, "ok");
        std::fs::write(root2.join("content/deep.md"), deep).unwrap();
        let deep = next_event(&mut stream, &mut buffer, "errors");
        (gone, deep)
    })
    .await
    .unwrap();
    assert!(result.0.contains("content") && result.0.contains("no such folder"), "{}", result.0);
    assert!(result.1.contains("md/too-deep"), "{}", result.1);
    let page = tokio::task::spawn_blocking(move || raw_get(addr, "/site/en/index.html", "127.0.0.1")).await.unwrap();
    assert!(page.starts_with("HTTP/1.1 200") && page.contains("Home."), "the last good pages are still served");
    running.stop().await;
}
