//! `cargo xtask latency`: how long a one-page edit takes to reach the browser in `serve`.
//! Two figures over N edits of one page's prose: the incremental rebuild alone (an engine in
//! this process, change known), and save → reload message from a real server over loopback
//! (watcher, quiet period, rebuild, server-sent event). The edits are `--pause-ms` apart (300
//! by default), as a person saves: edits back to back find the machine's caches warm, and took
//! a third of the time (at 10k pages, p50 6.5 ms against 16.9 ms 300 ms apart).

use shoko_engine::{BuildOptions, Change, Engine, MemoryOutput, Rebuilt};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Percentiles of `samples` (sorted in place): (p50, p95, max).
fn percentiles(samples: &mut [Duration]) -> (Duration, Duration, Duration) {
    samples.sort();
    let at = |q: f64| samples[((samples.len() as f64 - 1.0) * q).round() as usize];
    (at(0.5), at(0.95), at(1.0))
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

/// Change the page's prose: the marker word `shokobench` and a counter at the end of the first
/// paragraph line of the page's English text, replaced on later edits.
fn touch(path: &Path, i: usize) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let text = match text.find(" shokobench") {
        Some(at) => {
            let end = text[at + 1..].find(char::is_whitespace).map_or(text.len(), |e| at + 1 + e);
            format!("{} shokobench{i}{}", &text[..at], &text[end..])
        }
        None => {
            let block = text.find("\n:::en\n").ok_or("the page has no `:::en` block")?;
            let mut offset = block + 1;
            let line_end = text[block + 1..]
                .split_inclusive('\n')
                .find_map(|line| {
                    let start = offset;
                    offset += line.len();
                    line.starts_with(|c: char| c.is_ascii_alphabetic()).then(|| start + line.trim_end().len())
                })
                .ok_or("no paragraph line after `:::en`")?;
            format!("{} shokobench{i}{}", &text[..line_end], &text[line_end..])
        }
    };
    std::fs::write(path, text).map_err(|e| e.to_string())
}

fn today() -> jiff::civil::Date {
    jiff::civil::date(2026, 11, 21)
}

/// The rebuild alone.
fn session_latency(root: &Path, page: &Path, edits: usize, pause: Duration) -> Result<Vec<Duration>, String> {
    let mut session = Engine::new(root, BuildOptions::on(today()));
    let mut output = MemoryOutput::default();
    let first = session.rebuild(&Change::Everything, &mut output).map_err(|e| e.to_string())?;
    if first == Rebuilt::Failed {
        return Err(format!("{} does not build: run `shoko check`", root.display()));
    }
    let mut samples = Vec::new();
    for i in 0..edits {
        std::thread::sleep(pause);
        touch(page, i)?;
        let started = Instant::now();
        let result =
            session.rebuild(&Change::Paths(vec![page.to_path_buf()]), &mut output).map_err(|e| e.to_string())?;
        samples.push(started.elapsed());
        if !matches!(result, Rebuilt::Rendered { full: false, .. }) {
            let messages: Vec<&str> = session.diagnostics().iter().map(|d| d.message.as_str()).collect();
            return Err(format!("edit {i} was not incremental: {result:?} {messages:?}"));
        }
    }
    let stages: Vec<String> =
        session.timings().stages.iter().map(|(name, took)| format!("{name} {}", ms(*took))).collect();
    println!("stages of the last incremental rebuild: {}", stages.join(", "));
    Ok(samples)
}

/// Save → reload message, through a real server.
async fn serve_latency(root: &Path, page: &Path, edits: usize, pause: Duration) -> Result<Vec<Duration>, String> {
    use tokio_stream::StreamExt as _;
    let options = shoko_serve::ServeOptions {
        root: root.to_path_buf(),
        bind: std::net::IpAddr::from([127, 0, 0, 1]),
        port: 0,
        base_path: None,
        today: today(),
        history: false,
        print: false,
        editor: None,
        limits: shoko_serve::Limits::default(),
    };
    let running = shoko_serve::start(options).await.map_err(|e| e.to_string())?;
    let url = format!("http://{}{}__shoko/events", running.addr, running.base_path());
    let response = reqwest::get(&url).await.map_err(|e| e.to_string())?;
    let mut stream = response.bytes_stream();
    let mut samples = Vec::new();
    // Let the watcher settle after the first build.
    tokio::time::sleep(Duration::from_millis(500)).await;
    for i in 0..edits {
        touch(page, 1000 + i)?;
        let started = Instant::now();
        let mut seen = String::new();
        loop {
            let chunk = tokio::time::timeout(Duration::from_secs(30), stream.next())
                .await
                .map_err(|_| format!("no reload message 30 s after edit {i}"))?
                .ok_or("the event stream ended")?
                .map_err(|e| e.to_string())?;
            seen.push_str(&String::from_utf8_lossy(&chunk));
            if seen.contains("event: reload") {
                break;
            }
        }
        samples.push(started.elapsed());
        // Edits further apart than the quiet period, as a person saves.
        tokio::time::sleep(pause).await;
    }
    running.stop().await;
    Ok(samples)
}

/// Run both measurements and print them.
pub fn run(root: &Path, page: &Path, edits: usize, pause_ms: u64) -> Result<(), String> {
    let page: PathBuf = root.join(page);
    if !page.is_file() {
        return Err(format!("{} is not a file", page.display()));
    }
    let original = std::fs::read(&page).map_err(|e| e.to_string())?;
    let result = (|| {
        let pause = Duration::from_millis(pause_ms);
        let mut rebuild = session_latency(root, &page, edits, pause)?;
        let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
        let mut served = runtime.block_on(serve_latency(root, &page, edits, pause))?;
        let (p50, p95, max) = percentiles(&mut rebuild);
        println!("incremental rebuild, one-page edit ({edits} edits): p50 {} p95 {} max {}", ms(p50), ms(p95), ms(max));
        let (p50, p95, max) = percentiles(&mut served);
        println!(
            "save -> reload message over loopback ({edits} edits): p50 {} p95 {} max {}",
            ms(p50),
            ms(p95),
            ms(max)
        );
        Ok(())
    })();
    std::fs::write(&page, original).map_err(|e| e.to_string())?;
    result
}
