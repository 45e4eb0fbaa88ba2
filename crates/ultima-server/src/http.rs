//! What the server answers over HTTP, on its one address: the websocket (a request asking for
//! an upgrade, on any path; the clients use `/`), and otherwise the built web app, its files
//! with their content types, compressed as the browser accepts (brotli, gzip), the hashed ones
//! and the WebAssembly cached for good, the others revalidated; `/join/CODE` is the app's page
//! (the app reads the invite from the address). Without a web app, `/` says how to build one.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::header::{self, HeaderValue};
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use tokio::sync::watch;
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;

use crate::connection::{self, HARD_FRAME_LIMIT};
use crate::hub::Hub;
use crate::slots::{Full, Slot, Slots};

/// `Cache-Control` of a file whose name changes with its content (Vite's `assets/`, the wasm).
pub(crate) const CACHE_FOREVER: &str = "public, max-age=31536000, immutable";
/// `Cache-Control` of the pages, the service worker, the manifest, the icons: asked again each
/// time (an unchanged file is a 304).
pub(crate) const REVALIDATE: &str = "no-cache";

/// What every request can reach.
pub(crate) struct Shared {
    pub hub: Arc<Hub>,
    pub slots: Arc<Slots>,
    pub stop: watch::Receiver<bool>,
}

/// The TCP connection a request came on: the peer, and the connection's place in the counts
/// (taken by the websocket when the connection becomes one, so that it is held as long).
#[derive(Clone)]
pub(crate) struct Peer {
    pub addr: SocketAddr,
    pub slot: Arc<Mutex<Option<Slot>>>,
}

impl Peer {
    fn take_slot(&self) -> Option<Slot> {
        match self.slot.lock() {
            Ok(mut slot) => slot.take(),
            Err(poisoned) => poisoned.into_inner().take(),
        }
    }
}

/// The whole service: the websocket first, then the web app (or the page saying it is not
/// built).
pub(crate) fn router(shared: Arc<Shared>) -> Router {
    let app = match shared.hub.config.web.clone() {
        Some(dir) => web_app(dir),
        None => Router::new().fallback(not_built),
    };
    app.layer(middleware::from_fn_with_state(shared, websocket_first))
}

/// The web app's files: `/join/...` rewritten to the app's page (or to a file the page refers
/// to relatively), compression, caching headers.
fn web_app(dir: PathBuf) -> Router {
    let files = ServeDir::new(&dir)
        .append_index_html_on_directories(true)
        // `scripts/server-release.sh` writes `.br` and `.gz` beside each file: no compressing
        // at each request. Files without them are compressed as they go (below).
        .precompressed_br()
        .precompressed_gzip();
    let join_dir = dir.clone();
    Router::new()
        .fallback_service(files)
        .layer(middleware::from_fn(move |request: Request, next: Next| {
            let dir = join_dir.clone();
            async move { join_page(&dir, request, next).await }
        }))
        .layer(middleware::from_fn(cache_headers))
        // As it goes, gzip only: brotli's fast levels are no smaller than gzip's on the app's
        // files and hold megabytes a response (the release layout has brotli at its best level).
        .layer(CompressionLayer::new().no_br())
}

/// `/join/CODE` is the app's page (`/`); `/join/...` naming a file of the app (the page's
/// relative addresses, seen from `/join/`) is that file.
async fn join_page(dir: &Path, mut request: Request, next: Next) -> Response {
    let Some(rest) = request.uri().path().strip_prefix("/join/") else {
        return next.run(request).await;
    };
    let is_file = !rest.is_empty()
        && rest
            .split('/')
            .all(|part| !part.is_empty() && part != "." && part != ".." && !part.contains('\\'))
        && tokio::fs::metadata(dir.join(rest))
            .await
            .is_ok_and(|meta| meta.is_file());
    let path = if is_file {
        format!("/{rest}")
    } else {
        "/".to_string()
    };
    match Uri::builder().path_and_query(path).build() {
        Ok(uri) => *request.uri_mut() = uri,
        Err(_) => return StatusCode::BAD_REQUEST.into_response(),
    }
    next.run(request).await
}

/// Whether a path names a file whose name changes with its content.
fn immutable(path: &str) -> bool {
    path.starts_with("/assets/") || path.ends_with(".wasm")
}

/// `Cache-Control` and `Vary` on the web app's files (after `/join/` is rewritten, so by the file
/// served).
async fn cache_headers(request: Request, next: Next) -> Response {
    let forever = immutable(request.uri().path());
    let mut response = next.run(request).await;
    let ok = response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED;
    if ok {
        let value = if forever { CACHE_FOREVER } else { REVALIDATE };
        let headers = response.headers_mut();
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
        // Each file may come in another encoding to another browser (a precompressed one, or
        // compressed as it goes): caches on the way keep them apart.
        let varies = headers.get_all(header::VARY).iter().any(|vary| {
            vary.to_str()
                .is_ok_and(|vary| vary.to_ascii_lowercase().contains("accept-encoding"))
        });
        if !varies {
            headers.append(header::VARY, HeaderValue::from_static("accept-encoding"));
        }
    }
    response
}

/// The page served when no web app was found.
const NOT_BUILT: &str = "<!doctype html>
<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">
<title>Ultima server</title></head>
<body><h1>Ultima server</h1>
<p>This Ultima server is running: the app's online play connects to it at this address.</p>
<p>The web app is not built here, so it cannot be played from this page. To serve it, build it
in a checkout with <code>npm run build:web</code> and start the server again (it finds
<code>ui/web/dist</code>), or give its folder: <code>ultima-server --web DIR</code>.
<code>npm run server</code> does both.</p>
</body></html>
";

async fn not_built(method: Method, uri: Uri) -> Response {
    let page = uri.path() == "/" || uri.path() == "/index.html" || uri.path().starts_with("/join/");
    if !page {
        return (StatusCode::NOT_FOUND, "not found\n").into_response();
    }
    let mut response = if method == Method::HEAD {
        Response::new(Body::empty())
    } else {
        Response::new(Body::from(NOT_BUILT))
    };
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(REVALIDATE));
    response
}

/// The player's address: the peer's, or behind a reverse proxy on this machine (`--behind-proxy`
/// and a loopback peer) the last address of its `X-Forwarded-For`.
fn player_address(behind_proxy: bool, peer: SocketAddr, headers: &HeaderMap) -> SocketAddr {
    if !(behind_proxy && peer.ip().is_loopback()) {
        return peer;
    }
    headers
        .get("x-forwarded-for")
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.rsplit(',').next())
        .and_then(|address| address.trim().parse::<IpAddr>().ok())
        .map_or(peer, |address| SocketAddr::new(address, peer.port()))
}

/// Whether a request means to open a websocket (`Upgrade: websocket`, or a websocket's key):
/// another upgrade (`h2c`) is ignored, as HTTP allows, and the request answered as any other.
fn asks_for_websocket(headers: &HeaderMap) -> bool {
    let upgrade = headers
        .get(header::UPGRADE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.to_ascii_lowercase().contains("websocket"));
    upgrade || headers.contains_key(header::SEC_WEBSOCKET_KEY)
}

/// A request asking for a websocket is the websocket's (a bad handshake is answered 400 by
/// axum's extractor); any other goes on to the web app.
async fn websocket_first(
    State(shared): State<Arc<Shared>>,
    request: Request,
    next: Next,
) -> Response {
    if !asks_for_websocket(request.headers()) {
        return next.run(request).await;
    }
    let (mut parts, _body) = request.into_parts();
    let Some(peer) = parts.extensions.get::<Peer>().cloned() else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let upgrade = match WebSocketUpgrade::from_request_parts(&mut parts, &()).await {
        Ok(upgrade) => upgrade,
        Err(rejection) => {
            let response = rejection.into_response();
            eprintln!(
                "ultima-server: refused a connection from {}: a bad websocket handshake ({})",
                peer.addr.ip(),
                response.status()
            );
            return response;
        }
    };
    let config = &shared.hub.config;
    let player = player_address(config.behind_proxy, peer.addr, &parts.headers);
    let mut slots = Vec::with_capacity(2);
    if player != peer.addr {
        // Behind the proxy: the player's own address is counted (the proxy's connection was
        // counted in the total only).
        match shared.slots.enter_address(player.ip()) {
            Ok(slot) => slots.push(slot),
            Err(full) => return refused(player.ip(), full),
        }
    }
    slots.extend(peer.take_slot());
    let hub = Arc::clone(&shared.hub);
    let stop = shared.stop.clone();
    upgrade
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_write_buffer_size(1024 * 1024)
        .max_message_size(HARD_FRAME_LIMIT)
        .max_frame_size(HARD_FRAME_LIMIT)
        .on_upgrade(move |socket| connection::serve(hub, socket, player, stop, slots))
}

/// The answer to a connection over a limit, logged.
pub(crate) fn refused(address: IpAddr, full: Full) -> Response {
    eprintln!("ultima-server: refused a connection from {address}: {full}");
    let status = match full {
        Full::Total { .. } => StatusCode::SERVICE_UNAVAILABLE,
        Full::Address { .. } => StatusCode::TOO_MANY_REQUESTS,
    };
    let mut response = (status, format!("{full}: try again later\n")).into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("10"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_files_and_the_wasm_are_kept_the_rest_revalidated() {
        assert!(immutable("/assets/index-3f2a1b.js"));
        assert!(immutable("/assets/ultima_wasm_bg-9c8d.wasm"));
        assert!(immutable("/pkg/ultima_wasm_bg.wasm"));
        assert!(!immutable("/"));
        assert!(!immutable("/index.html"));
        assert!(!immutable("/sw.js"));
        assert!(!immutable("/manifest.webmanifest"));
        assert!(!immutable("/icons/icon-512.png"));
    }

    #[test]
    fn only_a_websocket_upgrade_is_taken_for_one() {
        let mut headers = HeaderMap::new();
        assert!(!asks_for_websocket(&headers));
        headers.insert(header::UPGRADE, HeaderValue::from_static("h2c"));
        assert!(!asks_for_websocket(&headers));
        headers.insert(header::UPGRADE, HeaderValue::from_static("WebSocket"));
        assert!(asks_for_websocket(&headers));
        let mut headers = HeaderMap::new();
        headers.insert(
            header::SEC_WEBSOCKET_KEY,
            HeaderValue::from_static("dGhlIHNhbXBsZSBub25jZQ=="),
        );
        assert!(asks_for_websocket(&headers));
    }

    #[test]
    fn the_forwarded_address_is_believed_only_from_a_proxy_on_loopback() {
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            HeaderValue::from_static("198.51.100.1, 203.0.113.8"),
        );
        let local = SocketAddr::from(([127, 0, 0, 1], 5000));
        let remote = SocketAddr::from(([192, 0, 2, 9], 5000));
        let forwarded = SocketAddr::from(([203, 0, 113, 8], 5000));
        assert_eq!(player_address(true, local, &headers), forwarded);
        assert_eq!(player_address(false, local, &headers), local);
        assert_eq!(player_address(true, remote, &headers), remote);
        headers.insert(
            "x-forwarded-for",
            HeaderValue::from_static("not an address"),
        );
        assert_eq!(player_address(true, local, &headers), local);
    }
}
