//! The game being played: the rules' `Game`, who plays it, and the turns of player and bot.
//! No Tauri here, so it is tested directly.

use serde::{Deserialize, Serialize};
use ultima_rules::{Color, Game, Move, Position, Square};

use crate::error::{AppError, ErrorKind};
use crate::views::{self, GameView, NewGame, Opponent, Side, SideChoice};

/// A game as it is saved: enough to rebuild it exactly, move by move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SavedGame {
    pub id: String,
    pub opponent: Opponent,
    /// `Game::record` text: start position, moves, and a declared end if any.
    pub record: String,
    pub created_at: f64,
    pub ended_at: Option<f64>,
}

#[derive(Clone, Debug)]
pub struct Session {
    pub id: String,
    pub opponent: Opponent,
    pub game: Game,
    pub created_at: f64,
    pub ended_at: Option<f64>,
}

impl Session {
    /// A new game from the start position. `coin` decides a random side.
    pub fn new(request: NewGame, id: String, now: f64, coin: bool) -> Session {
        let opponent = match request {
            NewGame::Bot { level, player_side } => {
                let player = match player_side {
                    SideChoice::White => Side::White,
                    SideChoice::Black => Side::Black,
                    SideChoice::Random if coin => Side::White,
                    SideChoice::Random => Side::Black,
                };
                Opponent::Bot {
                    level,
                    bot_side: player.other(),
                }
            }
            NewGame::Friend { turn_board } => Opponent::Friend { turn_board },
        };
        Session::from_start(id, opponent, now)
    }

    fn from_start(id: String, opponent: Opponent, now: f64) -> Session {
        Session {
            id,
            opponent,
            game: Game::new(Position::start()),
            created_at: now,
            ended_at: None,
        }
    }

    /// The same opponent again, the colours swapped against a bot.
    pub fn rematch(&self, id: String, now: f64) -> Session {
        let opponent = match self.opponent {
            Opponent::Bot { level, bot_side } => Opponent::Bot {
                level,
                bot_side: bot_side.other(),
            },
            friend => friend,
        };
        Session::from_start(id, opponent, now)
    }

    pub fn bot_side(&self) -> Option<Color> {
        match self.opponent {
            Opponent::Bot { bot_side, .. } => Some(bot_side.into()),
            Opponent::Friend { .. } => None,
        }
    }

    pub fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    pub fn is_bot_to_move(&self) -> bool {
        !self.is_over() && self.bot_side() == Some(self.game.position().turn())
    }

    /// Plays the player's move from `from` to `to` (square names).
    pub fn play(&mut self, from: &str, to: &str, now: f64) -> Result<Move, AppError> {
        if self.is_over() {
            return Err(AppError::new(ErrorKind::GameOver, "The game is over."));
        }
        if self.is_bot_to_move() {
            return Err(AppError::new(
                ErrorKind::NotYourTurn,
                "It is the bot's move.",
            ));
        }
        let from = parse_square(from)?;
        let to = parse_square(to)?;
        let mv = self.game.position().find_move(from, to)?;
        self.push(mv, now)
    }

    /// Plays the bot's move, checked by the rules like any other.
    pub fn play_bot(&mut self, mv: &Move, now: f64) -> Result<Move, AppError> {
        if !self.is_bot_to_move() {
            return Err(AppError::new(
                ErrorKind::NotYourTurn,
                "It is not the bot's move.",
            ));
        }
        self.push(*mv, now)
    }

    fn push(&mut self, mv: Move, now: f64) -> Result<Move, AppError> {
        let played = self.game.play(&mv)?;
        self.note_end(now);
        Ok(played)
    }

    fn note_end(&mut self, now: f64) {
        if self.ended_at.is_none() && self.is_over() {
            self.ended_at = Some(now);
        }
    }

    /// Whether a take-back is possible: against a bot, when the player has a move to take back.
    pub fn can_take_back(&self) -> bool {
        match self.bot_side() {
            Some(bot) => {
                let moves = self.game.moves().len();
                let player_moved = if self.game.start().turn() == bot {
                    moves >= 2
                } else {
                    moves >= 1
                };
                player_moved && !self.is_over()
            }
            None => false,
        }
    }

    /// Against a bot: takes back the player's last move (and the bot's answer to it).
    pub fn take_back(&mut self) -> Result<(), AppError> {
        let Some(bot) = self.bot_side() else {
            return Err(AppError::new(
                ErrorKind::BadRequest,
                "Take-backs are for games against a bot.",
            ));
        };
        if !self.can_take_back() {
            return Err(AppError::new(
                ErrorKind::BadRequest,
                "There is no move of yours to take back.",
            ));
        }
        // Undo until it is the player's turn again and at least one of the player's moves went.
        let mut undone_player_move = false;
        while self.game.undo().is_some() {
            let mover = self.game.position().turn();
            if mover != bot {
                undone_player_move = true;
            }
            if undone_player_move && self.game.position().turn() != bot {
                break;
            }
        }
        self.ended_at = None;
        Ok(())
    }

    /// `side` resigns (against a bot, always the player).
    pub fn resign(&mut self, side: Side, now: f64) -> Result<(), AppError> {
        let color: Color = match self.bot_side() {
            Some(bot) => !bot,
            None => side.into(),
        };
        self.game.resign(color)?;
        self.note_end(now);
        Ok(())
    }

    /// Both players, on this device, agreed a draw.
    pub fn agree_draw(&mut self, now: f64) -> Result<(), AppError> {
        if self.bot_side().is_some() {
            return Err(AppError::new(
                ErrorKind::BadRequest,
                "Draw offers are for games between friends.",
            ));
        }
        self.game.agree_draw()?;
        self.note_end(now);
        Ok(())
    }

    pub fn view(&self) -> GameView {
        let game = &self.game;
        let current = game.moves().len();
        let board = views::board_view(game, current).unwrap_or_else(|| empty_board(game));
        let legal_moves = if self.is_over() || self.is_bot_to_move() {
            Vec::new()
        } else {
            game.position()
                .legal_moves()
                .iter()
                .map(views::move_view)
                .collect()
        };
        let plies = game
            .moves()
            .iter()
            .enumerate()
            .filter_map(|(ply, mv)| Some(views::ply_view(game.position_at(ply)?, mv)))
            .collect();
        GameView {
            id: self.id.clone(),
            opponent: self.opponent,
            board,
            legal_moves,
            plies,
            result: game.outcome().map(Into::into),
            bot_to_move: self.is_bot_to_move(),
            can_take_back: self.can_take_back(),
        }
    }

    pub fn to_saved(&self) -> SavedGame {
        SavedGame {
            id: self.id.clone(),
            opponent: self.opponent,
            record: self.game.record(),
            created_at: self.created_at,
            ended_at: self.ended_at,
        }
    }

    /// Rebuilds a saved game, replaying and checking every move.
    pub fn from_saved(saved: &SavedGame) -> Result<Session, AppError> {
        let game = Game::from_record(&saved.record).map_err(|error| {
            AppError::storage(
                &format!("The saved game {} could not be replayed", saved.id),
                error,
            )
        })?;
        Ok(Session {
            id: saved.id.clone(),
            opponent: saved.opponent,
            game,
            created_at: saved.created_at,
            ended_at: saved.ended_at,
        })
    }
}

fn empty_board(game: &Game) -> views::BoardView {
    views::BoardView {
        pieces: Vec::new(),
        frozen: Vec::new(),
        check: None,
        last_move: None,
        turn: game.position().turn().into(),
        ply: 0,
    }
}

fn parse_square(name: &str) -> Result<Square, AppError> {
    name.parse()
        .map_err(|error: ultima_rules::types::ParseSquareError| {
            AppError::new(ErrorKind::BadRequest, error.to_string())
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::views::BotLevel;

    fn friend() -> Session {
        Session::new(
            NewGame::Friend { turn_board: false },
            "g1".into(),
            0.0,
            true,
        )
    }

    fn bot(player_side: SideChoice) -> Session {
        Session::new(
            NewGame::Bot {
                level: BotLevel::Novice,
                player_side,
            },
            "g2".into(),
            0.0,
            true,
        )
    }

    #[test]
    fn a_friend_game_plays_both_sides_and_refuses_illegal_moves() {
        let mut session = friend();
        assert_eq!(session.view().legal_moves.len(), 32);
        session.play("e2", "e5", 1.0).expect("legal");
        let error = session.play("e2", "e4", 2.0).expect_err("no piece there");
        assert_eq!(error.kind, ErrorKind::IllegalMove);
        assert_eq!(error.message, "There is no piece on e2");
        assert_eq!(
            session.game.moves().len(),
            1,
            "a refused move changes nothing"
        );
        session.play("d7", "d4", 3.0).expect("black's move");
        let view = session.view();
        assert_eq!(view.plies.len(), 2);
        assert_eq!(view.plies[0].notation, "Pe2-e5");
        assert!(!view.can_take_back, "no take-backs between friends");
        assert_eq!(
            session.play("z9", "e4", 4.0).map_err(|e| e.kind),
            Err(ErrorKind::BadRequest)
        );
    }

    #[test]
    fn against_a_bot_the_player_cannot_move_for_it_and_takes_back_a_whole_turn() {
        let mut session = bot(SideChoice::Black);
        assert!(session.is_bot_to_move());
        assert!(session.view().legal_moves.is_empty());
        assert_eq!(
            session.play("e7", "e4", 1.0).map_err(|e| e.kind),
            Err(ErrorKind::NotYourTurn)
        );
        let first = session
            .game
            .position()
            .parse_coordinates("e2e5")
            .expect("legal");
        session.play_bot(&first, 1.0).expect("bot's move");
        assert!(!session.can_take_back(), "the player has not moved yet");
        session.play("d7", "d5", 2.0).expect("player's move");
        let second = session
            .game
            .position()
            .parse_coordinates("a2a3")
            .expect("legal");
        session.play_bot(&second, 3.0).expect("bot's move");
        assert!(session.can_take_back());
        session.take_back().expect("take back");
        assert_eq!(
            session.game.moves().len(),
            1,
            "player's move and bot's answer are gone"
        );
        assert!(!session.is_bot_to_move());
    }

    #[test]
    fn resigning_and_agreeing_end_the_game_with_the_reason() {
        let mut session = friend();
        session.agree_draw(5.0).expect("agreed");
        let view = session.view();
        assert_eq!(
            view.result.map(|r| r.reason),
            Some(views::EndReason::Agreement)
        );
        assert!(view.legal_moves.is_empty());
        assert_eq!(session.ended_at, Some(5.0));
        assert_eq!(
            session.play("e2", "e5", 6.0).map_err(|e| e.kind),
            Err(ErrorKind::GameOver)
        );

        let mut against_bot = bot(SideChoice::White);
        assert!(against_bot.agree_draw(1.0).is_err());
        against_bot
            .resign(Side::Black, 2.0)
            .expect("the player resigns, whatever side is named");
        assert_eq!(
            against_bot.view().result.and_then(|r| r.winner),
            Some(Side::Black),
            "the bot (black) wins"
        );
    }

    #[test]
    fn a_saved_game_comes_back_exactly() {
        let mut session = friend();
        for (from, to) in [("e2", "e5"), ("d7", "d4"), ("a2", "a4")] {
            session.play(from, to, 1.0).expect("legal");
        }
        let saved = session.to_saved();
        let text = serde_json::to_string(&saved).expect("serialises");
        let read: SavedGame = serde_json::from_str(&text).expect("reads back");
        let restored = Session::from_saved(&read).expect("replays");
        assert_eq!(restored.view(), session.view());

        let mut damaged = saved.clone();
        damaged.record = damaged.record.replace("a2a4", "a2a1");
        let error = Session::from_saved(&damaged).expect_err("an illegal move in the record");
        assert_eq!(error.kind, ErrorKind::Storage);
        assert!(error.message.contains("move 3"), "{}", error.message);
    }

    #[test]
    fn a_rematch_swaps_the_colours() {
        let session = bot(SideChoice::White);
        let again = session.rematch("g3".into(), 1.0);
        assert_eq!(
            again.opponent,
            Opponent::Bot {
                level: BotLevel::Novice,
                bot_side: Side::White
            }
        );
        assert!(again.game.moves().is_empty());
    }
}
