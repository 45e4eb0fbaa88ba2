//! Why a move is not legal: one test per reason, on the worked positions of RULES.md and small
//! handmade ones, and a property over random positions that the reasons agree with the move
//! generator (a legal move has none, every other move has one, and the pieces a check names
//! really could take the king).

mod support;

use ultima_rules::{
    Bitboard, CaptureWay, Check, Color, Game, GameError, IllegalReason, LeaperRule, Move,
    MoveError, Movement, Obstacle, Piece, PieceAt, PieceOn, Position, Reading, Role, Square,
    START_UFEN,
};

fn sq(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|e| panic!("test bug: `{name}` is not a square: {e}"))
}

fn pos(ufen: &str) -> Position {
    Position::from_ufen(ufen).unwrap_or_else(|e| panic!("`{ufen}` should be a valid position: {e}"))
}

/// Why `text` (coordinates) is refused in `ufen`; checks too that the generator agrees.
fn why(ufen: &str, text: &str) -> IllegalReason {
    let position = pos(ufen);
    let (from, to) = (sq(&text[..2]), sq(&text[2..]));
    assert!(
        !position
            .legal_moves()
            .iter()
            .any(|mv| mv.from == from && mv.to == to),
        "`{text}` is legal in `{ufen}`"
    );
    position
        .why_not(from, to)
        .unwrap_or_else(|| panic!("`{text}` in `{ufen}` should have a reason"))
}

fn legal(ufen: &str, text: &str) {
    let position = pos(ufen);
    let (from, to) = (sq(&text[..2]), sq(&text[2..]));
    assert_eq!(position.why_not(from, to), None, "`{text}` in `{ufen}`");
}

fn at(role: Role, square: &str) -> PieceAt {
    PieceAt {
        role,
        square: sq(square),
    }
}

fn white(role: Role) -> Piece {
    Piece::new(Color::White, role)
}

fn black(role: Role) -> Piece {
    Piece::new(Color::Black, role)
}

fn checks_of(reason: &IllegalReason) -> &[Check] {
    match reason {
        IllegalReason::LeavesKingInCheck { checks, .. } => checks,
        other => panic!("expected a check, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Today's reasons: the square, the owner, removals
// ---------------------------------------------------------------------------------------------

#[test]
fn no_piece_on_the_square() {
    assert_eq!(
        why(START_UFEN, "e4e5"),
        IllegalReason::NoPiece { square: sq("e4") }
    );
}

#[test]
fn not_your_piece() {
    assert_eq!(
        why(START_UFEN, "a7a6"),
        IllegalReason::NotYourPiece {
            role: Role::Pawn,
            square: sq("a7"),
            owner: Color::Black
        }
    );
}

#[test]
fn a_king_can_never_be_removed() {
    // The black immobilizer on d4 freezes the white king on d3.
    assert_eq!(
        why("7k/8/8/8/3i4/3K4/8/8 w 0 1", "d3d3"),
        IllegalReason::KingRemoval { square: sq("d3") }
    );
}

#[test]
fn only_a_frozen_piece_can_be_removed() {
    assert_eq!(
        why("7k/8/8/8/3W4/8/8/K7 w 0 1", "d4d4"),
        IllegalReason::NotFrozen {
            role: Role::Withdrawer,
            square: sq("d4")
        }
    );
    legal("7k/8/8/3i4/3W4/8/8/K7 w 0 1", "d4d4");
}

// ---------------------------------------------------------------------------------------------
// Frozen, by which pieces
// ---------------------------------------------------------------------------------------------

#[test]
fn frozen_by_an_immobilizer() {
    assert_eq!(
        why("7k/8/8/3i4/3W4/8/8/K7 w 0 1", "d4d3"),
        IllegalReason::Frozen {
            role: Role::Withdrawer,
            square: sq("d4"),
            by: vec![at(Role::Immobilizer, "d5")],
            removable: true,
        }
    );
}

#[test]
fn a_frozen_piece_whose_removal_leaves_the_king_in_check_is_not_offered_for_removal() {
    // The white pawn on b1 shields the king on c1 from the black long leaper on a1; a frozen
    // king is never removable either.
    assert_eq!(
        why("7k/8/8/8/8/1P6/i7/lPK5 w 0 1", "b1b2"),
        IllegalReason::Frozen {
            role: Role::Pawn,
            square: sq("b1"),
            by: vec![at(Role::Immobilizer, "a2")],
            removable: false,
        }
    );
    assert!(matches!(
        why("7k/8/8/8/8/1P6/i7/lPK5 w 0 1", "b3b4"),
        IllegalReason::Frozen {
            removable: true,
            ..
        }
    ));
    assert!(matches!(
        why("7k/8/8/8/8/8/1i6/KL6 w 0 1", "a1a2"),
        IllegalReason::Frozen {
            role: Role::King,
            removable: false,
            ..
        }
    ));
}

#[test]
fn an_immobilizer_frozen_by_a_chameleon_and_an_immobilizer() {
    // The white immobilizer on d4 is next to the black chameleon on c5 and the black
    // immobilizer on d5: both freeze it (and it freezes both). The black pawn on e5 freezes
    // nothing.
    let ufen = "7k/8/8/2xip3/3I4/8/8/K7 w 0 1";
    assert_eq!(
        why(ufen, "d4d1"),
        IllegalReason::Frozen {
            role: Role::Immobilizer,
            square: sq("d4"),
            by: vec![at(Role::Chameleon, "c5"), at(Role::Immobilizer, "d5")],
            removable: true,
        }
    );
    // A chameleon freezes only immobilizers: the white pawn next to it moves.
    legal("7k/8/8/1Px5/8/8/8/K7 w 0 1", "b5b1");
}

// ---------------------------------------------------------------------------------------------
// The piece does not move that way
// ---------------------------------------------------------------------------------------------

#[test]
fn a_king_moves_one_step() {
    let ufen = "7k/8/8/8/3W4/8/8/K7 w 0 1";
    for text in ["a1a3", "a1c3", "a1b3"] {
        assert_eq!(
            why(ufen, text),
            IllegalReason::NotThatWay {
                role: Role::King,
                from: sq("a1"),
                to: sq(&text[2..]),
                movement: Movement::OneStep
            },
            "{text}"
        );
    }
}

#[test]
fn a_pawn_moves_along_a_rank_or_file() {
    for text in ["a2b3", "a2c3"] {
        assert_eq!(
            why(START_UFEN, text),
            IllegalReason::NotThatWay {
                role: Role::Pawn,
                from: sq("a2"),
                to: sq(&text[2..]),
                movement: Movement::RankOrFile
            }
        );
    }
}

#[test]
fn the_other_pieces_move_along_lines() {
    // Worked position 2: the withdrawer on d4 cannot jump like a knight.
    let ufen = "7k/8/8/8/3W4/2p5/8/7K w 0 1";
    assert_eq!(
        why(ufen, "d4e6"),
        IllegalReason::NotThatWay {
            role: Role::Withdrawer,
            from: sq("d4"),
            to: sq("e6"),
            movement: Movement::Line
        }
    );
}

// ---------------------------------------------------------------------------------------------
// The destination is occupied
// ---------------------------------------------------------------------------------------------

#[test]
fn the_destination_holds_a_piece_of_the_movers_side() {
    // In the start position the king on d1 has its own pawn in front of it.
    assert_eq!(
        why(START_UFEN, "d1d2"),
        IllegalReason::Occupied {
            role: Role::King,
            from: sq("d1"),
            to: sq("d2"),
            occupant: white(Role::Pawn)
        }
    );
}

#[test]
fn only_the_king_moves_onto_an_enemy_piece() {
    // Worked position 3: the long leaper takes c1 by leaping it, never by landing on it.
    let ufen = "K6k/8/8/8/8/8/8/L1p2p2 w 0 1";
    assert_eq!(
        why(ufen, "a1c1"),
        IllegalReason::Occupied {
            role: Role::LongLeaper,
            from: sq("a1"),
            to: sq("c1"),
            occupant: black(Role::Pawn)
        }
    );
    legal(ufen, "a1d1");
    // The king takes by moving onto the enemy piece.
    legal("7k/8/8/8/8/8/1p6/K7 w 0 1", "a1b2");
    // A chameleon takes a king only: next to a pawn, it cannot move onto it.
    assert_eq!(
        why("7k/8/8/8/8/8/1p6/X6K w 0 1", "a1b2"),
        IllegalReason::Occupied {
            role: Role::Chameleon,
            from: sq("a1"),
            to: sq("b2"),
            occupant: black(Role::Pawn)
        }
    );
}

// ---------------------------------------------------------------------------------------------
// The path is blocked
// ---------------------------------------------------------------------------------------------

#[test]
fn nothing_jumps() {
    // Worked position 1: the pawn on d1 cannot pass the black pawn on d5.
    let ufen = "7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 w 0 1";
    assert_eq!(
        why(ufen, "d1d7"),
        IllegalReason::PathBlocked {
            role: Role::Pawn,
            from: sq("d1"),
            to: sq("d7"),
            at: sq("d5"),
            blocker: black(Role::Pawn),
            obstacle: Obstacle::InTheWay,
            behind: None
        }
    );
    // The black pawn on c4 blocks the white pawn on b4 the same way along the rank.
    assert_eq!(
        why(ufen, "b4d4"),
        IllegalReason::PathBlocked {
            role: Role::Pawn,
            from: sq("b4"),
            to: sq("d4"),
            at: sq("c4"),
            blocker: black(Role::Pawn),
            obstacle: Obstacle::InTheWay,
            behind: None
        }
    );
}

#[test]
fn a_piece_of_either_side_blocks_a_line() {
    // Worked position 4: the coordinator on h7 moves along rank 7 up to the black pawn on a7,
    // and not onto it.
    let ufen = "8/p6C/8/8/8/K1p5/8/7k w 0 1";
    legal(ufen, "h7b7");
    assert_eq!(
        why(ufen, "h7a7"),
        IllegalReason::Occupied {
            role: Role::Coordinator,
            from: sq("h7"),
            to: sq("a7"),
            occupant: black(Role::Pawn)
        }
    );
    // The white king on a3 blocks the white immobilizer on a1 going north.
    assert_eq!(
        why("8/8/8/8/8/K7/8/I6k w 0 1", "a1a5"),
        IllegalReason::PathBlocked {
            role: Role::Immobilizer,
            from: sq("a1"),
            to: sq("a5"),
            at: sq("a3"),
            blocker: white(Role::King),
            obstacle: Obstacle::InTheWay,
            behind: None
        }
    );
}

#[test]
fn a_long_leaper_never_leaps_its_own_piece() {
    assert_eq!(
        why("K6k/8/8/8/8/8/8/L1P5 w 0 1", "a1d1"),
        IllegalReason::PathBlocked {
            role: Role::LongLeaper,
            from: sq("a1"),
            to: sq("d1"),
            at: sq("c1"),
            blocker: white(Role::Pawn),
            obstacle: Obstacle::OwnPiece,
            behind: None
        }
    );
}

#[test]
fn a_long_leaper_never_leaps_two_pieces_in_a_row() {
    // Worked position 3 with the pawn on f1 moved next to the one on c1.
    let ufen = "K6k/8/8/8/8/8/8/L1pp4 w 0 1";
    assert_eq!(
        why(ufen, "a1f1"),
        IllegalReason::PathBlocked {
            role: Role::LongLeaper,
            from: sq("a1"),
            to: sq("f1"),
            at: sq("c1"),
            blocker: black(Role::Pawn),
            obstacle: Obstacle::TwoInARow,
            behind: Some(PieceOn {
                piece: black(Role::Pawn),
                square: sq("d1")
            })
        }
    );
    legal(ufen, "a1b1");
    // A piece of its own right behind an enemy piece: two in a row all the same.
    assert_eq!(
        why("K6k/8/8/8/8/8/8/L1pP4 w 0 1", "a1f1"),
        IllegalReason::PathBlocked {
            role: Role::LongLeaper,
            from: sq("a1"),
            to: sq("f1"),
            at: sq("c1"),
            blocker: black(Role::Pawn),
            obstacle: Obstacle::TwoInARow,
            behind: Some(PieceOn {
                piece: white(Role::Pawn),
                square: sq("d1")
            })
        }
    );
}

#[test]
fn a_chameleon_leaps_long_leapers_only() {
    assert_eq!(
        why("K6k/8/8/8/8/8/8/X1p5 w 0 1", "a1d1"),
        IllegalReason::PathBlocked {
            role: Role::Chameleon,
            from: sq("a1"),
            to: sq("d1"),
            at: sq("c1"),
            blocker: black(Role::Pawn),
            obstacle: Obstacle::NotALongLeaper,
            behind: None
        }
    );
    legal("K6k/8/8/8/8/8/8/X1l5 w 0 1", "a1d1");
    assert_eq!(
        why("K6k/8/8/8/8/8/8/X1lp4 w 0 1", "a1f1"),
        IllegalReason::PathBlocked {
            role: Role::Chameleon,
            from: sq("a1"),
            to: sq("f1"),
            at: sq("c1"),
            blocker: black(Role::LongLeaper),
            obstacle: Obstacle::TwoInARow,
            behind: Some(PieceOn {
                piece: black(Role::Pawn),
                square: sq("d1")
            })
        }
    );
    assert_eq!(
        why("K6k/8/8/8/8/8/8/X1X5 w 0 1", "a1d1"),
        IllegalReason::PathBlocked {
            role: Role::Chameleon,
            from: sq("a1"),
            to: sq("d1"),
            at: sq("c1"),
            blocker: white(Role::Chameleon),
            obstacle: Obstacle::OwnPiece,
            behind: None
        }
    );
}

// ---------------------------------------------------------------------------------------------
// The move would leave the king in check: by whom, and how
// ---------------------------------------------------------------------------------------------

#[test]
fn check_by_a_leap_when_a_shield_moves() {
    // The withdrawer on d1 shields its king on e1 from the long leaper on a1.
    let ufen = "7k/8/8/8/8/8/8/l2WK3 w 0 1";
    assert_eq!(
        why(ufen, "d1d2"),
        IllegalReason::LeavesKingInCheck {
            role: Role::Withdrawer,
            from: sq("d1"),
            to: sq("d2"),
            king: sq("e1"),
            was_in_check: false,
            checks: vec![Check {
                attacker: at(Role::LongLeaper, "a1"),
                way: CaptureWay::Leap,
                landing: sq("f1"),
                partner: None
            }]
        }
    );
}

#[test]
fn check_by_a_pinch() {
    // The withdrawer on e3 stands where the black pawn on a3 would land to pinch the king on
    // e4 against the black pawn on e5.
    let ufen = "7k/8/8/4p3/4K3/p3W3/8/8 w 0 1";
    assert_eq!(
        checks_of(&why(ufen, "e3e2")),
        [Check {
            attacker: at(Role::Pawn, "a3"),
            way: CaptureWay::Pinch,
            landing: sq("e3"),
            partner: Some(sq("e5"))
        }]
    );
    legal(ufen, "e3d3");
}

#[test]
fn check_by_withdrawal_that_a_move_does_not_answer() {
    // The black withdrawer on g2 checks the king on h1 (it can withdraw to f3).
    let ufen = "7k/8/8/8/8/8/6w1/4I2K w 0 1";
    let reason = why(ufen, "e1e2");
    assert!(matches!(
        reason,
        IllegalReason::LeavesKingInCheck {
            was_in_check: true,
            ..
        }
    ));
    assert_eq!(
        checks_of(&reason),
        [Check {
            attacker: at(Role::Withdrawer, "g2"),
            way: CaptureWay::Withdrawal,
            landing: sq("f3"),
            partner: None
        }]
    );
    // Freezing the withdrawer answers the check.
    legal(ufen, "e1f1");
}

#[test]
fn check_by_coordination() {
    // The white pawn on c5 keeps the black coordinator on a5 from e5, where it would take the
    // king on e1 with its own king on a1.
    let ufen = "8/8/8/c1P5/8/8/8/k3K3 w 0 1";
    assert_eq!(
        checks_of(&why(ufen, "c5c6")),
        [Check {
            attacker: at(Role::Coordinator, "a5"),
            way: CaptureWay::Coordination,
            landing: sq("e5"),
            partner: Some(sq("a1"))
        }]
    );
}

#[test]
fn check_by_the_kings_step_and_the_chameleon_imitating_it() {
    // The king may not step next to the enemy king.
    let reason = why("7k/8/5K2/8/8/8/8/8 w 0 1", "f6g7");
    assert_eq!(
        checks_of(&reason),
        [Check {
            attacker: at(Role::King, "h8"),
            way: CaptureWay::KingStep,
            landing: sq("g7"),
            partner: None
        }]
    );
    // f6 is next to the black chameleon on g5 and the black king on g7: both could take it.
    let reason = why("8/6k1/8/4K1x1/8/8/8/8 w 0 1", "e5f6");
    let checks = checks_of(&reason);
    assert_eq!(
        checks,
        [
            Check {
                attacker: at(Role::Chameleon, "g5"),
                way: CaptureWay::KingStep,
                landing: sq("f6"),
                partner: None
            },
            Check {
                attacker: at(Role::King, "g7"),
                way: CaptureWay::KingStep,
                landing: sq("f6"),
                partner: None
            }
        ]
    );
    assert!(checks[0].imitates() && !checks[1].imitates());
}

#[test]
fn a_removal_that_opens_a_leap_on_the_king() {
    // The black immobilizer on e2 freezes the white pawns d1 and f1; with d1 gone, the long
    // leaper on h1 leaps f1 and the king on c1 and lands on b1.
    let ufen = "7k/8/8/8/8/8/4i3/2KP1P1l w 0 1";
    assert_eq!(
        why(ufen, "d1d1"),
        IllegalReason::LeavesKingInCheck {
            role: Role::Pawn,
            from: sq("d1"),
            to: sq("d1"),
            king: sq("c1"),
            was_in_check: false,
            checks: vec![Check {
                attacker: at(Role::LongLeaper, "h1"),
                way: CaptureWay::Leap,
                landing: sq("b1"),
                partner: None
            }]
        }
    );
    legal(ufen, "f1f1");
}

#[test]
fn checks_name_who_gives_check_now() {
    let position = pos("7k/8/8/8/8/8/6w1/4I2K w 0 1");
    assert_eq!(position.checks().len(), 1);
    assert!(pos(START_UFEN).checks().is_empty());
    // A frozen piece gives no check: the white immobilizer on f2 freezes the withdrawer.
    assert!(pos("7k/8/8/8/8/8/5Iw1/7K w 0 1").checks().is_empty());
}

#[test]
fn every_way_of_playing_a_move_gives_the_reason() {
    let ufen = "7k/8/8/3i4/3W4/8/8/K7 w 0 1";
    let reason = why(ufen, "d4d3");
    let refused = Err(MoveError::Illegal(reason.clone()));
    let position = pos(ufen);
    assert_eq!(position.find_move(sq("d4"), sq("d3")), refused);
    assert_eq!(position.parse_coordinates("d4d3"), refused);
    assert_eq!(position.parse_move("Wd4-d3"), refused);
    let mv = Move {
        from: sq("d4"),
        to: sq("d3"),
        role: Role::Withdrawer,
        captures: Bitboard::EMPTY,
    };
    assert_eq!(position.play(&mv).map(|_| ()), refused.map(|_: Move| ()));
    let mut game = Game::new(position);
    assert_eq!(
        game.play(&mv),
        Err(GameError::Illegal(MoveError::Illegal(reason.clone())))
    );
    // The developer text is the reason's.
    assert_eq!(
        MoveError::Illegal(reason.clone()).to_string(),
        reason.to_string()
    );
}

#[test]
fn reasons_read_as_developer_text() {
    let text = why("7k/8/8/3i4/3W4/8/8/K7 w 0 1", "d4d3").to_string();
    assert_eq!(
        text,
        "the withdrawer on d4 is frozen by the immobilizer on d5 and cannot move \
         (it can be removed instead: d4d4)"
    );
    let text = why("8/6k1/8/4K1x1/8/8/8/8 w 0 1", "e5f6").to_string();
    assert_eq!(
        text,
        "e5f6 puts the king on f6 in check: the chameleon on g5 by the king's step (imitating \
         the king) and the king on g7 by the king's step could take it"
    );
}

// ---------------------------------------------------------------------------------------------
// The reasons agree with the move generator
// ---------------------------------------------------------------------------------------------

/// Whether `check` really could take the king of `color` in `after` (the enemy to move).
fn really_takes(after: &Position, king: Square, check: &Check) -> bool {
    if CaptureWay::of_king_by(check.attacker.role) != Some(check.way) {
        return false;
    }
    let enemy = after.turn();
    if after.piece_at(check.attacker.square) != Some(Piece::new(enemy, check.attacker.role)) {
        return false;
    }
    if check.attacker.role == Role::Chameleon {
        // The generator never lists a king's capture by a chameleon (no legal position has
        // one to play), so check the rule itself: a free chameleon next to the king.
        return check.attacker.square.distance(king) == 1
            && check.landing == king
            && !after.frozen(enemy).contains(check.attacker.square);
    }
    let mut moves = ultima_rules::MoveList::new();
    after.generate_pseudo_legal(&mut moves);
    moves.iter().any(|mv| {
        mv.from == check.attacker.square && mv.to == check.landing && mv.captures.contains(king)
    })
}

/// Every enemy piece that could take the king of the player who just moved, in `after`.
fn every_attacker(after: &Position, king: Square) -> Bitboard {
    let enemy = after.turn();
    let mut moves = ultima_rules::MoveList::new();
    after.generate_pseudo_legal(&mut moves);
    let mut attackers: Bitboard = moves
        .iter()
        .filter(|mv| mv.captures.contains(king))
        .map(|mv| mv.from)
        .collect();
    let chameleons = after.board().pieces(enemy, Role::Chameleon) & !after.frozen(enemy);
    for chameleon in chameleons {
        if chameleon.distance(king) == 1 {
            attackers |= chameleon;
        }
    }
    attackers
}

/// Asks every square pair of every position for its reason and checks each one; returns how
/// many times each kind of reason (as `check_reason` numbers them) came up.
fn every_refusal_told_truly(positions: &[Position]) -> [usize; 12] {
    let mut reasons_seen = [0usize; 12];
    for position in positions {
        let legal = position.legal_moves();
        let mut pseudo = ultima_rules::MoveList::new();
        position.generate_pseudo_legal(&mut pseudo);
        assert_eq!(
            position.checks().is_empty(),
            !position.is_check(),
            "{position}"
        );
        for from in Square::all() {
            for to in Square::all() {
                let is_legal = legal.iter().any(|mv| mv.from == from && mv.to == to);
                let reason = position.why_not(from, to);
                let Some(reason) = reason else {
                    assert!(is_legal, "{from}{to} has no reason in {position}");
                    assert!(position.find_move(from, to).is_ok());
                    continue;
                };
                assert!(
                    !is_legal,
                    "legal {from}{to} refused in {position}: {reason}"
                );
                assert_eq!(
                    position.find_move(from, to),
                    Err(MoveError::Illegal(reason.clone()))
                );
                let kind = check_reason(position, &pseudo, from, to, &reason);
                reasons_seen[kind] += 1;
            }
        }
    }
    reasons_seen
}

#[test]
fn every_refused_move_has_a_reason_and_no_legal_one_has() {
    let reasons_seen = every_refusal_told_truly(&support::sample_positions(0xf00d_0009, 60, 100));
    // The random positions meet every reason of the 1963 rules.
    assert!(
        reasons_seen[..9].iter().all(|&count| count > 0),
        "reasons seen: {reasons_seen:?}"
    );
    // Nor any reason of a reading without removal or check.
    assert!(
        reasons_seen[9..].iter().all(|&count| count == 0),
        "reasons seen: {reasons_seen:?}"
    );
}

#[test]
fn every_refused_move_has_a_reason_in_every_other_reading() {
    for reading in Reading::ALL.into_iter().skip(1) {
        let positions = support::sample_positions_of(reading, 0xf00d_0010, 16, 100);
        let seen = every_refusal_told_truly(&positions);
        println!("{reading}: reasons seen {seen:?}");
        // Frozen, not that way, occupied, path blocked: in every reading.
        assert!(
            [2, 5, 6, 7].iter().all(|&kind| seen[kind] > 0),
            "{reading}: {seen:?}"
        );
        let rules = reading.rules();
        assert_eq!(seen[8] > 0, rules.has_check(), "{reading}: {seen:?}");
        assert_eq!(seen[9] > 0, !rules.removal, "{reading}: {seen:?}");
        assert_eq!(seen[10] > 0, !rules.has_check(), "{reading}: {seen:?}");
        // A free piece named twice: "only a frozen piece is removed" where removal exists,
        // "no piece is ever removed" where it does not.
        assert_eq!(seen[4] > 0, rules.removal, "{reading}: {seen:?}");
        assert_eq!(seen[11] > 0, !rules.removal, "{reading}: {seen:?}");
    }
}

/// Checks that `reason` tells the truth about `from`-`to` in `position`; returns its index.
fn check_reason(
    position: &Position,
    pseudo: &ultima_rules::MoveList,
    from: Square,
    to: Square,
    reason: &IllegalReason,
) -> usize {
    let turn = position.turn();
    let piece = position.piece_at(from);
    let context = || format!("{from}{to} in {position}: {reason}");
    let generated = pseudo.iter().find(|mv| mv.from == from && mv.to == to);
    if !matches!(reason, IllegalReason::LeavesKingInCheck { .. }) {
        assert!(generated.is_none(), "{}", context());
    }
    match reason {
        IllegalReason::NoPiece { square } => {
            assert!(piece.is_none() && *square == from, "{}", context());
            0
        }
        IllegalReason::NotYourPiece { role, owner, .. } => {
            assert_eq!(piece, Some(Piece::new(*owner, *role)), "{}", context());
            assert_ne!(*owner, turn, "{}", context());
            1
        }
        IllegalReason::Frozen {
            role, square, by, ..
        } => {
            assert_eq!(piece, Some(Piece::new(turn, *role)), "{}", context());
            assert!(position.frozen(turn).contains(*square), "{}", context());
            assert!(!by.is_empty(), "{}", context());
            for freezer in by {
                assert_eq!(freezer.square.distance(from), 1, "{}", context());
                assert_eq!(
                    position.piece_at(freezer.square),
                    Some(Piece::new(!turn, freezer.role)),
                    "{}",
                    context()
                );
                assert!(
                    freezer.role == Role::Immobilizer
                        || (freezer.role == Role::Chameleon && *role == Role::Immobilizer),
                    "{}",
                    context()
                );
            }
            2
        }
        IllegalReason::NoRemoval {
            role,
            square,
            reading,
            by,
        } => {
            assert_eq!(piece, Some(Piece::new(turn, *role)), "{}", context());
            assert_eq!((from, *square), (to, to), "{}", context());
            assert_eq!(*reading, position.reading(), "{}", context());
            assert!(!reading.rules().removal, "{}", context());
            assert!(position.frozen(turn).contains(*square), "{}", context());
            assert!(!by.is_empty(), "{}", context());
            9
        }
        IllegalReason::KingTaken { winner } => {
            assert_eq!(position.king_taken_winner(), Some(*winner), "{}", context());
            assert!(position.legal_moves().is_empty(), "{}", context());
            10
        }
        IllegalReason::KingRemoval { .. } => {
            assert_eq!(piece, Some(Piece::new(turn, Role::King)), "{}", context());
            assert_eq!(from, to);
            3
        }
        IllegalReason::NotFrozen { square, .. } => {
            assert!(!position.frozen(turn).contains(*square), "{}", context());
            assert!(position.reading().rules().removal, "{}", context());
            assert_eq!(from, to);
            4
        }
        IllegalReason::RemovalNotInReading {
            role,
            square,
            reading,
        } => {
            assert_eq!(piece, Some(Piece::new(turn, *role)), "{}", context());
            assert_eq!((from, *square), (to, to), "{}", context());
            assert_eq!(*reading, position.reading(), "{}", context());
            assert!(!reading.rules().removal, "{}", context());
            assert!(!position.frozen(turn).contains(*square), "{}", context());
            11
        }
        IllegalReason::NotThatWay { role, movement, .. } => {
            assert_eq!(*movement, Movement::of(*role));
            let (files, ranks) = (
                from.file().abs_diff(to.file()),
                from.rank().abs_diff(to.rank()),
            );
            let follows = match movement {
                Movement::OneStep => from.distance(to) == 1,
                Movement::RankOrFile => files == 0 || ranks == 0,
                Movement::Line => files == 0 || ranks == 0 || files == ranks,
            };
            assert!(!follows && from != to, "{}", context());
            5
        }
        IllegalReason::Occupied { occupant, .. } => {
            assert_eq!(position.piece_at(to), Some(*occupant), "{}", context());
            6
        }
        IllegalReason::PathBlocked {
            at,
            blocker,
            obstacle,
            behind,
            ..
        } => {
            assert_eq!(position.piece_at(*at), Some(*blocker), "{}", context());
            assert!(
                from.distance(*at) < from.distance(to) && at.distance(to) < from.distance(to),
                "{}",
                context()
            );
            assert!(position.piece_at(to).is_none(), "{}", context());
            if *obstacle == Obstacle::SecondLeap {
                assert_eq!(position.rules().leaper, LeaperRule::One, "{}", context());
                assert_ne!(blocker.color, turn, "{}", context());
            }
            assert_eq!(
                behind.is_some(),
                *obstacle == Obstacle::TwoInARow,
                "{}",
                context()
            );
            if let Some(behind) = behind {
                assert_eq!(
                    position.piece_at(behind.square),
                    Some(behind.piece),
                    "{}",
                    context()
                );
                assert_eq!(at.distance(behind.square), 1, "{}", context());
                assert!(
                    behind.square.distance(to) < at.distance(to),
                    "{}",
                    context()
                );
            }
            7
        }
        IllegalReason::LeavesKingInCheck {
            king,
            checks,
            was_in_check,
            ..
        } => {
            let mv = generated.unwrap_or_else(|| panic!("not generated: {}", context()));
            assert_eq!(*was_in_check, position.is_check(), "{}", context());
            let after = position.play_unchecked(mv);
            assert_eq!(after.board().king_of(turn), Some(*king), "{}", context());
            assert!(!checks.is_empty(), "{}", context());
            for check in checks {
                assert!(
                    really_takes(&after, *king, check),
                    "{check} cannot take the king: {}",
                    context()
                );
            }
            let named: Bitboard = checks.iter().map(|check| check.attacker.square).collect();
            assert_eq!(named, every_attacker(&after, *king), "{}", context());
            8
        }
    }
}
