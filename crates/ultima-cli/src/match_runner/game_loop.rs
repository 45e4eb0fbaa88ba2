//! The game loop of a match: one game between two players from an opening, refereed by the
//! rules library, and a series of games with the colours alternating.
//!
//! Each game is a session of the shared game core ([`ultima_game::Session`]), as the app's
//! game between two friends at one device is: the loop is the caller that seats each action
//! (the player asked for a move acts as the side to move; a player who forfeits resigns, or
//! times out, in its own seat; a game too long is drawn by an offer and its acceptance).
//! The session is untimed: a player's time-out is the player's own (see the players).
//!
//! Its interface is narrow on purpose ([`play_game`], [`run_games`], [`Ending`]): it is the
//! only place that applies the players' moves and decides how a game ended.

use std::time::{SystemTime, UNIX_EPOCH};

use ultima_game::{Action, NewGame, Session, StoredError};
use ultima_rules::{Color, Game, Move, Outcome, Position, WinReason};

use super::player::{Forfeit, Player};
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
                    WinReason::KingCaptured => "king captured",
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

/// The session of a match game: an untimed game between two players at one device, from the
/// 1963 start.
fn friend_session() -> Session {
    Session::new(
        NewGame::Friend {
            turn_board: false,
            time_control: None,
            reading: ultima_rules::Reading::Abbott1963,
        },
        "match".to_string(),
        now(),
        false,
    )
}

/// The session every game of a match starts from: [`friend_session`]'s, from `start` (a
/// reading's start position). The session takes its start from a saved game's record, so the
/// 1963 one is rewritten with `start`'s and read back.
pub fn starting_session(start: &Position) -> Result<Session, StoredError> {
    let session = friend_session();
    if *start == Position::start() {
        return Ok(session);
    }
    let mut stored = session.to_stored();
    stored.record = Game::new(start.clone()).record();
    Session::from_stored(&stored).map(|restored| restored.session)
}

/// Plays one game from the 1963 start through `opening`, then the players in turn (see
/// [`play_game_from`]).
#[cfg(test)]
pub fn play_game(
    white: &mut dyn Player,
    black: &mut dyn Player,
    opening: &[Move],
    max_plies: usize,
) -> (Session, Ending) {
    play_game_from(&friend_session(), white, black, opening, max_plies)
}

/// Plays one game from `start` (a session made by [`starting_session`]) through `opening`,
/// then the players in turn. The session comes back with the ending declared in its game
/// where the board does not show it (a resignation, a time-out, an agreed draw), so that its
/// record says how it ended.
pub fn play_game_from(
    start: &Session,
    white: &mut dyn Player,
    black: &mut dyn Player,
    opening: &[Move],
    max_plies: usize,
) -> (Session, Ending) {
    let mut session = start.clone();
    for mv in opening {
        let mover = session.game().position().turn();
        if session.play_move(mover, mv, now()).is_err() {
            break;
        }
    }
    let ready = white
        .new_game()
        .map_err(|why| (Color::White, why))
        .and_then(|()| black.new_game().map_err(|why| (Color::Black, why)));
    if let Err((loser, why)) = ready {
        // Refused only if the opening ended the game, whose outcome then stands in the record.
        let _ = session.resign(loser, now());
        return (session, Ending::Forfeit { loser, why });
    }
    loop {
        if let Some(outcome) = session.game().outcome() {
            return (session, Ending::Rules(outcome));
        }
        if session.game().moves().len() >= max_plies {
            // The side to move offers, the other accepts: refused only in a game over, which
            // the line above has ruled out.
            let _ = session.offer_draw(session.local_seat(Action::OfferDraw), now());
            let _ = session.answer_draw(session.local_seat(Action::AnswerDraw), true, now());
            return (session, Ending::Adjudicated);
        }
        let mover = session.game().position().turn();
        let player: &mut dyn Player = match mover {
            Color::White => &mut *white,
            Color::Black => &mut *black,
        };
        let answer = player
            .choose(session.game())
            .and_then(|text| play_text(&mut session, mover, &text));
        if let Err(why) = answer {
            // The game goes on (checked above), so the mover's seat may resign or time out.
            let _ = match why {
                Forfeit::Timeout => session.time_out(mover, now()).map(drop),
                _ => session.resign(mover, now()),
            };
            return (session, Ending::Forfeit { loser: mover, why });
        }
    }
}

/// `seat` plays the move a player wrote (in coordinates or the people's notation): the rules
/// read it, and say why when it is not a move; the session plays it.
fn play_text(session: &mut Session, seat: Color, text: &str) -> Result<(), Forfeit> {
    let illegal = |reason: String| Forfeit::Illegal {
        text: text.to_string(),
        reason,
    };
    let mv = session
        .game()
        .position()
        .parse_move(text)
        .map_err(|error| illegal(error.to_string()))?;
    session
        .play_move(seat, &mv, now())
        .map(drop)
        .map_err(|error| illegal(error.to_string()))
}

/// Milliseconds since 1970, the session's time. It keeps no clock here, so this only dates
/// the game's start and end.
fn now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |since| since.as_secs_f64() * 1000.0)
}

/// Plays `games` games between `first` and `second` from the 1963 start (see
/// [`run_games_from`]).
pub fn run_games(
    first: &mut dyn Player,
    second: &mut dyn Player,
    games: usize,
    openings: &[Vec<Move>],
    max_plies: usize,
    report: &mut dyn FnMut(usize, bool, &Game, &Ending),
) -> Tally {
    let start = friend_session();
    run_games_from(&start, first, second, 0..games, openings, max_plies, report)
}

/// Plays the games numbered `games` (from 0) between `first` and `second` from `start` (see
/// [`starting_session`]), each opening twice with the colours swapped, and hands each game to
/// `report`. Returns the first player's tally of these games. A match that resumes starts its
/// range past the games it already has.
pub fn run_games_from(
    start: &Session,
    first: &mut dyn Player,
    second: &mut dyn Player,
    games: std::ops::Range<usize>,
    openings: &[Vec<Move>],
    max_plies: usize,
    report: &mut dyn FnMut(usize, bool, &Game, &Ending),
) -> Tally {
    let mut tally = Tally::default();
    for index in games {
        let opening = opening_of(openings, index);
        let first_is_white = first_is_white(index);
        let (session, ending) = if first_is_white {
            play_game_from(start, first, second, opening, max_plies)
        } else {
            play_game_from(start, second, first, opening, max_plies)
        };
        tally.add(first_is_white, ending.winner());
        report(index, first_is_white, session.game(), &ending);
    }
    tally
}

/// The opening of game `index` (from 0): each opening serves two games, one each way round.
pub fn opening_of(openings: &[Vec<Move>], index: usize) -> &[Move] {
    openings
        .get((index / 2) % openings.len().max(1))
        .map_or(&[][..], Vec::as_slice)
}

/// Whether the match's first player has White in game `index` (from 0).
pub fn first_is_white(index: usize) -> bool {
    index.is_multiple_of(2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::match_runner::openings::openings;
    use crate::match_runner::player::Stubborn;
    use crate::match_runner::players::{BaselinePlayer, SearchBot};
    use ultima_bot::{Engine, Limits};
    use ultima_rules::{DrawReason, Position};

    /// A player that fails, when getting ready or when asked for its first move.
    struct Failing {
        why: Forfeit,
        when_ready: bool,
    }

    impl Player for Failing {
        fn name(&self) -> &str {
            "failing"
        }
        fn new_game(&mut self) -> Result<(), Forfeit> {
            if self.when_ready {
                return Err(self.why.clone());
            }
            Ok(())
        }
        fn choose(&mut self, _: &Game) -> Result<String, Forfeit> {
            Err(self.why.clone())
        }
    }

    fn failing(why: Forfeit, when_ready: bool) -> Failing {
        Failing { why, when_ready }
    }

    #[test]
    fn an_illegal_move_loses_and_is_recorded() {
        let mut bot = SearchBot::new("bot", Engine::with_hash_mb(1), Limits::depth(1));
        let mut cheat = Stubborn("e2e9");
        let (session, ending) = play_game(&mut bot, &mut cheat, &[], 100);
        let game = session.game();
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

    #[test]
    fn a_player_out_of_time_loses_on_time_and_one_that_crashes_resigns() {
        let mut random = BaselinePlayer::new(false, 1);
        let mut silent = failing(Forfeit::Timeout, false);
        let (session, ending) = play_game(&mut random, &mut silent, &[], 100);
        assert_eq!(
            ending,
            Ending::Forfeit {
                loser: Color::Black,
                why: Forfeit::Timeout
            }
        );
        assert_eq!(session.game().moves().len(), 1);
        assert_eq!(
            session.game().outcome(),
            Some(Outcome::Win {
                winner: Color::White,
                reason: WinReason::Time
            })
        );
        assert!(session
            .game()
            .record()
            .ends_with("end black loses on time\n"));

        let crash = Forfeit::Crashed("it closed its output".to_string());
        let mut broken = failing(crash.clone(), false);
        let (session, ending) = play_game(&mut broken, &mut random, &[], 100);
        assert_eq!(
            ending,
            Ending::Forfeit {
                loser: Color::White,
                why: crash
            }
        );
        assert_eq!(session.game().moves().len(), 0);
        assert!(session.game().record().ends_with("end white resigns\n"));
        assert_eq!(
            ending.describe(),
            "black wins: white forfeits (crashed: it closed its output)"
        );
    }

    #[test]
    fn a_player_that_cannot_get_ready_forfeits_after_the_opening() {
        let opening = openings(5, 1, 6).remove(0);
        let mut random = BaselinePlayer::new(false, 1);
        let crash = Forfeit::Crashed("no readyok".to_string());
        let mut unready = failing(crash.clone(), true);
        let (session, ending) = play_game(&mut random, &mut unready, &opening, 100);
        assert_eq!(
            ending,
            Ending::Forfeit {
                loser: Color::Black,
                why: crash
            }
        );
        assert_eq!(session.game().moves(), &opening[..], "the opening, played");
        assert!(session.game().record().ends_with("end black resigns\n"));
    }

    #[test]
    fn a_game_at_the_ply_limit_is_an_agreed_draw() {
        let mut a = BaselinePlayer::new(false, 3);
        let mut b = BaselinePlayer::new(false, 4);
        let (session, ending) = play_game(&mut a, &mut b, &[], 10);
        assert_eq!(ending, Ending::Adjudicated);
        assert_eq!(ending.winner(), None);
        assert_eq!(session.game().moves().len(), 10);
        assert_eq!(
            session.game().outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::Agreement
            })
        );
        assert_eq!(session.draw_offer(), None, "the offer was accepted");
        assert!(session.game().record().ends_with("end draw agreed\n"));
    }

    #[test]
    fn a_move_in_the_peoples_notation_is_played_and_an_impossible_one_says_why() {
        let mut white = Stubborn("Pe2-e5");
        let mut black = Stubborn("d7d4");
        let (session, ending) = play_game(&mut white, &mut black, &[], 100);
        let mut replay = Game::new(Position::start());
        replay.play_text("e2e5").expect("legal");
        replay.play_text("d7d4").expect("legal");
        let reason = replay
            .position()
            .parse_move("Pe2-e5")
            .expect_err("no pawn on e2 any more")
            .to_string();
        assert_eq!(
            ending,
            Ending::Forfeit {
                loser: Color::White,
                why: Forfeit::Illegal {
                    text: "Pe2-e5".to_string(),
                    reason
                }
            }
        );
        assert_eq!(session.game().moves(), replay.moves());
    }
}
