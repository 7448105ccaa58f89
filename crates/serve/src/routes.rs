//! HTTP: the site under its base path (`/` redirects there), the live-reload script and the
//! event stream. Files come from memory only; any path with `.`/`..` segments, backslashes or
//! NUL bytes, in any encoding, is a 404.
//!
//! Every response says `X-Content-Type-Options: nosniff` and carries a Content-Security-Policy
//! that lets pages run the site's own scripts and open the live-reload stream, and nothing from
//! elsewhere. A request whose `Host` is a domain name other than `localhost` (or a `.localhost`
//! or `.local` name) is refused: a page on another site cannot point its own domain at 127.0.0.1
//! and read the preview (DNS rebinding).

use crate::live::LIVE_JS;
use crate::server::{Slot, Streams};
use crate::state::{LiveEvent, State};
use axum::Router;
use axum::body::Body;
use axum::extract::State as Shared;
use axum::http::{StatusCode, Uri, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use bytes::Bytes;
use shoko_vocab::layout::NOT_FOUND_PAGE;
use std::convert::Infallible;
use std::sync::Arc;
use tokio_stream::StreamExt;
use tokio_stream::wrappers::{BroadcastStream, WatchStream};

/// The app.
pub fn router(state: Arc<State>) -> Router {
    Router::new().fallback(get(handle)).layer(axum::middleware::from_fn(guard)).with_state(state)
}

/// The policy every response carries: the site's own scripts, styles (inline `style`
/// attributes too: table alignment), images (and images from the web, which pages may show),
/// the event stream on the same origin; no plugins, frames, forms or base URL.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; connect-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// Refuse requests addressed to a foreign host name; add the security headers.
async fn guard(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let host = request.headers().get(header::HOST).map(|h| h.to_str().unwrap_or("\u{fffd}").to_owned());
    let mut response = match host {
        // HTTP/1.1 requires a Host; a request without one is not a browser's.
        None => (StatusCode::BAD_REQUEST, "a request needs a Host header\n").into_response(),
        Some(host) if !local_host(&host) => (
            StatusCode::FORBIDDEN,
            "shoko serve answers only to localhost and IP addresses (protection against DNS rebinding); open it as http://127.0.0.1:PORT/\n",
        )
            .into_response(),
        Some(_) => next.run(request).await,
    };
    let headers = response.headers_mut();
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, header::HeaderValue::from_static("nosniff"));
    headers.insert(header::CONTENT_SECURITY_POLICY, header::HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    response
}

/// Whether a `Host` header names this machine or an address: an IP literal, `localhost`, or a
/// name under `.localhost` or `.local` (which no public DNS can hand out).
fn local_host(host: &str) -> bool {
    let port_ok = |rest: &str| {
        rest.is_empty()
            || rest.strip_prefix(':').is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    };
    let name = match host.strip_prefix('[') {
        Some(v6) => {
            return v6
                .split_once(']')
                .is_some_and(|(ip, rest)| ip.parse::<std::net::Ipv6Addr>().is_ok() && port_ok(rest));
        }
        None => host
            .rsplit_once(':')
            .map_or(host, |(name, port)| if port.bytes().all(|b| b.is_ascii_digit()) { name } else { host }),
    };
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    name.parse::<std::net::Ipv4Addr>().is_ok()
        || name == "localhost"
        || name.ends_with(".localhost")
        || name.ends_with(".local")
}

async fn handle(
    Shared(state): Shared<Arc<State>>,
    slot: Option<axum::Extension<Slot>>,
    streams: Option<axum::Extension<Streams>>,
    uri: Uri,
) -> Response {
    let base = state.base_path();
    let path = uri.path();
    if base != "/" && (path == "/" || path == base.trim_end_matches('/')) {
        return Redirect::temporary(&base).into_response();
    }
    let Some(rest) = path.strip_prefix(base.as_str()) else { return not_found(&state, &base) };
    match rest {
        "__shoko/events" => return events(&state, slot.map(|s| s.0), streams.map(|s| s.0)),
        "__shoko/live.js" => return respond("live.js", Arc::from(LIVE_JS.as_bytes()), &base),
        _ => {}
    }
    let Some(rest) = safe_path(rest) else { return not_found(&state, &base) };
    let file = if rest.is_empty() || rest.ends_with('/') { format!("{rest}index.html") } else { rest.clone() };
    match state.file(&file) {
        Some(bytes) => respond(&file, bytes, &base),
        None if state.file(&format!("{rest}/index.html")).is_some() => {
            Redirect::permanent(&format!("{base}{rest}/")).into_response()
        }
        None => not_found(&state, &base),
    }
}

/// The percent-decoded path, or `None` if it could leave the site or is not valid UTF-8.
fn safe_path(raw: &str) -> Option<String> {
    let decoded = percent_encoding::percent_decode_str(raw).decode_utf8().ok()?;
    let bad = decoded.starts_with('/')
        || decoded.contains(['\\', '\0'])
        || decoded.split('/').any(|segment| segment == ".." || segment == ".");
    (!bad).then(|| decoded.into_owned())
}

fn respond(file: &str, bytes: Arc<[u8]>, base: &str) -> Response {
    let mime = mime_guess::from_path(file).first_or_octet_stream();
    let text =
        mime.type_() == "text" || mime.subtype() == "javascript" || mime.subtype() == "json" || mime.subtype() == "xml";
    let content_type = if text { format!("{mime}; charset=utf-8") } else { mime.to_string() };
    // Pages get the live-reload script; everything else is served from the shared bytes.
    let body =
        if file.ends_with(".html") { Body::from(inject(&bytes, base)) } else { Body::from(Bytes::from_owner(bytes)) };
    Response::builder()
        .header(header::CONTENT_TYPE, content_type)
        .header(header::CACHE_CONTROL, "no-cache")
        .body(body)
        .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response())
}

fn not_found(state: &State, base: &str) -> Response {
    let page = state
        .file(NOT_FOUND_PAGE)
        .unwrap_or_else(|| Arc::from(&b"<!DOCTYPE html><title>404</title><p>Not found</p>"[..]));
    let mut response = respond(NOT_FOUND_PAGE, page, base);
    *response.status_mut() = StatusCode::NOT_FOUND;
    response
}

/// Add the live-reload script to an HTML page.
fn inject(bytes: &[u8], base: &str) -> Vec<u8> {
    // The base path is checked where it is configured; encoded here as well, so that nothing
    // but URL-safe characters can ever reach the attribute.
    const UNSAFE: &percent_encoding::AsciiSet =
        &percent_encoding::NON_ALPHANUMERIC.remove(b'/').remove(b'-').remove(b'_').remove(b'.').remove(b'~');
    let base = percent_encoding::utf8_percent_encode(base, UNSAFE).to_string();
    let tag = format!("<script src=\"{base}__shoko/live.js\" data-base=\"{base}\" defer></script>\n");
    let html = String::from_utf8_lossy(bytes);
    match html.rfind("</body>") {
        Some(i) => format!("{}{tag}{}", &html[..i], &html[i..]).into_bytes(),
        None => format!("{html}{tag}").into_bytes(),
    }
}

/// The event stream: the current errors first, then every change, until the server stops.
/// The live-reload stream: on a place of its own under [`crate::Limits::max_streams`] (the
/// connection's place is given back), refused at once when there is none.
fn events(state: &State, slot: Option<Slot>, streams: Option<Streams>) -> Response {
    let place = match streams.map(|s| s.0.try_acquire_owned()) {
        Some(Ok(place)) => Some(place),
        Some(Err(_)) => {
            // Closed after the answer, so a refused stream holds no place either.
            let close = [(header::CONNECTION, "close")];
            return (StatusCode::SERVICE_UNAVAILABLE, close, "too many live-reload streams are open\n").into_response();
        }
        None => None,
    };
    if let Some(slot) = slot {
        slot.release();
    }
    enum Item {
        Live(LiveEvent),
        Stop,
    }
    let current = state.errors().map(LiveEvent::Errors);
    let updates = BroadcastStream::new(state.subscribe()).filter_map(Result::ok);
    let live = tokio_stream::iter(current).chain(updates).map(Item::Live);
    let stop = WatchStream::new(state.stopping()).filter(|stopping| *stopping).map(|_| Item::Stop);
    let stream = live.merge(stop).take_while(|item| matches!(item, Item::Live(_))).filter_map(move |item| {
        // The stream's place is held as long as the stream.
        let _held = &place;
        match item {
            Item::Live(event) => Some(Ok::<Event, Infallible>(to_sse(event))),
            Item::Stop => None,
        }
    });
    // The heartbeat keeps a stream writing, so one whose client reads nothing fills its socket
    // and is cut off by the write deadline.
    Sse::new(stream).keep_alive(KeepAlive::new().interval(HEARTBEAT)).into_response()
}

/// How often an idle event stream writes a comment.
const HEARTBEAT: std::time::Duration = std::time::Duration::from_secs(5);

fn to_sse(event: LiveEvent) -> Event {
    match event {
        LiveEvent::Reload(urls) => {
            Event::default().event("reload").data(serde_json::to_string(&urls).unwrap_or_default())
        }
        LiveEvent::Errors(json) => Event::default().event("errors").data(json),
        LiveEvent::Clear => Event::default().event("ok").data("{}"),
    }
}

#[cfg(test)]
mod tests {
    use super::{inject, safe_path};

    #[test]
    fn only_local_names_and_addresses_are_served() {
        for ok in [
            "127.0.0.1:1111",
            "localhost:1111",
            "LOCALHOST",
            "[::1]:1111",
            "192.168.1.5",
            "app.localhost:8080",
            "box.local:1111",
            "localhost.",
        ] {
            assert!(super::local_host(ok), "{ok}");
        }
        for bad in [
            "evil.example:1111",
            "127.0.0.1.evil.example",
            "localhost.evil.example",
            "[::1",
            "attacker.com",
            "[::1].evil.com",
            "[::1]:80x",
        ] {
            assert!(!super::local_host(bad), "{bad}");
        }
    }

    #[test]
    fn the_base_path_cannot_break_out_of_the_script_tag() {
        let page = inject(b"<body></body>", "/x/\"></script><script>alert(1)</script>/");
        let page = String::from_utf8(page).unwrap();
        assert!(!page.contains("<script>alert"), "{page}");
        assert!(page.contains("src=\"/x/%22%3E%3C/script%3E"), "{page}");
    }

    #[test]
    fn traversal_in_any_encoding_is_refused() {
        assert_eq!(safe_path("ja/gpu/").as_deref(), Some("ja/gpu/"));
        assert_eq!(safe_path("ja/%E8%AA%AD/").as_deref(), Some("ja/読/"));
        for bad in [
            "../Cargo.toml",
            "ja/../../x",
            "%2e%2e/x",
            "ja/%2E%2E/x",
            "/etc/passwd",
            "%2fetc",
            "a\\\\b",
            "a%5c..%5cb",
            "x%00",
            "./x",
            "%ff",
        ] {
            assert_eq!(safe_path(bad), None, "{bad}");
        }
    }
}
