//! The bot runs in this process on a thread of its own, one search at a time: the core hands
//! out a [`BotJob`] whenever a change makes it the bot's move, and this runs it. A search the
//! core no longer wants (take-back, new game, leaving the game, quitting) is stopped at once: it
//! answers within a few milliseconds, and a stopped search changes nothing.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ultima_bot::StdClock;
use ultima_core::{BotJob, MIN_THINKING_MS};
use ultima_rules::Move;

/// The bot seems to think at least this long, so that its move does not land the instant the
/// player let go of their piece (the player would miss it).
pub const MIN_THINKING: Duration = Duration::from_millis(MIN_THINKING_MS as u64);

/// The search under way, if any: its ticket and its stop flag.
#[derive(Default)]
pub struct BotRunner {
    running: Mutex<Option<(u32, Arc<AtomicBool>)>>,
}

impl BotRunner {
    fn running(&self) -> std::sync::MutexGuard<'_, Option<(u32, Arc<AtomicBool>)>> {
        // The slot is a plain value: a panic elsewhere cannot leave it half-written.
        self.running
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Stops the search under way, if any.
    pub fn cancel(&self) {
        self.keep_only(None);
    }

    /// Stops the search under way unless it is `wanted`'s.
    pub fn keep_only(&self, wanted: Option<u32>) {
        let mut running = self.running();
        if running
            .as_ref()
            .is_some_and(|(ticket, _)| Some(*ticket) != wanted)
        {
            if let Some((_, stop)) = running.take() {
                stop.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Starts `job` on a thread of its own (stopping any other search); `done` gets its move
    /// (`None`: the search found none) unless it was stopped.
    pub fn start(&self, job: BotJob, done: impl FnOnce(u32, Option<Move>) + Send + 'static) {
        let stop = Arc::new(AtomicBool::new(false));
        if let Some((_, before)) = self.running().replace((job.ticket, stop.clone())) {
            before.store(true, Ordering::Relaxed);
        }
        let spawned = std::thread::Builder::new()
            .name("ultima-bot".into())
            .spawn(move || {
                let ticket = job.ticket;
                if let Ok(choice) = think(&job, &stop) {
                    done(ticket, choice);
                }
            });
        if let Err(error) = spawned {
            eprintln!("ultima: starting the bot's thread: {error}");
        }
    }

    /// Forgets the search of `ticket` once it is over (unless another one replaced it).
    pub fn end(&self, ticket: u32) {
        let mut running = self.running();
        if running
            .as_ref()
            .is_some_and(|(running, _)| *running == ticket)
        {
            *running = None;
        }
    }
}

/// The search was stopped on purpose.
#[derive(Debug, PartialEq, Eq)]
pub struct Stopped;

/// Searches `job` on the calling thread, taking at least [`MIN_THINKING`] unless stopped: its
/// move, or `None` when the search failed.
pub fn think(job: &BotJob, stop: &Arc<AtomicBool>) -> Result<Option<Move>, Stopped> {
    let started = Instant::now();
    let choice = ultima_core::think(job, &StdClock::new(), Some(stop.clone()));
    let stopped = || stop.load(Ordering::Relaxed);
    while !stopped() {
        let Some(left) = MIN_THINKING.checked_sub(started.elapsed()) else {
            break;
        };
        std::thread::sleep(left.min(Duration::from_millis(20)));
    }
    if stopped() {
        return Err(Stopped);
    }
    Ok(choice
        .inspect_err(|error| eprintln!("ultima: the bot's search: {error}"))
        .ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ultima_bot::Level;
    use ultima_rules::Game;

    fn job(ticket: u32, level: Level) -> BotJob {
        BotJob::new(
            ticket,
            level,
            &Game::new(ultima_rules::Position::start()),
            7,
        )
    }

    #[test]
    fn the_bot_thinks_at_least_the_minimum_and_a_stop_answers_at_once() {
        let stop = Arc::new(AtomicBool::new(false));
        let started = Instant::now();
        assert!(matches!(think(&job(1, Level::Novice), &stop), Ok(Some(_))));
        assert!(started.elapsed() >= MIN_THINKING);

        stop.store(true, Ordering::Relaxed);
        let started = Instant::now();
        assert_eq!(think(&job(2, Level::Club), &stop), Err(Stopped));
        assert!(started.elapsed() < MIN_THINKING);
    }

    #[test]
    fn a_new_search_stops_the_old_and_keeping_another_ticket_stops_it() {
        let runner = BotRunner::default();
        let (sender, answers) = std::sync::mpsc::channel();
        let first = sender.clone();
        runner.start(job(1, Level::Club), move |ticket, mv| {
            let _ = first.send((ticket, mv.is_some()));
        });
        let second = sender.clone();
        runner.start(job(2, Level::Novice), move |ticket, mv| {
            let _ = second.send((ticket, mv.is_some()));
        });
        let answer = answers
            .recv_timeout(Duration::from_secs(30))
            .expect("the second search answers");
        assert_eq!(
            answer,
            (2, true),
            "the first search was stopped and said nothing"
        );
        runner.keep_only(Some(2));
        runner.end(2);
        runner.start(job(3, Level::Club), move |ticket, mv| {
            let _ = sender.send((ticket, mv.is_some()));
        });
        runner.keep_only(Some(4));
        assert!(
            answers.recv_timeout(MIN_THINKING * 3).is_err(),
            "a search no longer wanted answers nothing"
        );
    }
}
