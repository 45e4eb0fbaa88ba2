//! The bot runs in this process on a thread of its own, one search at a time, started by Rust
//! whenever a change makes it the bot's move (see `state::AppState::drive_bot`). Any search can
//! be stopped at once (take-back, new game, leaving the game, quitting): it answers within a
//! few milliseconds, and a stopped search changes nothing.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ultima_bot::{Level, LevelPlayer, StdClock};
use ultima_rules::{Move, Position};

/// The bot seems to think at least this long, so that its move does not land the instant the
/// player let go of their piece (the player would miss it).
pub const MIN_THINKING: Duration = Duration::from_millis(400);

/// The search under way, if any.
#[derive(Default)]
pub struct BotRunner {
    running: Mutex<Option<Running>>,
}

struct Running {
    game_id: String,
    /// How many moves the game had when the search started.
    ply: usize,
    stop: Arc<AtomicBool>,
}

/// A search that was started: its stop flag, checked before its move is played.
#[derive(Clone)]
pub struct Ticket {
    stop: Arc<AtomicBool>,
}

impl Ticket {
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

impl BotRunner {
    fn running(&self) -> std::sync::MutexGuard<'_, Option<Running>> {
        // The slot is a plain value: a panic elsewhere cannot leave it half-written.
        self.running
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Stops the search under way, if any.
    pub fn cancel(&self) {
        if let Some(search) = self.running().take() {
            search.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Stops the search under way if it is for `game_id` (a screen that leaves one game must
    /// not stop the search of the next).
    pub fn cancel_for(&self, game_id: &str) {
        let mut running = self.running();
        if running.as_ref().is_some_and(|r| r.game_id == game_id) {
            if let Some(search) = running.take() {
                search.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Registers a search for `game_id` at `ply`, stopping any other. `None` when that very
    /// search is already under way (asking twice starts it once).
    pub fn begin(&self, game_id: &str, ply: usize) -> Option<Ticket> {
        let mut running = self.running();
        if running
            .as_ref()
            .is_some_and(|r| r.game_id == game_id && r.ply == ply)
        {
            return None;
        }
        if let Some(previous) = running.take() {
            previous.stop.store(true, Ordering::Relaxed);
        }
        let stop = Arc::new(AtomicBool::new(false));
        *running = Some(Running {
            game_id: game_id.to_string(),
            ply,
            stop: stop.clone(),
        });
        Some(Ticket { stop })
    }

    /// Forgets the search of `ticket` once it is over (unless another one replaced it).
    pub fn end(&self, ticket: &Ticket) {
        let mut running = self.running();
        if running
            .as_ref()
            .is_some_and(|r| Arc::ptr_eq(&r.stop, &ticket.stop))
        {
            *running = None;
        }
    }
}

/// Why the bot has no move to play.
#[derive(Debug, PartialEq, Eq)]
pub enum NoMove {
    /// The search was stopped on purpose.
    Stopped,
    /// The search failed (no legal move, or its thread died).
    Failed,
}

/// Searches `position` for the bot's move on the calling thread, taking at least
/// [`MIN_THINKING`] unless stopped.
pub fn think(
    ticket: &Ticket,
    level: Level,
    position: &Position,
    history: &[u64],
    seed: u64,
) -> Result<Move, NoMove> {
    let started = Instant::now();
    let mut player = LevelPlayer::new(level, seed);
    let choice = player.choose(
        position,
        history,
        &StdClock::new(),
        Some(ticket.stop.clone()),
    );
    while !ticket.is_stopped() {
        let Some(left) = MIN_THINKING.checked_sub(started.elapsed()) else {
            break;
        };
        std::thread::sleep(left.min(Duration::from_millis(20)));
    }
    if ticket.is_stopped() {
        return Err(NoMove::Stopped);
    }
    choice.map(|choice| choice.mv).map_err(|_| NoMove::Failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_is_started_once_and_a_new_one_stops_the_old() {
        let runner = BotRunner::default();
        let first = runner.begin("g1", 0).expect("starts");
        assert!(
            runner.begin("g1", 0).is_none(),
            "the same search is not started twice"
        );
        let second = runner
            .begin("g1", 2)
            .expect("a later ply is another search");
        assert!(first.is_stopped());
        assert!(!second.is_stopped());
        runner.cancel_for("g2");
        assert!(
            !second.is_stopped(),
            "leaving another game leaves this search alone"
        );
        runner.cancel_for("g1");
        assert!(second.is_stopped());
        runner.end(&second);
        assert!(
            runner.begin("g1", 2).is_some(),
            "after a stop it may start again"
        );
    }

    #[test]
    fn the_bot_thinks_at_least_the_minimum_and_a_stop_answers_at_once() {
        let runner = BotRunner::default();
        let ticket = runner.begin("g1", 0).expect("starts");
        let started = Instant::now();
        let mv = think(&ticket, Level::Novice, &Position::start(), &[], 7);
        assert!(mv.is_ok());
        assert!(started.elapsed() >= MIN_THINKING);

        let ticket = runner.begin("g1", 1).expect("starts");
        runner.cancel();
        let started = Instant::now();
        assert_eq!(
            think(&ticket, Level::Club, &Position::start(), &[], 7),
            Err(NoMove::Stopped)
        );
        assert!(started.elapsed() < MIN_THINKING);
    }
}
