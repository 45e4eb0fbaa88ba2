//! The other readings of the rules (`shared/READINGS.md`): their starts, their text forms, and
//! each worked position's claims beyond its perft figures (those are in `data/perft.txt`).

use ultima_rules::{
    perft, Bitboard, Color, DrawReason, Game, IllegalReason, Obstacle, Outcome, Position,
    PositionError, Reading, Role, Square, Status, UfenError, UnknownReading, WinReason, START_UFEN,
};

fn pos(ufen: &str) -> Position {
    Position::from_ufen(ufen).unwrap_or_else(|e| panic!("{ufen}: {e}"))
}

/// `ufen` played by `reading` (the UFEN names none).
fn by(reading: Reading, ufen: &str) -> Position {
    pos(ufen)
        .with_reading(reading)
        .unwrap_or_else(|e| panic!("{ufen} in {reading}: {e}"))
}

fn sq(name: &str) -> Square {
    name.parse().expect("a square")
}

fn squares(names: &[&str]) -> Bitboard {
    names.iter().map(|name| sq(name)).collect()
}

/// The squares the legal move `from`-`to` takes, or `None` when it is not legal.
fn takes(position: &Position, from: &str, to: &str) -> Option<Bitboard> {
    position
        .legal_moves()
        .iter()
        .find(|mv| mv.from == sq(from) && mv.to == sq(to))
        .map(|mv| mv.captures)
}

fn win(winner: Color, reason: WinReason) -> Status {
    Status::Over {
        outcome: Outcome::Win { winner, reason },
    }
}

// ---------------------------------------------------------------------------------------------
// Starts and text forms
// ---------------------------------------------------------------------------------------------

#[test]
fn each_readings_start_is_readings_md_table() {
    let table = [
        (
            Reading::Abbott1963,
            "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1",
        ),
        (
            Reading::Abbott1962,
            "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXWKXLC w 0 1 1962",
        ),
        (
            Reading::Cambridge,
            "ilxkwxlc/pppppppp/8/8/8/8/PPPPPPPP/CLXWKXLI w 0 1 cambridge",
        ),
        (
            Reading::Boardspace,
            "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1 boardspace",
        ),
        (
            Reading::Zillions,
            "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1 zillions",
        ),
    ];
    for (reading, ufen) in table {
        let start = Position::start_of(reading);
        assert_eq!(start.ufen(), ufen);
        assert_eq!(reading.start_ufen(), ufen);
        assert_eq!(start.reading(), reading);
        assert_eq!(pos(ufen), start);
        // No capture is possible before the fourth ply: every reading agrees with 1963.
        assert_eq!(
            [1, 2, 3].map(|depth| perft(&start, depth)),
            [32, 944, 42_762],
            "{reading}"
        );
    }
    assert_eq!(Position::start(), Position::start_of(Reading::Abbott1963));
    assert_eq!(Position::start().ufen(), START_UFEN);
}

#[test]
fn a_1963_ufen_keeps_its_four_fields_and_another_reading_adds_a_fifth() {
    let ufen = "7k/8/8/8/8/8/8/K7 w 0 1";
    assert_eq!(pos(ufen).reading(), Reading::Abbott1963);
    assert_eq!(pos(ufen).ufen(), ufen);
    // Naming 1963 is allowed, and written back as the four fields.
    assert_eq!(pos(&format!("{ufen} 1963")).ufen(), ufen);
    for reading in Reading::ALL.into_iter().skip(1) {
        let named = format!("{ufen} {reading}");
        let position = pos(&named);
        assert_eq!(position.reading(), reading);
        assert_eq!(position.ufen(), named);
        assert_eq!(position.to_string(), named);
        assert_ne!(position, pos(ufen), "the reading is part of the position");
        assert_eq!(by(reading, ufen), position);
    }
}

#[test]
fn an_unknown_fifth_field_is_refused_naming_the_five() {
    let error = Position::from_ufen("7k/8/8/8/8/8/8/K7 w 0 1 chess").expect_err("unknown");
    assert_eq!(
        error,
        UfenError::UnknownReading(UnknownReading("chess".into()))
    );
    let message = error.to_string();
    for name in [
        "chess",
        "1963",
        "1962",
        "cambridge",
        "boardspace",
        "zillions",
    ] {
        assert!(message.contains(name), "{message}");
    }
}

#[test]
fn a_record_names_its_reading_and_an_old_record_is_1963() {
    // A record (and a save, which keeps one) written before the readings: 1963.
    let old = "start clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1\nmoves e2e5 d7d4\n";
    let game = Game::from_record(old).expect("an old record reads");
    assert_eq!(game.reading(), Reading::Abbott1963);
    assert_eq!(game.position().reading(), Reading::Abbott1963);
    assert_eq!(game.record(), old, "and is written back unchanged");

    let mut game = Game::new(Position::start_of(Reading::Cambridge));
    game.play_text("e2e5").expect("legal");
    game.play_text("d7d4").expect("legal");
    let record = game.record();
    assert_eq!(
        record,
        "start ilxkwxlc/pppppppp/8/8/8/8/PPPPPPPP/CLXWKXLI w 0 1 cambridge\nmoves e2e5 d7d4\n"
    );
    let back = Game::from_record(&record).expect("reads back");
    assert_eq!(back.reading(), Reading::Cambridge);
    assert_eq!(back.position(), game.position());
    assert_eq!(back.position().reading(), Reading::Cambridge);
}

// ---------------------------------------------------------------------------------------------
// 1962
// ---------------------------------------------------------------------------------------------

#[test]
fn in_1962_the_long_leaper_takes_one_piece_a_move() {
    let ufen = "K6k/8/8/8/8/8/8/L1p2p2 w 0 1";
    let abbott = pos(ufen);
    let first = by(Reading::Abbott1962, ufen);
    for (to, taken_1963, taken_1962) in [
        ("b1", Some(&[][..]), Some(&[][..])),
        ("d1", Some(&["c1"][..]), Some(&["c1"][..])),
        ("e1", Some(&["c1"][..]), Some(&["c1"][..])),
        ("g1", Some(&["c1", "f1"][..]), None),
        ("h1", Some(&["c1", "f1"][..]), None),
    ] {
        assert_eq!(takes(&abbott, "a1", to), taken_1963.map(squares), "a1{to}");
        assert_eq!(takes(&first, "a1", to), taken_1962.map(squares), "a1{to}");
    }
    // The refusal names the rule.
    match first.why_not(sq("a1"), sq("g1")) {
        Some(IllegalReason::PathBlocked { at, obstacle, .. }) => {
            assert_eq!((at, obstacle), (sq("f1"), Obstacle::SecondLeap));
        }
        other => panic!("{other:?}"),
    }
    let message = first
        .why_not(sq("a1"), sq("h1"))
        .expect("refused")
        .to_string();
    assert!(message.contains("1962"), "{message}");
}

#[test]
fn in_1962_the_chameleon_leaps_one_long_leaper_a_move() {
    let ufen = "K6k/8/8/8/8/8/8/X1l2l2 w 0 1";
    assert_eq!(takes(&pos(ufen), "a1", "g1"), Some(squares(&["c1", "f1"])));
    let first = by(Reading::Abbott1962, ufen);
    assert_eq!(takes(&first, "a1", "e1"), Some(squares(&["c1"])));
    assert_eq!(takes(&first, "a1", "g1"), None);
}

#[test]
fn in_1962_a_leaper_gives_check_only_with_nothing_before_the_king() {
    let ufen = "3l3k/8/3P4/8/3K4/8/8/8 w 0 1";
    assert!(pos(ufen).is_check(), "1963: d8 leaps d6 and d4");
    assert!(!by(Reading::Abbott1962, ufen).is_check());
    // Its mirror: Black, not to move, is in check in 1963 only.
    let mirror = "3L3K/8/3p4/8/3k4/8/8/8 w 0 1";
    assert_eq!(
        Position::from_ufen(mirror),
        Err(UfenError::Invalid(PositionError::OpponentInCheck {
            color: Color::Black,
            mover: Color::White
        }))
    );
    assert!(Position::from_ufen(&format!("{mirror} 1962")).is_ok());
}

// ---------------------------------------------------------------------------------------------
// Cambridge
// ---------------------------------------------------------------------------------------------

#[test]
fn in_cambridge_a_chameleon_leaping_takes_only_the_leapers() {
    let ufen = "K4c2/8/5P2/5p2/wXl1l1pP/5p2/5P2/7k w 0 1";
    let all = squares(&["a4", "c4", "e4", "f3", "f5", "g4", "f8"]);
    assert_eq!(takes(&pos(ufen), "b4", "f4"), Some(all));
    let pure = by(Reading::Cambridge, ufen);
    assert_eq!(takes(&pure, "b4", "f4"), Some(squares(&["c4", "e4"])));
    assert_eq!(takes(&pure, "b4", "d4"), Some(squares(&["c4"])));
    // Without the two leapers the same move takes all five others in both readings.
    let without = "K4c2/8/5P2/5p2/wX4pP/5p2/5P2/7k w 0 1";
    let five = squares(&["a4", "f3", "f5", "g4", "f8"]);
    assert_eq!(takes(&pos(without), "b4", "f4"), Some(five));
    assert_eq!(
        takes(&by(Reading::Cambridge, without), "b4", "f4"),
        Some(five)
    );
}

#[test]
fn in_cambridge_a_helper_next_to_the_immobilizer_frees_the_others() {
    // Rule b: the chameleon e5 frees the pawn c5, not itself; rule a: d4 is frozen.
    let ufen = "7k/8/8/2p1x3/3I4/8/8/K7 b 0 1";
    let abbott = pos(ufen);
    let pure = by(Reading::Cambridge, ufen);
    assert_eq!(abbott.frozen(Color::Black), squares(&["c5", "e5"]));
    assert_eq!(pure.frozen(Color::Black), squares(&["e5"]));
    assert_eq!(abbott.frozen(Color::White), squares(&["d4"]));
    assert_eq!(pure.frozen(Color::White), squares(&["d4"]));
    assert!(takes(&pure, "c5", "c8").is_some());
    assert!(takes(&abbott, "c5", "c8").is_none());

    // Two chameleons next to the immobilizer are both free; the immobilizer is frozen.
    let two = by(Reading::Cambridge, "7k/8/8/4i3/3X1X2/8/8/K7 w 0 1");
    assert_eq!(two.frozen(Color::White), Bitboard::EMPTY);
    assert_eq!(two.frozen(Color::Black), squares(&["e5"]));

    // The white immobilizer d4 frees f6, but stays frozen itself.
    let helper = by(Reading::Cambridge, "7k/8/5P2/4i3/3I4/8/8/K7 w 0 1");
    assert_eq!(helper.frozen(Color::White), squares(&["d4"]));
    assert_eq!(helper.frozen(Color::Black), squares(&["e5"]));
}

#[test]
fn in_cambridge_a_freed_withdrawer_gives_check() {
    let ufen = "7k/8/8/8/8/3x4/1wI5/K7 w 0 1";
    assert!(!pos(ufen).is_check(), "1963: the withdrawer b2 is frozen");
    let pure = by(Reading::Cambridge, ufen);
    assert!(pure.is_check());
    assert_eq!(pure.checks().len(), 1);
    assert_eq!(pure.checks()[0].attacker.square, sq("b2"));
}

#[test]
fn in_cambridge_there_is_no_removal() {
    let ufen = "7k/8/8/4i3/3I4/8/8/K7 w 0 1";
    assert!(takes(&pos(ufen), "d4", "d4").is_some());
    let pure = by(Reading::Cambridge, ufen);
    assert!(takes(&pure, "d4", "d4").is_none());
    match pure.why_not(sq("d4"), sq("d4")) {
        Some(IllegalReason::NoRemoval {
            square,
            reading,
            by,
            ..
        }) => {
            assert_eq!((square, reading), (sq("d4"), Reading::Cambridge));
            assert_eq!(by.len(), 1);
            assert_eq!(by[0].square, sq("e5"));
        }
        other => panic!("{other:?}"),
    }
    // A frozen piece that may not be removed is not offered as removable.
    match pure.why_not(sq("d4"), sq("d6")) {
        Some(IllegalReason::Frozen { removable, .. }) => assert!(!removable),
        other => panic!("{other:?}"),
    }
    let message = pure
        .why_not(sq("d4"), sq("d4"))
        .expect("refused")
        .to_string();
    assert!(message.contains("cambridge"), "{message}");
}

#[test]
fn in_cambridge_a_removal_of_a_free_piece_says_there_is_no_removal() {
    // The withdrawer on d4 is free. By 1963 only a frozen piece is removed; by Cambridge's rules
    // no piece is, and the reason must not suggest that a frozen one could be.
    let ufen = "7k/8/8/8/3W4/8/8/K7 w 0 1";
    assert!(matches!(
        pos(ufen).why_not(sq("d4"), sq("d4")),
        Some(IllegalReason::NotFrozen { .. })
    ));
    let pure = by(Reading::Cambridge, ufen);
    assert_eq!(
        pure.why_not(sq("d4"), sq("d4")),
        Some(IllegalReason::RemovalNotInReading {
            role: Role::Withdrawer,
            square: sq("d4"),
            reading: Reading::Cambridge,
        })
    );
    let message = pure
        .why_not(sq("d4"), sq("d4"))
        .expect("refused")
        .to_string();
    assert!(message.contains("no piece is ever removed"), "{message}");
    // Every other reading has removal: the 1963 reason stands.
    for reading in [Reading::Abbott1962, Reading::Boardspace, Reading::Zillions] {
        assert!(
            matches!(
                by(reading, ufen).why_not(sq("d4"), sq("d4")),
                Some(IllegalReason::NotFrozen { .. })
            ),
            "{reading}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Boardspace
// ---------------------------------------------------------------------------------------------

#[test]
fn in_boardspace_a_stalemate_is_a_draw_and_checkmate_still_wins() {
    let stalemate = "7k/8/8/8/8/8/1i6/K7 w 0 1";
    assert_eq!(
        pos(stalemate).status(),
        win(Color::Black, WinReason::NoLegalMove)
    );
    assert_eq!(
        by(Reading::Boardspace, stalemate).status(),
        Status::Over {
            outcome: Outcome::Draw {
                reason: DrawReason::Stalemate
            }
        }
    );
    let mate = "8/8/5I2/4k3/3K4/8/8/8 b 0 1";
    for reading in [Reading::Abbott1963, Reading::Boardspace] {
        assert_eq!(
            by(reading, mate).status(),
            win(Color::White, WinReason::Checkmate),
            "{reading}"
        );
    }
}

#[test]
fn in_boardspace_a_stalemate_on_the_hundredth_ply_is_a_draw_not_a_win() {
    let ufen = "7k/8/8/8/8/8/8/I6K w 99 50";
    let mut abbott = Game::new(pos(ufen));
    let mv = abbott.play_text("a1g7").expect("legal");
    assert_eq!(
        abbott.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::NoLegalMove
        })
    );
    assert!(pos(ufen).san(&mv).ends_with('#'));
    let start = by(Reading::Boardspace, ufen);
    let mut boardspace = Game::new(start.clone());
    boardspace.play_text("a1g7").expect("legal");
    assert_eq!(
        boardspace.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Stalemate
        })
    );
    assert_eq!(start.san(&mv), "Ia1-g7", "no mark: the move does not win");
}

#[test]
fn in_boardspace_a_side_without_a_king_and_without_a_move_draws() {
    // White, without a king, has a pawn hemmed in (and not frozen: nothing to remove).
    let ufen = "8/8/8/8/8/8/p7/Pp6 w 0 1";
    assert_eq!(
        pos(ufen).status(),
        win(Color::Black, WinReason::NoLegalMove)
    );
    assert_eq!(
        by(Reading::Boardspace, ufen).status(),
        Status::Over {
            outcome: Outcome::Draw {
                reason: DrawReason::Stalemate
            }
        }
    );
}

// ---------------------------------------------------------------------------------------------
// Zillions
// ---------------------------------------------------------------------------------------------

#[test]
fn in_zillions_a_pinned_piece_may_move() {
    let ufen = "3l3k/8/8/8/8/3P4/3K4/8 w 0 1";
    assert!(takes(&pos(ufen), "d3", "a3").is_none());
    let zillions = by(Reading::Zillions, ufen);
    assert!(takes(&zillions, "d3", "a3").is_some());
    // Black then takes the king by a leap over it.
    let after = zillions.play(&zillions.find_move(sq("d3"), sq("a3")).expect("legal"));
    let after = after.expect("legal");
    assert_eq!(takes(&after, "d8", "d1"), Some(squares(&["d2"])));
}

#[test]
fn in_zillions_the_game_is_won_by_taking_the_king() {
    let ufen = "8/8/8/5k2/3K4/8/P7/8 w 0 1";
    assert!(takes(&pos(ufen), "d4", "e5").is_none());
    let zillions = by(Reading::Zillions, ufen);
    assert!(takes(&zillions, "d4", "e4").is_some());
    let mut game = Game::new(zillions);
    game.play_text("d4e5").expect("legal in zillions");
    assert!(game.position().is_king_attacked(), "the kings touch");
    assert!(
        !game.position().is_check(),
        "but there is no check in zillions"
    );
    let taking = game.play_text("f5e5").expect("Black takes the king");
    assert_eq!(taking.captures, squares(&["e5"]));
    assert_eq!(game.status(), win(Color::Black, WinReason::KingCaptured));
    assert!(game.position().legal_moves().is_empty());
    assert_eq!(
        game.position().why_not(sq("a2"), sq("a3")),
        Some(IllegalReason::KingTaken {
            winner: Color::Black
        })
    );
    assert!(game.play_text("a2a3").is_err(), "the game is over");
    let san = game.san_moves();
    assert_eq!(san.last().map(String::as_str), Some("Kf5-e5xe5#"));
}

#[test]
fn in_zillions_a_king_left_to_be_taken_is_taken() {
    let ufen = "8/8/8/4k3/3K4/8/P7/8 w 0 1";
    assert!(Position::from_ufen(ufen).is_err(), "1963: Black in check");
    let mut game = Game::new(pos(&format!("{ufen} zillions")));
    game.play_text("d4e5").expect("White takes the king");
    assert_eq!(game.status(), win(Color::White, WinReason::KingCaptured));
}

#[test]
fn in_zillions_a_removal_may_expose_the_king() {
    let ufen = "7k/8/8/8/8/5P2/4i3/l1KP4 w 0 1";
    assert!(takes(&pos(ufen), "d1", "d1").is_none());
    assert!(takes(&by(Reading::Zillions, ufen), "d1", "d1").is_some());
}

#[test]
fn in_zillions_a_side_with_no_move_loses() {
    let ufen = "8/8/5I2/4k3/3K4/8/8/8 b 0 1";
    assert_eq!(
        by(Reading::Zillions, ufen).status(),
        win(Color::White, WinReason::NoLegalMove)
    );
    // A side without a king while the other has one has lost; with no king on either side the
    // game goes on.
    assert_eq!(
        by(Reading::Zillions, "8/8/8/8/8/8/1P6/K7 b 0 1").status(),
        win(Color::White, WinReason::KingCaptured)
    );
    assert_eq!(
        by(Reading::Zillions, "8/8/8/8/8/p7/1P6/8 b 0 1").status(),
        Status::Ongoing { check: false }
    );
}
