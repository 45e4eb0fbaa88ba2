//! `ultima-server [--listen HOST:PORT] [--db FILE] [--redis URL] [--web DIR] [limits...]`:
//! prints `listening on ADDR` once it accepts connections, then where the web app and the
//! games are. With no argument: every interface, port 8080, the games in
//! `ultima-data/games.sqlite` under the current folder (made if missing), the web app from a
//! `web` folder beside the binary or else the checkout's `ui/web/dist`.
//!
//! `--join-burst`: join and resume attempts an address may make at once (10 by default, then
//! one every 6 seconds); `--create-burst`: games an address may create at once (20 by default,
//! then one every 30 seconds); `--message-rate`: messages a second per connection (10 by default, in
//! bursts of twice that). Raise them only for load tests. `--behind-proxy`: a reverse proxy on
//! this machine (for TLS) forwards the players; their address is its `X-Forwarded-For`.
//! `--invite-expires-after`: an invite nobody joins with is gone after this (86400, a day, by
//! default); `--abandoned-after`: a started game nobody is connected to is ended (or, with no
//! move played, gone) after this (1209600, 14 days, by default).
//! `--keep-finished-for`: a finished game is deleted this long after its last change (2592000,
//! 30 days, by default; at most a year); an unfinished one is kept until it finishes. The
//! connection limits (`--max-connections` and the rest) are in docs/server.md.

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use ultima_server::{Config, Rate};

const USAGE: &str =
    "usage: ultima-server [--listen HOST:PORT] [--db FILE | --memory] [--redis URL] \
[--web DIR | --no-web] [--claim-after SECONDS] [--join-burst N] [--create-burst N] \
[--message-rate N] [--behind-proxy] [--invite-expires-after SECONDS] [--abandoned-after SECONDS] \
[--max-connections N] [--max-connections-per-address N] [--idle-timeout SECONDS] \
[--write-timeout SECONDS] [--max-refusals N] [--keep-finished-for SECONDS]
With no argument: 0.0.0.0:8080, games in ./ultima-data/games.sqlite, the web app found beside it.";

/// Where the server listens without `--listen`: every interface, port 8080.
const DEFAULT_LISTEN: ([u8; 4], u16) = ([0, 0, 0, 0], 8080);
/// The games' file without `--db`, under the current folder.
const DEFAULT_DB: &str = "ultima-data/games.sqlite";

/// A whole number from 1.
fn count(flag: &str, text: &str) -> Result<u32, String> {
    text.parse()
        .ok()
        .filter(|n| *n >= 1)
        .ok_or_else(|| format!("{flag}: `{text}` is not a whole number from 1"))
}

/// A lifetime in seconds: more than 0, at most a year.
fn seconds(flag: &str, text: &str) -> Result<Duration, String> {
    text.parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && *s > 0.0 && *s <= 366.0 * 86_400.0)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("{flag}: `{text}` is not a number of seconds from 0 to 31622400"))
}

fn parse(args: &[String]) -> Result<Config, String> {
    let mut config = Config::default();
    let mut listen = None;
    let mut db = Db::Default;
    let mut web = Web::Find;
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let mut value = || {
            rest.next()
                .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))
        };
        match flag.as_str() {
            "--listen" => {
                let text = value()?;
                let addr: SocketAddr = text.parse().map_err(|_| {
                    format!("--listen: `{text}` is not HOST:PORT (e.g. 127.0.0.1:8080)")
                })?;
                listen = Some(addr);
            }
            "--db" => db = Db::File(PathBuf::from(value()?)),
            "--redis" => config.redis = Some(value()?.clone()),
            "--claim-after" => {
                let text = value()?;
                let seconds: f64 = text
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s >= 0.0 && *s <= 86_400.0)
                    .ok_or_else(|| {
                        format!(
                            "--claim-after: `{text}` is not a number of seconds from 0 to 86400"
                        )
                    })?;
                config.claim_after = Duration::from_secs_f64(seconds);
            }
            "--join-burst" => {
                let text = value()?;
                let burst: u32 = text.parse().ok().filter(|n| *n >= 1).ok_or_else(|| {
                    format!("--join-burst: `{text}` is not a whole number from 1")
                })?;
                config.join_rate = Rate {
                    burst,
                    per_second: config.join_rate.per_second.max(f64::from(burst) / 60.0),
                };
            }
            "--create-burst" => {
                let text = value()?;
                let burst: u32 = text.parse().ok().filter(|n| *n >= 1).ok_or_else(|| {
                    format!("--create-burst: `{text}` is not a whole number from 1")
                })?;
                config.create_rate = Rate {
                    burst,
                    per_second: config.create_rate.per_second.max(f64::from(burst) / 60.0),
                };
            }
            "--message-rate" => {
                let text = value()?;
                let rate: u32 = text.parse().ok().filter(|n| *n >= 1).ok_or_else(|| {
                    format!("--message-rate: `{text}` is not a whole number from 1")
                })?;
                config.message_rate = Rate {
                    burst: rate.saturating_mul(2),
                    per_second: f64::from(rate),
                };
            }
            "--behind-proxy" => config.behind_proxy = true,
            "--invite-expires-after" => {
                config.invite_expires_after = seconds(flag, value()?)?;
            }
            "--abandoned-after" => config.abandoned_after = seconds(flag, value()?)?,
            "--keep-finished-for" => config.keep_finished_for = seconds(flag, value()?)?,
            // HTTP, connections and their limits.
            "--memory" => db = Db::Memory,
            "--web" => web = Web::Dir(PathBuf::from(value()?)),
            "--no-web" => web = Web::None,
            "--max-connections" => {
                config.max_connections = count(flag, value()?)? as usize;
            }
            "--max-connections-per-address" => {
                config.max_connections_per_address = count(flag, value()?)? as usize;
            }
            "--idle-timeout" => config.idle_timeout = seconds(flag, value()?)?,
            "--write-timeout" => config.write_timeout = seconds(flag, value()?)?,
            "--max-refusals" => config.max_refusals = count(flag, value()?)?,
            "--help" | "-h" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    config.listen = listen.unwrap_or_else(|| SocketAddr::from(DEFAULT_LISTEN));
    config.db = match db {
        Db::File(path) => Some(path),
        Db::Memory => None,
        // With Redis the games are there.
        Db::Default if config.redis.is_some() => None,
        Db::Default => Some(PathBuf::from(DEFAULT_DB)),
    };
    config.web = match web {
        Web::Dir(dir) => {
            if !dir.join("index.html").is_file() {
                return Err(format!(
                    "--web: {} has no index.html (the folder `npm run build:web` writes is ui/web/dist)",
                    dir.display()
                ));
            }
            Some(dir)
        }
        Web::None => None,
        Web::Find => find_web(),
    };
    Ok(config)
}

enum Db {
    Default,
    File(PathBuf),
    Memory,
}

enum Web {
    Find,
    Dir(PathBuf),
    None,
}

/// The web app when no `--web` says where: a `web` folder beside the binary (the release
/// layout, scripts/server-release.sh), else the build output of the checkout the binary was
/// built in (`npm run build:web`).
fn find_web() -> Option<PathBuf> {
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join("web")));
    let checkout = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../ui/web/dist");
    beside
        .into_iter()
        .chain([checkout])
        .find(|dir| dir.join("index.html").is_file())
        .map(|dir| dir.canonicalize().unwrap_or(dir))
}

/// Makes the folder of the games' file when it is missing.
fn make_db_folder(config: &Config) -> Result<(), String> {
    let Some(folder) = config.db.as_deref().and_then(|db| db.parent()) else {
        return Ok(());
    };
    if folder.as_os_str().is_empty() || folder.is_dir() {
        return Ok(());
    }
    std::fs::create_dir_all(folder)
        .map_err(|error| format!("cannot make the folder {}: {error}", folder.display()))
}

/// This machine's address on the network it would reach the internet by (asked of the
/// routing table: a UDP socket "connected" sends nothing), for the address to give players.
fn network_address() -> Option<std::net::IpAddr> {
    let socket = std::net::UdpSocket::bind(("0.0.0.0", 0)).ok()?;
    socket.connect(("192.0.2.1", 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
}

/// How many files this process may open (Linux: /proc/self/limits), if known.
fn open_files_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits
        .lines()
        .find(|line| line.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// What the organiser reads: `listening on ADDR` (the line scripts wait for), then where the
/// app and the games are. Written to stdout, which may be closed once the first line was read.
fn tell(config: &Config, addr: SocketAddr) {
    let mut lines = vec![format!("listening on {addr}")];
    let host = if addr.ip().is_unspecified() {
        "every interface of this machine".to_string()
    } else {
        addr.ip().to_string()
    };
    let url_host = if addr.ip().is_unspecified() {
        network_address().map_or("THIS-MACHINE".to_string(), |ip| match ip {
            std::net::IpAddr::V4(v4) => v4.to_string(),
            std::net::IpAddr::V6(v6) => format!("[{v6}]"),
        })
    } else {
        addr.ip().to_string()
    };
    lines.push(format!("  on {host}, port {}", addr.port()));
    match &config.web {
        Some(dir) => lines.push(format!(
            "  the web app: http://{url_host}:{}/ (from {})",
            addr.port(),
            dir.display()
        )),
        None => lines.push(format!(
            "  no web app here (build it with `npm run build:web`, or give --web DIR); online play connects to ws://{url_host}:{}",
            addr.port()
        )),
    }
    match (&config.redis, &config.db) {
        (Some(url), _) => lines.push(format!("  the games in Redis at {url}")),
        (None, Some(db)) => lines.push(format!("  the games in {}", db.display())),
        (None, None) => {
            lines.push("  the games in memory only (gone when the server stops)".to_string())
        }
    }
    if let Some(open_files) = open_files_limit() {
        // A connection is an open file: past the limit, connections wait in the queue.
        if open_files < config.max_connections as u64 + 64 {
            lines.push(format!(
                "  note: this process may open {open_files} files, fewer than --max-connections {}: raise it (ulimit -n, systemd's LimitNOFILE)",
                config.max_connections
            ));
        }
    }
    let mut stdout = std::io::stdout().lock();
    for line in lines {
        if writeln!(stdout, "{line}").is_err() {
            break;
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let config = match parse(&args) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    if let Err(message) = make_db_folder(&config) {
        eprintln!("ultima-server: {message}");
        return ExitCode::FAILURE;
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("ultima-server: cannot start the runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    let config_shown = config.clone();
    runtime.block_on(async {
        match ultima_server::start(config).await {
            Ok(server) => {
                tell(&config_shown, server.local_addr());
                // Stops on Ctrl-C (or SIGTERM's default); games are stored as they go.
                std::future::pending::<()>().await;
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprintln!("ultima-server: {error}");
                ExitCode::FAILURE
            }
        }
    })
}
