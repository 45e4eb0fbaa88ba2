//! The fast move generator against the deliberately simple one in `reference/`, on thousands
//! of positions from random games: the same legal moves with the same captures, and the same
//! verdict on check.

mod reference;
mod support;

use std::collections::BTreeSet;

use reference::RefMove;
use ultima_rules::{Bitboard, Position, Reading, Role};

fn engine_moves(position: &Position) -> BTreeSet<RefMove> {
    position
        .legal_moves()
        .iter()
        .map(|mv| RefMove {
            from: mv.from.index(),
            to: mv.to.index(),
            captures: mv.captures.0,
        })
        .collect()
}

fn compare(positions: &[Position]) -> (usize, usize, usize) {
    let (mut captures, mut checks, mut removals) = (0, 0, 0);
    for position in positions {
        let ufen = position.ufen();
        let expected: BTreeSet<RefMove> = reference::legal_moves(&ufen).into_iter().collect();
        let actual = engine_moves(position);
        if expected != actual {
            let missing: Vec<_> = expected.difference(&actual).collect();
            let extra: Vec<_> = actual.difference(&expected).collect();
            panic!(
                "move sets differ in {ufen}\n  engine lacks {missing:?}\n  engine adds {extra:?}"
            );
        }
        assert_eq!(
            position.is_check(),
            reference::in_check(&ufen),
            "check differs in {ufen}"
        );
        captures += actual.iter().filter(|m| m.captures != 0).count();
        removals += actual.iter().filter(|m| m.from == m.to).count();
        checks += usize::from(position.is_check());
    }
    (captures, checks, removals)
}

#[test]
fn same_moves_as_the_reference_in_games_from_the_start_and_from_random_positions() {
    let positions = support::sample_positions(0x5eed_0001, 60, 120);
    assert!(positions.len() > 4000, "only {} positions", positions.len());
    let (captures, checks, removals) = compare(&positions);
    println!(
        "{} positions: {captures} capturing moves, {checks} checks, {removals} removals",
        positions.len()
    );
    // The sample must reach the subtle cases, or it proves little.
    assert!(captures > 3000, "only {captures} capturing moves");
    assert!(checks > 50, "only {checks} positions in check");
    assert!(removals > 500, "only {removals} removals");
}

#[test]
fn same_moves_as_the_reference_in_random_setups() {
    let mut rng = support::Rng::new(0x5eed_0002);
    let positions: Vec<Position> = (0..3000)
        .map(|_| support::random_position(&mut rng))
        .collect();
    let (captures, checks, _) = compare(&positions);
    assert!(
        captures > 1000 && checks > 50,
        "{captures} captures, {checks} checks"
    );
}

/// What a sample of another reading reached, beyond [`compare`]'s counts.
#[derive(Debug, Default)]
struct Reached {
    captures: usize,
    checks: usize,
    removals: usize,
    /// Moves of a long leaper or a chameleon that take by leaping.
    leaps: usize,
    /// Moves that take a king (Zillions).
    king_captures: usize,
    /// Positions whose side to move has a piece frozen by 1963's rule but not by the reading's.
    freed: usize,
    /// Positions after a king was taken (Zillions), in which nothing moves.
    kings_taken: usize,
    /// Positions (valid in 1963 too) whose legal moves, with their captures, differ from the
    /// 1963 rules' in the same placement.
    differ_from_1963: usize,
}

fn reached(positions: &[Position]) -> Reached {
    let (captures, checks, removals) = compare(positions);
    let mut reached = Reached {
        captures,
        checks,
        removals,
        ..Reached::default()
    };
    for position in positions {
        let board = position.board();
        let kings = board.by_role(Role::King);
        for mv in position.legal_moves() {
            let leaper = matches!(mv.role, Role::LongLeaper | Role::Chameleon);
            let leapt = mv.captures & board.by_role(Role::LongLeaper);
            if leaper && (mv.role == Role::LongLeaper && mv.is_capture() || leapt.any()) {
                reached.leaps += 1;
            }
            if (mv.captures & kings).any() {
                reached.king_captures += 1;
            }
        }
        let turn = position.turn();
        if (board.frozen(turn) & !position.frozen(turn)) != Bitboard::EMPTY {
            reached.freed += 1;
        }
        if position.king_taken_winner().is_some() {
            reached.kings_taken += 1;
        }
        if let Ok(abbott) = position.with_reading(Reading::Abbott1963) {
            if engine_moves(position) != engine_moves(&abbott) {
                reached.differ_from_1963 += 1;
            }
        }
    }
    reached
}

/// Games from the reading's start and from random positions of it, then random setups of it.
fn sample_of(reading: Reading, seed: u64) -> Vec<Position> {
    let mut positions = support::sample_positions_of(reading, seed, 40, 120);
    let mut rng = support::Rng::new(seed ^ 0xffff);
    positions.extend((0..1500).map(|_| support::random_position_of(reading, &mut rng)));
    for position in &positions {
        assert_eq!(position.reading(), reading);
    }
    positions
}

#[test]
fn same_moves_as_the_reference_in_the_1962_reading() {
    let positions = sample_of(Reading::Abbott1962, 0x5eed_1962);
    let reached = reached(&positions);
    println!("{} positions: {reached:?}", positions.len());
    assert!(positions.len() > 4000, "only {} positions", positions.len());
    assert!(
        reached.leaps > 1000 && reached.checks > 50 && reached.differ_from_1963 > 100,
        "{reached:?}"
    );
}

#[test]
fn same_moves_as_the_reference_in_the_cambridge_reading() {
    let positions = sample_of(Reading::Cambridge, 0x5eed_ca3b);
    let reached = reached(&positions);
    println!("{} positions: {reached:?}", positions.len());
    assert!(positions.len() > 4000, "only {} positions", positions.len());
    assert_eq!(reached.removals, 0, "the Cambridge rules have no removal");
    assert!(
        reached.leaps > 1000
            && reached.checks > 50
            && reached.freed > 100
            && reached.differ_from_1963 > 1000,
        "{reached:?}"
    );
}

#[test]
fn same_moves_as_the_reference_in_the_boardspace_reading() {
    let positions = sample_of(Reading::Boardspace, 0x5eed_b0a2);
    let reached = reached(&positions);
    println!("{} positions: {reached:?}", positions.len());
    assert!(positions.len() > 4000, "only {} positions", positions.len());
    assert!(
        reached.captures > 1000 && reached.checks > 50 && reached.removals > 300,
        "{reached:?}"
    );
    assert_eq!(reached.differ_from_1963, 0, "Boardspace moves as 1963");
}

#[test]
fn same_moves_as_the_reference_in_the_zillions_reading() {
    let positions = sample_of(Reading::Zillions, 0x5eed_2111);
    let reached = reached(&positions);
    println!("{} positions: {reached:?}", positions.len());
    assert!(positions.len() > 3000, "only {} positions", positions.len());
    assert_eq!(reached.checks, 0, "no check in the Zillions reading");
    assert!(
        reached.king_captures > 300
            && reached.kings_taken > 20
            && reached.removals > 300
            && reached.differ_from_1963 > 100,
        "{reached:?}"
    );
}
