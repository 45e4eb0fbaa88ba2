//! The captures-only generator ([`Position::generate_captures`]) against the full one filtered
//! to its captures: the same moves, with the same captures, in the same order (the bot's move
//! ordering breaks ties by that order), on many positions of every kind.

mod support;

use ultima_rules::{Color, Move, MoveList, Position, Role, Setup};

/// The captures of the full generator, in its order.
fn filtered(position: &Position) -> Vec<Move> {
    let mut all = MoveList::new();
    position.generate_pseudo_legal(&mut all);
    all.into_iter().filter(Move::is_capture).collect()
}

fn captures(position: &Position) -> Vec<Move> {
    let mut out = MoveList::new();
    position.generate_captures(&mut out);
    out.to_vec()
}

/// What the sample reached, so that a sample too tame to prove anything fails.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    capturing_moves: usize,
    /// Capturing moves by the role of the mover.
    by_role: [usize; 7],
    /// Chameleon moves taking each kind of piece (by the role taken).
    chameleon_takes: [usize; 7],
    /// Moves taking two pieces or more.
    multiple: usize,
    kingless_movers: usize,
    with_frozen_pieces: usize,
    in_check: usize,
}

fn check(position: &Position, coverage: &mut Coverage) {
    let expected = filtered(position);
    let actual = captures(position);
    assert_eq!(
        actual, expected,
        "captures differ in {position}\n  generate_captures: {actual:?}\n  filtered: {expected:?}"
    );
    coverage.positions += 1;
    coverage.capturing_moves += actual.len();
    for mv in &actual {
        coverage.by_role[mv.role.index()] += 1;
        if mv.captures.count() > 1 {
            coverage.multiple += 1;
        }
        if mv.role == Role::Chameleon {
            for square in mv.captures {
                if let Some(piece) = position.piece_at(square) {
                    coverage.chameleon_takes[piece.role.index()] += 1;
                }
            }
        }
    }
    let turn = position.turn();
    if position.board().king_of(turn).is_none() {
        coverage.kingless_movers += 1;
    }
    if Color::ALL.iter().any(|&c| position.frozen(c).any()) {
        coverage.with_frozen_pieces += 1;
    }
    if position.is_check() {
        coverage.in_check += 1;
    }
}

/// The same placement with the other side to move, when that is a position.
fn other_side(position: &Position) -> Option<Position> {
    Position::from_setup(Setup {
        board: position.board().clone(),
        turn: !position.turn(),
        halfmove_clock: position.halfmove_clock(),
        fullmove_number: position.fullmove_number(),
        reading: position.reading(),
    })
    .ok()
}

#[test]
fn the_captures_of_the_full_generator_in_its_order_on_random_games_for_both_sides() {
    let mut coverage = Coverage::default();
    for position in support::sample_positions(0xc0de_0001, 160, 160) {
        check(&position, &mut coverage);
        if let Some(flipped) = other_side(&position) {
            check(&flipped, &mut coverage);
        }
    }
    println!("{coverage:?}");
    assert!(coverage.positions > 30_000, "{coverage:?}");
    assert!(coverage.capturing_moves > 15_000, "{coverage:?}");
    for role in Role::ALL {
        if role != Role::Immobilizer {
            assert!(
                coverage.by_role[role.index()] > 1000,
                "few {role:?} captures: {coverage:?}"
            );
        }
    }
    assert_eq!(coverage.by_role[Role::Immobilizer.index()], 0);
    for taken in [
        Role::Pawn,
        Role::Withdrawer,
        Role::LongLeaper,
        Role::Coordinator,
    ] {
        assert!(
            coverage.chameleon_takes[taken.index()] > 20,
            "few chameleon captures of {taken:?}: {coverage:?}"
        );
    }
    assert!(coverage.multiple > 200, "{coverage:?}");
    assert!(coverage.kingless_movers > 500, "{coverage:?}");
    assert!(coverage.with_frozen_pieces > 5000, "{coverage:?}");
    assert!(coverage.in_check > 300, "{coverage:?}");
}

#[test]
fn the_captures_of_the_full_generator_on_random_setups() {
    let mut rng = support::Rng::new(0xc0de_0002);
    let mut coverage = Coverage::default();
    for _ in 0..40_000 {
        let position = support::random_position(&mut rng);
        check(&position, &mut coverage);
        if let Some(flipped) = other_side(&position) {
            check(&flipped, &mut coverage);
        }
    }
    println!("{coverage:?}");
    assert!(coverage.kingless_movers > 5000, "{coverage:?}");
    assert!(coverage.with_frozen_pieces > 20_000, "{coverage:?}");
    assert!(coverage.chameleon_takes[Role::Coordinator.index()] > 100);
}

/// Every node of the tree below `position` to `depth` plies, all legal moves.
fn walk(position: &Position, depth: u32, coverage: &mut Coverage) {
    check(position, coverage);
    if depth == 0 {
        return;
    }
    for mv in position.legal_moves() {
        walk(&position.play_unchecked(&mv), depth - 1, coverage);
    }
}

#[test]
fn the_captures_of_the_full_generator_over_whole_trees() {
    let mut coverage = Coverage::default();
    walk(&Position::start(), 3, &mut coverage);
    // The middlegame of a random game and a kingless course-style position, each two plies deep.
    let mut rng = support::Rng::new(0xc0de_0003);
    let game = support::random_game(Position::start(), 40, &mut rng);
    if let Some(middle) = game.last() {
        walk(middle, 2, &mut coverage);
    }
    let kingless = Position::from_ufen("8/2p1w3/3l4/1x1Pc3/2C2p2/3Xp3/1L2W3/I7 w 0 1")
        .expect("a valid position");
    walk(&kingless, 2, &mut coverage);
    println!("{coverage:?}");
    assert!(coverage.positions > 30_000, "{coverage:?}");
}
