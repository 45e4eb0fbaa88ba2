//! Lichess' judgement of a move (lila `modules/tree/src/main/Advice.scala`), from the score
//! before the move and the score after it, both for the side that moved:
//!
//! - Both in centipawns: the drop in win chance ([`Eval::win_chance`], on -1..1, centipawns
//!   not capped) is a blunder from [`BLUNDER`] (0.3), a mistake from [`MISTAKE`] (0.2), an
//!   inaccuracy from [`INACCURACY`] (0.1).
//! - A mate appears against the mover ("checkmate is now unavoidable"): a blunder, a mistake
//!   if the mover was already 7 pawns down, an inaccuracy if 10.
//! - The mover had a forced mate and lost it (to a centipawn score, or to a mate against
//!   itself): a blunder, a mistake if still 7 pawns up, an inaccuracy if 10.
//! - A mate kept, even a slower one, and a mate that stays against the mover: nothing.

use ultima_rules::Color;

use crate::eval::{Eval, SideEval};

/// The least drop in win chance (on -1..1) that is an inaccuracy.
pub const INACCURACY: f64 = 0.1;
/// The least drop that is a mistake.
pub const MISTAKE: f64 = 0.2;
/// The least drop that is a blunder.
pub const BLUNDER: f64 = 0.3;

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    /// The annotation glyph: `?!`, `?`, `??`.
    pub fn glyph(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    fn by_drop(drop: f64) -> Option<Judgement> {
        if drop >= BLUNDER {
            Some(Judgement::Blunder)
        } else if drop >= MISTAKE {
            Some(Judgement::Mistake)
        } else if drop >= INACCURACY {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }
}

/// Lichess' judgement of a move by `mover` that took the game from `before` to `after` (both
/// for White). See the module's documentation.
pub fn judge(before: Eval, after: Eval, mover: Color) -> Option<Judgement> {
    let cp = |eval: SideEval| match eval {
        SideEval::Centipawns(cp) => cp,
        SideEval::Mate { .. } => 0,
    };
    match (before.for_side(mover), after.for_side(mover)) {
        (SideEval::Centipawns(_), SideEval::Centipawns(_)) => {
            Judgement::by_drop(before.win_chance_for(mover) - after.win_chance_for(mover))
        }
        // Mate created against the mover.
        (SideEval::Centipawns(was), SideEval::Mate { mates: false }) => Some(if was < -999 {
            Judgement::Inaccuracy
        } else if was < -700 {
            Judgement::Mistake
        } else {
            Judgement::Blunder
        }),
        // The mover's mate lost.
        (
            SideEval::Mate { mates: true },
            now @ (SideEval::Centipawns(_) | SideEval::Mate { mates: false }),
        ) => {
            let now = cp(now);
            Some(if now > 999 {
                Judgement::Inaccuracy
            } else if now > 700 {
                Judgement::Mistake
            } else {
                Judgement::Blunder
            })
        }
        _ => None,
    }
}

impl Eval {
    fn win_chance_for(self, side: Color) -> f64 {
        match side {
            Color::White => self.win_chance(),
            Color::Black => -self.win_chance(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    fn cp(cp: i32) -> Eval {
        Eval::Centipawns { cp }
    }

    fn mate(moves: i32) -> Eval {
        Eval::Mate { moves }
    }

    #[test]
    fn a_drop_in_win_chance_is_judged_by_lichess_thresholds() {
        // From 0: -55 cp is a drop of 0.1012, -54 of 0.0993.
        assert_eq!(judge(cp(0), cp(-54), White), None);
        assert_eq!(judge(cp(0), cp(-55), White), Some(Judgement::Inaccuracy));
        assert_eq!(judge(cp(0), cp(-111), White), Some(Judgement::Mistake));
        assert_eq!(judge(cp(0), cp(-170), White), Some(Judgement::Blunder));
        // For Black, White's gain is the drop.
        assert_eq!(judge(cp(0), cp(170), Black), Some(Judgement::Blunder));
        assert_eq!(judge(cp(0), cp(-170), Black), None);
    }

    #[test]
    fn a_won_game_stays_won_without_a_mark() {
        // +10 to +8 pawns: the win chance hardly moves.
        assert_eq!(judge(cp(1000), cp(800), White), None);
    }

    #[test]
    fn walking_into_a_mate_is_judged_by_how_lost_the_mover_was() {
        assert_eq!(judge(cp(50), mate(-3), White), Some(Judgement::Blunder));
        assert_eq!(judge(cp(-800), mate(-3), White), Some(Judgement::Mistake));
        assert_eq!(
            judge(cp(-1200), mate(-3), White),
            Some(Judgement::Inaccuracy)
        );
        assert_eq!(judge(cp(-50), mate(2), Black), Some(Judgement::Blunder));
    }

    #[test]
    fn losing_a_mate_is_judged_by_what_is_left() {
        assert_eq!(judge(mate(2), cp(300), White), Some(Judgement::Blunder));
        assert_eq!(judge(mate(2), cp(800), White), Some(Judgement::Mistake));
        assert_eq!(judge(mate(2), cp(1200), White), Some(Judgement::Inaccuracy));
        assert_eq!(judge(mate(2), mate(-4), White), Some(Judgement::Blunder));
        assert_eq!(judge(mate(-1), cp(-300), Black), Some(Judgement::Blunder));
    }

    #[test]
    fn a_slower_mate_or_the_win_itself_is_no_mistake() {
        assert_eq!(judge(mate(2), mate(5), White), None);
        assert_eq!(judge(mate(1), Eval::Won { winner: White }, White), None);
        assert_eq!(judge(mate(-3), mate(-1), White), None);
    }
}
