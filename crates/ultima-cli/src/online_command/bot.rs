//! A level of the bot playing one game online, to its end.

use std::io::Write;

use std::time::{Duration, Instant};
use ultima_bot::{history_hashes, LevelPlayer, StdClock};

use ultima_online::protocol::{ClientMessage, ErrorCode, ServerMessage};
use ultima_online::{describe, Client, Event, Link, OnlineGame, Options};

use super::arguments::PlaySettings;
use crate::error::CliError;

/// The least time a move takes, thinking included: a person facing the bot sees each move
/// land, and two bots facing each other stay well within the server's message rate.
const MIN_MOVE_MS: u64 = 150;

pub async fn play(settings: PlaySettings) -> Result<(), CliError> {
    let PlaySettings {
        address,
        seat,
        level,
        seed,
    } = settings;
    let (client, mut events) = Client::open(&address, seat, Options::default())
        .await
        .map_err(|e| CliError::Online(e.to_string()))?;
    if let Some(invite) = client.invite() {
        say(&format!("invite {invite}"))?;
    }
    let mut player = Some(LevelPlayer::new(level, seed));
    let mut game: Option<OnlineGame> = None;
    // The ply the bot last sent a move for (not sent twice for one position).
    let mut sent_for: Option<usize> = None;
    // The state (by its revision) whose offers the bot declined.
    let mut answered: Option<u32> = None;
    while let Some(event) = events.recv().await {
        let now = now_ms();
        match event {
            Event::Message(ServerMessage::State(state)) => {
                // Think (again) in the position the server has.
                sent_for = None;
                match game.as_mut() {
                    Some(game) => game
                        .apply_state(state, now)
                        .map(drop)
                        .map_err(|e| CliError::Online(e.to_string()))?,
                    None => {
                        let new = OnlineGame::new(format!("online-{}", state.game), state, now)
                            .map_err(|e| CliError::Online(e.to_string()))?;
                        // The rules the game is played by, as the server has them.
                        say(&format!("rules {}", new.position().reading()))?;
                        game = Some(new);
                    }
                }
            }
            Event::Message(ServerMessage::Moved {
                ply,
                mv,
                clock,
                result,
                ..
            }) => {
                if let Some(game) = game.as_mut() {
                    game.apply_move(ply, &mv, clock, result, now)
                        .map_err(|e| CliError::Online(e.to_string()))?;
                }
            }
            Event::Message(ServerMessage::Error { error }) => {
                eprintln!("ultima: the server refused {}", describe(&error));
                if let ErrorCode::RateLimited { retry_after_ms } = error {
                    // The move was not taken: send it again once the server takes messages.
                    tokio::time::sleep(Duration::from_millis(retry_after_ms.max(MIN_MOVE_MS)))
                        .await;
                    sent_for = None;
                }
                // Otherwise the server's next state says where the game is.
            }
            Event::Message(_) => {}
            Event::Link(Link::Lost {
                retry_in_ms,
                reason,
                ..
            }) => {
                eprintln!(
                    "ultima: the connection dropped ({reason}); trying again in {retry_in_ms} ms"
                );
            }
            Event::Link(Link::Connected) | Event::Seated(_) => {}
            Event::Stopped(error) => return Err(CliError::Online(error.to_string())),
        }
        let Some(game) = game.as_ref() else {
            continue;
        };
        if game.is_over() {
            let moves = game.moves().join(" ");
            say(&format!("moves {moves}"))?;
            if let Some(result) = game.result() {
                say(&format!("result {result}"))?;
            }
            client.close();
            return Ok(());
        }
        // A bot answers offers at once (once each): it plays on.
        let state = game.state();
        if answered != Some(state.revision) {
            if state.draw_offer == Some(!game.you()) {
                let _ = client.send(ClientMessage::DeclineDraw {});
                answered = Some(state.revision);
            }
            if state.take_back_request == Some(!game.you()) {
                let _ = client.send(ClientMessage::DeclineTakeBack {});
                answered = Some(state.revision);
            }
        }
        let ply = game.moves().len();
        if game.is_my_move() && sent_for != Some(ply) {
            let position = game.position().clone();
            let history = history_hashes(game.session().game());
            let Some(mut thinker) = player.take() else {
                continue;
            };
            let started = Instant::now();
            let (thinker, choice) = tokio::task::spawn_blocking(move || {
                let choice = thinker.choose(&position, &history, &StdClock::new(), None);
                (thinker, choice)
            })
            .await
            .map_err(|e| CliError::Online(format!("the bot's thread failed: {e}")))?;
            player = Some(thinker);
            let choice = choice?;
            let least = Duration::from_millis(MIN_MOVE_MS);
            if let Some(rest) = least.checked_sub(started.elapsed()) {
                tokio::time::sleep(rest).await;
            }
            let message = ClientMessage::Move {
                ply: u32::try_from(ply).unwrap_or(u32::MAX),
                mv: choice.mv.to_string(),
            };
            // Offline: the move is chosen again once the line is back (the state comes).
            if client.send(message).is_ok() {
                sent_for = Some(ply);
            }
        }
    }
    Err(CliError::Online("the connection's task ended".into()))
}

fn say(line: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{line}")?;
    out.flush()?;
    Ok(())
}

pub fn now_ms() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs_f64() * 1000.0)
        .unwrap_or(0.0)
}
