//! The load figures: N concurrent games of random legal moves against the real server binary
//! (release build, a separate process, SQLite on disk or two processes sharing Redis), over
//! loopback websockets.
//!
//! `cargo bench -p ultima-server --bench load -- [--games N] [--plies P] [--think MS]
//! [--redis URL | --memory] [--idle N] [--browsers [--web DIR]]`: `--think` is each player's
//! average time before a move (each wait drawn between half and one and a half of it); `--idle`:
//! connections opened (and left unseated) once the games are open, for the memory of one;
//! `--browsers`: each player first loads the web app from the server as a browser does on a
//! first visit (the page, its scripts, styles and WebAssembly, the manifest and the service
//! worker, over one kept-alive HTTP connection, accepting brotli and gzip), from `--web DIR`
//! (the release layout: `--web dist-server/web`) or else the checkout's `ui/web/dist`, or else
//! a stand-in the bench writes (a page and a file of the real WebAssembly's size, cut from the
//! server's own binary).
//!
//! Prints the moves sent and received, the round trip of each move (sent to its
//! acknowledgement, p50 / p99 / max) and the time to the opponent's receipt, moves per second,
//! the server's CPU time, whether every player received exactly the moves played (none lost or
//! doubled), the server's resident memory before and after the games were created and per idle
//! connection, and with `--browsers` the app's load times and bytes (`--precompressed`: the
//! stand-in with `.br` and `.gz` files beside it, as scripts/server-release.sh lays them out).

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use ultima_protocol::{ClientMessage, ColorChoice, ServerMessage};
use ultima_rules::{Color, Game, Position};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

struct Options {
    games: usize,
    plies: usize,
    think: Duration,
    redis: Option<String>,
    /// The server keeps its games in memory only (no disk syncs): to tell the disk's share.
    memory: bool,
    /// Idle connections opened to measure the memory of one.
    idle: usize,
    /// Each player loads the app first.
    browsers: bool,
    web: Option<std::path::PathBuf>,
    /// The stand-in app has `.br` and `.gz` files beside its own (as the release layout has).
    precompressed: bool,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        games: 1000,
        plies: 40,
        think: Duration::ZERO,
        redis: None,
        memory: false,
        idle: 1000,
        browsers: false,
        web: None,
        precompressed: false,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let mut number = |name: &str| -> Result<u64, String> {
            rest.next()
                .and_then(|text| text.parse().ok())
                .ok_or_else(|| format!("{name} needs a whole number"))
        };
        match flag.as_str() {
            "--games" => options.games = number("--games")?.max(1) as usize,
            "--plies" => options.plies = number("--plies")?.max(1) as usize,
            "--think" => options.think = Duration::from_millis(number("--think")?),
            "--redis" => {
                options.redis = Some(rest.next().cloned().ok_or("--redis needs a URL")?);
            }
            "--memory" => options.memory = true,
            "--idle" => options.idle = number("--idle")? as usize,
            "--browsers" => options.browsers = true,
            "--precompressed" => options.precompressed = true,
            "--web" => {
                options.web = Some(rest.next().ok_or("--web needs a folder")?.into());
            }
            // What `cargo bench` passes to every bench.
            "--bench" => {}
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(options)
}

struct Server {
    child: Child,
    url: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn spawn(args: &[String]) -> Result<Server, String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ultima-server"))
        .args([
            "--listen",
            "127.0.0.1:0",
            "--join-burst",
            "1000000",
            "--create-burst",
            "1000000",
            "--message-rate",
            "100000",
            "--max-refusals",
            "1000000",
            "--max-connections",
            "1000000",
            "--max-connections-per-address",
            "1000000",
            // The first games wait quietly while the others open.
            "--idle-timeout",
            "3600",
            "--write-timeout",
            "60",
        ])
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|error| format!("cannot start ultima-server: {error}"))?;
    let mut line = String::new();
    if let Some(stdout) = child.stdout.take() {
        let _ = BufReader::new(stdout).read_line(&mut line);
    }
    let addr = line
        .trim()
        .strip_prefix("listening on ")
        .ok_or_else(|| format!("ultima-server said {line:?}"))?
        .to_string();
    Ok(Server {
        child,
        url: format!("ws://{addr}/"),
    })
}

/// Resident memory of a process, in KiB.
fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|line| line.starts_with("VmRSS:"))
                .and_then(|line| line.split_whitespace().nth(1))
                .and_then(|kib| kib.parse().ok())
        })
        .unwrap_or(0)
}

/// CPU time a process has used (user and system), from /proc (in clock ticks of 10 ms).
fn cpu_ticks(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            // The fields after the command name, which is in parentheses.
            let rest = stat.rsplit_once(')')?.1.to_string();
            let fields: Vec<&str> = rest.split_whitespace().collect();
            let user: u64 = fields.get(11)?.parse().ok()?;
            let system: u64 = fields.get(12)?.parse().ok()?;
            Some(user + system)
        })
        .unwrap_or(0)
}

async fn connect(url: &str) -> Result<Socket, String> {
    let (mut socket, _) = tokio_tungstenite::connect_async(url)
        .await
        .map_err(|error| format!("connect: {error}"))?;
    next(&mut socket).await?; // hello
    Ok(socket)
}

async fn send(socket: &mut Socket, message: &ClientMessage) -> Result<(), String> {
    socket
        .send(Message::text(message.encode()))
        .await
        .map_err(|error| format!("send: {error}"))
}

async fn next(socket: &mut Socket) -> Result<ServerMessage, String> {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(60), socket.next())
            .await
            .map_err(|_| "no answer within 60 s".to_string())?
            .ok_or("closed")?
            .map_err(|error| format!("read: {error}"))?;
        if let Message::Text(text) = frame {
            return ServerMessage::decode(text.as_str()).map_err(|error| error.to_string());
        }
    }
}

/// The next `moved`, skipping states.
async fn next_move(socket: &mut Socket) -> Result<String, String> {
    loop {
        match next(socket).await? {
            ServerMessage::Moved { mv, .. } => return Ok(mv),
            ServerMessage::State(_) => continue,
            other => return Err(format!("expected a move, got {other:?}")),
        }
    }
}

/// The web app as a browser loads it from the server: the address, the files asked for.
struct App {
    addr: String,
    paths: Vec<String>,
}

/// One browser's load of the app: bytes received (as sent: compressed) and the time it took.
struct Loaded {
    bytes: usize,
    took: Duration,
}

/// Loads the app's files over one kept-alive HTTP connection, accepting brotli and gzip.
async fn load_app(app: &App) -> Result<Loaded, String> {
    use http_body_util::{BodyExt, Empty};
    let started = Instant::now();
    let stream = TcpStream::connect(&app.addr)
        .await
        .map_err(|error| format!("connect for the app: {error}"))?;
    let (mut sender, connection) =
        hyper::client::conn::http1::handshake(hyper_util::rt::TokioIo::new(stream))
            .await
            .map_err(|error| format!("HTTP handshake: {error}"))?;
    tokio::spawn(connection);
    let mut bytes = 0;
    for path in &app.paths {
        let request = hyper::Request::get(path.as_str())
            .header("host", app.addr.as_str())
            .header("accept-encoding", "gzip, deflate, br, zstd")
            .body(Empty::<hyper::body::Bytes>::new())
            .map_err(|error| error.to_string())?;
        let response = sender
            .send_request(request)
            .await
            .map_err(|error| format!("GET {path}: {error}"))?;
        if !response.status().is_success() {
            return Err(format!("GET {path}: {}", response.status()));
        }
        let body = response
            .into_body()
            .collect()
            .await
            .map_err(|error| format!("GET {path}: {error}"))?;
        bytes += body.to_bytes().len();
    }
    Ok(Loaded {
        bytes,
        took: started.elapsed(),
    })
}

/// The web app to serve: `--web`, else the checkout's build, else a stand-in written to `dir`
/// (a page, and a file of the real WebAssembly's size cut from the server's binary, whose
/// machine code compresses about as well), with `.br` and `.gz` beside its files when
/// `precompressed`. Returns the folder and the paths a browser asks for.
fn web_app(
    options: &Options,
    dir: &std::path::Path,
) -> Result<(std::path::PathBuf, Vec<String>), String> {
    let checkout = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../ui/web/dist");
    let folder = match &options.web {
        Some(web) => web.clone(),
        None if checkout.join("index.html").is_file() => checkout,
        None => {
            let web = dir.join("web");
            std::fs::create_dir_all(web.join("assets")).map_err(|error| error.to_string())?;
            let page = "<!doctype html><html><head><meta charset=\"utf-8\"><title>Ultima</title>\
                <script type=\"module\" src=\"./assets/index-standin.js\"></script></head><body></body></html>\n";
            std::fs::write(web.join("index.html"), page).map_err(|error| error.to_string())?;
            let binary = std::fs::read(env!("CARGO_BIN_EXE_ultima-server"))
                .map_err(|error| error.to_string())?;
            // The real one's size (docs/web.md).
            let wasm: Vec<u8> = binary.iter().copied().cycle().take(1_533_233).collect();
            let name = web.join("assets/ultima_wasm_bg-standin.wasm");
            std::fs::write(&name, &wasm).map_err(|error| error.to_string())?;
            if options.precompressed {
                use std::io::Write;
                let mut gzip =
                    flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
                gzip.write_all(&wasm).map_err(|error| error.to_string())?;
                let gzip = gzip.finish().map_err(|error| error.to_string())?;
                let mut brotli = Vec::new();
                {
                    let mut writer = brotli::CompressorWriter::new(&mut brotli, 4096, 11, 22);
                    writer.write_all(&wasm).map_err(|error| error.to_string())?;
                }
                let gz_name = web.join("assets/ultima_wasm_bg-standin.wasm.gz");
                std::fs::write(gz_name, gzip).map_err(|error| error.to_string())?;
                let br_name = web.join("assets/ultima_wasm_bg-standin.wasm.br");
                std::fs::write(br_name, brotli).map_err(|error| error.to_string())?;
            }
            web
        }
    };
    let mut paths = vec!["/".to_string()];
    let assets = std::fs::read_dir(folder.join("assets")).map_err(|error| error.to_string())?;
    let mut names: Vec<String> = assets
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        // Every file of the app's bundle (scripts, styles, the WebAssembly), not the
        // compressed copies beside them: the server picks those by the request's encoding.
        .filter(|name| !name.ends_with(".br") && !name.ends_with(".gz"))
        .collect();
    names.sort();
    paths.extend(names.into_iter().map(|name| format!("/assets/{name}")));
    // What a page also asks for on its first visit: its manifest and its service worker.
    for extra in ["manifest.webmanifest", "sw.js"] {
        if folder.join(extra).is_file() {
            paths.push(format!("/{extra}"));
        }
    }
    Ok((folder, paths))
}

struct Seated {
    white: Socket,
    black: Socket,
    loads: Vec<Loaded>,
}

async fn open_game(white_url: &str, black_url: &str, app: Option<&App>) -> Result<Seated, String> {
    let mut loads = Vec::new();
    if let Some(app) = app {
        loads.push(load_app(app).await?);
    }
    let mut white = connect(white_url).await?;
    send(
        &mut white,
        &ClientMessage::Create {
            color: ColorChoice::White,
            clock: None,
            correspondence: None,
            reading: ultima_rules::Reading::Abbott1963,
        },
    )
    .await?;
    let invite = match next(&mut white).await? {
        ServerMessage::Seated { invite, .. } => invite.unwrap_or_default(),
        other => return Err(format!("{other:?}")),
    };
    next(&mut white).await?; // state: waiting
    if let Some(app) = app {
        loads.push(load_app(app).await?);
    }
    let mut black = connect(black_url).await?;
    send(&mut black, &ClientMessage::Join { invite }).await?;
    next(&mut black).await?; // seated
    next(&mut black).await?; // state
    next(&mut white).await?; // state: connected
    Ok(Seated {
        white,
        black,
        loads,
    })
}

struct Outcome {
    round_trips: Vec<Duration>,
    /// From sending a move to the opponent receiving it (through the other process with Redis).
    to_opponent: Vec<Duration>,
    sent: usize,
    received: usize,
    exact: bool,
}

async fn play(
    mut seated: Seated,
    plies: usize,
    think: Duration,
    seed: u64,
) -> Result<Outcome, String> {
    let mut game = Game::new(Position::start());
    let mut dice = seed | 1;
    let mut round_trips = Vec::with_capacity(plies);
    let mut to_opponent = Vec::with_capacity(plies);
    let (mut seen_white, mut seen_black) = (Vec::new(), Vec::new());
    for ply in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        dice ^= dice << 13;
        dice ^= dice >> 7;
        dice ^= dice << 17;
        let moves = game.position().legal_moves();
        let chosen = moves[(dice % moves.len() as u64) as usize];
        let text = chosen.coordinates();
        if !think.is_zero() {
            // Between half and one and a half times the think time: players do not move in step.
            let spread = 0.5 + (dice >> 11) as f64 / (1u64 << 53) as f64;
            tokio::time::sleep(think.mul_f64(spread)).await;
        }
        let side = game.position().turn();
        let (mover, other) = match side {
            Color::White => (&mut seated.white, &mut seated.black),
            Color::Black => (&mut seated.black, &mut seated.white),
        };
        let started = Instant::now();
        send(
            mover,
            &ClientMessage::Move {
                ply: ply as u32,
                mv: text.clone(),
            },
        )
        .await?;
        let echoed = next_move(mover).await?;
        round_trips.push(started.elapsed());
        let seen = next_move(other).await?;
        to_opponent.push(started.elapsed());
        let (mine, theirs) = match side {
            Color::White => (&mut seen_white, &mut seen_black),
            Color::Black => (&mut seen_black, &mut seen_white),
        };
        mine.push(echoed);
        theirs.push(seen);
        game.play(&chosen).map_err(|error| error.to_string())?;
    }
    let played: Vec<String> = game.moves().iter().map(|mv| mv.coordinates()).collect();
    Ok(Outcome {
        sent: played.len(),
        received: seen_white.len() + seen_black.len(),
        exact: seen_white == played && seen_black == played,
        round_trips,
        to_opponent,
    })
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

fn ms(duration: Duration) -> String {
    format!("{:.1} ms", duration.as_secs_f64() * 1000.0)
}

async fn run(options: Options) -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!("ultima-server-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|error| error.to_string())?;
    let (web, paths) = if options.browsers {
        let (folder, paths) = web_app(&options, &dir)?;
        (
            vec!["--web".to_string(), folder.to_string_lossy().into_owned()],
            paths,
        )
    } else {
        (vec!["--no-web".to_string()], Vec::new())
    };
    let with_web = |args: &[String]| [args, &web[..]].concat();
    let servers = match &options.redis {
        Some(url) => vec![
            spawn(&with_web(&["--redis".into(), url.clone()]))?,
            spawn(&with_web(&["--redis".into(), url.clone()]))?,
        ],
        None if options.memory => vec![spawn(&with_web(&["--memory".into()]))?],
        None => vec![spawn(&with_web(&[
            "--db".into(),
            dir.join("games.sqlite").to_string_lossy().into_owned(),
        ]))?],
    };
    let app = options.browsers.then(|| {
        Arc::new(App {
            addr: servers[0]
                .url
                .trim_start_matches("ws://")
                .trim_end_matches('/')
                .to_string(),
            paths,
        })
    });
    let white_url = servers[0].url.clone();
    let black_url = servers[servers.len() - 1].url.clone();
    let pids: Vec<u32> = servers.iter().map(|server| server.child.id()).collect();
    let rss_before: u64 = pids.iter().map(|pid| rss_kib(*pid)).sum();

    let opening = Instant::now();
    let mut tasks = Vec::new();
    let limit = Arc::new(tokio::sync::Semaphore::new(64));
    for _ in 0..options.games {
        let (white_url, black_url, limit) = (white_url.clone(), black_url.clone(), limit.clone());
        let app = app.clone();
        tasks.push(tokio::spawn(async move {
            let _permit = limit.acquire().await;
            open_game(&white_url, &black_url, app.as_deref()).await
        }));
    }
    let mut games = Vec::new();
    for task in tasks {
        games.push(task.await.map_err(|error| error.to_string())??);
    }
    let opened = opening.elapsed();
    let rss_open: u64 = pids.iter().map(|pid| rss_kib(*pid)).sum();
    let mut loads: Vec<Loaded> = games
        .iter_mut()
        .flat_map(|game| std::mem::take(&mut game.loads))
        .collect();

    // Idle connections (the hello read, no seat), on top of the open games.
    let mut idle = Vec::with_capacity(options.idle);
    for _ in 0..options.idle {
        idle.push(connect(&white_url).await?);
    }
    let rss_idle: u64 = pids.iter().map(|pid| rss_kib(*pid)).sum();
    drop(idle);

    let results = Arc::new(Mutex::new(Vec::new()));
    let cpu_before: u64 = pids.iter().map(|pid| cpu_ticks(*pid)).sum();
    let own_cpu_before = cpu_ticks(std::process::id());
    let playing = Instant::now();
    let mut tasks = Vec::new();
    for (i, seated) in games.into_iter().enumerate() {
        let results = results.clone();
        let (plies, think) = (options.plies, options.think);
        tasks.push(tokio::spawn(async move {
            let outcome = play(
                seated,
                plies,
                think,
                0x9E37_79B9_7F4A_7C15 ^ (i as u64 * 7919),
            )
            .await;
            results.lock().await.push(outcome);
        }));
    }
    for task in tasks {
        task.await.map_err(|error| error.to_string())?;
    }
    let elapsed = playing.elapsed();
    let rss_after: u64 = pids.iter().map(|pid| rss_kib(*pid)).sum();
    let cpu_used = pids.iter().map(|pid| cpu_ticks(*pid)).sum::<u64>() - cpu_before;
    let own_cpu_used = cpu_ticks(std::process::id()).saturating_sub(own_cpu_before);
    let results = std::mem::take(&mut *results.lock().await);
    let mut round_trips = Vec::new();
    let mut to_opponent = Vec::new();
    let (mut sent, mut received, mut exact, mut failed) = (0, 0, true, 0);
    for result in results {
        match result {
            Ok(outcome) => {
                sent += outcome.sent;
                received += outcome.received;
                exact &= outcome.exact;
                round_trips.extend(outcome.round_trips);
                to_opponent.extend(outcome.to_opponent);
            }
            Err(error) => {
                failed += 1;
                eprintln!("a game failed: {error}");
            }
        }
    }
    round_trips.sort();
    to_opponent.sort();
    let processes = match (&options.redis, options.memory) {
        (Some(_), _) => "2 processes sharing Redis",
        (None, true) => "1 process, games in memory only",
        (None, false) => "1 process, SQLite on disk",
    };
    println!(
        "server: {processes}; games {}, up to {} plies each, think {} ms",
        options.games,
        options.plies,
        options.think.as_millis()
    );
    println!(
        "games opened in {} ({:.0} games/s)",
        ms(opened),
        options.games as f64 / opened.as_secs_f64()
    );
    println!("moves sent {sent}, moves received {received} (each move by both players)");
    println!(
        "round trip p50 {} p99 {} max {}",
        ms(percentile(&round_trips, 0.5)),
        ms(percentile(&round_trips, 0.99)),
        ms(percentile(&round_trips, 1.0))
    );
    println!(
        "sent to the opponent's receipt p50 {} p99 {} max {}",
        ms(percentile(&to_opponent, 0.5)),
        ms(percentile(&to_opponent, 0.99)),
        ms(percentile(&to_opponent, 1.0))
    );
    println!(
        "moves per second {:.0} over {}",
        sent as f64 / elapsed.as_secs_f64(),
        ms(elapsed)
    );
    println!(
        "server CPU while playing: {:.2} s ({:.0} us a move, {:.0}% of one core)",
        cpu_used as f64 / 100.0,
        cpu_used as f64 * 10_000.0 / sent.max(1) as f64,
        cpu_used as f64 / elapsed.as_secs_f64()
    );
    println!(
        "the bench's players' CPU meanwhile: {:.2} s ({:.0}% of one core); load average at the end: {}",
        own_cpu_used as f64 / 100.0,
        own_cpu_used as f64 / elapsed.as_secs_f64(),
        std::fs::read_to_string("/proc/loadavg")
            .ok()
            .and_then(|text| text.split_whitespace().next().map(str::to_string))
            .unwrap_or_default()
    );
    println!(
        "every player received exactly the moves played: {}",
        if exact && failed == 0 { "yes" } else { "no" }
    );
    println!(
        "server memory: {} KiB before, {} KiB with the games open, {} KiB after playing; {:.1} KiB per open game (its two connections included)",
        rss_before,
        rss_open,
        rss_after,
        (rss_after.saturating_sub(rss_before)) as f64 / options.games as f64
    );
    if options.idle > 0 {
        println!(
            "server memory per idle connection: {:.1} KiB ({} more connections: {} KiB)",
            rss_idle.saturating_sub(rss_open) as f64 / options.idle as f64,
            options.idle,
            rss_idle.saturating_sub(rss_open)
        );
    }
    if !loads.is_empty() {
        loads.sort_by_key(|load| load.took);
        let took: Vec<Duration> = loads.iter().map(|load| load.took).collect();
        let bytes: usize = loads.iter().map(|load| load.bytes).sum();
        println!(
            "app loads: {} browsers, {} each ({} bytes received each, compressed), load p50 {} p99 {} max {}",
            loads.len(),
            app.as_ref().map(|app| app.paths.join(" + ")).unwrap_or_default(),
            bytes / loads.len(),
            ms(percentile(&took, 0.5)),
            ms(percentile(&took, 0.99)),
            ms(percentile(&took, 1.0))
        );
    }
    drop(servers);
    let _ = std::fs::remove_dir_all(&dir);
    if failed > 0 || !exact {
        return Err(format!("{failed} games failed"));
    }
    Ok(())
}

fn main() {
    let options = match options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(1);
        }
    };
    if let Err(error) = runtime.block_on(run(options)) {
        eprintln!("load: {error}");
        std::process::exit(1);
    }
}
