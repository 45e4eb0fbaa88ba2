//! The fast move generator against the deliberately simple one in `reference/`, on thousands
//! of positions from random games: the same legal moves with the same captures, and the same
//! verdict on check.

mod reference;
mod support;

use std::collections::BTreeSet;

use reference::RefMove;
use ultima_rules::Position;

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
