//! The small boards of the rules pages: for each way a reading differs from Abbott's 1963 rules
//! (a `difference`, named as the catalogue's sentence for it), a position, and often a move, from
//! `shared/READINGS.md`'s worked positions, shown as the rules engine has it by that reading and
//! by 1963: which pieces are frozen, who is in check, what the move takes, or that it is no move
//! at all, and how the game stands.

use serde::{Deserialize, Serialize};
use ultima_rules::{Game, Outcome, Position, Reading};

use crate::view::{board_view, move_view};
use crate::wire::{BoardView, MoveView};

/// Where an example starts.
#[derive(Clone, Copy, Debug)]
enum Start {
    /// Each reading's own start position.
    Initial,
    /// This position (UFEN without a reading), read by each reading.
    Ufen(&'static str),
}

/// One difference shown: its position and the move, if any.
#[derive(Clone, Copy, Debug)]
struct Example {
    reading: Reading,
    difference: &'static str,
    start: Start,
    mv: Option<&'static str>,
}

/// The examples, in the order of each reading's differences on its page.
const EXAMPLES: &[Example] = &[
    Example {
        reading: Reading::Abbott1962,
        difference: "start",
        start: Start::Initial,
        mv: None,
    },
    Example {
        reading: Reading::Abbott1962,
        difference: "leaper",
        start: Start::Ufen("K6k/8/8/8/8/8/8/L1p2p2 w 0 1"),
        mv: Some("a1g1"),
    },
    Example {
        reading: Reading::Abbott1962,
        difference: "chameleon",
        start: Start::Ufen("K6k/8/8/8/8/8/8/X1l2l2 w 0 1"),
        mv: Some("a1g1"),
    },
    Example {
        reading: Reading::Cambridge,
        difference: "start",
        start: Start::Initial,
        mv: None,
    },
    Example {
        reading: Reading::Cambridge,
        difference: "chameleon",
        start: Start::Ufen("K4c2/8/5P2/5p2/wXl1l1pP/5p2/5P2/7k w 0 1"),
        mv: Some("b4f4"),
    },
    Example {
        reading: Reading::Cambridge,
        difference: "freezing",
        start: Start::Ufen("7k/8/8/2p1x3/3I4/8/8/K7 b 0 1"),
        mv: None,
    },
    Example {
        reading: Reading::Cambridge,
        difference: "removal",
        start: Start::Ufen("4k3/8/2p5/2PiP3/3W4/8/8/4K3 w 0 1"),
        mv: Some("c5c5"),
    },
    Example {
        reading: Reading::Boardspace,
        difference: "stalemate",
        start: Start::Ufen("7k/8/8/8/8/8/1i6/K7 w 0 1"),
        mv: None,
    },
    Example {
        reading: Reading::Zillions,
        difference: "check",
        start: Start::Ufen("3l3k/8/8/8/8/3P4/3K4/8 w 0 1"),
        mv: Some("d3h3"),
    },
    Example {
        reading: Reading::Zillions,
        difference: "king",
        start: Start::Ufen("8/8/8/4k3/3K4/8/P7/8 w 0 1"),
        mv: Some("d4e5"),
    },
];

/// How an example stands by one reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum ExampleState {
    /// The position (and the move, when the example has one) stands by these rules.
    Shown,
    /// The example's move is not a move by these rules.
    Refused,
    /// The position cannot arise by these rules (the side that just moved left its king to be
    /// taken).
    Impossible,
}

/// An example by one reading.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ExampleBoard {
    pub reading: Reading,
    pub state: ExampleState,
    /// The position before the move (its frozen pieces and check by these rules); `None` when
    /// it is [`ExampleState::Impossible`].
    pub board: Option<BoardView>,
    /// The example's move by these rules, with what it takes, when it is one.
    #[serde(rename = "move")]
    pub mv: Option<MoveView>,
    /// How the game stands: after the move, or in the position when there is none.
    pub outcome: Option<Outcome>,
}

/// One difference of a reading, shown by that reading and by 1963.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ReadingExample {
    /// The difference's name in the catalogue (`reading.cambridge.freezing`).
    pub difference: String,
    /// The move shown, in coordinates, if the example has one.
    pub coordinates: Option<String>,
    /// By the reading whose page it is.
    pub here: ExampleBoard,
    /// By Abbott's 1963 rules.
    pub abbott: ExampleBoard,
}

/// The examples of `reading`'s page (none for 1963, the rules the others differ from).
pub fn reading_examples(reading: Reading) -> Vec<ReadingExample> {
    EXAMPLES
        .iter()
        .filter(|example| example.reading == reading)
        .map(|example| ReadingExample {
            difference: example.difference.to_string(),
            coordinates: example.mv.map(str::to_string),
            here: by_reading(example, reading),
            abbott: by_reading(example, Reading::Abbott1963),
        })
        .collect()
}

fn by_reading(example: &Example, reading: Reading) -> ExampleBoard {
    let position = match example.start {
        Start::Initial => Ok(Position::start_of(reading)),
        // A UFEN's fifth field names its reading (none: 1963); checked by that reading's rules.
        Start::Ufen(ufen) if reading == Reading::Abbott1963 => Position::from_ufen(ufen),
        Start::Ufen(ufen) => Position::from_ufen(&format!("{ufen} {reading}")),
    };
    let Ok(position) = position else {
        return ExampleBoard {
            reading,
            state: ExampleState::Impossible,
            board: None,
            mv: None,
            outcome: None,
        };
    };
    let mut game = Game::new(position.clone());
    let board = board_view(&game, 0);
    let Some(text) = example.mv else {
        return ExampleBoard {
            reading,
            state: ExampleState::Shown,
            board,
            mv: None,
            outcome: game.outcome(),
        };
    };
    match position
        .parse_coordinates(text)
        .ok()
        .filter(|mv| game.play(mv).is_ok())
    {
        Some(mv) => ExampleBoard {
            reading,
            state: ExampleState::Shown,
            board,
            mv: Some(move_view(&mv)),
            outcome: game.outcome(),
        },
        None => ExampleBoard {
            reading,
            state: ExampleState::Refused,
            board,
            mv: None,
            outcome: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ultima_rules::WinReason;

    fn example(reading: Reading, difference: &str) -> ReadingExample {
        reading_examples(reading)
            .into_iter()
            .find(|example| example.difference == difference)
            .unwrap_or_else(|| panic!("{reading} {difference}"))
    }

    /// Every example shows a difference: by its reading and by 1963, the board, the move or the
    /// outcome differ.
    #[test]
    fn every_example_shows_its_reading_differing_from_1963() {
        assert!(reading_examples(Reading::Abbott1963).is_empty());
        for reading in Reading::ALL.into_iter().skip(1) {
            let examples = reading_examples(reading);
            assert!(!examples.is_empty(), "{reading}");
            for example in examples {
                assert_eq!(example.here.reading, reading);
                assert_eq!(example.abbott.reading, Reading::Abbott1963);
                assert_ne!(
                    example.here,
                    ExampleBoard {
                        reading,
                        ..example.abbott.clone()
                    },
                    "{reading} {}: the same as 1963",
                    example.difference
                );
            }
        }
    }

    #[test]
    fn each_example_says_what_its_sentence_says() {
        let squares = |board: &ExampleBoard| board.mv.as_ref().map(|mv| mv.captures.clone());
        // 1962: the leaper's two-piece leap is no move; 1963 takes both.
        let leaper = example(Reading::Abbott1962, "leaper");
        assert_eq!(leaper.here.state, ExampleState::Refused);
        assert_eq!(
            squares(&leaper.abbott),
            Some(vec!["c1".into(), "f1".into()])
        );
        let chameleon = example(Reading::Abbott1962, "chameleon");
        assert_eq!(chameleon.here.state, ExampleState::Refused);
        assert_eq!(chameleon.abbott.state, ExampleState::Shown);
        // The starts differ.
        for reading in [Reading::Abbott1962, Reading::Cambridge] {
            let start = example(reading, "start");
            assert_ne!(start.here.board, start.abbott.board, "{reading}");
        }
        // Cambridge: the chameleon's leap takes only the leapers; 1963 takes more.
        let cambridge = example(Reading::Cambridge, "chameleon");
        assert_eq!(
            squares(&cambridge.here),
            Some(vec!["c4".into(), "e4".into()])
        );
        let all = squares(&cambridge.abbott).expect("a move in 1963");
        assert!(all.len() > 2 && all.contains(&"c4".to_string()), "{all:?}");
        // MacKay's freezing: c5 is free.
        let frozen = |board: &ExampleBoard| board.board.as_ref().map(|b| b.frozen.clone());
        let freezing = example(Reading::Cambridge, "freezing");
        assert_eq!(frozen(&freezing.here), Some(vec!["d4".into(), "e5".into()]));
        assert_eq!(
            frozen(&freezing.abbott),
            Some(vec!["c5".into(), "d4".into(), "e5".into()])
        );
        let removal = example(Reading::Cambridge, "removal");
        assert_eq!(removal.here.state, ExampleState::Refused);
        assert_eq!(removal.abbott.state, ExampleState::Shown);
        // Boardspace: stalemate draws; 1963: the side with no move loses.
        let stalemate = example(Reading::Boardspace, "stalemate");
        assert!(matches!(stalemate.here.outcome, Some(Outcome::Draw { .. })));
        assert!(matches!(
            stalemate.abbott.outcome,
            Some(Outcome::Win {
                reason: WinReason::NoLegalMove,
                ..
            })
        ));
        // Zillions: the pinned pawn moves; the king is taken, in a position 1963 cannot have.
        let check = example(Reading::Zillions, "check");
        assert_eq!(check.here.state, ExampleState::Shown);
        assert_eq!(check.abbott.state, ExampleState::Refused);
        let king = example(Reading::Zillions, "king");
        assert!(matches!(
            king.here.outcome,
            Some(Outcome::Win {
                reason: WinReason::KingCaptured,
                ..
            })
        ));
        assert_eq!(king.abbott.state, ExampleState::Impossible);
    }
}
