//! The bot runs in this process on a thread of its own, one search at a time. Any search can be
//! stopped at once (take-back, leaving the game, quitting): it answers within a few milliseconds.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use ultima_bot::{LevelPlayer, StdClock};
use ultima_rules::{Move, Position};

use crate::error::{AppError, ErrorKind};
use crate::views::BotLevel;

/// The search under way, if any.
#[derive(Default)]
pub struct BotRunner {
    running: Mutex<Option<Running>>,
}

struct Running {
    game_id: String,
    stop: Arc<AtomicBool>,
}

impl BotRunner {
    /// Stops the search under way, if any.
    pub fn cancel(&self) {
        if let Ok(mut running) = self.running.lock() {
            if let Some(search) = running.take() {
                search.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Stops the search under way if it is for `game_id` (a screen that leaves one game must
    /// not stop the search of the next).
    pub fn cancel_for(&self, game_id: &str) {
        if let Ok(mut running) = self.running.lock() {
            if running.as_ref().is_some_and(|r| r.game_id == game_id) {
                if let Some(search) = running.take() {
                    search.stop.store(true, Ordering::Relaxed);
                }
            }
        }
    }

    /// Searches `position` for the bot's move on a blocking thread. Errors with `Cancelled`
    /// when stopped first.
    pub async fn choose(
        &self,
        game_id: &str,
        level: BotLevel,
        position: Position,
        history: Vec<u64>,
        seed: u64,
    ) -> Result<Move, AppError> {
        self.cancel();
        let stop = Arc::new(AtomicBool::new(false));
        if let Ok(mut running) = self.running.lock() {
            *running = Some(Running {
                game_id: game_id.to_string(),
                stop: stop.clone(),
            });
        }
        let flag = stop.clone();
        let search = tauri::async_runtime::spawn_blocking(move || {
            let mut player = LevelPlayer::new(level.into(), seed);
            player.choose(&position, &history, &StdClock::new(), Some(flag))
        })
        .await;
        if let Ok(mut running) = self.running.lock() {
            if running
                .as_ref()
                .is_some_and(|r| r.game_id == game_id && Arc::ptr_eq(&r.stop, &stop))
            {
                *running = None;
            }
        }
        if stop.load(Ordering::Relaxed) {
            return Err(AppError::new(
                ErrorKind::Cancelled,
                "The bot's search was stopped.",
            ));
        }
        match search {
            Ok(Ok(choice)) => Ok(choice.mv),
            Ok(Err(error)) => Err(AppError::new(
                ErrorKind::BadRequest,
                format!("The bot could not move: {error}"),
            )),
            Err(error) => Err(AppError::new(
                ErrorKind::BadRequest,
                format!("The bot stopped unexpectedly: {error}"),
            )),
        }
    }
}
