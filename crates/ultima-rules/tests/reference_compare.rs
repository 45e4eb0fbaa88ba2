//! The fast move generator against the deliberately simple one in `reference/`, on thousands
//! of positions from random games: the same legal moves with the same captures, the same
//! verdict on check, and the same status by the position's reading (how the game stands: won,
//! drawn and why, or going on), also with the fifty-move count run out.

mod reference;
mod support;

use std::collections::{BTreeMap, BTreeSet};

use reference::{RefMove, RefStatus};
use ultima_rules::{
    Bitboard, Color, DrawReason, Outcome, Position, Reading, Role, Status, WinReason,
};

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

/// The engine's status in the reference's terms.
fn engine_status(position: &Position) -> RefStatus {
    match position.status() {
        Status::Ongoing { check } => RefStatus::Ongoing { check },
        Status::Over {
            outcome: Outcome::Win { winner, reason },
        } => RefStatus::Win {
            white: winner == Color::White,
            reason: match reason {
                WinReason::Checkmate => "checkmate",
                WinReason::NoLegalMove => "no legal move",
                WinReason::KingCaptured => "king captured",
                other => panic!("{other:?} from a position alone in {position}"),
            },
        },
        Status::Over {
            outcome: Outcome::Draw { reason },
        } => RefStatus::Draw {
            reason: match reason {
                DrawReason::Stalemate => "stalemate",
                DrawReason::BareKings => "bare kings",
                DrawReason::FiftyMoves => "fifty moves",
                other => panic!("{other:?} from a position alone in {position}"),
            },
        },
    }
}

/// The same status as the reference's for every position, and for the same position with 100
/// plies gone without a capture (the fifty-move rule, which the sample's games seldom reach);
/// returns how often each status came up.
fn compare_status(positions: &[Position]) -> BTreeMap<String, usize> {
    let mut seen = BTreeMap::new();
    for position in positions {
        let ufen = position.ufen();
        let mut fields: Vec<&str> = ufen.split_whitespace().collect();
        fields[2] = "100";
        let run_out = fields.join(" ");
        for ufen in [ufen.clone(), run_out] {
            let position = Position::from_ufen(&ufen).unwrap_or_else(|e| panic!("{ufen}: {e}"));
            let status = engine_status(&position);
            assert_eq!(status, reference::status(&ufen), "status differs in {ufen}");
            let name = match status {
                RefStatus::Ongoing { check: false } => "ongoing",
                RefStatus::Ongoing { check: true } => "check",
                RefStatus::Win { reason, .. } | RefStatus::Draw { reason } => reason,
            };
            *seen.entry(name.to_string()).or_default() += 1;
        }
    }
    seen
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
    let statuses = compare_status(&positions);
    println!("statuses: {statuses:?}");
    for name in [
        "checkmate",
        "no legal move",
        "fifty moves",
        "ongoing",
        "check",
    ] {
        assert!(statuses.contains_key(name), "no {name}: {statuses:?}");
    }
    for name in ["stalemate", "king captured"] {
        assert!(!statuses.contains_key(name), "{name} in 1963: {statuses:?}");
    }
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
    /// How often each status came up (as [`compare_status`] counts them).
    statuses: BTreeMap<String, usize>,
}

impl Reached {
    fn status(&self, name: &str) -> usize {
        self.statuses.get(name).copied().unwrap_or(0)
    }
}

fn reached(positions: &[Position]) -> Reached {
    let (captures, checks, removals) = compare(positions);
    let mut reached = Reached {
        captures,
        checks,
        removals,
        statuses: compare_status(positions),
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
    assert!(reached.status("checkmate") > 10, "{reached:?}");
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
    // No removal leaves a side with no move more often; that loses, as in 1963.
    assert!(
        reached.status("checkmate") > 10 && reached.status("no legal move") > 10,
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
    // Its one difference, a stalemate drawn, reached and scored alike by both generators.
    assert!(reached.status("stalemate") > 10, "{reached:?}");
    assert!(reached.status("checkmate") > 10, "{reached:?}");
    assert_eq!(reached.status("no legal move"), 0, "{reached:?}");
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
    // A king taken ends the game; no check, so no checkmate.
    assert!(reached.status("king captured") > 100, "{reached:?}");
    assert_eq!(
        reached.status("check") + reached.status("checkmate"),
        0,
        "{reached:?}"
    );
}
