//! `serve`: a live preview. The site is built into memory and served on 127.0.0.1 under the
//! sub-path it will be deployed at; a watcher rebuilds it on every save (debounced); open pages
//! whose output changed reload themselves over server-sent events, keeping their scroll
//! position; a broken edit keeps the last good pages and shows the diagnostics as an overlay in
//! every open page until the file is fixed.

mod live;
mod routes;
mod server;
mod state;
mod watch;

pub use server::{Limits, exposure_warning};
pub use state::{Outcome, ServeOptions};

use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;

/// A running server.
pub struct Running {
    /// Where it listens.
    pub addr: SocketAddr,
    state: Arc<state::State>,
    shutdown: tokio::sync::watch::Sender<bool>,
    server: tokio::task::JoinHandle<()>,
    _watcher: watch::Watcher,
}

impl Running {
    /// How many rebuilds ran since start (the first build included).
    pub fn rebuilds(&self) -> u64 {
        self.state.rebuilds()
    }

    /// The sub-path the site is served under.
    pub fn base_path(&self) -> String {
        self.state.base_path()
    }

    /// Stop serving and wait for open connections to close.
    pub async fn stop(mut self) {
        self.state.stop_streams();
        self.shutdown.send_replace(true);
        let _ = (&mut self.server).await;
    }
}

/// Why the server could not start.
#[derive(Debug)]
pub struct ServeError(pub String);

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ServeError {}

/// Build the site, bind, start watching and serving. Port 0 lets the OS choose; any other port
/// is tried first and, when taken, the next free one is used (up to 100 further ports).
pub async fn start(options: ServeOptions) -> Result<Running, ServeError> {
    let listener = bind(&options).await?;
    let addr = listener.local_addr().map_err(|e| ServeError(format!("cannot read the bound address: {e}")))?;
    let state = Arc::new(state::State::new(options.clone()));
    let first = state.rebuild_now(shoko_engine::Change::Everything).await;
    if let Outcome::Failed(report) = &first
        && let Some(message) = &report.io
    {
        return Err(ServeError(message.clone()));
    }
    state.started();
    let watcher = watch::start(Arc::clone(&state), tokio::runtime::Handle::current())?;
    let (shutdown, stop) = tokio::sync::watch::channel(false);
    let app = routes::router(Arc::clone(&state));
    let server = tokio::spawn(server::serve(listener, app, options.limits, stop));
    Ok(Running { addr, state, shutdown, server, _watcher: watcher })
}

async fn bind(options: &ServeOptions) -> Result<TcpListener, ServeError> {
    let tries = if options.port == 0 { 1 } else { 101 };
    let mut last = None;
    for i in 0..tries {
        let port = options.port.saturating_add(i);
        match TcpListener::bind(SocketAddr::new(options.bind, port)).await {
            Ok(listener) => return Ok(listener),
            Err(e) => last = Some(e),
        }
    }
    Err(ServeError(format!(
        "cannot listen on {}:{} or the 100 ports after it: {}",
        options.bind,
        options.port,
        last.map_or_else(String::new, |e| e.to_string())
    )))
}

/// Start, print where, serve until Ctrl-C.
pub async fn run(options: ServeOptions) -> Result<(), ServeError> {
    let running = start(options.clone()).await?;
    if let Some(warning) = exposure_warning(running.addr) {
        eprintln!("{warning}");
    }
    if running.addr.port() != options.port && options.port != 0 {
        eprintln!("note: port {} is taken; using {} instead", options.port, running.addr.port());
    }
    println!("Serving at http://{}/", running.addr);
    let base = running.base_path();
    if base != "/" {
        println!("The site is under http://{}{base}", running.addr);
    }
    let _ = tokio::signal::ctrl_c().await;
    eprintln!("Stopping.");
    running.stop().await;
    Ok(())
}
