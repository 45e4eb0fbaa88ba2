//! Scores as the analysis keeps them: for White, in centipawns or moves to mate, and the win
//! chance that follows.

use ultima_bot::{centipawns_win_chance, Score};
use ultima_rules::Color;

/// A position's score for White.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        tag = "kind",
        rename_all = "camelCase",
        rename_all_fields = "camelCase"
    )
)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum Eval {
    /// Centipawns, positive when White is better.
    Centipawns { cp: i32 },
    /// Moves to mate (a blockade counts): positive when White mates, negative when Black does.
    Mate { moves: i32 },
    /// The game is over here (the side to move has no legal move): `winner` won.
    Won { winner: Color },
    /// The game is drawn here (repetition, fifty moves, bare kings).
    Drawn,
}

impl Eval {
    /// The search's score for the side to move (`turn`), turned to White's side.
    pub fn from_score(score: Score, turn: Color) -> Eval {
        let sign = if turn == Color::White { 1 } else { -1 };
        match score {
            Score::Centipawns(cp) => Eval::Centipawns { cp: sign * cp },
            // `Mate(0)` (mated now) does not reach here: a position without a move is not
            // searched. Keep its sign right all the same.
            Score::Mate(0) => Eval::Won { winner: !turn },
            Score::Mate(moves) => Eval::Mate {
                moves: sign * moves,
            },
        }
    }

    /// The win chance for White, from -1 to 1.
    pub fn win_chance(self) -> f64 {
        match self {
            Eval::Centipawns { cp } => centipawns_win_chance(cp),
            Eval::Mate { moves } => f64::from(moves.signum()),
            Eval::Won { winner } => match winner {
                Color::White => 1.0,
                Color::Black => -1.0,
            },
            Eval::Drawn => 0.0,
        }
    }

    /// The score from `side`'s point of view, as the judgement reads it.
    pub(crate) fn for_side(self, side: Color) -> SideEval {
        let sign = if side == Color::White { 1 } else { -1 };
        match self {
            Eval::Centipawns { cp } => SideEval::Centipawns(sign * cp),
            Eval::Drawn => SideEval::Centipawns(0),
            Eval::Mate { moves } => SideEval::Mate {
                mates: sign * moves > 0,
            },
            Eval::Won { winner } => SideEval::Mate {
                mates: winner == side,
            },
        }
    }

    /// As text for the command line: pawns `+1.25`, mates `#3` / `#-2`, ends `1-0` `0-1` `1/2`.
    pub fn text(self) -> String {
        match self {
            Eval::Centipawns { cp } => format!("{:+.2}", f64::from(cp) / 100.0),
            Eval::Mate { moves } => format!("#{moves}"),
            Eval::Won {
                winner: Color::White,
            } => "1-0".to_string(),
            Eval::Won {
                winner: Color::Black,
            } => "0-1".to_string(),
            Eval::Drawn => "1/2".to_string(),
        }
    }
}

/// A score from one side's point of view: what lichess' judgement compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SideEval {
    Centipawns(i32),
    /// A forced mate (or a game already won or lost): `mates` when this side mates.
    Mate {
        mates: bool,
    },
}

/// One of the engine's lines: its moves in coordinates, best first, and its score for White.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Line {
    pub moves: Vec<String>,
    pub eval: Eval,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_turn_to_whites_side() {
        assert_eq!(
            Eval::from_score(Score::Centipawns(120), Color::Black),
            Eval::Centipawns { cp: -120 }
        );
        assert_eq!(
            Eval::from_score(Score::Mate(2), Color::Black),
            Eval::Mate { moves: -2 }
        );
        assert_eq!(
            Eval::from_score(Score::Mate(-1), Color::Black),
            Eval::Mate { moves: 1 }
        );
        assert_eq!(
            Eval::from_score(Score::Mate(0), Color::White),
            Eval::Won {
                winner: Color::Black
            }
        );
    }

    #[test]
    fn the_win_chance_is_lichess_logistic_and_mates_are_certain() {
        assert_eq!(Eval::Centipawns { cp: 0 }.win_chance(), 0.0);
        let three_pawns = Eval::Centipawns { cp: 300 }.win_chance();
        assert!((three_pawns - 0.5032).abs() < 0.001, "{three_pawns}");
        assert_eq!(Eval::Mate { moves: -3 }.win_chance(), -1.0);
        assert_eq!(
            Eval::Won {
                winner: Color::White
            }
            .win_chance(),
            1.0
        );
        assert_eq!(Eval::Drawn.win_chance(), 0.0);
    }

    #[test]
    fn evals_read_as_text() {
        assert_eq!(Eval::Centipawns { cp: 125 }.text(), "+1.25");
        assert_eq!(Eval::Centipawns { cp: -40 }.text(), "-0.40");
        assert_eq!(Eval::Mate { moves: -2 }.text(), "#-2");
    }
}
