//! A Fischer clock: a base time for each side, and an increment added after each timed move.
//! Pure: every reading and every change is given the time (`now`, milliseconds since 1970 as
//! JavaScript counts them); nothing here looks at a system clock, so tests use a fake time.
//!
//! When it runs: as on lichess, neither side's first move is timed. The clock starts after
//! each side has made one move (after the second ply of the game), on the side to move then.
//! A player is never flagged while the board is still being set up, or before an opponent has
//! shown up; from then on each side's clock runs while it is that side's move. The increment
//! is added after each timed move (not after the untimed first moves, which cost nothing).
//!
//! A clock that reaches zero is not noticed by itself: the session reads it when asked
//! ([`crate::Session::flag`]), and the game is lost on time then.

use ultima_rules::{ByColor, Color};

use crate::wire::ClockView;

// Kept here too, where it was first named.
pub use crate::time_control::TimeControl;

/// The side whose clock runs, and since when.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Running {
    pub side: Color,
    pub since: f64,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clock {
    control: TimeControl,
    /// Time left to each side; for the running side, as it was at `running.since`.
    left: ByColor<f64>,
    running: Option<Running>,
}

impl Clock {
    /// A clock at the start of a game: each side has the base time, nothing runs.
    pub fn new(control: TimeControl) -> Clock {
        let base = f64::from(control.base_ms);
        Clock {
            control,
            left: ByColor {
                white: base,
                black: base,
            },
            running: None,
        }
    }

    /// A clock as it was saved.
    pub fn restore(control: TimeControl, left: ByColor<f64>, running: Option<Running>) -> Clock {
        Clock {
            control,
            left,
            running,
        }
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }

    pub fn running(&self) -> Option<Running> {
        self.running
    }

    /// Time left to `side` as last settled (for the running side, at `running.since`).
    pub fn settled(&self, side: Color) -> f64 {
        self.left[side]
    }

    /// Time left to `side` at `now`, never below zero.
    pub fn left(&self, side: Color, now: f64) -> f64 {
        let spent = match self.running {
            Some(running) if running.side == side => (now - running.since).max(0.0),
            _ => 0.0,
        };
        (self.left[side] - spent).max(0.0)
    }

    /// The side whose time has run out at `now`, if any (only a running clock runs out).
    pub fn flagged(&self, now: f64) -> Option<Color> {
        let running = self.running?;
        (self.left(running.side, now) <= 0.0).then_some(running.side)
    }

    /// When the running side's time runs out, if a clock runs.
    pub fn flag_at(&self) -> Option<f64> {
        self.running
            .map(|running| running.since + self.left[running.side].max(0.0))
    }

    /// `mover` has just moved, at `now`: its time is charged (and the increment added) if its
    /// clock was running, and the opponent's clock starts when `start_next` (from the second
    /// ply on).
    pub fn punch(&mut self, mover: Color, now: f64, start_next: bool) {
        if let Some(running) = self.running.filter(|running| running.side == mover) {
            let spent = (now - running.since).max(0.0);
            self.left[mover] =
                (self.left[mover] - spent).max(0.0) + f64::from(self.control.increment_ms);
        }
        self.running = start_next.then_some(Running {
            side: !mover,
            since: now,
        });
    }

    /// Settles the running side's time at `now` and lets `side`'s clock run from then (`None`:
    /// none runs). For take-backs and the end of the game: time spent stays spent, and no
    /// increment is added.
    pub fn run(&mut self, side: Option<Color>, now: f64) {
        if let Some(running) = self.running {
            self.left[running.side] = self.left(running.side, now);
        }
        self.running = side.map(|side| Running { side, since: now });
    }

    /// Counts the running side's time from `now` on, without charging it for the time since
    /// it last ran (for an app that was closed with the game on its screen: the player was
    /// not thinking meanwhile).
    pub fn resume(&mut self, now: f64) {
        if let Some(running) = &mut self.running {
            running.since = now;
        }
    }

    /// The clock as the UI shows it at `now`; the UI counts the running side down from there.
    pub fn view(&self, now: f64) -> ClockView {
        ClockView {
            white_ms: self.left(Color::White, now),
            black_ms: self.left(Color::Black, now),
            running: self.running.map(|running| running.side),
            base_ms: self.control.base_ms,
            increment_ms: self.control.increment_ms,
            days_per_move: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CONTROL: TimeControl = TimeControl {
        base_ms: 60_000,
        increment_ms: 2_000,
    };

    #[test]
    fn nothing_runs_until_each_side_has_moved_once() {
        let mut clock = Clock::new(CONTROL);
        assert_eq!(clock.running(), None);
        assert_eq!(clock.left(Color::White, 1e9), 60_000.0);
        clock.punch(Color::White, 10_000.0, false);
        assert_eq!(clock.running(), None, "white's first move starts nothing");
        clock.punch(Color::Black, 25_000.0, true);
        assert_eq!(
            clock.running(),
            Some(Running {
                side: Color::White,
                since: 25_000.0
            })
        );
        assert_eq!(
            clock.settled(Color::White),
            60_000.0,
            "untimed moves cost nothing"
        );
        assert_eq!(
            clock.settled(Color::Black),
            60_000.0,
            "and earn no increment"
        );
    }

    #[test]
    fn a_timed_move_is_charged_and_earns_the_increment() {
        let mut clock = Clock::new(CONTROL);
        clock.punch(Color::White, 0.0, false);
        clock.punch(Color::Black, 0.0, true);
        assert_eq!(clock.left(Color::White, 5_000.0), 55_000.0);
        assert_eq!(
            clock.left(Color::Black, 5_000.0),
            60_000.0,
            "black's does not run"
        );
        clock.punch(Color::White, 5_000.0, true);
        assert_eq!(clock.settled(Color::White), 57_000.0, "60 - 5 + 2 seconds");
        assert_eq!(clock.running().map(|r| r.side), Some(Color::Black));
        let view = clock.view(8_000.0);
        assert_eq!(view.white_ms, 57_000.0);
        assert_eq!(view.black_ms, 57_000.0);
        assert_eq!(view.running, Some(Color::Black));
        assert_eq!(view.increment_ms, 2_000);
    }

    #[test]
    fn the_flag_falls_at_zero_and_not_before() {
        let mut clock = Clock::new(CONTROL);
        clock.punch(Color::White, 0.0, false);
        clock.punch(Color::Black, 1_000.0, true);
        assert_eq!(clock.flag_at(), Some(61_000.0));
        assert_eq!(clock.flagged(60_999.0), None);
        assert_eq!(clock.flagged(61_000.0), Some(Color::White));
        assert_eq!(clock.left(Color::White, 90_000.0), 0.0, "never below zero");
    }

    #[test]
    fn run_settles_time_without_increment_and_resume_forgives_the_gap() {
        let mut clock = Clock::new(CONTROL);
        clock.punch(Color::White, 0.0, false);
        clock.punch(Color::Black, 0.0, true);
        clock.run(Some(Color::Black), 10_000.0);
        assert_eq!(clock.settled(Color::White), 50_000.0);
        assert_eq!(clock.running().map(|r| r.side), Some(Color::Black));
        clock.resume(500_000.0);
        assert_eq!(clock.left(Color::Black, 501_000.0), 59_000.0);
        clock.run(None, 502_000.0);
        assert_eq!(clock.flagged(1e12), None, "a stopped clock never falls");
        assert_eq!(clock.flag_at(), None);
    }

    #[test]
    fn time_going_backwards_costs_nothing() {
        let mut clock = Clock::new(CONTROL);
        clock.punch(Color::White, 0.0, false);
        clock.punch(Color::Black, 10_000.0, true);
        assert_eq!(clock.left(Color::White, 5_000.0), 60_000.0);
    }
}
