//! `ultima online load ws://HOST:PORT --games N [--plies P] [--seed S]`: N games at once, each
//! between two connections of this process that play random legal moves, one at a time: the
//! mover sends its move and waits for the server's acknowledgement (the round trip measured),
//! then for the opponent's copy of it. A move the server's per-connection rate limit turns
//! away is sent again when the server says (the wait is not part of the round trip). After `P` plies the side to move resigns. When a game
//! has ended, a third connection resumes it with the creator's token and reads the server's
//! record back, which must be the moves sent.
//!
//! Prints the games, the moves sent, the moves received back (acknowledged, and delivered to
//! the opponent), the round trip's percentiles, and whether every record equals the moves sent;
//! fails when one does not, or a game could not be played.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Semaphore;
use tokio::task::JoinSet;
use tokio::time::timeout;
use ultima_online::protocol::{ClientMessage, ColorChoice, ErrorCode, ServerMessage};
use ultima_online::{Client, Credentials, Event, Events, OnlineError, Options, Seat};
use ultima_rand::Rng;
use ultima_rules::{Game, Position};

use super::arguments::LoadSettings;
use crate::error::CliError;

/// How long one answer may take before the game counts as failed.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(60);
/// How many connections are being opened at once (the rest wait their turn).
const OPENING_AT_ONCE: usize = 64;

#[derive(Default)]
struct Report {
    sent: u64,
    acknowledged: u64,
    delivered: u64,
    round_trips_us: Vec<u64>,
    record_equal: bool,
}

pub async fn run(settings: LoadSettings) -> Result<(), CliError> {
    let LoadSettings {
        address,
        games,
        plies,
        seed,
    } = settings;
    let opening = Arc::new(Semaphore::new(OPENING_AT_ONCE));
    let started = Instant::now();
    let mut tasks = JoinSet::new();
    for index in 0..games {
        let address = address.clone();
        let opening = opening.clone();
        let seed = seed.wrapping_add(u64::from(index).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        tasks.spawn(async move { one_game(&address, plies, seed, &opening).await });
    }
    let mut total = Report::default();
    let mut equal = 0u32;
    let mut failures: Vec<String> = Vec::new();
    while let Some(joined) = tasks.join_next().await {
        match joined {
            Ok(Ok(report)) => {
                total.sent += report.sent;
                total.acknowledged += report.acknowledged;
                total.delivered += report.delivered;
                total.round_trips_us.extend(report.round_trips_us);
                if report.record_equal {
                    equal += 1;
                }
            }
            Ok(Err(error)) => failures.push(error),
            Err(error) => failures.push(format!("a game's task failed: {error}")),
        }
    }
    let elapsed = started.elapsed();
    let mut trips = total.round_trips_us;
    trips.sort_unstable();
    let mut out = std::io::stdout().lock();
    writeln!(out, "games {games} in {:.1} s", elapsed.as_secs_f64())?;
    writeln!(out, "moves sent {}", total.sent)?;
    writeln!(
        out,
        "moves received {} acknowledged, {} delivered to the opponent",
        total.acknowledged, total.delivered
    )?;
    writeln!(
        out,
        "round trip p50 {} p99 {} max {}",
        millis(percentile(&trips, 50)),
        millis(percentile(&trips, 99)),
        millis(trips.last().copied().unwrap_or(0))
    )?;
    let all_equal = equal == games && failures.is_empty();
    writeln!(
        out,
        "records equal {} ({equal} of {games})",
        if all_equal { "yes" } else { "no" }
    )?;
    out.flush()?;
    drop(out);
    if let Some(first) = failures.first() {
        return Err(CliError::Online(format!(
            "{} of {games} games failed; the first: {first}",
            failures.len()
        )));
    }
    if !all_equal {
        return Err(CliError::Online(
            "a game's record on the server is not the moves sent".into(),
        ));
    }
    Ok(())
}

/// The value at `percent` of sorted `values` (nearest rank).
fn percentile(values: &[u64], percent: usize) -> u64 {
    if values.is_empty() {
        return 0;
    }
    let rank = (values.len() * percent).div_ceil(100).max(1);
    values[rank.min(values.len()) - 1]
}

fn millis(us: u64) -> String {
    format!("{:.2} ms", us as f64 / 1000.0)
}

/// Opens a connection, waiting its turn and trying again when the server says too many joins or games.
async fn open(address: &str, seat: Seat, opening: &Semaphore) -> Result<(Client, Events), String> {
    let _turn = opening.acquire().await.map_err(|e| e.to_string())?;
    for _ in 0..50 {
        match Client::open(address, seat.clone(), Options::default()).await {
            Ok(opened) => return Ok(opened),
            Err(OnlineError::Refused(
                ErrorCode::JoinRateLimited { retry_after_ms }
                | ErrorCode::CreateRateLimited { retry_after_ms }
                | ErrorCode::RateLimited { retry_after_ms },
            )) => {
                say_throttled(retry_after_ms);
                tokio::time::sleep(Duration::from_millis(retry_after_ms.max(10))).await
            }
            Err(error) => return Err(error.to_string()),
        }
    }
    Err("the server kept refusing to seat this client (rate limited)".into())
}

/// Says once, on standard error, why the run waits: a server with its default limits seats a
/// few games from one address at once, then one connection every few seconds.
fn say_throttled(retry_after_ms: u64) {
    static SAID: AtomicBool = AtomicBool::new(false);
    if !SAID.swap(true, Ordering::Relaxed) {
        eprintln!(
            "the server limits games and joins from one address: waiting {:.1} s and trying again \
             (for a load test, start it with --create-burst N --join-burst 2N)",
            retry_after_ms as f64 / 1000.0
        );
    }
}

/// The next message on `events` that `wanted` picks (others are passed over).
async fn wait_for<T>(
    events: &mut Events,
    what: &str,
    mut wanted: impl FnMut(&ServerMessage) -> Option<T>,
) -> Result<T, String> {
    let waiting = async {
        while let Some(event) = events.recv().await {
            match event {
                Event::Message(ServerMessage::Error { error }) => {
                    return Err(format!(
                        "waiting for {what}, the server refused: {}",
                        ultima_online::describe(&error)
                    ))
                }
                Event::Message(message) => {
                    if let Some(found) = wanted(&message) {
                        return Ok(found);
                    }
                }
                Event::Stopped(error) => return Err(format!("waiting for {what}: {error}")),
                Event::Link(_) | Event::Seated(_) => {}
            }
        }
        Err(format!("waiting for {what}: the connection's task ended"))
    };
    timeout(ANSWER_TIMEOUT, waiting)
        .await
        .map_err(|_| format!("no {what} in {} s", ANSWER_TIMEOUT.as_secs()))?
}

/// Sends `message` and waits for the message `answer` picks: what it picked and the round
/// trip. A message the server's rate limit turned away is sent again when it says (the wait
/// is not counted in the round trip).
async fn send_until_taken<T>(
    client: &Client,
    events: &mut Events,
    message: ClientMessage,
    what: &str,
    mut answer: impl FnMut(&ServerMessage) -> Option<T>,
) -> Result<(T, Duration), String> {
    loop {
        let start = Instant::now();
        client.send(message.clone()).map_err(|e| e.to_string())?;
        let waited = timeout(ANSWER_TIMEOUT, async {
            while let Some(event) = events.recv().await {
                match event {
                    Event::Message(ServerMessage::Error {
                        error: ErrorCode::RateLimited { retry_after_ms },
                    }) => return Ok(Err(retry_after_ms)),
                    Event::Message(ServerMessage::Error { error }) => {
                        return Err(format!(
                            "waiting for {what}, the server refused: {}",
                            ultima_online::describe(&error)
                        ))
                    }
                    Event::Message(message) => {
                        if let Some(found) = answer(&message) {
                            return Ok(Ok(found));
                        }
                    }
                    Event::Stopped(error) => return Err(format!("waiting for {what}: {error}")),
                    Event::Link(_) | Event::Seated(_) => {}
                }
            }
            Err(format!("waiting for {what}: the connection's task ended"))
        })
        .await
        .map_err(|_| format!("no {what} in {} s", ANSWER_TIMEOUT.as_secs()))??;
        match waited {
            Ok(found) => return Ok((found, start.elapsed())),
            Err(wait_ms) => tokio::time::sleep(Duration::from_millis(wait_ms.max(1))).await,
        }
    }
}

async fn one_game(
    address: &str,
    plies: u32,
    seed: u64,
    opening: &Semaphore,
) -> Result<Report, String> {
    let create = Seat::Create {
        color: ColorChoice::White,
        clock: None,
        correspondence: None,
        reading: ultima_rules::Reading::Abbott1963,
    };
    let (white, mut white_events) = open(address, create, opening).await?;
    let invite = white
        .invite()
        .ok_or("the server gave no invite to the game's creator")?
        .to_string();
    let (black, mut black_events) = open(address, Seat::Join { invite }, opening).await?;
    let mut rng = Rng::new(seed);
    let mut game = Game::new(Position::start());
    let mut report = Report::default();
    let mut sent: Vec<String> = Vec::new();
    for ply in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.index(moves.len())];
        let text = mv.to_string();
        let white_moves = game.position().turn() == ultima_rules::Color::White;
        let (mover, mover_events, other_events) = if white_moves {
            (&white, &mut white_events, &mut black_events)
        } else {
            (&black, &mut black_events, &mut white_events)
        };
        let message = ClientMessage::Move {
            ply,
            mv: text.clone(),
        };
        let (acknowledged, trip) = send_until_taken(
            mover,
            mover_events,
            message,
            "the move's acknowledgement",
            |m| match m {
                ServerMessage::Moved { ply: p, mv, .. } if *p == ply => Some(mv.clone()),
                _ => None,
            },
        )
        .await?;
        report.sent += 1;
        sent.push(text.clone());
        report
            .round_trips_us
            .push(u64::try_from(trip.as_micros()).unwrap_or(u64::MAX));
        let is_it = |message: &ServerMessage| match message {
            ServerMessage::Moved { ply: p, mv, .. } if *p == ply => Some(mv.clone()),
            _ => None,
        };
        if acknowledged != text {
            return Err(format!(
                "sent {text} as ply {ply}, the server acknowledged {acknowledged}"
            ));
        }
        report.acknowledged += 1;
        let delivered = wait_for(other_events, "the opponent's copy of the move", is_it).await?;
        if delivered != text {
            return Err(format!(
                "sent {text} as ply {ply}, the opponent got {delivered}"
            ));
        }
        report.delivered += 1;
        game.play(&mv).map_err(|e| e.to_string())?;
    }
    if game.outcome().is_none() {
        let white_moves = game.position().turn() == ultima_rules::Color::White;
        let (mover, mover_events) = if white_moves {
            (&white, &mut white_events)
        } else {
            (&black, &mut black_events)
        };
        send_until_taken(
            mover,
            mover_events,
            ClientMessage::Resign {},
            "the end of the game",
            |m| match m {
                ServerMessage::State(state) if state.result.is_some() => Some(()),
                _ => None,
            },
        )
        .await?;
    }
    let credentials: Credentials = white.credentials();
    white.close();
    black.close();
    let (reader, mut reader_events) = open(address, Seat::Resume(credentials), opening).await?;
    let record = wait_for(
        &mut reader_events,
        "the stored game",
        |message| match message {
            ServerMessage::State(state) => Some(state.moves.clone()),
            _ => None,
        },
    )
    .await?;
    reader.close();
    report.record_equal = record == sent;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::percentile;

    #[test]
    fn percentiles_are_nearest_rank() {
        let values: Vec<u64> = (1..=100).collect();
        assert_eq!(percentile(&values, 50), 50);
        assert_eq!(percentile(&values, 99), 99);
        assert_eq!(percentile(&[7], 99), 7);
        assert_eq!(percentile(&[], 50), 0);
    }
}
