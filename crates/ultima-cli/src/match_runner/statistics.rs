//! A match's score: the first player's wins, draws and losses, and the Elo difference they
//! suggest with its 95% margin.

use ultima_rules::Color;

/// An Elo difference with its 95% margin, from a score of wins, draws and losses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EloEstimate {
    NoGames,
    /// Every game won (or every game lost): the difference has no upper (lower) bound.
    Unbounded {
        positive: bool,
    },
    Finite {
        elo: f64,
        margin: f64,
    },
}

fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

pub fn elo_estimate(wins: u32, draws: u32, losses: u32) -> EloEstimate {
    let games = f64::from(wins + draws + losses);
    if games == 0.0 {
        return EloEstimate::NoGames;
    }
    let (w, d, l) = (f64::from(wins), f64::from(draws), f64::from(losses));
    let score = (w + d / 2.0) / games;
    if score >= 1.0 || score <= 0.0 {
        return EloEstimate::Unbounded {
            positive: score >= 1.0,
        };
    }
    let variance =
        (w * (1.0 - score).powi(2) + d * (0.5 - score).powi(2) + l * score.powi(2)) / games;
    let deviation = (variance / games).sqrt();
    let clamp = |s: f64| s.clamp(1e-6, 1.0 - 1e-6);
    let low = elo_of(clamp(score - 1.96 * deviation));
    let high = elo_of(clamp(score + 1.96 * deviation));
    EloEstimate::Finite {
        elo: elo_of(score),
        margin: (high - low) / 2.0,
    }
}

impl std::fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EloEstimate::NoGames => f.write_str("elo: no games"),
            EloEstimate::Unbounded { positive: true } => f.write_str("elo: +inf (every game won)"),
            EloEstimate::Unbounded { positive: false } => {
                f.write_str("elo: -inf (every game lost)")
            }
            EloEstimate::Finite { elo, margin } => {
                write!(f, "elo: {elo:+.0} ± {margin:.0} (95%)")
            }
        }
    }
}

/// Wins, draws and losses of the first player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    /// Counts a game the first player played as White (or not) and `winner` won (or drew).
    pub fn add(&mut self, first_is_white: bool, winner: Option<Color>) {
        match winner {
            None => self.draws += 1,
            Some(winner) if (winner == Color::White) == first_is_white => self.wins += 1,
            Some(_) => self.losses += 1,
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first player's score, from 0 to 1.
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            0.5
        } else {
            (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_uneven_scores() {
        assert_eq!(elo_estimate(0, 0, 0), EloEstimate::NoGames);
        assert_eq!(
            elo_estimate(5, 0, 0),
            EloEstimate::Unbounded { positive: true }
        );
        match elo_estimate(10, 0, 10) {
            EloEstimate::Finite { elo, margin } => {
                assert!(elo.abs() < 1e-9);
                assert!(margin > 100.0 && margin < 300.0, "{margin}");
            }
            other => panic!("{other:?}"),
        }
        // 75% is about +191 Elo.
        match elo_estimate(15, 0, 5) {
            EloEstimate::Finite { elo, .. } => assert!((elo - 190.8).abs() < 1.0, "{elo}"),
            other => panic!("{other:?}"),
        }
        // More games, narrower margin.
        let margin = |n: u32| match elo_estimate(6 * n, 2 * n, 2 * n) {
            EloEstimate::Finite { margin, .. } => margin,
            _ => f64::NAN,
        };
        assert!(margin(10) < margin(1));
    }

    #[test]
    fn a_tally_counts_for_the_first_player_whatever_its_colour() {
        let mut tally = Tally::default();
        assert_eq!(tally.score(), 0.5);
        tally.add(true, Some(Color::White));
        tally.add(false, Some(Color::White));
        tally.add(false, Some(Color::Black));
        tally.add(true, None);
        assert_eq!(
            tally,
            Tally {
                wins: 2,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!(tally.games(), 4);
        assert!((tally.score() - 0.625).abs() < 1e-12);
    }
}
