//! `ultima-server --listen 127.0.0.1:PORT [--db FILE] [--redis URL] [--claim-after SECONDS]
//! [--join-burst N] [--create-burst N] [--message-rate N] [--behind-proxy]`: prints
//! `listening on ADDR` once it accepts connections.
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
//! 30 days, by default; at most a year); an unfinished one is kept until it finishes.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use ultima_server::{Config, Rate};

const USAGE: &str = "usage: ultima-server --listen HOST:PORT [--db FILE] [--redis URL] \
[--claim-after SECONDS] [--join-burst N] [--create-burst N] [--message-rate N] [--behind-proxy] \
[--invite-expires-after SECONDS] [--abandoned-after SECONDS] [--keep-finished-for SECONDS]";

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
            "--db" => config.db = Some(PathBuf::from(value()?)),
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
            "--help" | "-h" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    config.listen = listen.ok_or_else(|| format!("--listen is required\n{USAGE}"))?;
    Ok(config)
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
    runtime.block_on(async {
        match ultima_server::start(config).await {
            Ok(server) => {
                println!("listening on {}", server.local_addr());
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
