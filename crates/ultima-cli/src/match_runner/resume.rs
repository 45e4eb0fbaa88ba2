//! Reading back the games a match already wrote, so that a match cut short (a closed terminal,
//! a reboot, a `kill`) goes on from its next game when the same command is run again.
//!
//! The records file holds one record per game, each followed by a blank line, written as the
//! game ended. A record cut by a crash while it was written is dropped (that game is played
//! again); every whole record must be a game of this match: the reading's start, and the
//! opening the match gives that game. A file that holds anything else is refused, not
//! overwritten.

use ultima_rules::{Game, Move, Position};

/// The games of a match found in its records file, in order.
#[derive(Debug, Default)]
pub struct Written {
    pub games: Vec<Game>,
    /// The length of the file's whole records, in bytes: anything after it is a cut record.
    pub whole_bytes: usize,
}

/// Why a records file cannot be resumed.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResumeError {
    #[error("its game {game} does not read as a record ({why})")]
    NotARecord { game: usize, why: String },
    #[error("its game {game} starts from another position than this match's ({found})")]
    OtherStart { game: usize, found: String },
    #[error("its game {game} was not played from this match's opening for that game (another --seed, --plies or --rules?)")]
    OtherOpening { game: usize },
    #[error("it holds {found} games, more than the {wanted} of --games")]
    TooMany { found: usize, wanted: usize },
}

/// The games already written in `text` (the records file) of the match that plays `games`
/// games from `start`, game `i` from the opening `opening_of(i)`.
pub fn read_written<'o>(
    text: &str,
    start: &Position,
    games: usize,
    opening_of: impl Fn(usize) -> &'o [Move],
) -> Result<Written, ResumeError> {
    let whole_bytes = text.rfind("\n\n").map_or(0, |at| at + 2);
    let mut written = Written {
        games: Vec::new(),
        whole_bytes,
    };
    for (index, record) in text[..whole_bytes]
        .split("\n\n")
        .filter(|record| !record.trim().is_empty())
        .enumerate()
    {
        let number = index + 1;
        let game = Game::from_record(record).map_err(|error| ResumeError::NotARecord {
            game: number,
            why: error.to_string(),
        })?;
        if game.start() != start {
            return Err(ResumeError::OtherStart {
                game: number,
                found: game.start().ufen(),
            });
        }
        let opening = opening_of(index);
        let shared = opening.len().min(game.moves().len());
        if game.moves()[..shared] != opening[..shared] {
            return Err(ResumeError::OtherOpening { game: number });
        }
        written.games.push(game);
    }
    if written.games.len() > games {
        return Err(ResumeError::TooMany {
            found: written.games.len(),
            wanted: games,
        });
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_after(moves: &[&str]) -> Game {
        let mut game = Game::new(Position::start());
        for text in moves {
            game.play_text(text).expect("legal");
        }
        game
    }

    fn parse(texts: &[&str]) -> Vec<Move> {
        let mut position = Position::start();
        texts
            .iter()
            .map(|text| {
                let mv = position.parse_move(text).expect("legal");
                position = position.play(&mv).expect("plays");
                mv
            })
            .collect()
    }

    #[test]
    fn whole_records_are_read_and_a_cut_one_is_dropped() {
        let first = game_after(&["e2e5", "d7d4", "a2a4"]);
        let second = game_after(&["e2e5"]);
        let whole = format!("{}\n{}\n", first.record(), second.record());
        let text = format!("{whole}start clxwkxli/pppp");
        let opening = parse(&["e2e5", "d7d4"]);
        let written =
            read_written(&text, &Position::start(), 10, |_| &opening[..]).expect("resumes");
        let records: Vec<String> = written.games.iter().map(Game::record).collect();
        assert_eq!(records, vec![first.record(), second.record()]);
        assert_eq!(written.whole_bytes, whole.len());
        let empty = read_written("", &Position::start(), 10, |_| &opening[..]).expect("empty");
        assert!(empty.games.is_empty());
        assert_eq!(empty.whole_bytes, 0);
    }

    #[test]
    fn another_matchs_games_are_refused() {
        let record = format!("{}\n", game_after(&["e2e5", "d7d4"]).record());
        let other = parse(&["d2d6"]);
        assert_eq!(
            read_written(&record, &Position::start(), 10, |_| &other[..]).unwrap_err(),
            ResumeError::OtherOpening { game: 1 }
        );
        let zillions = Position::start_of(ultima_rules::Reading::Zillions);
        assert!(matches!(
            read_written(&record, &zillions, 10, |_| &[][..]),
            Err(ResumeError::OtherStart { game: 1, .. })
        ));
        assert_eq!(
            read_written(&record, &Position::start(), 0, |_| &[][..]).unwrap_err(),
            ResumeError::TooMany {
                found: 1,
                wanted: 0
            }
        );
        assert!(matches!(
            read_written("start not a position\n\n", &Position::start(), 10, |_| &[]
                [..]),
            Err(ResumeError::NotARecord { game: 1, .. })
        ));
    }
}
