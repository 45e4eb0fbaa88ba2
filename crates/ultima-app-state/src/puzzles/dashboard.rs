//! The dashboard, as lichess' puzzle dashboard: over the last days, the rated puzzles tried
//! and solved, in all and by theme, each with its performance rating, and the strongest and
//! weakest themes.
//!
//! A theme's performance is the rating at which its results would be expected: the mean rating
//! of its puzzles plus 400 × (solved − failed) / tried (the "rule of 400" FIDE's tournaments
//! use for a performance). Strongest and weakest are among the themes tried at least
//! [`MIN_TRIED`] times, by performance.

use serde::Serialize;
use specta::Type;
use ultima_puzzles::Theme;

use super::wire::PuzzleAttemptView;

/// A theme is ranked strongest or weakest only after this many rated puzzles.
pub const MIN_TRIED: u32 = 3;
/// How many themes the strongest and the weakest list each.
pub const RANKED: usize = 3;
/// One day in milliseconds.
pub const DAY_MS: f64 = 86_400_000.0;

/// The results of some rated puzzles.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct Performance {
    pub tried: u32,
    /// Solved at the first try without help.
    pub solved: u32,
    /// The rule of 400 over these puzzles (0 when none was tried).
    pub performance: u32,
}

/// One theme's results.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct ThemePerformance {
    pub theme: Theme,
    pub results: Performance,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleDashboard {
    /// The days looked back over.
    pub days: u32,
    pub all: Performance,
    /// Every theme tried, most tried first.
    pub themes: Vec<ThemePerformance>,
    /// The best and the worst performances among the themes tried [`MIN_TRIED`] times or
    /// more (at most [`RANKED`] each, best first and worst first; none in both).
    pub strongest: Vec<ThemePerformance>,
    pub weakest: Vec<ThemePerformance>,
}

/// Running totals of one group.
#[derive(Clone, Copy, Default)]
struct Tally {
    tried: u32,
    solved: u32,
    ratings: u64,
}

impl Tally {
    fn add(&mut self, rating: u32, solved: bool) {
        self.tried += 1;
        self.solved += u32::from(solved);
        self.ratings += u64::from(rating);
    }

    fn performance(&self) -> Performance {
        if self.tried == 0 {
            return Performance::default();
        }
        let tried = f64::from(self.tried);
        let mean = self.ratings as f64 / tried;
        let score = 400.0 * (2.0 * f64::from(self.solved) - tried) / tried;
        Performance {
            tried: self.tried,
            solved: self.solved,
            performance: (mean + score).round().max(0.0) as u32,
        }
    }
}

/// The dashboard of `attempts` (any order) opened at or after `since` (ms since 1970), over
/// `days` days. Only rated attempts whose first try was decided count.
pub fn dashboard(attempts: &[PuzzleAttemptView], since: f64, days: u32) -> PuzzleDashboard {
    let mut all = Tally::default();
    let mut by_theme: Vec<(Theme, Tally)> = Vec::new();
    for attempt in attempts
        .iter()
        .filter(|a| a.at >= since && a.rated && a.change.is_some())
    {
        all.add(attempt.rating, attempt.solved);
        for &theme in &attempt.themes {
            match by_theme.iter_mut().find(|(t, _)| *t == theme) {
                Some((_, tally)) => tally.add(attempt.rating, attempt.solved),
                None => {
                    let mut tally = Tally::default();
                    tally.add(attempt.rating, attempt.solved);
                    by_theme.push((theme, tally));
                }
            }
        }
    }
    let mut themes: Vec<ThemePerformance> = by_theme
        .iter()
        .map(|(theme, tally)| ThemePerformance {
            theme: *theme,
            results: tally.performance(),
        })
        .collect();
    themes.sort_by(|a, b| {
        b.results
            .tried
            .cmp(&a.results.tried)
            .then(a.theme.cmp(&b.theme))
    });
    let mut ranked: Vec<ThemePerformance> = themes
        .iter()
        .filter(|t| t.results.tried >= MIN_TRIED)
        .cloned()
        .collect();
    ranked.sort_by(|a, b| {
        b.results
            .performance
            .cmp(&a.results.performance)
            .then(a.theme.cmp(&b.theme))
    });
    let half = ranked.len() / 2;
    let strongest: Vec<ThemePerformance> = ranked.iter().take(RANKED.min(half)).cloned().collect();
    let weakest: Vec<ThemePerformance> = ranked
        .iter()
        .rev()
        .take(RANKED.min(half))
        .cloned()
        .collect();
    PuzzleDashboard {
        days,
        all: all.performance(),
        themes,
        strongest,
        weakest,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::stored::RunMode;
    use ultima_puzzles::rating::RatingChange;

    fn attempt(at: f64, rating: u32, themes: &[Theme], solved: bool) -> PuzzleAttemptView {
        PuzzleAttemptView {
            id: 1,
            puzzle_id: format!("p{at}"),
            at,
            rating,
            themes: themes.to_vec(),
            solved,
            finished: solved,
            rated: true,
            change: Some(RatingChange {
                before: 1500,
                after: 1500,
            }),
            mode: RunMode::Rated,
        }
    }

    #[test]
    fn the_performance_is_the_rule_of_400() {
        let attempts = [
            attempt(10.0, 1000, &[Theme::Pinch], true),
            attempt(11.0, 1200, &[Theme::Pinch], true),
            attempt(12.0, 1400, &[Theme::Pinch], false),
            attempt(13.0, 1600, &[Theme::Pinch], true),
        ];
        let board = dashboard(&attempts, 0.0, 7);
        // Mean 1300, score (3 - 1) / 4 × 400 = 200.
        assert_eq!(
            board.all,
            Performance {
                tried: 4,
                solved: 3,
                performance: 1500
            }
        );
        assert_eq!(board.themes.len(), 1);
        assert_eq!(board.themes[0].results, board.all);
    }

    #[test]
    fn strongest_and_weakest_themes_come_from_the_days_asked_for() {
        let mut attempts = Vec::new();
        for n in 0..4 {
            let at = 100.0 + f64::from(n);
            attempts.push(attempt(at, 1200, &[Theme::Pinch, Theme::Middlegame], true));
            attempts.push(attempt(
                at,
                1200,
                &[Theme::LongLeap, Theme::Middlegame],
                n == 0,
            ));
            attempts.push(attempt(
                at,
                1200,
                &[Theme::Coordinator, Theme::Endgame],
                n < 2,
            ));
        }
        // Too old, not rated, or undecided: not counted.
        attempts.push(attempt(5.0, 3000, &[Theme::Withdrawal], true));
        let mut unrated = attempt(200.0, 3000, &[Theme::Withdrawal], true);
        unrated.rated = false;
        attempts.push(unrated);
        let mut undecided = attempt(200.0, 3000, &[Theme::Withdrawal], false);
        undecided.change = None;
        attempts.push(undecided);
        let board = dashboard(&attempts, 50.0, 7);
        assert_eq!(board.all.tried, 12);
        assert!(board.themes.iter().all(|t| t.theme != Theme::Withdrawal));
        assert_eq!(board.themes[0].theme, Theme::Middlegame);
        assert_eq!(board.strongest[0].theme, Theme::Pinch);
        assert_eq!(board.strongest[0].results.performance, 1600);
        assert_eq!(board.weakest[0].theme, Theme::LongLeap);
        assert_eq!(board.weakest[0].results.performance, 1000);
        assert!(board
            .strongest
            .iter()
            .all(|s| board.weakest.iter().all(|w| w.theme != s.theme)));
        // Nothing tried: an empty dashboard.
        let empty = dashboard(&[], 0.0, 7);
        assert_eq!(empty.all.tried, 0);
        assert!(empty.strongest.is_empty() && empty.weakest.is_empty());
    }
}
