//! The game loop of a match: one game between two players from an opening, refereed by the
//! rules library, and a series of games with the colours alternating.
//!
//! Its interface is narrow on purpose ([`play_game`], [`run_games`], [`Ending`]): it is the
//! only place that applies the players' moves and decides how a game ended, so that moving
//! to the shared game session (`ultima-game`) changes this module alone.

use ultima_rules::{Color, Game, Move, Outcome, Position, WinReason};

use super::players::{Forfeit, Player};
use super::statistics::Tally;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the rules: no legal move, repetition, fifty moves, bare kings.
    Rules(Outcome),
    /// The loser forfeited.
    Forfeit { loser: Color, why: Forfeit },
    /// Too long: scored as a draw.
    Adjudicated,
}

impl Ending {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Ending::Rules(Outcome::Win { winner, .. }) => Some(*winner),
            Ending::Forfeit { loser, .. } => Some(!*loser),
            _ => None,
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Ending::Rules(outcome @ Outcome::Win { reason, .. }) => {
                let how = match reason {
                    WinReason::Checkmate => "checkmate",
                    WinReason::NoLegalMove => "no legal move",
                    WinReason::Resignation => "resignation",
                    WinReason::Time => "time",
                };
                format!("{outcome} ({how})")
            }
            Ending::Rules(outcome) => outcome.to_string(),
            Ending::Forfeit { loser, why } => {
                format!(
                    "{} wins: {} forfeits ({why})",
                    (!*loser).name().to_lowercase(),
                    loser.name().to_lowercase()
                )
            }
            Ending::Adjudicated => "draw: adjudicated at the ply limit".to_string(),
        }
    }
}

/// Plays one game from the start position through `opening`, then the players in turn.
/// The game comes back with its ending declared in it where the board does not show it.
pub fn play_game(
    white: &mut dyn Player,
    black: &mut dyn Player,
    opening: &[Move],
    max_plies: usize,
) -> (Game, Ending) {
    let mut game = Game::new(Position::start());
    for mv in opening {
        if game.play(mv).is_err() {
            break;
        }
    }
    let ready = white
        .new_game()
        .map_err(|why| (Color::White, why))
        .and_then(|()| black.new_game().map_err(|why| (Color::Black, why)));
    if let Err((loser, why)) = ready {
        let _ = game.resign(loser);
        return (game, Ending::Forfeit { loser, why });
    }
    loop {
        if let Some(outcome) = game.outcome() {
            return (game, Ending::Rules(outcome));
        }
        if game.moves().len() >= max_plies {
            let _ = game.agree_draw();
            return (game, Ending::Adjudicated);
        }
        let mover = game.position().turn();
        let player: &mut dyn Player = match mover {
            Color::White => &mut *white,
            Color::Black => &mut *black,
        };
        let answer = player.choose(&game).and_then(|text| {
            game.play_text(&text)
                .map(drop)
                .map_err(|e| Forfeit::Illegal {
                    text: text.clone(),
                    reason: e.to_string(),
                })
        });
        if let Err(why) = answer {
            let _ = match why {
                Forfeit::Timeout => game.lose_on_time(mover),
                _ => game.resign(mover),
            };
            return (game, Ending::Forfeit { loser: mover, why });
        }
    }
}

/// Plays `games` games between `first` and `second`, each opening twice with the colours
/// swapped, and hands each game to `report`. Returns the first player's tally.
pub fn run_games(
    first: &mut dyn Player,
    second: &mut dyn Player,
    games: usize,
    openings: &[Vec<Move>],
    max_plies: usize,
    report: &mut dyn FnMut(usize, bool, &Game, &Ending),
) -> Tally {
    let mut tally = Tally::default();
    for index in 0..games {
        let opening = openings
            .get((index / 2) % openings.len().max(1))
            .map_or(&[][..], Vec::as_slice);
        let first_is_white = index % 2 == 0;
        let (game, ending) = if first_is_white {
            play_game(first, second, opening, max_plies)
        } else {
            play_game(second, first, opening, max_plies)
        };
        tally.add(first_is_white, ending.winner());
        report(index, first_is_white, &game, &ending);
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::match_runner::openings::openings;
    use crate::match_runner::players::{SearchBot, Stubborn};
    use ultima_bot::{Engine, Limits};

    #[test]
    fn an_illegal_move_loses_and_is_recorded() {
        let mut bot = SearchBot::new("bot", Engine::with_hash_mb(1), Limits::depth(1));
        let mut cheat = Stubborn("e2e9");
        let (game, ending) = play_game(&mut bot, &mut cheat, &[], 100);
        assert_eq!(ending.winner(), Some(Color::White));
        assert!(matches!(
            ending,
            Ending::Forfeit {
                loser: Color::Black,
                why: Forfeit::Illegal { .. }
            }
        ));
        assert_eq!(game.moves().len(), 1);
        let replayed = Game::from_record(&game.record()).unwrap();
        assert_eq!(replayed.outcome(), game.outcome());
    }

    #[test]
    fn short_games_between_search_bots_finish_and_tally() {
        let mut a = SearchBot::new("a", Engine::with_hash_mb(1), Limits::nodes(300));
        let mut b = SearchBot::new("b", Engine::with_hash_mb(1), Limits::nodes(300));
        let lines = openings(1, 1, 4);
        let mut seen = 0;
        let tally = run_games(&mut a, &mut b, 2, &lines, 40, &mut |_, _, game, ending| {
            seen += 1;
            assert!(game.moves().len() <= 40);
            if let Ending::Forfeit { why, .. } = ending {
                panic!("a search bot forfeited: {why}");
            }
            assert!(Game::from_record(&game.record()).is_ok());
        });
        assert_eq!(seen, 2);
        assert_eq!(tally.games(), 2);
    }
}
