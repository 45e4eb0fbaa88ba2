//! The rules of `shared/RULES.md`, one named test (or a small group) per statement.
//!
//! Every position is built by hand in UFEN and every expectation worked out from the text of
//! RULES.md, not from the engine. Test names start with the section of RULES.md they check:
//! `board_`, `ufen_`, `moving_`, `capture_<piece>_`, `freezing_`, `check_`, `end_`,
//! `notation_`, `record_`, `perft_` and `worked_`.

use ultima_rules::{
    perft, Bitboard, Color, DrawReason, Game, GameError, IllegalReason, Move, MoveError, MoveList,
    Outcome, Piece, PieceAt, Position, PositionError, RecordError, Role, Setup, Square, Status,
    UfenError, UnknownReading, WinReason, START_UFEN,
};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// The square named `name`, such as "e4".
fn sq(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|e| panic!("test bug: `{name}` is not a square: {e}"))
}

/// The set of the squares named.
fn squares(names: &[&str]) -> Bitboard {
    names.iter().map(|name| sq(name)).collect()
}

/// A position that must be valid.
fn pos(ufen: &str) -> Position {
    Position::from_ufen(ufen).unwrap_or_else(|e| panic!("`{ufen}` should be a valid position: {e}"))
}

/// The legal move `text` (coordinates, e.g. "e2e6" or the removal "d4d4") of `ufen`. Also checks
/// that `legal_moves` lists that move exactly once, with the same captures: a move is its two
/// squares, and its captures are all the captures its geometry allows.
fn find(ufen: &str, text: &str) -> Move {
    let position = pos(ufen);
    let mv = position
        .parse_coordinates(text)
        .unwrap_or_else(|e| panic!("`{text}` should be legal in `{ufen}`, but: {e}"));
    let listed: Vec<Move> = position
        .legal_moves()
        .iter()
        .filter(|m| m.from == mv.from && m.to == mv.to)
        .copied()
        .collect();
    assert_eq!(
        listed,
        vec![mv],
        "legal_moves of `{ufen}` should list `{text}` exactly once, as parse_coordinates finds it"
    );
    mv
}

/// Why the move `text` is refused in `ufen`. Also checks that `legal_moves` does not list it.
fn refused(ufen: &str, text: &str) -> MoveError {
    let position = pos(ufen);
    let error = match position.parse_coordinates(text) {
        Ok(mv) => panic!("`{text}` should be refused in `{ufen}`, but it is legal: {mv:?}"),
        Err(error) => error,
    };
    let (from, to) = (sq(&text[..2]), sq(&text[2..]));
    assert!(
        !position
            .legal_moves()
            .iter()
            .any(|m| m.from == from && m.to == to),
        "legal_moves of `{ufen}` should not list `{text}`"
    );
    error
}

/// Asserts that `text` is not a move the piece can make (geometry, not check).
fn assert_unreachable(ufen: &str, text: &str) {
    let error = refused(ufen, text);
    assert!(
        matches!(
            error,
            MoveError::Illegal(
                IllegalReason::NotThatWay { .. }
                    | IllegalReason::Occupied { .. }
                    | IllegalReason::PathBlocked { .. }
            )
        ),
        "`{text}` in `{ufen}` should be refused as unreachable, got {error:?}"
    );
}

/// Asserts that the legal move `text` of `ufen` takes exactly the pieces on `expected`.
fn assert_takes(ufen: &str, text: &str, expected: &[&str]) {
    let mv = find(ufen, text);
    assert_eq!(
        mv.captures,
        squares(expected),
        "`{text}` in `{ufen}` should take {expected:?}"
    );
}

/// The position after the legal move `text`.
fn play(ufen: &str, text: &str) -> Position {
    pos(ufen).play_unchecked(&find(ufen, text))
}

/// The squares the piece on `from` can legally go to (its own square for a removal).
fn targets(ufen: &str, from: &str) -> Bitboard {
    let from = sq(from);
    pos(ufen)
        .legal_moves()
        .iter()
        .filter(|m| m.from == from)
        .map(|m| m.to)
        .collect()
}

/// Whether the side to move in `ufen` is in check.
fn in_check(ufen: &str) -> bool {
    pos(ufen).is_check()
}

/// The error `Position::from_ufen` gives for `ufen`, with its message.
fn ufen_error(ufen: &str) -> (UfenError, String) {
    match Position::from_ufen(ufen) {
        Ok(position) => panic!("`{ufen}` should be rejected, but it parsed as {position}"),
        Err(error) => {
            let message = error.to_string();
            (error, message)
        }
    }
}

/// `ufen` is refused with `expected`, in a message that names each of `parts`.
fn assert_refused(ufen: &str, expected: UfenError, parts: &[&str]) {
    let (error, message) = ufen_error(ufen);
    assert_eq!(error, expected, "`{ufen}`");
    assert_message_names(&message, parts);
}

fn assert_message_names(message: &str, parts: &[&str]) {
    for part in parts {
        assert!(
            message.contains(part),
            "the message `{message}` should name `{part}`"
        );
    }
}

fn win(winner: Color, reason: WinReason) -> Status {
    Status::Over {
        outcome: Outcome::Win { winner, reason },
    }
}

fn draw(reason: DrawReason) -> Status {
    Status::Over {
        outcome: Outcome::Draw { reason },
    }
}

fn piece(letter: char) -> Option<Piece> {
    Piece::from_letter(letter)
}

/// The rook lines (`rook`) or queen lines of `from` on an empty board.
fn lines(from: &str, rook: bool) -> Bitboard {
    let from = sq(from);
    Square::all()
        .filter(|&s| s != from)
        .filter(|&s| {
            let df = i32::from(s.file()) - i32::from(from.file());
            let dr = i32::from(s.rank()) - i32::from(from.rank());
            df == 0 || dr == 0 || (!rook && df.abs() == dr.abs())
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Board, armies, start
// ---------------------------------------------------------------------------------------------

#[test]
fn board_has_files_a_to_h_and_ranks_1_to_8() {
    assert_eq!(Square::all().count(), 64);
    for name in ["a1", "h1", "a8", "h8", "e4"] {
        assert_eq!(sq(name).to_string(), name);
    }
    assert_eq!((sq("a1").file(), sq("a1").rank()), (0, 0));
    assert_eq!((sq("h8").file(), sq("h8").rank()), (7, 7));
    for bad in ["i1", "a9", "a0", "e", "e44"] {
        assert!(bad.parse::<Square>().is_err(), "`{bad}` is not a square");
    }
}

#[test]
fn board_start_ufen_is_the_one_in_the_rules() {
    assert_eq!(
        START_UFEN,
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1"
    );
}

#[test]
fn board_start_ufen_parses_and_prints_back_identically() {
    let start = pos(START_UFEN);
    assert_eq!(start.ufen(), START_UFEN);
    assert_eq!(start.to_string(), START_UFEN);
}

#[test]
fn board_start_position_equals_the_parsed_start_ufen() {
    assert_eq!(Position::start(), pos(START_UFEN));
    assert_eq!(Position::default(), pos(START_UFEN));
    assert_eq!(Position::start().ufen(), START_UFEN);
}

#[test]
fn board_start_white_reads_ilxkwxlc_from_a1_to_h1_with_pawns_on_rank_2() {
    let start = Position::start();
    for (file, letter) in "ILXKWXLC".chars().enumerate() {
        let name = format!("{}1", (b'a' + file as u8) as char);
        assert_eq!(start.piece_at(sq(&name)), piece(letter), "{name}");
    }
    for file in 'a'..='h' {
        let name = format!("{file}2");
        assert_eq!(start.piece_at(sq(&name)), piece('P'), "{name}");
    }
}

#[test]
fn board_start_black_is_white_turned_half_round() {
    let start = Position::start();
    for (file, letter) in "clxwkxli".chars().enumerate() {
        let name = format!("{}8", (b'a' + file as u8) as char);
        assert_eq!(start.piece_at(sq(&name)), piece(letter), "{name}");
    }
    for file in 'a'..='h' {
        let name = format!("{file}7");
        assert_eq!(start.piece_at(sq(&name)), piece('p'), "{name}");
    }
    // Black's immobilizer on h8 faces White's coordinator on h1.
    assert_eq!(start.piece_at(sq("h8")), piece('i'));
    assert_eq!(start.piece_at(sq("h1")), piece('C'));
    // Turned half round: the piece on (f, r) mirrors the piece on (7 - f, 7 - r).
    for square in Square::all() {
        let mirror = Square::from_coords(7 - square.file(), 7 - square.rank()).unwrap();
        let flipped = start.piece_at(mirror).map(|p| Piece::new(!p.color, p.role));
        assert_eq!(start.piece_at(square), flipped, "{square} against {mirror}");
    }
}

#[test]
fn board_white_moves_first() {
    let start = Position::start();
    assert_eq!(start.turn(), Color::White);
    assert_eq!(start.halfmove_clock(), 0);
    assert_eq!(start.fullmove_number(), 1);
}

#[test]
fn board_start_has_32_legal_moves_all_by_pawns() {
    let moves = Position::start().legal_moves();
    assert_eq!(moves.len(), 32);
    // Each pawn goes 1 to 4 squares up its file; the back rank is walled in.
    assert!(moves.iter().all(|m| m.role == Role::Pawn));
    assert!(moves.iter().all(|m| m.captures.is_empty()));
}

// ---------------------------------------------------------------------------------------------
// Position notation (UFEN)
// ---------------------------------------------------------------------------------------------

#[test]
fn ufen_upper_case_is_white_lower_case_is_black_with_the_letters_of_the_table() {
    let setup = Setup::from_ufen("kpwlxci1/8/8/8/8/8/8/KPWLXCI1 w 0 1").unwrap();
    let roles = [
        Role::King,
        Role::Pawn,
        Role::Withdrawer,
        Role::LongLeaper,
        Role::Chameleon,
        Role::Coordinator,
        Role::Immobilizer,
    ];
    for (file, role) in roles.into_iter().enumerate() {
        let file = file as u8;
        let white = Square::from_coords(file, 0).unwrap();
        let black = Square::from_coords(file, 7).unwrap();
        assert_eq!(
            setup.board.piece_at(white),
            Some(Piece::new(Color::White, role))
        );
        assert_eq!(
            setup.board.piece_at(black),
            Some(Piece::new(Color::Black, role))
        );
    }
}

#[test]
fn ufen_has_four_fields_placement_side_clock_and_move_number() {
    let position = pos("7k/8/8/8/8/8/8/K7 b 17 42");
    assert_eq!(position.turn(), Color::Black);
    assert_eq!(position.halfmove_clock(), 17);
    assert_eq!(position.fullmove_number(), 42);
    assert_eq!(position.piece_at(sq("a1")), piece('K'));
    assert_eq!(position.piece_at(sq("h8")), piece('k'));
    assert_eq!(position.ufen(), "7k/8/8/8/8/8/8/K7 b 17 42");
}

#[test]
fn ufen_half_move_clock_counts_plies_since_the_last_capture_or_removal() {
    // A quiet move adds one.
    let after = play("7k/8/8/8/8/8/P7/K7 w 5 9", "a2a5");
    assert_eq!(after.halfmove_clock(), 6);
    // A capture resets it.
    let after = play("7k/8/8/8/4pP2/8/8/K2P4 w 5 9", "d1d4");
    assert_eq!(after.halfmove_clock(), 0);
    // A removal resets it.
    let after = play("7k/8/8/3i4/3W4/8/8/K7 w 5 9", "d4d4");
    assert_eq!(after.halfmove_clock(), 0);
}

#[test]
fn ufen_move_number_starts_at_1_and_goes_up_after_each_black_move() {
    let after_white = play(START_UFEN, "e2e5");
    assert_eq!(
        after_white.ufen(),
        "clxwkxli/pppppppp/8/4P3/8/8/PPPP1PPP/ILXKWXLC b 1 1"
    );
    let after_black = after_white.play_unchecked(&after_white.parse_coordinates("e7e6").unwrap());
    assert_eq!(
        after_black.ufen(),
        "clxwkxli/pppp1ppp/4p3/4P3/8/8/PPPP1PPP/ILXKWXLC w 2 2"
    );
}

#[test]
fn ufen_rejects_a_wrong_number_of_ranks() {
    assert_refused(
        "8/8/8/8/8/8/8 w 0 1",
        UfenError::RankCount(7),
        &["placement", "7 ranks", "8"],
    );
    assert_refused(
        "8/8/8/8/8/8/8/8/8 w 0 1",
        UfenError::RankCount(9),
        &["placement", "9 ranks"],
    );
}

#[test]
fn ufen_rejects_a_wrong_number_of_files_naming_the_rank() {
    assert_refused(
        "7k/8/8/8/8/8/8/K6 w 0 1",
        UfenError::FileCount { rank: 1, files: 7 },
        &["rank 1", "7 files"],
    );
    assert_refused(
        "7k/8/8/8/4p4/8/8/K7 w 0 1",
        UfenError::FileCount { rank: 4, files: 9 },
        &["rank 4", "9 files"],
    );
}

#[test]
fn ufen_rejects_an_unknown_letter_naming_it_and_the_rank() {
    assert_refused(
        "7k/8/8/8/8/3q4/8/K7 w 0 1",
        UfenError::UnknownLetter {
            rank: 3,
            letter: 'q',
        },
        &["'q'", "rank 3"],
    );
    assert_refused(
        "7k/8/8/8/8/8/8/K6N w 0 1",
        UfenError::UnknownLetter {
            rank: 1,
            letter: 'N',
        },
        &["'N'", "rank 1"],
    );
}

#[test]
fn ufen_rejects_two_digits_in_a_row_naming_the_rank() {
    // RULES.md, decisions: each run of empty squares is one digit, as in FEN. `44` used to be
    // read as the 8 empty squares it adds up to.
    assert_refused(
        "7k/8/8/8/44/8/8/K7 w 0 1",
        UfenError::DigitsInARow {
            rank: 4,
            digits: "44".to_string(),
        },
        &["rank 4", "'44'"],
    );
    // However the digits add up, and wherever they stand in the rank.
    assert_refused(
        "7k/8/8/8/8/8/8/K16 w 0 1",
        UfenError::DigitsInARow {
            rank: 1,
            digits: "16".to_string(),
        },
        &["rank 1", "'16'"],
    );
    assert_refused(
        "7k/1231p/8/8/8/8/8/K7 w 0 1",
        UfenError::DigitsInARow {
            rank: 7,
            digits: "1231".to_string(),
        },
        &["rank 7", "'1231'"],
    );
    // One digit between pieces is fine.
    assert_eq!(
        pos("7k/8/8/8/4p3/8/8/K7 w 0 1").placement(),
        "7k/8/8/8/4p3/8/8/K7"
    );
}

#[test]
fn ufen_rejects_a_bad_side_to_move() {
    for side in ["x", "W", "white", "-"] {
        assert_refused(
            &format!("7k/8/8/8/8/8/8/K7 {side} 0 1"),
            UfenError::BadSide(side.to_string()),
            &["side to move", &format!("'{side}'")],
        );
    }
}

#[test]
fn ufen_rejects_a_missing_field_naming_it() {
    for (ufen, field) in [
        ("7k/8/8/8/8/8/8/K7", "side to move"),
        ("7k/8/8/8/8/8/8/K7 w", "half-move clock"),
        ("7k/8/8/8/8/8/8/K7 w 0", "move number"),
    ] {
        assert_refused(ufen, UfenError::MissingField(field), &[field]);
    }
}

#[test]
fn ufen_rejects_a_bad_half_move_clock() {
    for clock in ["-1", "x", "1.5", "+-3", "+5", "99999999999"] {
        assert_refused(
            &format!("7k/8/8/8/8/8/8/K7 w {clock} 1"),
            UfenError::BadHalfmoveClock(clock.to_string()),
            &["half-move clock", &format!("'{clock}'")],
        );
    }
}

#[test]
fn ufen_rejects_a_bad_move_number_including_zero() {
    for number in ["0", "-3", "one", "2x", "+2"] {
        assert_refused(
            &format!("7k/8/8/8/8/8/8/K7 w 0 {number}"),
            UfenError::BadMoveNumber(number.to_string()),
            &["move number", &format!("'{number}'")],
        );
    }
}

#[test]
fn ufen_rejects_extra_fields_and_empty_text() {
    // A fifth field names the reading: an unknown one is refused, listing the five.
    assert_refused(
        "7k/8/8/8/8/8/8/K7 w 0 1 extra",
        UfenError::UnknownReading(UnknownReading("extra".into())),
        &["extra", "1963, 1962, cambridge, boardspace and zillions"],
    );
    assert_refused(
        "7k/8/8/8/8/8/8/K7 w 0 1 cambridge extra",
        UfenError::TooManyFields(6),
        &["6 fields"],
    );
    assert_eq!(ufen_error("").0, UfenError::Empty);
    assert_eq!(ufen_error("   ").0, UfenError::Empty);
}

#[test]
fn ufen_rejects_two_kings_of_a_colour() {
    let ufen = "k1k5/8/8/8/8/8/8/K7 w 0 1";
    // The unchecked setup reads it; the position refuses it.
    assert!(Setup::from_ufen(ufen).is_ok());
    assert_refused(
        ufen,
        UfenError::Invalid(PositionError::TooManyKings {
            color: Color::Black,
            count: 2,
        }),
        &["Black", "2 kings"],
    );
    assert_refused(
        "7k/8/8/8/8/8/8/K1K5 b 0 1",
        UfenError::Invalid(PositionError::TooManyKings {
            color: Color::White,
            count: 2,
        }),
        &["White", "2 kings"],
    );
}

#[test]
fn ufen_rejects_the_side_not_to_move_in_check() {
    // The white withdrawer on g7 can step away from the black king on h8 to f6.
    let ufen = "7k/6W1/8/8/8/8/8/7K w 0 1";
    assert!(Setup::from_ufen(ufen).is_ok());
    assert_refused(
        ufen,
        UfenError::Invalid(PositionError::OpponentInCheck {
            color: Color::Black,
            mover: Color::White,
        }),
        &["Black is in check", "White's move"],
    );
    // Kings side by side: whoever is to move, the other is in check.
    let (error, _) = ufen_error("8/8/8/8/8/8/6k1/7K b 0 1");
    assert_eq!(
        error,
        UfenError::Invalid(PositionError::OpponentInCheck {
            color: Color::White,
            mover: Color::Black
        })
    );
}

#[test]
fn ufen_accepts_the_side_to_move_in_check() {
    let position = pos("7k/6W1/8/8/8/8/8/7K b 0 1");
    assert!(position.is_check());
}

#[test]
fn ufen_accepts_a_side_without_king_which_is_never_in_check() {
    // White has no king: accepted with either side to move; White is never in check.
    for ufen in ["8/p6C/8/8/8/2p5/8/7k w 0 1", "8/p6C/8/8/8/2p5/8/7k b 0 1"] {
        let position = pos(ufen);
        assert!(!position.board().is_in_check(Color::White), "{ufen}");
    }
    // Black has no king: whatever White's pieces could take, Black to move is not in check.
    let position = pos("8/8/8/8/3W4/2L1C3/3X4/K6p b 0 1");
    assert!(!position.is_check());
    // With no king to guard, no move of the kingless side is refused for check.
    let position = pos("8/p6C/8/8/8/2p5/8/7k w 0 1");
    let mut pseudo = MoveList::new();
    position.generate_pseudo_legal(&mut pseudo);
    assert_eq!(position.legal_moves().len(), pseudo.len());
}

#[test]
fn ufen_side_without_king_its_coordinator_takes_nothing() {
    // Worked position 4 without the white king: h7c7 would take a7 and c3 with a king on a3.
    assert_takes("8/p6C/8/8/8/2p5/8/7k w 0 1", "h7c7", &[]);
    assert_takes("8/p6C/8/8/8/K1p5/8/7k w 0 1", "h7c7", &["a7", "c3"]);
}

#[test]
fn ufen_side_without_king_its_chameleon_coordinates_nothing() {
    assert_takes("8/c6X/8/8/8/2p5/8/7k w 0 1", "h7c7", &[]);
    assert_takes("8/c6X/8/8/8/K1p5/8/7k w 0 1", "h7c7", &["a7"]);
}

#[test]
fn ufen_round_trips_for_every_kind_of_position() {
    for ufen in [
        START_UFEN,
        "7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 w 0 1",
        "7k/8/8/8/3W4/2p5/8/7K w 0 1",
        "K6k/8/8/8/8/8/8/L1p2p2 w 0 1",
        "8/p6C/8/8/8/K1p5/8/7k w 0 1",
        "7k/8/2KPW3/2LiX3/2CIP3/8/8/8 w 0 1",
        "8/8/8/8/8/8/8/7k b 99 120",
        "3p3k/8/8/8/4Kp2/8/8/8 w 7 3",
    ] {
        assert_eq!(pos(ufen).ufen(), ufen);
    }
}

// ---------------------------------------------------------------------------------------------
// Moving
// ---------------------------------------------------------------------------------------------

#[test]
fn moving_each_piece_moves_as_the_table_says() {
    // On an otherwise empty board (kings on a8 and h2, off d4's lines), from d4.
    let queen = lines("d4", false);
    let rook = lines("d4", true);
    assert_eq!(queen.count(), 27);
    assert_eq!(rook.count(), 14);
    for (letter, expected) in [
        ('P', rook),
        ('W', queen),
        ('L', queen),
        ('X', queen),
        ('C', queen),
        ('I', queen),
    ] {
        let ufen = format!("K7/8/8/8/3{letter}4/8/7k/8 w 0 1");
        assert_eq!(targets(&ufen, "d4"), expected, "{letter} on d4 in {ufen}");
    }
}

#[test]
fn moving_king_steps_one_square_in_any_direction() {
    let ufen = "8/8/8/8/3K4/8/7k/8 w 0 1";
    assert_eq!(
        targets(ufen, "d4"),
        squares(&["c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"])
    );
}

#[test]
fn moving_no_piece_moves_onto_or_through_an_occupied_square() {
    for letter in ['P', 'W', 'L', 'X', 'C', 'I'] {
        // Own piece on c4: nobody lands on it or passes it, the long leaper included.
        let own = format!("7k/8/8/8/{letter}1P5/8/8/K7 w 0 1");
        for text in ["a4c4", "a4d4", "a4e4"] {
            assert_unreachable(&own, text);
        }
        assert!(targets(&own, "a4").contains(sq("b4")), "{own}");
        // Enemy pawn on c4: nobody lands on it; only the long leaper passes it (by leaping).
        let enemy = format!("7k/8/8/8/{letter}1p5/8/8/K7 w 0 1");
        assert_unreachable(&enemy, "a4c4");
        if letter == 'L' {
            assert_takes(&enemy, "a4d4", &["c4"]);
        } else {
            assert_unreachable(&enemy, "a4d4");
            assert_unreachable(&enemy, "a4e4");
        }
    }
}

#[test]
fn moving_only_the_king_moves_onto_an_enemy_piece_and_never_onto_its_own() {
    assert_takes("7k/8/8/8/8/8/1p6/K7 w 0 1", "a1b2", &["b2"]);
    assert_unreachable("7k/8/8/8/8/8/1P6/K7 w 0 1", "a1b2");
}

#[test]
fn moving_a_frozen_piece_cannot_move() {
    // The black immobilizer on d5 freezes the white withdrawer on d4.
    let ufen = "7k/8/8/3i4/3W4/8/8/K7 w 0 1";
    assert_eq!(pos(ufen).frozen(Color::White), squares(&["d4"]));
    assert_eq!(
        refused(ufen, "d4d3"),
        MoveError::Illegal(IllegalReason::Frozen {
            role: Role::Withdrawer,
            square: sq("d4"),
            by: vec![PieceAt {
                role: Role::Immobilizer,
                square: sq("d5")
            }],
            removable: true,
        })
    );
    // Its only move is its removal.
    assert_eq!(targets(ufen, "d4"), squares(&["d4"]));
}

#[test]
fn moving_removal_of_an_own_frozen_piece_is_a_move() {
    let ufen = "7k/8/8/3i4/3W4/8/8/K7 w 37 20";
    let mv = find(ufen, "d4d4");
    assert!(mv.is_removal());
    assert_eq!(mv.role, Role::Withdrawer);
    assert_eq!(mv.captures, Bitboard::EMPTY);
    // The piece is gone for good, and it is Black's move.
    let after = pos(ufen).play_unchecked(&mv);
    assert_eq!(after.ufen(), "7k/8/8/3i4/8/8/8/K7 b 0 20");
}

#[test]
fn moving_removal_resets_the_half_move_clock() {
    let after = play("7k/8/8/3i4/3L4/8/8/K7 w 99 60", "d4d4");
    assert_eq!(after.halfmove_clock(), 0);
    assert_eq!(after.status(), Status::Ongoing { check: false });
}

#[test]
fn moving_removal_must_not_leave_the_mover_in_check() {
    // The black immobilizer on e2 freezes the white pawns d1 and f1. The pawn on d1 stands
    // next to the white king on c1, so the black long leaper on h1 cannot leap the king
    // (it would pass two pieces in a row). Removing d1 would let it leap f1 and the king.
    let ufen = "7k/8/8/8/8/8/4i3/2KP1P1l w 0 1";
    assert!(!in_check(ufen));
    assert_eq!(pos(ufen).frozen(Color::White), squares(&["d1", "f1"]));
    assert!(matches!(
        refused(ufen, "d1d1"),
        MoveError::Illegal(IllegalReason::LeavesKingInCheck { from, to, .. })
            if from == sq("d1") && to == sq("d1")
    ));
    // Removing f1 leaves d1 in the way: legal.
    find(ufen, "f1f1");
}

#[test]
fn moving_the_king_can_never_be_removed() {
    // The white king on d3 is frozen by the black immobilizer on d4.
    let ufen = "7k/8/8/8/3i4/3K4/8/8 w 0 1";
    assert_eq!(pos(ufen).frozen(Color::White), squares(&["d3"]));
    assert_eq!(
        refused(ufen, "d3d3"),
        MoveError::Illegal(IllegalReason::KingRemoval { square: sq("d3") })
    );
    assert!(pos(ufen).legal_moves().is_empty());
}

#[test]
fn moving_an_unfrozen_piece_cannot_be_removed() {
    let ufen = "7k/8/8/8/3W4/8/8/K7 w 0 1";
    assert_eq!(
        refused(ufen, "d4d4"),
        MoveError::Illegal(IllegalReason::NotFrozen {
            role: Role::Withdrawer,
            square: sq("d4")
        })
    );
    assert!(Position::start()
        .legal_moves()
        .iter()
        .all(|m| !m.is_removal()));
}

#[test]
fn moving_a_pawn_moves_like_a_rook_on_any_rank_backwards_and_sideways_too() {
    let ufen = "7k/8/8/8/3P4/8/8/K7 w 0 1";
    assert_eq!(targets(ufen, "d4"), lines("d4", true));
    // Black's pawns too, towards its own side.
    let ufen = "7k/8/8/8/3p4/8/8/K7 b 0 1";
    assert_eq!(targets(ufen, "d4"), lines("d4", true));
    // Pawns may stand on the first and last ranks.
    let ufen = "3p3k/8/8/8/8/8/8/K2P4 w 0 1";
    assert_eq!(
        targets(ufen, "d1"),
        squares(&["d2", "d3", "d4", "d5", "d6", "d7", "b1", "c1", "e1", "f1", "g1", "h1"])
    );
}

#[test]
fn moving_a_pawn_has_no_promotion_double_step_rule_or_en_passant() {
    // A pawn reaching the last rank stays a pawn.
    let after = play("7k/8/8/8/3P4/8/8/K7 w 0 1", "d4d8");
    assert_eq!(after.piece_at(sq("d8")), piece('P'));
    // No en passant: after black's d7d5 beside the pawn on e5, e5d6 is no move.
    let after = play("7k/3p4/8/4P3/8/8/8/K7 b 0 1", "d7d5");
    assert_eq!(after.ufen(), "7k/8/8/3pP3/8/8/8/K7 w 1 2");
    assert!(after
        .legal_moves()
        .iter()
        .all(|m| !(m.from == sq("e5") && m.to == sq("d6"))));
    assert!(after.parse_coordinates("e5d6").is_err());
}

#[test]
fn moving_there_is_no_castling() {
    let ufen = "7k/8/8/8/8/8/8/3K3C w 0 1";
    assert_unreachable(ufen, "d1f1");
    assert_unreachable(ufen, "d1b1");
    assert_unreachable(ufen, "d1g1");
}

// ---------------------------------------------------------------------------------------------
// Capturing: king
// ---------------------------------------------------------------------------------------------

#[test]
fn capture_king_takes_an_enemy_piece_by_moving_onto_it() {
    for letter in ['p', 'w', 'l', 'x', 'c'] {
        let ufen = format!("7k/8/8/8/8/8/1{letter}6/K7 w 0 1");
        assert_takes(&ufen, "a1b2", &["b2"]);
        assert_eq!(play(&ufen, "a1b2").piece_at(sq("b2")), piece('K'));
    }
}

// ---------------------------------------------------------------------------------------------
// Capturing: pawn (pinch)
// ---------------------------------------------------------------------------------------------

#[test]
fn capture_pawn_pinches_an_enemy_piece_against_an_own_piece() {
    assert_takes("7k/8/8/8/4pP2/8/8/K2P4 w 0 1", "d1d4", &["e4"]);
}

#[test]
fn capture_pawn_pinch_partner_may_be_a_piece_of_any_kind() {
    // The white king itself as partner (and White's only king).
    assert_takes("7k/8/8/8/4pK2/8/8/3P4 w 0 1", "d1d4", &["e4"]);
    for partner in ['P', 'W', 'L', 'X', 'C', 'I'] {
        let ufen = format!("7k/8/8/8/4p{partner}2/8/8/K2P4 w 0 1");
        assert_takes(&ufen, "d1d4", &["e4"]);
    }
}

#[test]
fn capture_pawn_pinch_takes_an_enemy_piece_of_any_kind() {
    for target in ['p', 'w', 'l', 'x', 'c', 'i'] {
        let ufen = format!("7k/8/8/8/4{target}P2/8/8/K2P4 w 0 1");
        assert_takes(&ufen, "d1d4", &["e4"]);
    }
}

#[test]
fn capture_pawn_pinch_partner_may_be_frozen() {
    // The black immobilizer on g5 freezes the partner on f4; the pinch still happens.
    let ufen = "7k/8/8/6i1/4pP2/8/8/K2P4 w 0 1";
    assert_eq!(pos(ufen).frozen(Color::White), squares(&["f4"]));
    assert_takes(ufen, "d1d4", &["e4"]);
}

#[test]
fn capture_pawn_pinches_at_most_three_at_once() {
    // Worked position 1: three, one in each direction but the one it came from.
    let ufen = "7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 w 0 1";
    assert_takes(ufen, "d1d4", &["c4", "d5", "e4"]);
    assert!(pos(ufen)
        .legal_moves()
        .iter()
        .all(|m| m.captures.count() <= 3));
    // A one-step move: the square it came from (d3) is empty once it has left.
    let ufen = "7k/8/3P4/3p4/1Pp1pP2/3P4/8/K7 w 0 1";
    assert_takes(ufen, "d3d4", &["c4", "d5", "e4"]);
}

#[test]
fn capture_pawn_takes_only_enemy_pieces() {
    assert_takes("7k/8/8/8/4PP2/8/8/K2P4 w 0 1", "d1d4", &[]);
    assert_takes("7k/8/8/8/4PW2/8/8/K2P4 w 0 1", "d1d4", &[]);
}

#[test]
fn capture_pawn_no_pinch_when_the_far_square_holds_an_enemy_or_nothing() {
    assert_takes("7k/8/8/8/4pp2/8/8/K2P4 w 0 1", "d1d4", &[]);
    assert_takes("7k/8/8/8/4p3/8/8/K2P4 w 0 1", "d1d4", &[]);
    // The far square beyond the board edge: nothing to pinch against.
    assert_takes("7k/8/8/8/7p/8/8/K5P1 w 0 1", "g1g4", &[]);
}

#[test]
fn capture_pawn_pinches_only_along_ranks_and_files() {
    // e5 is diagonal to the landing square d4, with a white pawn on f6 behind it.
    assert_takes("7k/8/5P2/4p3/8/8/8/K2P4 w 0 1", "d1d4", &[]);
}

#[test]
fn capture_pawn_pinch_happens_only_when_the_pawn_moves_in() {
    // A black pawn stepping between two white pawns is not taken.
    let after = play("7k/8/8/8/3P1P2/8/4p3/K7 b 0 1", "e2e4");
    assert_eq!(after.ufen(), "7k/8/8/8/3PpP2/8/8/K7 w 1 2");
}

// ---------------------------------------------------------------------------------------------
// Capturing: withdrawer
// ---------------------------------------------------------------------------------------------

#[test]
fn capture_withdrawer_takes_the_piece_behind_it_when_moving_directly_away() {
    let ufen = "7k/8/8/8/3W4/2p5/8/7K w 0 1";
    for text in ["d4e5", "d4f6", "d4g7"] {
        assert_takes(ufen, text, &["c3"]);
    }
}

#[test]
fn capture_withdrawer_takes_an_enemy_piece_of_any_kind() {
    // (An immobilizer behind it would freeze it: see freezing_a_frozen_piece_cannot_move_even_to_take_its_immobilizer.)
    for target in ['p', 'w', 'l', 'x', 'c'] {
        let ufen = format!("7k/8/8/8/3W4/2{target}5/8/6K1 w 0 1");
        assert_takes(&ufen, "d4e5", &["c3"]);
    }
}

#[test]
fn capture_withdrawer_takes_nothing_when_not_moving_directly_away() {
    let ufen = "7k/8/8/8/3W4/2p5/8/7K w 0 1";
    let away = squares(&["e5", "f6", "g7"]);
    for mv in pos(ufen).legal_moves() {
        if mv.from == sq("d4") && !away.contains(mv.to) {
            assert_eq!(mv.captures, Bitboard::EMPTY, "{mv} in {ufen}");
        }
    }
    assert_takes(ufen, "d4d7", &[]);
    assert_takes(ufen, "d4c5", &[]);
    assert_takes(ufen, "d4e3", &[]);
}

#[test]
fn capture_withdrawer_takes_only_the_piece_next_to_its_start() {
    // b2 is two squares behind d4.
    assert_takes("7k/8/8/8/3W4/8/1p6/7K w 0 1", "d4e5", &[]);
}

#[test]
fn capture_withdrawer_takes_at_most_one() {
    // Enemies on c5, c3 and e3: moving away from c3 takes c3 alone.
    let ufen = "7k/8/8/2p5/3W4/2p1p3/8/7K w 0 1";
    assert_takes(ufen, "d4e5", &["c3"]);
    assert_takes(ufen, "d4g7", &["c3"]);
    assert!(pos(ufen)
        .legal_moves()
        .iter()
        .all(|m| m.captures.count() <= 1));
}

#[test]
fn capture_withdrawer_takes_only_enemy_pieces() {
    assert_takes("7k/8/8/8/3W4/2P5/8/7K w 0 1", "d4e5", &[]);
}

// ---------------------------------------------------------------------------------------------
// Capturing: long leaper
// ---------------------------------------------------------------------------------------------

#[test]
fn capture_long_leaper_takes_every_enemy_piece_it_passes_over() {
    let ufen = "K6k/8/8/8/8/8/8/L1p2p2 w 0 1";
    assert_takes(ufen, "a1g1", &["c1", "f1"]);
    assert_takes(ufen, "a1h1", &["c1", "f1"]);
    // Along a diagonal too.
    let ufen = "K6k/8/8/8/8/8/1p6/L7 w 0 1";
    for text in ["a1c3", "a1d4", "a1e5", "a1f6", "a1g7"] {
        assert_takes(ufen, text, &["b2"]);
    }
}

#[test]
fn capture_long_leaper_takes_an_enemy_piece_of_any_kind() {
    for target in ['p', 'w', 'l', 'x', 'c', 'i'] {
        let ufen = format!("7k/8/8/8/8/8/6K1/L1{target}5 w 0 1");
        assert_takes(&ufen, "a1d1", &["c1"]);
    }
}

#[test]
fn capture_long_leaper_cannot_pass_two_pieces_in_a_row() {
    let ufen = "K6k/8/8/8/8/8/8/L1pp4 w 0 1";
    for text in ["a1c1", "a1d1", "a1e1", "a1f1"] {
        assert_unreachable(ufen, text);
    }
    assert_takes(ufen, "a1b1", &[]);
}

#[test]
fn capture_long_leaper_never_passes_over_its_own_piece() {
    let ufen = "K6k/8/8/8/8/8/8/L1P1p3 w 0 1";
    assert_unreachable(ufen, "a1d1");
    assert_unreachable(ufen, "a1f1");
    assert_takes(ufen, "a1b1", &[]);
}

#[test]
fn capture_long_leaper_lands_anywhere_beyond_up_to_the_next_obstacle() {
    // Own piece on g1 is the next obstacle.
    let ufen = "K6k/8/8/8/8/8/8/L1p3P1 w 0 1";
    for text in ["a1d1", "a1e1", "a1f1"] {
        assert_takes(ufen, text, &["c1"]);
    }
    assert_unreachable(ufen, "a1g1");
    assert_unreachable(ufen, "a1h1");
    // Two enemy pieces in a row on f1 and g1 are the next obstacle.
    let ufen = "K6k/8/8/8/8/8/8/L1p2pp1 w 0 1";
    assert_takes(ufen, "a1d1", &["c1"]);
    assert_takes(ufen, "a1e1", &["c1"]);
    for text in ["a1f1", "a1g1", "a1h1"] {
        assert_unreachable(ufen, text);
    }
}

#[test]
fn capture_long_leaper_needs_an_empty_square_behind_the_piece_it_leaps() {
    // h1 is the edge: nothing lies behind it.
    let ufen = "K6k/8/8/8/8/8/8/L6p w 0 1";
    assert_takes(ufen, "a1g1", &[]);
    assert_unreachable(ufen, "a1h1");
}

// ---------------------------------------------------------------------------------------------
// Capturing: coordinator
// ---------------------------------------------------------------------------------------------

#[test]
fn capture_coordinator_takes_on_both_squares_it_makes_with_its_king() {
    // Lands on c7, king on a3: (file c, rank 3) = c3 and (file a, rank 7) = a7.
    assert_takes("8/p6C/8/8/8/K1p5/8/7k w 0 1", "h7c7", &["a7", "c3"]);
    // One of the two squares empty: the other is still taken.
    assert_takes("8/7C/8/8/8/K1p5/8/7k w 0 1", "h7c7", &["c3"]);
}

#[test]
fn capture_coordinator_takes_an_enemy_piece_of_any_kind() {
    for target in ['p', 'w', 'l', 'x', 'c', 'i'] {
        let ufen = format!("8/{target}6C/8/8/8/K7/8/7k w 0 1");
        assert_takes(&ufen, "h7c7", &["a7"]);
    }
}

#[test]
fn capture_coordinator_takes_only_enemy_pieces() {
    assert_takes("8/P6C/8/8/8/K1p5/8/7k w 0 1", "h7c7", &["c3"]);
}

#[test]
fn capture_coordinator_a_frozen_king_still_coordinates() {
    // The black immobilizer on b2 freezes the white king on a3.
    let ufen = "8/p6C/8/8/8/K1p5/1i6/7k w 0 1";
    assert_eq!(pos(ufen).frozen(Color::White), squares(&["a3"]));
    assert_takes(ufen, "h7c7", &["a7", "c3"]);
}

#[test]
fn capture_coordinator_of_a_side_without_king_takes_nothing() {
    assert_takes("8/p6C/8/8/8/2p5/8/7k w 0 1", "h7c7", &[]);
}

// ---------------------------------------------------------------------------------------------
// Capturing: immobilizer
// ---------------------------------------------------------------------------------------------

#[test]
fn capture_immobilizer_takes_nothing() {
    // Withdrawing from c3.
    assert_takes("7k/8/8/8/3I4/2p5/8/K7 w 0 1", "d4e5", &[]);
    // Landing beside e4 with a white pawn on f4.
    assert_takes("7k/8/8/8/4pP2/8/8/K2I4 w 0 1", "d1d4", &[]);
    // Landing on a coordinator's square with its king on a3.
    assert_takes("8/p6I/8/8/8/K1p5/8/7k w 0 1", "h7c7", &[]);
    // It does not leap.
    assert_unreachable("K6k/8/8/8/8/8/8/I1p5 w 0 1", "a1d1");
}

// ---------------------------------------------------------------------------------------------
// Capturing: chameleon
// ---------------------------------------------------------------------------------------------

#[test]
fn capture_chameleon_pinches_pawns_only_when_moving_along_a_rank_or_file() {
    assert_takes("7k/8/8/8/8/2pP4/8/1X4K1 w 0 1", "b1b3", &["c3"]);
    assert_takes("7k/8/8/8/8/2pP4/X7/6K1 w 0 1", "a2b3", &[]);
}

#[test]
fn capture_chameleon_pinches_nothing_but_pawns() {
    for target in ['w', 'l', 'x', 'c', 'i'] {
        let ufen = format!("7k/8/8/8/8/2{target}P4/8/1X4K1 w 0 1");
        assert_takes(&ufen, "b1b3", &[]);
    }
}

#[test]
fn capture_chameleon_takes_a_withdrawer_by_withdrawing_from_it() {
    let ufen = "7k/8/8/8/3X4/2w5/8/6K1 w 0 1";
    assert_takes(ufen, "d4e5", &["c3"]);
    assert_takes(ufen, "d4g7", &["c3"]);
    assert_takes(ufen, "d4d7", &[]);
    // Withdrawing from anything else takes nothing.
    for target in ['p', 'l', 'x', 'c'] {
        let ufen = format!("7k/8/8/8/3X4/2{target}5/8/6K1 w 0 1");
        assert_takes(&ufen, "d4e5", &[]);
    }
}

#[test]
fn capture_chameleon_leaps_long_leapers_only() {
    let ufen = "7k/8/8/8/8/8/6K1/X1l5 w 0 1";
    assert_takes(ufen, "a1b1", &[]);
    for text in ["a1d1", "a1e1", "a1h1"] {
        assert_takes(ufen, text, &["c1"]);
    }
    for target in ['p', 'w', 'x', 'c', 'i'] {
        let ufen = format!("7k/8/8/8/8/8/6K1/X1{target}5 w 0 1");
        assert_unreachable(&ufen, "a1d1");
    }
}

#[test]
fn capture_chameleon_coordinates_only_coordinators() {
    // Coordinator on a7 is taken; the pawn on c3 (the other square) is not.
    assert_takes("8/c6X/8/8/8/K1p5/8/7k w 0 1", "h7c7", &["a7"]);
    assert_takes("8/p6X/8/8/8/K1c5/8/7k w 0 1", "h7c7", &["c3"]);
    assert_takes("8/p6X/8/8/8/K1p5/8/7k w 0 1", "h7c7", &[]);
}

#[test]
fn capture_chameleon_never_takes_a_chameleon() {
    // Not by withdrawing, leaping or pinching.
    assert_takes("7k/8/8/8/3X4/2x5/8/6K1 w 0 1", "d4e5", &[]);
    assert_unreachable("7k/8/8/8/8/8/6K1/X1x5 w 0 1", "a1d1");
    assert_takes("7k/8/8/8/8/2xP4/8/1X4K1 w 0 1", "b1b3", &[]);
}

#[test]
fn capture_chameleon_never_takes_an_immobilizer() {
    assert_takes("7k/8/8/8/8/2iP4/8/1X4K1 w 0 1", "b1b3", &[]);
    assert_unreachable("7k/8/8/8/8/8/6K1/X1i5 w 0 1", "a1d1");
    // Next to it, the chameleon cannot even move: only its removal is left.
    assert_eq!(
        targets("7k/8/8/8/3X4/2i5/8/6K1 w 0 1", "d4"),
        squares(&["d4"])
    );
}

#[test]
fn capture_chameleon_combines_its_captures_in_one_move() {
    // Leaps the long leaper on c1 and pinches the pawn on f1 against the king on g1.
    let ufen = "7k/8/8/8/8/8/8/X1l2pK1 w 0 1";
    assert_takes(ufen, "a1d1", &["c1"]);
    assert_takes(ufen, "a1e1", &["c1", "f1"]);
    // Withdraws from the withdrawer on c3 and leaps the long leaper on e5.
    let ufen = "7k/8/8/4l3/3X4/2w5/8/6K1 w 0 1";
    assert_takes(ufen, "d4f6", &["c3", "e5"]);
}

// ---------------------------------------------------------------------------------------------
// Capturing: general
// ---------------------------------------------------------------------------------------------

#[test]
fn capture_is_compulsory_a_move_takes_everything_its_geometry_allows() {
    let ufen = "7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 w 0 1";
    let position = pos(ufen);
    // One move d1d4 only, and it takes all three.
    let d1d4: Vec<Move> = position
        .legal_moves()
        .iter()
        .filter(|m| m.from == sq("d1") && m.to == sq("d4"))
        .copied()
        .collect();
    assert_eq!(d1d4.len(), 1);
    assert_eq!(d1d4[0].captures, squares(&["c4", "d5", "e4"]));
    // A move that claims to take fewer is not that move; one that names none takes all.
    assert!(matches!(
        position.parse_san("Pd1-d4xc4"),
        Err(MoveError::WrongCaptures { .. })
    ));
    assert_eq!(position.parse_san("Pd1-d4"), Ok(d1d4[0]));
    // No position lists a move twice with different captures.
    for ufen in [START_UFEN, ufen, "7k/8/8/4l3/3X4/2w5/8/6K1 w 0 1"] {
        let moves = pos(ufen).legal_moves();
        for (i, a) in moves.iter().enumerate() {
            for b in &moves[i + 1..] {
                assert!(a.from != b.from || a.to != b.to, "{a} twice in {ufen}");
            }
        }
    }
}

#[test]
fn capture_one_move_may_take_several_pieces() {
    let after = play("7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 w 0 1", "d1d4");
    assert_eq!(after.ufen(), "7k/8/3P4/8/1P1P1P2/8/8/K7 b 0 1");
}

#[test]
fn capture_only_the_moving_piece_must_be_free() {
    // The moving pawn on d1 is frozen by the immobilizer on c2: it cannot pinch.
    let ufen = "7k/8/8/8/4pP2/8/2i5/K2P4 w 0 1";
    assert!(matches!(
        refused(ufen, "d1d4"),
        MoveError::Illegal(IllegalReason::Frozen { .. })
    ));
    // A frozen target is taken like any other.
    let ufen = "7k/8/8/8/4pP2/5I2/8/K2P4 w 0 1";
    assert_eq!(pos(ufen).frozen(Color::Black), squares(&["e4"]));
    assert_takes(ufen, "d1d4", &["e4"]);
    // Frozen partner and frozen coordinating king: see
    // capture_pawn_pinch_partner_may_be_frozen and capture_coordinator_a_frozen_king_still_coordinates.
}

// ---------------------------------------------------------------------------------------------
// Immobilizer and freezing
// ---------------------------------------------------------------------------------------------

#[test]
fn freezing_every_enemy_piece_around_an_immobilizer_is_frozen_the_king_too() {
    // The black immobilizer on d5, surrounded by one white piece of each kind (and a pawn).
    let ufen = "7k/8/2KPW3/2LiX3/2CIP3/8/8/8 w 0 1";
    let position = pos(ufen);
    let ring = squares(&["c6", "d6", "e6", "c5", "e5", "c4", "d4", "e4"]);
    assert_eq!(position.frozen(Color::White), ring);
    // None can move; each but the king can be removed.
    let moves = position.legal_moves();
    assert_eq!(moves.len(), 7);
    assert!(moves.iter().all(|m| m.is_removal()));
    assert!(!moves.iter().any(|m| m.from == sq("c6")));
}

#[test]
fn freezing_own_pieces_beside_an_immobilizer_are_free() {
    assert_eq!(
        pos("7k/8/8/3pi3/8/8/8/K7 b 0 1").frozen(Color::Black),
        Bitboard::EMPTY
    );
    let start = Position::start();
    assert_eq!(start.frozen(Color::White), Bitboard::EMPTY);
    assert_eq!(start.frozen(Color::Black), Bitboard::EMPTY);
    // The a2 pawn, beside its own immobilizer, moves.
    assert!(targets(START_UFEN, "a2").contains(sq("a6")));
}

#[test]
fn freezing_reaches_only_the_eight_neighbouring_squares() {
    assert_eq!(
        pos("7k/8/8/3i4/8/3W4/8/K7 w 0 1").frozen(Color::White),
        Bitboard::EMPTY
    );
}

#[test]
fn freezing_a_chameleon_next_to_an_enemy_immobilizer_freezes_it_and_is_frozen_by_it() {
    let ufen = "k7/8/8/4i3/4X3/8/8/K7 w 0 1";
    let position = pos(ufen);
    assert_eq!(position.frozen(Color::White), squares(&["e4"]));
    assert_eq!(position.frozen(Color::Black), squares(&["e5"]));
    assert_eq!(targets(ufen, "e4"), squares(&["e4"]));
    assert_eq!(
        targets("k7/8/8/4i3/4X3/8/8/K7 b 0 1", "e5"),
        squares(&["e5"])
    );
}

#[test]
fn freezing_a_chameleon_freezes_immobilizers_only() {
    assert_eq!(
        pos("k7/8/8/8/4Xp2/8/8/K7 w 0 1").frozen(Color::Black),
        Bitboard::EMPTY
    );
    // Not an enemy chameleon either, nor a king.
    let position = pos("k7/8/8/8/4Xx2/8/8/K7 w 0 1");
    assert_eq!(position.frozen(Color::White), Bitboard::EMPTY);
    assert_eq!(position.frozen(Color::Black), Bitboard::EMPTY);
    assert_eq!(
        pos("8/8/8/8/8/8/6x1/7K w 0 1").frozen(Color::White),
        Bitboard::EMPTY
    );
}

#[test]
fn freezing_two_enemy_immobilizers_side_by_side_freeze_each_other() {
    let position = pos("k7/8/8/4i3/4I3/8/8/K7 w 0 1");
    assert_eq!(position.frozen(Color::White), squares(&["e4"]));
    assert_eq!(position.frozen(Color::Black), squares(&["e5"]));
    // Own immobilizers side by side do not.
    assert_eq!(
        pos("k7/8/8/8/3II3/8/8/K7 w 0 1").frozen(Color::White),
        Bitboard::EMPTY
    );
}

#[test]
fn freezing_a_frozen_immobilizer_still_freezes() {
    // The white immobilizer on e4 is frozen by e5 and still freezes the black pawn on d3.
    let ufen = "k7/8/8/4i3/4I3/3p4/8/K7 b 0 1";
    let position = pos(ufen);
    assert_eq!(position.frozen(Color::White), squares(&["e4"]));
    assert_eq!(position.frozen(Color::Black), squares(&["d3", "e5"]));
    assert!(matches!(
        refused(ufen, "d3d2"),
        MoveError::Illegal(IllegalReason::Frozen { .. })
    ));
}

#[test]
fn freezing_a_frozen_chameleon_still_freezes() {
    // The white chameleon on e4 is frozen (by both) and freezes both black immobilizers.
    let position = pos("k7/8/8/4i3/4X3/3i4/8/K7 w 0 1");
    assert_eq!(position.frozen(Color::White), squares(&["e4"]));
    assert_eq!(position.frozen(Color::Black), squares(&["d3", "e5"]));
}

#[test]
fn freezing_a_piece_passing_by_an_immobilizer_is_not_frozen() {
    // The withdrawer passes c4, d4 and e4, all beside the immobilizer on d5.
    let after = play("7k/8/8/3i4/W7/8/8/K7 w 0 1", "a4h4");
    assert_eq!(after.frozen(Color::White), Bitboard::EMPTY);
}

#[test]
fn freezing_a_piece_stopping_beside_an_immobilizer_is_frozen_from_the_next_move_on() {
    let after = play("7k/8/8/3i4/W7/8/8/K7 w 0 1", "a4e4");
    assert_eq!(after.frozen(Color::White), squares(&["e4"]));
    let black = after.play_unchecked(&after.parse_coordinates("h8g8").unwrap());
    let ufen = black.ufen();
    assert!(matches!(
        refused(&ufen, "e4e3"),
        MoveError::Illegal(IllegalReason::Frozen { .. })
    ));
    assert_eq!(targets(&ufen, "e4"), squares(&["e4"]));
}

#[test]
fn freezing_a_piece_moving_beside_an_immobilizer_still_captures_on_that_move() {
    // The pawn lands on d4 beside the black immobilizer on c5 and pinches e4.
    assert_takes("7k/8/8/2i5/4pP2/8/8/K2P4 w 0 1", "d1d4", &["e4"]);
}

#[test]
fn freezing_a_frozen_piece_cannot_move_even_to_take_its_immobilizer() {
    // Withdrawing from c3 would take the immobilizer, but the withdrawer is frozen by it.
    let ufen = "7k/8/8/8/3W4/2i5/8/K7 w 0 1";
    assert!(matches!(
        refused(ufen, "d4e5"),
        MoveError::Illegal(IllegalReason::Frozen { .. })
    ));
    // Nor can a frozen king step onto it.
    let ufen = "7k/8/8/8/8/8/1i6/K7 w 0 1";
    assert!(matches!(
        refused(ufen, "a1b2"),
        MoveError::Illegal(IllegalReason::Frozen { .. })
    ));
}

#[test]
fn freezing_an_immobilizer_arriving_beside_a_piece_freezes_it_from_the_next_move_on() {
    let after = play("7k/8/8/8/3p4/8/8/I6K w 0 1", "a1c3");
    assert_eq!(after.frozen(Color::Black), squares(&["d4"]));
    assert!(matches!(
        refused(&after.ufen(), "d4d5"),
        MoveError::Illegal(IllegalReason::Frozen { .. })
    ));
}

#[test]
fn freezing_ends_when_the_immobilizer_leaves() {
    let after = play("7k/8/8/3i4/3W4/8/8/K7 b 0 1", "d5a8");
    assert_eq!(after.frozen(Color::White), Bitboard::EMPTY);
    find(&after.ufen(), "d4d3");
}

// ---------------------------------------------------------------------------------------------
// Check
// ---------------------------------------------------------------------------------------------

#[test]
fn check_by_a_king_step() {
    // Kings side by side: a position with either to move has the other in check.
    assert!(Setup::from_ufen("8/8/8/3k4/3K4/8/8/8 w 0 1")
        .unwrap()
        .board
        .is_in_check(Color::White));
    // The white king is frozen, the black king is not: only White is in check.
    assert!(in_check("8/8/8/3ki3/3K4/8/8/8 w 0 1"));
}

#[test]
fn check_by_a_pawn_pinch() {
    // The pawn on d8 can land on d4, pinching the king on e4 against the pawn on f4.
    assert!(in_check("3p3k/8/8/8/4Kp2/8/8/8 w 0 1"));
    // With the partner frozen (immobilizer on g5) it is still check.
    assert!(in_check("3p3k/8/8/6I1/4Kp2/8/8/8 w 0 1"));
    // No partner: no check.
    assert!(!in_check("3p3k/8/8/8/4K3/8/8/8 w 0 1"));
}

#[test]
fn check_by_a_withdrawer() {
    assert!(in_check("7k/6W1/8/8/8/8/8/7K b 0 1"));
    // It cannot step away from the king: f6 is taken.
    assert!(!in_check("7k/6W1/5P2/8/8/8/8/7K b 0 1"));
}

#[test]
fn check_by_a_long_leaper() {
    assert!(in_check("7K/8/8/8/8/8/8/L1k5 b 0 1"));
    // Over another black piece first, then the king.
    assert!(in_check("7K/8/8/8/8/8/8/L1p1k3 b 0 1"));
    // Nowhere to land behind the king.
    assert!(!in_check("7K/8/8/8/8/8/8/L1kp4 b 0 1"));
    // Its own piece in the way.
    assert!(!in_check("7K/8/8/8/8/8/8/LPk5 b 0 1"));
}

#[test]
fn check_by_a_coordinator() {
    // Kings on e8 and e1: the coordinator landing anywhere on rank 1 takes e1.
    assert!(in_check("4k3/8/8/8/8/7c/8/4K3 w 0 1"));
    // Kings on d8 and e1: no square of the coordinator's reach makes the corner e1.
    assert!(!in_check("3k4/8/8/8/8/7c/8/4K3 w 0 1"));
    // Its king frozen (white immobilizer on d7) still coordinates: still check.
    let ufen = "4k3/3I4/8/8/8/7c/8/4K3 w 0 1";
    assert_eq!(pos(ufen).frozen(Color::Black), squares(&["e8"]));
    assert!(in_check(ufen));
}

#[test]
fn check_by_a_chameleon_only_by_a_kings_step() {
    let ufen = "8/8/8/8/8/8/6x1/7K w 0 1";
    assert!(in_check(ufen));
    let moves: Vec<String> = pos(ufen)
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(moves, ["h1g2"]);
    assert_takes(ufen, "h1g2", &["g2"]);
    // A chameleon does not pinch, leap or coordinate a king.
    assert!(!in_check("7k/8/8/8/8/2Kp4/8/1x6 w 0 1"));
    assert!(!in_check("7k/8/8/8/8/8/8/x1K5 w 0 1"));
    assert!(!in_check("4k3/8/8/8/8/7x/8/4K3 w 0 1"));
    // Where a long leaper and a coordinator would.
    assert!(in_check("7k/8/8/8/8/8/8/l1K5 w 0 1"));
    assert!(in_check("4k3/8/8/8/8/7c/8/4K3 w 0 1"));
}

#[test]
fn check_a_frozen_piece_gives_no_check() {
    // Each checking piece, then the same piece frozen by an immobilizer that does not touch
    // the king.
    for (defender, checking, frozen) in [
        // king step: the white king on d4 is frozen, so Black (not to move) is not in check
        (
            Color::Black,
            "8/8/8/3k4/3K4/8/8/8 b 0 1",
            "8/8/8/3ki3/3K4/8/8/8 w 0 1",
        ),
        // pawn pinch
        (
            Color::White,
            "3p3k/8/8/8/4Kp2/8/8/8 w 0 1",
            "3p3k/2I5/8/8/4Kp2/8/8/8 w 0 1",
        ),
        // withdrawer
        (
            Color::Black,
            "7k/6W1/8/8/8/8/8/7K b 0 1",
            "5i1k/6W1/8/8/8/8/8/7K b 0 1",
        ),
        // long leaper
        (
            Color::Black,
            "7K/8/8/8/8/8/8/L1k5 b 0 1",
            "7K/8/8/8/8/8/1i6/L1k5 b 0 1",
        ),
        // coordinator
        (
            Color::White,
            "4k3/8/8/8/8/7c/8/4K3 w 0 1",
            "4k3/8/8/8/6I1/7c/8/4K3 w 0 1",
        ),
        // chameleon
        (
            Color::White,
            "8/8/8/8/8/8/6x1/7K w 0 1",
            "8/8/8/8/8/5I2/6x1/7K w 0 1",
        ),
    ] {
        let setup = Setup::from_ufen(checking).unwrap();
        assert!(setup.board.is_in_check(defender), "{checking} is check");
        assert!(
            !pos(frozen).board().is_in_check(defender),
            "{frozen}: the attacker is frozen, no check"
        );
    }
}

#[test]
fn check_counts_even_when_taking_the_king_would_expose_the_takers_own_king() {
    // The black withdrawer on d2 can withdraw to c3 and take the white king on e1, even though
    // that would let the white long leaper on a2 leap the black king on c2.
    assert!(in_check("8/8/8/8/8/8/L1kw4/4K3 w 0 1"));
}

#[test]
fn check_a_move_that_leaves_the_own_king_in_check_is_illegal() {
    // The king may not step next to the enemy king.
    assert!(matches!(
        refused("7k/8/5K2/8/8/8/8/8 w 0 1", "f6g7"),
        MoveError::Illegal(IllegalReason::LeavesKingInCheck { from, to, .. })
            if from == sq("f6") && to == sq("g7")
    ));
    // The withdrawer on d1 shields its king on e1 from the long leaper on a1: it cannot move.
    let ufen = "7k/8/8/8/8/8/8/l2WK3 w 0 1";
    assert!(!in_check(ufen));
    for text in ["d1d2", "d1c1", "d1b1", "d1c2"] {
        assert!(matches!(
            refused(ufen, text),
            MoveError::Illegal(IllegalReason::LeavesKingInCheck { .. })
        ));
    }
    assert_eq!(targets(ufen, "d1"), Bitboard::EMPTY);
}

#[test]
fn check_a_capture_that_opens_a_line_to_the_own_king_is_illegal() {
    // The black pawn on b1 blocks its own long leaper on a1. Withdrawing from b1 takes it and
    // lets the leaper leap the king on d1.
    let ufen = "7k/8/8/8/8/8/2W5/lp1K4 w 0 1";
    assert!(!in_check(ufen));
    assert!(matches!(
        refused(ufen, "c2d3"),
        MoveError::Illegal(IllegalReason::LeavesKingInCheck { .. })
    ));
    assert_takes(ufen, "c2c3", &[]);
}

#[test]
fn check_a_move_must_answer_a_check() {
    // The black withdrawer on g2 checks the king on h1 (it can withdraw to f3).
    let ufen = "7k/8/8/8/8/8/6w1/4I2K w 0 1";
    assert!(in_check(ufen));
    assert!(matches!(
        refused(ufen, "e1e2"),
        MoveError::Illegal(IllegalReason::LeavesKingInCheck { .. })
    ));
    assert_takes(ufen, "h1g2", &["g2"]);
}

#[test]
fn check_is_judged_after_the_move_with_freezing_recomputed() {
    // The immobilizer stepping to f1 freezes the checking withdrawer on g2: legal.
    let ufen = "7k/8/8/8/8/8/6w1/4I2K w 0 1";
    let after = play(ufen, "e1f1");
    assert!(!after.board().is_in_check(Color::White));
    // The other way round: the immobilizer on f2 freezes the withdrawer; leaving it unfreezes
    // the withdrawer and exposes the king.
    let ufen = "7k/8/8/8/8/8/5Iw1/7K w 0 1";
    assert!(!in_check(ufen));
    assert!(matches!(
        refused(ufen, "f2f5"),
        MoveError::Illegal(IllegalReason::LeavesKingInCheck { .. })
    ));
    find(ufen, "f2f1");
}

// ---------------------------------------------------------------------------------------------
// End of the game
// ---------------------------------------------------------------------------------------------

#[test]
fn end_no_legal_move_in_check_loses_by_checkmate() {
    // The white king on a1 is frozen by a2; the withdrawer comes to b1 and checks.
    let mut game = Game::new(pos("1w5k/8/8/8/8/8/i7/K7 b 0 1"));
    assert_eq!(game.status(), Status::Ongoing { check: false });
    game.play_text("b8b1").unwrap();
    assert!(game.position().is_check());
    assert_eq!(game.status(), win(Color::Black, WinReason::Checkmate));
    assert_eq!(
        game.position().status(),
        win(Color::Black, WinReason::Checkmate)
    );
    // A frozen king beside the enemy king: in check, no move.
    assert_eq!(
        pos("8/8/8/3ki3/3K4/8/8/8 w 0 1").status(),
        win(Color::Black, WinReason::Checkmate)
    );
}

#[test]
fn end_no_legal_move_not_in_check_also_loses() {
    let ufen = "7k/8/8/8/8/8/i7/K7 w 0 1";
    assert!(!in_check(ufen));
    assert!(pos(ufen).legal_moves().is_empty());
    assert_eq!(
        pos(ufen).status(),
        win(Color::Black, WinReason::NoLegalMove)
    );
    assert_eq!(
        Game::new(pos(ufen)).status(),
        win(Color::Black, WinReason::NoLegalMove)
    );
}

#[test]
fn end_draw_by_threefold_repetition_counting_the_start() {
    let mut game = Game::default();
    let shuffle = ["e2e3", "e7e6", "e3e2", "e6e7"];
    for text in shuffle {
        game.play_text(text).unwrap();
    }
    // The start placement, White to move, for the second time.
    assert_eq!(game.position().placement(), Position::start().placement());
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.status(), Status::Ongoing { check: false });
    for text in &shuffle[..3] {
        game.play_text(text).unwrap();
        assert!(matches!(game.status(), Status::Ongoing { .. }));
    }
    game.play_text(shuffle[3]).unwrap();
    // Third time, though the clocks differ from the start's.
    assert_eq!(
        game.position().ufen(),
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 8 5"
    );
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.status(), draw(DrawReason::Repetition));
    assert!(matches!(
        game.play_text("e2e3"),
        Err(GameError::Over(Outcome::Draw {
            reason: DrawReason::Repetition
        }))
    ));
}

#[test]
fn end_draw_by_fifty_moves_after_100_plies_without_capture_or_removal() {
    let ufen = "7k/8/8/8/8/8/P7/K7 w 99 60";
    assert_eq!(pos(ufen).status(), Status::Ongoing { check: false });
    let after = play(ufen, "a2a3");
    assert_eq!(after.halfmove_clock(), 100);
    assert_eq!(after.status(), draw(DrawReason::FiftyMoves));
    let mut game = Game::new(pos(ufen));
    game.play_text("a2a3").unwrap();
    assert_eq!(game.status(), draw(DrawReason::FiftyMoves));
    // A capture on the hundredth ply resets the clock instead.
    let after = play("7k/8/8/8/8/8/1p6/K1P5 w 99 60", "a1b2");
    assert_eq!(after.halfmove_clock(), 0);
    assert_eq!(after.status(), Status::Ongoing { check: false });
}

#[test]
fn end_draw_when_only_the_two_kings_remain() {
    assert_eq!(
        pos("7k/8/8/8/8/8/8/K7 w 0 1").status(),
        draw(DrawReason::BareKings)
    );
    let mut game = Game::new(pos("7k/8/8/8/8/8/1p6/K7 w 0 1"));
    assert_eq!(game.status(), Status::Ongoing { check: false });
    game.play_text("a1b2").unwrap();
    assert_eq!(game.status(), draw(DrawReason::BareKings));
    // A king and one other piece is not a draw.
    assert_eq!(
        pos("7k/8/8/8/8/8/P7/K7 w 0 1").status(),
        Status::Ongoing { check: false }
    );
}

#[test]
fn end_a_move_leaving_the_opponent_without_a_legal_move_wins_even_completing_a_draw() {
    // The immobilizer's quiet move is the hundredth ply and freezes Black's lone king.
    let ufen = "7k/8/5I2/8/8/8/8/K7 w 99 80";
    let after = play(ufen, "f6g7");
    assert_eq!(after.halfmove_clock(), 100);
    assert!(!after.is_check());
    assert_eq!(after.status(), win(Color::White, WinReason::NoLegalMove));
    let mut game = Game::new(pos(ufen));
    game.play_text("f6g7").unwrap();
    assert_eq!(game.status(), win(Color::White, WinReason::NoLegalMove));
}

#[test]
fn end_bare_kings_and_fifty_moves_together_give_bare_kings() {
    // RULES.md, decisions: when both hold, the reason given is bare kings.
    for clock in [100, 101, 250] {
        let ufen = format!("7k/8/8/8/8/8/8/K7 w {clock} 90");
        assert_eq!(pos(&ufen).status(), draw(DrawReason::BareKings), "{ufen}");
        assert_eq!(
            Game::new(pos(&ufen)).status(),
            draw(DrawReason::BareKings),
            "{ufen}"
        );
    }
    // With a third piece on the board the same clock is the fifty-move rule.
    assert_eq!(
        pos("7k/8/8/8/8/8/P7/K7 w 100 90").status(),
        draw(DrawReason::FiftyMoves)
    );
}

#[test]
fn end_a_side_without_king_and_without_a_legal_move_loses() {
    // RULES.md, decisions: positions without a king are valid, and having no legal move still
    // loses. White's lone pawn on a1 is walled in by Black's pawns (a pawn never moves onto a
    // piece, and it is not frozen, so it cannot be removed either).
    let ufen = "7k/8/8/8/8/8/p7/Pp6 w 0 1";
    assert!(!in_check(ufen));
    assert!(pos(ufen).legal_moves().is_empty());
    assert_eq!(
        pos(ufen).status(),
        win(Color::Black, WinReason::NoLegalMove)
    );
    assert_eq!(
        Game::new(pos(ufen)).outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::NoLegalMove
        })
    );
    // Neither side with a king: valid, and played like any other position.
    let ufen = "8/8/8/8/8/8/8/P6p w 0 1";
    assert_eq!(pos(ufen).status(), Status::Ongoing { check: false });
    assert!(!pos(ufen).legal_moves().is_empty());
}

#[test]
fn end_a_player_may_resign() {
    let mut game = Game::default();
    game.play_text("e2e5").unwrap();
    assert_eq!(
        game.resign(Color::Black).unwrap(),
        Outcome::Win {
            winner: Color::White,
            reason: WinReason::Resignation
        }
    );
    assert_eq!(game.status(), win(Color::White, WinReason::Resignation));
    assert!(matches!(game.play_text("e7e6"), Err(GameError::Over(_))));
    assert!(matches!(game.resign(Color::White), Err(GameError::Over(_))));
}

#[test]
fn end_players_may_agree_a_draw() {
    let mut game = Game::default();
    assert_eq!(
        game.agree_draw().unwrap(),
        Outcome::Draw {
            reason: DrawReason::Agreement
        }
    );
    assert_eq!(game.status(), draw(DrawReason::Agreement));
    assert!(matches!(game.play_text("e2e5"), Err(GameError::Over(_))));
}

#[test]
fn end_a_timed_game_is_lost_on_time() {
    let mut game = Game::default();
    game.lose_on_time(Color::White).unwrap();
    assert_eq!(game.status(), win(Color::Black, WinReason::Time));
}

// ---------------------------------------------------------------------------------------------
// Move notation
// ---------------------------------------------------------------------------------------------

#[test]
fn notation_coordinates_are_from_square_then_to_square() {
    let mv = Position::start().parse_coordinates("e2e6").unwrap();
    assert_eq!(mv.from, sq("e2"));
    assert_eq!(mv.to, sq("e6"));
    assert_eq!(mv.role, Role::Pawn);
    assert_eq!(mv.captures, Bitboard::EMPTY);
    assert_eq!(mv.to_string(), "e2e6");
    assert_eq!(mv.coordinates(), "e2e6");
    // The captures follow from the two squares.
    let mv = pos("7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 w 0 1")
        .parse_coordinates("d1d4")
        .unwrap();
    assert_eq!(mv.captures, squares(&["c4", "d5", "e4"]));
    assert_eq!(mv.to_string(), "d1d4");
}

#[test]
fn notation_coordinates_removal_names_its_square_twice() {
    let ufen = "7k/8/8/3i4/3W4/8/8/K7 w 0 1";
    let mv = pos(ufen).parse_coordinates("d4d4").unwrap();
    assert!(mv.is_removal());
    assert_eq!(mv.to_string(), "d4d4");
}

#[test]
fn notation_coordinates_reject_malformed_text() {
    let start = Position::start();
    for text in ["e2e", "e2e9", "e2-e6", "", "i2e3", "e2e6e7"] {
        assert!(
            matches!(start.parse_coordinates(text), Err(MoveError::Malformed(_))),
            "`{text}`"
        );
    }
}

#[test]
fn notation_people_letter_from_dash_to_captures_and_check() {
    // The pawn takes d6 (against c6) and f6 (against g6); taking the immobilizer on f6 frees the
    // white withdrawer on g7, which then checks the king on h8.
    let ufen = "7k/6W1/2Pp1iP1/8/8/8/4P3/K7 w 0 1";
    let position = pos(ufen);
    let mv = find(ufen, "e2e6");
    assert_eq!(position.san(&mv), "Pe2-e6xd6xf6+");
    assert_eq!(position.parse_san("Pe2-e6xd6xf6+").unwrap(), mv);
    // A quiet move.
    let start = Position::start();
    assert_eq!(start.san(&find(START_UFEN, "e2e6")), "Pe2-e6");
}

#[test]
fn notation_people_captured_squares_are_sorted_by_file_then_rank() {
    // Square order would give c4, e4, d5.
    let ufen = "7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 w 0 1";
    assert_eq!(pos(ufen).san(&find(ufen, "d1d4")), "Pd1-d4xc4xd5xe4");
}

#[test]
fn notation_people_hash_when_the_opponent_has_no_legal_move() {
    // Checkmate.
    let ufen = "1w5k/8/8/8/8/8/i7/K7 b 0 1";
    assert_eq!(pos(ufen).san(&find(ufen, "b8b1")), "Wb8-b1#");
    // No legal move without check.
    let ufen = "7k/8/5I2/8/8/8/8/K7 w 0 1";
    assert_eq!(pos(ufen).san(&find(ufen, "f6g7")), "If6-g7#");
    // Check marks: the withdrawer of worked position 2.
    let ufen = "7k/8/8/8/3W4/2p5/8/7K w 0 1";
    assert_eq!(pos(ufen).san(&find(ufen, "d4g7")), "Wd4-g7xc3+");
}

#[test]
fn notation_people_removal() {
    let ufen = "7k/8/8/3i4/3L4/8/8/K7 w 0 1";
    let position = pos(ufen);
    let mv = find(ufen, "d4d4");
    assert_eq!(position.san(&mv), "Ld4=");
    assert_eq!(position.parse_san("Ld4=").unwrap(), mv);
}

#[test]
fn notation_people_removal_that_gives_check_carries_the_check_mark() {
    // RULES.md, decisions: `Ld4=+`. The white long leaper on d4, frozen by the immobilizer on
    // c3, blocks the withdrawer's retreat: once it is removed, d5d4 would take the king on d6.
    let ufen = "8/8/3k4/3W4/3L4/2i5/8/7K w 0 1";
    assert!(!pos(&ufen.replace(" w ", " b ")).is_check());
    let position = pos(ufen);
    let mv = find(ufen, "d4d4");
    assert!(mv.is_removal());
    assert!(position.play_unchecked(&mv).is_check());
    assert_eq!(position.san(&mv), "Ld4=+");
    assert_eq!(position.parse_san("Ld4=+"), Ok(mv));
    assert_eq!(position.parse_san("Ld4="), Ok(mv));
}

#[test]
fn notation_people_piece_letter_is_upper_case_for_both_sides() {
    // RULES.md, decisions: as in chess, the letter names the kind of piece, never its colour.
    for ufen in [
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC b 0 1",
        "1w5k/8/8/8/8/8/i7/K7 b 0 1",
        "K6k/8/8/8/8/8/8/L1p2p2 b 0 1",
        "7k/8/8/4l3/3X4/2w5/8/6K1 b 0 1",
    ] {
        let position = pos(ufen);
        assert_eq!(position.turn(), Color::Black);
        let moves = position.legal_moves();
        assert!(!moves.is_empty(), "{ufen}");
        for mv in moves {
            let text = position.san(&mv);
            assert!(
                text.starts_with(mv.role.letter()) && mv.role.letter().is_ascii_uppercase(),
                "`{text}` in {ufen}"
            );
        }
    }
    let start_black = pos("clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC b 0 1");
    assert_eq!(
        start_black.san(&find(&start_black.ufen(), "e7e3")),
        "Pe7-e3"
    );
}

#[test]
fn notation_parse_san_reads_what_san_prints() {
    for ufen in [
        START_UFEN,
        "7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 w 0 1",
        "7k/8/8/8/3W4/2p5/8/7K w 0 1",
        "K6k/8/8/8/8/8/8/L1p2p2 w 0 1",
        "8/p6C/8/8/8/K1p5/8/7k w 0 1",
        "7k/6W1/2Pp1iP1/8/8/8/4P3/K7 w 0 1",
        "7k/8/8/4l3/3X4/2w5/8/6K1 w 0 1",
        "7k/8/2KPW3/2LiX3/2CIP3/8/8/8 w 0 1",
        "1w5k/8/8/8/8/8/i7/K7 b 0 1",
        "7k/8/8/8/8/8/4i3/2KP1P1l w 0 1",
    ] {
        let position = pos(ufen);
        for mv in position.legal_moves() {
            let text = position.san(&mv);
            assert_eq!(position.parse_san(&text), Ok(mv), "`{text}` in {ufen}");
            assert_eq!(position.parse_move(&text), Ok(mv), "`{text}` in {ufen}");
            let coordinates = mv.to_string();
            assert_eq!(position.parse_move(&coordinates), Ok(mv), "{coordinates}");
        }
    }
}

#[test]
fn notation_parse_san_checks_the_piece_and_the_captures() {
    let ufen = "7k/6W1/2Pp1iP1/8/8/8/4P3/K7 w 0 1";
    let position = pos(ufen);
    let mv = find(ufen, "e2e6");
    // Letter and check mark may be left out.
    assert_eq!(position.parse_san("e2-e6xd6xf6"), Ok(mv));
    assert!(matches!(
        position.parse_san("We2-e6xd6xf6+"),
        Err(MoveError::WrongPiece { .. })
    ));
    assert!(matches!(
        position.parse_san("Pe2-e6xd6+"),
        Err(MoveError::WrongCaptures { .. })
    ));
}

// ---------------------------------------------------------------------------------------------
// Game record
// ---------------------------------------------------------------------------------------------

#[test]
fn record_replays_the_same_game() {
    let mut game = Game::default();
    for text in ["f2f4", "e7e4", "d2d4", "a7a5"] {
        game.play_text(text).unwrap();
    }
    // d2d4 pinched e4 against f4.
    assert_eq!(game.moves()[2].captures, squares(&["e4"]));
    let record = game.record();
    assert!(record.starts_with(&format!("start {START_UFEN}\n")));
    let replayed = Game::from_record(&record).unwrap();
    assert_eq!(replayed.moves(), game.moves());
    assert_eq!(replayed.position(), game.position());
    assert_eq!(replayed.status(), game.status());
    assert_eq!(replayed.record(), record);
    // With a declared end.
    game.resign(Color::Black).unwrap();
    let record = game.record();
    assert!(record.contains("end black resigns"));
    let replayed = Game::from_record(&record).unwrap();
    assert_eq!(replayed.status(), win(Color::White, WinReason::Resignation));
    assert_eq!(replayed.record(), record);
}

#[test]
fn record_an_illegal_move_is_an_error_naming_the_ply() {
    let record = format!("start {START_UFEN}\nmoves f2f4 e7e4 a1a2 d7d5\n");
    let error = Game::from_record(&record).unwrap_err();
    assert!(
        matches!(&error, RecordError::Move { ply: 3, text, .. } if text == "a1a2"),
        "{error:?}"
    );
    assert_message_names(&error.to_string(), &["move 3", "a1a2"]);
}

#[test]
fn record_an_illegal_play_leaves_the_game_unchanged() {
    let mut game = Game::default();
    game.play_text("e2e5").unwrap();
    let before = (
        game.record(),
        game.position().clone(),
        game.moves().to_vec(),
        game.status(),
    );
    let unchanged = |game: &Game| {
        (
            game.record(),
            game.position().clone(),
            game.moves().to_vec(),
            game.status(),
        )
    };
    // Black's king cannot move onto its own pawn.
    let illegal = Move {
        from: sq("e8"),
        to: sq("e7"),
        role: Role::King,
        captures: Bitboard::EMPTY,
    };
    assert!(matches!(
        game.play(&illegal),
        Err(GameError::Illegal(MoveError::Illegal(
            IllegalReason::Occupied { .. }
        )))
    ));
    assert_eq!(unchanged(&game), before);
    // Not Black's piece; nonsense text.
    assert!(game.play_text("a2a3").is_err());
    assert!(game.play_text("zz").is_err());
    assert_eq!(unchanged(&game), before);
}

#[test]
fn record_undo_takes_back_the_last_move() {
    let mut game = Game::default();
    let mv = game.play_text("e2e5").unwrap();
    assert_eq!(game.undo(), Some(mv));
    assert_eq!(game.position(), &Position::start());
    assert!(game.moves().is_empty());
}

// ---------------------------------------------------------------------------------------------
// Perft
// ---------------------------------------------------------------------------------------------

#[test]
fn perft_start_depth_1_and_2() {
    let start = Position::start();
    assert_eq!(perft(&start, 1), 32);
    assert_eq!(perft(&start, 2), 944);
}

#[test]
fn perft_start_depth_3() {
    assert_eq!(perft(&Position::start(), 3), 42_762);
}

#[test]
fn perft_counts_removals_as_moves() {
    // The king's three steps and the removal of the frozen withdrawer.
    assert_eq!(perft(&pos("7k/8/8/3i4/3W4/8/8/K7 w 0 1"), 1), 4);
}

#[test]
fn perft_ignores_draws() {
    // Bare kings, and the clock at 100: still three king moves.
    assert_eq!(perft(&pos("7k/8/8/8/8/8/8/K7 w 100 80"), 1), 3);
}

// ---------------------------------------------------------------------------------------------
// Worked positions
// ---------------------------------------------------------------------------------------------

#[test]
fn worked_1_pinch_of_three() {
    let ufen = "7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 w 0 1";
    assert_takes(ufen, "d1d4", &["c4", "d5", "e4"]);
}

#[test]
fn worked_2_withdrawer() {
    let ufen = "7k/8/8/8/3W4/2p5/8/7K w 0 1";
    for text in ["d4e5", "d4f6", "d4g7"] {
        assert_takes(ufen, text, &["c3"]);
    }
    assert_takes(ufen, "d4d7", &[]);
    // d4g7 gives check: the withdrawer can move away from h8 along the diagonal.
    assert!(play(ufen, "d4g7").is_check());
    assert_eq!(play(ufen, "d4g7").status(), Status::Ongoing { check: true });
    assert!(!play(ufen, "d4f6").is_check());
    assert!(!play(ufen, "d4d7").is_check());
}

#[test]
fn worked_3_long_leaper() {
    let ufen = "K6k/8/8/8/8/8/8/L1p2p2 w 0 1";
    assert_takes(ufen, "a1b1", &[]);
    assert_takes(ufen, "a1d1", &["c1"]);
    assert_takes(ufen, "a1e1", &["c1"]);
    assert_takes(ufen, "a1g1", &["c1", "f1"]);
    assert_takes(ufen, "a1h1", &["c1", "f1"]);
}

#[test]
fn worked_4_coordinator() {
    assert_takes("8/p6C/8/8/8/K1p5/8/7k w 0 1", "h7c7", &["a7", "c3"]);
}

#[test]
fn end_time_running_out_against_a_bare_king_is_a_draw() {
    // RULES.md, decisions: the opponent has nothing but its king left.
    let mut game = Game::new(pos("1w5k/8/8/8/8/8/8/K7 b 0 1"));
    assert_eq!(
        game.lose_on_time(Color::Black).unwrap(),
        Outcome::Draw {
            reason: DrawReason::TimeoutBareKing
        }
    );
    assert_eq!(game.status(), draw(DrawReason::TimeoutBareKing));
    // The record says whose time ran out; read back, the board decides the draw again.
    let record = game.record();
    assert!(record.ends_with("end black loses on time\n"), "{record}");
    let read = Game::from_record(&record).unwrap();
    assert_eq!(read.status(), draw(DrawReason::TimeoutBareKing));
    // The side with more than its king wins when the other runs out.
    let mut game = Game::new(pos("1w5k/8/8/8/8/8/8/K7 w 0 1"));
    game.lose_on_time(Color::White).unwrap();
    assert_eq!(game.status(), win(Color::Black, WinReason::Time));
}

#[test]
fn check_threatened_lists_the_movers_pieces_the_opponent_could_take_next() {
    // Worked position 2 with Black to move: White's withdrawer could pull away from c3.
    let pos = Position::from_ufen("7k/8/8/8/3W4/2p5/8/7K b 0 1").unwrap();
    assert_eq!(pos.threatened(), squares(&["c3"]));
    // The same withdrawer frozen by Black's immobilizer threatens nothing.
    let frozen = Position::from_ufen("7k/8/8/4i3/3W4/2p5/8/7K b 0 1").unwrap();
    assert_eq!(frozen.threatened(), Bitboard::EMPTY);
    // Only the mover's pieces are listed: White to move in the first position has none at risk.
    let white = Position::from_ufen("7k/8/8/8/3W4/2p5/8/7K w 0 1").unwrap();
    assert_eq!(white.threatened(), Bitboard::EMPTY);
}
