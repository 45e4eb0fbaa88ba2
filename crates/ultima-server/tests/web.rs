//! The web app served beside the websocket, on the same address: its files with their content
//! types, compressed as asked, cached for good when their names are hashed, revalidated
//! otherwise; `/join/CODE` is the app's page; the websocket on `/` works as before.

mod common;

use std::io::Read;
use std::time::Duration;

use http_body_util::{BodyExt, Empty};
use hyper::body::Bytes;
use hyper::{Request, StatusCode};
use hyper_util::rt::TokioIo;
use ultima_server::Config;

use common::{server_with, Client, TempDir};

struct Answer {
    status: StatusCode,
    headers: hyper::HeaderMap,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|value| value.to_str().ok())
            .unwrap_or("")
    }

    /// The body as sent, decompressed by its `Content-Encoding`.
    fn decoded(&self) -> Vec<u8> {
        let mut out = Vec::new();
        match self.header("content-encoding") {
            "gzip" => {
                let read = flate2::read::GzDecoder::new(&self.body[..]).read_to_end(&mut out);
                assert!(read.is_ok(), "not gzip");
            }
            "br" => {
                let read = brotli::Decompressor::new(&self.body[..], 4096).read_to_end(&mut out);
                assert!(read.is_ok(), "not brotli");
            }
            "" => out = self.body.clone(),
            other => panic!("encoding {other}"),
        }
        out
    }
}

/// One request on a connection of its own.
async fn get(addr: std::net::SocketAddr, path: &str, headers: &[(&str, &str)]) -> Answer {
    let stream = match tokio::net::TcpStream::connect(addr).await {
        Ok(stream) => stream,
        Err(error) => panic!("connect: {error}"),
    };
    let (mut sender, connection) =
        match hyper::client::conn::http1::handshake(TokioIo::new(stream)).await {
            Ok(pair) => pair,
            Err(error) => panic!("handshake: {error}"),
        };
    tokio::spawn(connection);
    let mut request = Request::get(path).header("host", addr.to_string());
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let request = match request.body(Empty::<Bytes>::new()) {
        Ok(request) => request,
        Err(error) => panic!("{error}"),
    };
    let response =
        match tokio::time::timeout(Duration::from_secs(10), sender.send_request(request)).await {
            Ok(Ok(response)) => response,
            Ok(Err(error)) => panic!("{path}: {error}"),
            Err(_) => panic!("{path}: no answer"),
        };
    let status = response.status();
    let headers = response.headers().clone();
    let body = match response.into_body().collect().await {
        Ok(body) => body.to_bytes().to_vec(),
        Err(error) => panic!("{path}: {error}"),
    };
    Answer {
        status,
        headers,
        body,
    }
}

const INDEX: &str = "<!doctype html><html><head><script type=\"module\" src=\"./assets/index-3f2a1b9c.js\"></script></head><body></body></html>\n";

/// A web app's folder as `npm run build:web` lays it out (small files of each kind).
fn web_app() -> TempDir {
    let dir = TempDir::new("web");
    let script = "export const board = 'the app'; ".repeat(200);
    let files: [(&str, Vec<u8>); 7] = [
        ("index.html", INDEX.as_bytes().to_vec()),
        ("assets/index-3f2a1b9c.js", script.as_bytes().to_vec()),
        (
            "assets/ultima_wasm_bg-9c8d7e6f.wasm",
            [b"\0asm\x01\0\0\0".as_slice(), &[0u8; 4096]].concat(),
        ),
        (
            "sw.js",
            b"self.addEventListener('fetch', () => {});\n".repeat(4),
        ),
        (
            "manifest.webmanifest",
            br#"{"name":"Ultima","start_url":"./","display":"standalone","icons":[]}"#.to_vec(),
        ),
        (
            "icons/icon-32.png",
            b"\x89PNG\r\n\x1a\n not really".to_vec(),
        ),
        (
            "pieces/king.svg",
            b"<svg xmlns='http://www.w3.org/2000/svg'></svg>".repeat(10),
        ),
    ];
    for (name, bytes) in files {
        let path = dir.0.join(name);
        if let Some(parent) = path.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        if let Err(error) = std::fs::write(&path, bytes) {
            panic!("{name}: {error}");
        }
    }
    dir
}

#[tokio::test]
async fn the_app_is_served_with_its_types_compression_and_caching_beside_the_websocket() {
    let dir = web_app();
    let server = server_with(Config {
        web: Some(dir.0.clone()),
        ..Config::default()
    })
    .await;
    let addr = server.local_addr();

    // The page: `/` without an upgrade, revalidated.
    let page = get(addr, "/", &[]).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.header("content-type").starts_with("text/html"));
    assert_eq!(page.header("cache-control"), "no-cache");
    assert_eq!(page.decoded(), INDEX.as_bytes());
    // Another upgrade than a websocket's is ignored, as HTTP allows.
    let h2c = get(addr, "/", &[("upgrade", "h2c"), ("connection", "upgrade")]).await;
    assert_eq!(h2c.status, StatusCode::OK);
    assert_eq!(h2c.decoded(), INDEX.as_bytes());
    // An invite link is the page too, and the page's relative addresses from there reach the
    // app's files.
    for path in [
        "/join/CCCC-DDDD-EEEE-FFFF",
        "/join/x",
        "/join/",
        "/join/../../etc/passwd",
    ] {
        let join = get(addr, path, &[]).await;
        assert_eq!(join.status, StatusCode::OK, "{path}");
        assert_eq!(join.decoded(), INDEX.as_bytes(), "{path}");
        assert_eq!(join.header("cache-control"), "no-cache", "{path}");
    }
    let script = get(addr, "/join/assets/index-3f2a1b9c.js", &[]).await;
    assert_eq!(script.status, StatusCode::OK);
    assert!(script.decoded().starts_with(b"export const board"));

    // Hashed files and the wasm: their types, kept for good.
    let forever = "public, max-age=31536000, immutable";
    for (path, kind) in [
        ("/assets/index-3f2a1b9c.js", "text/javascript"),
        ("/assets/ultima_wasm_bg-9c8d7e6f.wasm", "application/wasm"),
    ] {
        let file = get(addr, path, &[]).await;
        assert_eq!(file.status, StatusCode::OK, "{path}");
        assert_eq!(file.header("content-type"), kind, "{path}");
        assert_eq!(file.header("cache-control"), forever, "{path}");
    }
    // The service worker, the manifest, the icons: revalidated.
    for (path, kind) in [
        ("/sw.js", "text/javascript"),
        ("/manifest.webmanifest", "application/manifest+json"),
        ("/icons/icon-32.png", "image/png"),
        ("/pieces/king.svg", "image/svg+xml"),
    ] {
        let file = get(addr, path, &[]).await;
        assert_eq!(file.status, StatusCode::OK, "{path}");
        assert_eq!(file.header("content-type"), kind, "{path}");
        assert_eq!(file.header("cache-control"), "no-cache", "{path}");
    }

    // Compression as the browser accepts it.
    let raw = match std::fs::read(dir.0.join("assets/index-3f2a1b9c.js")) {
        Ok(raw) => raw,
        Err(error) => panic!("{error}"),
    };
    // As it goes: gzip (brotli only from the `.br` files the release layout has, below).
    for (accept, encoding) in [
        ("br", ""),
        ("gzip", "gzip"),
        ("gzip, deflate, br, zstd", "gzip"),
        ("identity", ""),
    ] {
        let file = get(
            addr,
            "/assets/index-3f2a1b9c.js",
            &[("accept-encoding", accept)],
        )
        .await;
        assert_eq!(file.header("content-encoding"), encoding, "{accept}");
        assert_eq!(file.decoded(), raw, "{accept}");
        if !encoding.is_empty() {
            assert!(
                file.body.len() < raw.len() / 4,
                "{accept}: {} bytes",
                file.body.len()
            );
            assert!(file.header("vary").contains("accept-encoding"), "{accept}");
        }
    }
    let wasm = get(
        addr,
        "/assets/ultima_wasm_bg-9c8d7e6f.wasm",
        &[("accept-encoding", "gzip")],
    )
    .await;
    assert_eq!(wasm.header("content-encoding"), "gzip");
    assert!(wasm.decoded().starts_with(b"\0asm"));

    // Precompressed files (scripts/server-release.sh writes them) are sent as they are.
    let brotli_file = {
        let mut out = Vec::new();
        let mut writer = brotli::CompressorWriter::new(&mut out, 4096, 11, 22);
        let _ = std::io::Write::write_all(&mut writer, &raw);
        drop(writer);
        out
    };
    let _ = std::fs::write(dir.0.join("assets/index-3f2a1b9c.js.br"), &brotli_file);
    let file = get(
        addr,
        "/assets/index-3f2a1b9c.js",
        &[("accept-encoding", "br")],
    )
    .await;
    assert_eq!(file.header("content-encoding"), "br");
    assert_eq!(file.body, brotli_file);
    assert!(file.header("vary").contains("accept-encoding"));
    assert_eq!(file.header("content-type"), "text/javascript");
    assert_eq!(file.header("cache-control"), forever);

    // Revalidated: unchanged is a 304.
    let modified = page.header("last-modified").to_string();
    assert!(!modified.is_empty());
    let again = get(addr, "/", &[("if-modified-since", &modified)]).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert_eq!(again.header("cache-control"), "no-cache");

    // What is not there.
    for path in [
        "/nothing.js",
        "/assets/../../Cargo.toml",
        "/%2e%2e/%2e%2e/etc/passwd",
    ] {
        let missing = get(addr, path, &[]).await;
        assert!(
            matches!(
                missing.status,
                StatusCode::NOT_FOUND | StatusCode::BAD_REQUEST
            ),
            "{path}: {}",
            missing.status
        );
    }

    // The websocket on the same address, as the clients ask for it.
    let mut client = Client::connect(&server.url()).await;
    client.ping().await;
    let mut other_path = Client::connect(&format!("ws://{addr}/join/CCCC-DDDD")).await;
    other_path.ping().await;
}

#[tokio::test]
async fn without_a_web_app_the_page_says_how_to_build_it_and_the_websocket_works() {
    let server = server_with(Config::default()).await;
    let addr = server.local_addr();
    for path in ["/", "/join/CCCC-DDDD-EEEE-FFFF"] {
        let page = get(addr, path, &[]).await;
        assert_eq!(page.status, StatusCode::OK);
        assert!(page.header("content-type").starts_with("text/html"));
        let text = String::from_utf8_lossy(&page.decoded()).into_owned();
        assert!(text.contains("npm run build:web"), "{text}");
        assert!(text.contains("--web"), "{text}");
    }
    assert_eq!(
        get(addr, "/assets/index.js", &[]).await.status,
        StatusCode::NOT_FOUND
    );
    let mut client = Client::connect(&server.url()).await;
    client.ping().await;
}

#[tokio::test]
async fn a_browser_that_stops_reading_a_file_is_dropped_after_the_write_timeout() {
    use tokio::io::AsyncWriteExt;
    let dir = web_app();
    let big: Vec<u8> = (0..4_000_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    if let Err(error) = std::fs::write(dir.0.join("assets/big-1a2b3c.wasm"), &big) {
        panic!("{error}");
    }
    let server = server_with(Config {
        web: Some(dir.0.clone()),
        write_timeout: Duration::from_millis(300),
        ..Config::default()
    })
    .await;
    // A small receive window, and nothing read after the request (without the timeout the
    // connection stays: checked by hand with an hour's timeout, still open after 20 s).
    let socket = match tokio::net::TcpSocket::new_v4() {
        Ok(socket) => socket,
        Err(error) => panic!("{error}"),
    };
    let _ = socket.set_recv_buffer_size(4096);
    let mut stream = match socket.connect(server.local_addr()).await {
        Ok(stream) => stream,
        Err(error) => panic!("{error}"),
    };
    let _ = stream
        .write_all(b"GET /assets/big-1a2b3c.wasm HTTP/1.1\r\nHost: ultima\r\n\r\n")
        .await;
    common::until("the connection counted", || server.connections() == 1).await;
    // Given up: the connection ends and its place is given back.
    common::until("the stalled download dropped", || server.connections() == 0).await;
    drop(stream);
}
