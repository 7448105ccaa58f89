//! The HTTP/1.1 server: an accept loop with a cap on open connections, a deadline for reading a
//! request's headers (which also closes a kept-alive connection left idle), and a graceful stop.
//!
//! `axum::serve` sets no timer, so an idle or slowly-talking connection was never closed: 300
//! idle sockets under a 256-file limit made the preview unreachable. A client that sends
//! requests but never reads the answers is cut off too ([`Limits::write_timeout`]). Here every connection holds
//! one of [`Limits::max_connections`] permits; past the cap, new connections wait in the kernel's
//! backlog (costing no descriptor) until an idle one times out.
//!
//! A live-reload event stream stays open as long as its page, writing only a heartbeat: a
//! connection that becomes one hands its permit back and takes one of [`Limits::max_streams`]
//! instead ([`Slot`], [`Streams`]), so streams, however many are opened and never read, cannot
//! hold the places page requests need; past their own cap a stream is refused at once.

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};

/// How much a client may hold of the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The longest a client may take to send a request's headers, counted from the moment the
    /// server waits for them: a connection idle between requests is closed after this long too.
    pub header_timeout: Duration,
    /// The longest a response may wait for the client to take its bytes; a client that sends
    /// requests but reads nothing is cut off after it.
    pub write_timeout: Duration,
    /// Connections served at once (event streams aside); more wait to be accepted.
    pub max_connections: usize,
    /// Live-reload event streams open at once; more are refused (503) at once.
    pub max_streams: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            header_timeout: Duration::from_secs(10),
            write_timeout: Duration::from_secs(10),
            max_connections: max_connections(),
            max_streams: MAX_STREAMS,
        }
    }
}

/// A connection whose writes fail once they have waited [`Limits::write_timeout`] for the
/// client: hyper has no such deadline, so a client that pipelines requests and never reads
/// would hold its connection (and a place under the cap) for ever.
struct WriteDeadline<S> {
    inner: S,
    timeout: Duration,
    waiting: Option<std::pin::Pin<Box<tokio::time::Sleep>>>,
}

impl<S> WriteDeadline<S> {
    /// `poll` of a write: done resets the deadline, pending starts or checks it.
    fn watch<T>(&mut self, cx: &mut Context<'_>, poll: Poll<std::io::Result<T>>) -> Poll<std::io::Result<T>> {
        match poll {
            Poll::Ready(result) => {
                self.waiting = None;
                Poll::Ready(result)
            }
            Poll::Pending => {
                let timeout = self.timeout;
                let sleep = self.waiting.get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
                if sleep.as_mut().poll(cx).is_ready() {
                    Poll::Ready(Err(std::io::Error::new(std::io::ErrorKind::TimedOut, "the client reads nothing")))
                } else {
                    Poll::Pending
                }
            }
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for WriteDeadline<S> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for WriteDeadline<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        let poll = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.watch(cx, poll)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let poll = Pin::new(&mut self.inner).poll_flush(cx);
        self.watch(cx, poll)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let poll = Pin::new(&mut self.inner).poll_shutdown(cx);
        self.watch(cx, poll)
    }
}

/// The default cap on event streams: one per open tab of the preview, far more than a person
/// keeps open.
const MAX_STREAMS: usize = 64;

/// The permit a connection holds under [`Limits::max_connections`], reachable from its requests
/// (an extension of each): the event stream takes it and lets it go.
#[derive(Clone)]
pub(crate) struct Slot(Arc<std::sync::Mutex<Option<tokio::sync::OwnedSemaphorePermit>>>);

impl Slot {
    /// Give the connection's place back: it is an event stream from now on.
    pub(crate) fn release(&self) {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
    }
}

/// The places for event streams (an extension of every request).
#[derive(Clone)]
pub(crate) struct Streams(pub(crate) Arc<Semaphore>);

/// Half the open-file limit (the rest is for the site's files and the watcher), between 16 and
/// 512.
fn max_connections() -> usize {
    #[cfg(unix)]
    {
        let limit = rustix::process::getrlimit(rustix::process::Resource::Nofile).current;
        limit.map_or(512, |n| usize::try_from(n / 2).unwrap_or(512)).clamp(16, 512)
    }
    #[cfg(not(unix))]
    {
        512
    }
}

/// Serve `app` on `listener` until `stop` turns true; then let open requests finish.
pub(crate) async fn serve(listener: TcpListener, app: Router, limits: Limits, mut stop: watch::Receiver<bool>) {
    let permits = Arc::new(Semaphore::new(limits.max_connections));
    let streams = Streams(Arc::new(Semaphore::new(limits.max_streams)));
    let (closing, _) = watch::channel(false);
    loop {
        let permit = tokio::select! {
            _ = async { stop.wait_for(|stopping| *stopping).await.map(|_| ()) } => break,
            permit = Arc::clone(&permits).acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
        };
        let stream = tokio::select! {
            _ = async { stop.wait_for(|stopping| *stopping).await.map(|_| ()) } => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(_) => {
                    // Out of descriptors or the like: wait a moment instead of spinning.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let inner = TowerToHyperService::new(app.clone());
        let slot = Slot(Arc::new(std::sync::Mutex::new(Some(permit))));
        let (own, streams) = (slot.clone(), streams.clone());
        let service = hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
            request.extensions_mut().insert(own.clone());
            request.extensions_mut().insert(streams.clone());
            hyper::service::Service::call(&inner, request)
        });
        let mut closing = closing.subscribe();
        tokio::spawn(async move {
            // Held until the connection ends, unless it became an event stream.
            let _slot = slot;
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout);
            let stream = WriteDeadline { inner: stream, timeout: limits.write_timeout, waiting: None };
            let connection = builder.serve_connection(TokioIo::new(stream), service);
            let mut connection = std::pin::pin!(connection);
            let closed = tokio::select! {
                _ = connection.as_mut() => true,
                _ = async { closing.wait_for(|closing| *closing).await.map(|_| ()) } => false,
            };
            if !closed {
                connection.as_mut().graceful_shutdown();
                let _ = connection.await;
            }
        });
    }
    closing.send_replace(true);
    // Every connection task holds a permit: all of them back means every connection is done.
    let all = u32::try_from(limits.max_connections).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(Duration::from_secs(5), permits.acquire_many(all)).await;
}

/// A warning when `addr` can be reached from other machines, or `None` for a loopback address.
pub fn exposure_warning(addr: std::net::SocketAddr) -> Option<String> {
    (!addr.ip().is_loopback()).then(|| {
        format!(
            "warning: the preview listens on {addr}, which other machines can reach: it serves drafts without any authentication. Use --bind 127.0.0.1 to keep it on this machine"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_addresses_are_quiet() {
        assert_eq!(exposure_warning("127.0.0.1:1111".parse().unwrap_or_else(|_| unreachable!())), None);
        assert_eq!(exposure_warning("[::1]:1111".parse().unwrap_or_else(|_| unreachable!())), None);
        for exposed in ["0.0.0.0:1111", "[::]:1111", "192.168.1.5:1111"] {
            let addr = exposed.parse().unwrap_or_else(|_| unreachable!());
            assert!(exposure_warning(addr).is_some_and(|w| w.contains("other machines")), "{exposed}");
        }
    }

    #[test]
    fn the_connection_cap_follows_the_file_limit() {
        let cap = max_connections();
        assert!((16..=512).contains(&cap), "{cap}");
    }
}
