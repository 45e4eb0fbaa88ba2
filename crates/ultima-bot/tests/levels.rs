//! The levels: legal moves only, mates taken, free material taken, deterministic by seed,
//! and the weak levels err (but not at random).

mod common;

use common::{
    flipped_move, flipped_ufen, forces_win, position, random_positions, BLOCKADES_IN_ONE,
    BLOCKADES_IN_TWO,
};
use ultima_bot::{history_hashes, Level, LevelExt, LevelPlayer, LevelSettings, NoClock, StdClock};
use ultima_rules::{Game, Position};

/// The level's error model with its search cut to `max_depth` and without its time limit, so
/// that the test is depth-bound (hence reproducible whatever the machine's load).
fn capped(level: Level, seed: u64, max_depth: u32) -> LevelPlayer {
    let settings = level.settings();
    LevelPlayer::new(level, seed).with_settings(LevelSettings {
        depth: settings.depth.min(max_depth),
        movetime_ms: 60_000,
        ..settings
    })
}

/// The level's error model with a smaller search, so the tests stay quick.
fn quick(level: Level, seed: u64) -> LevelPlayer {
    capped(level, seed, 2)
}

/// Asks `player` for a move in each position and checks that both the move played and the
/// search's best move are legal.
fn assert_plays_legal_moves(
    level: Level,
    player: &mut LevelPlayer,
    positions: &[(Game, Position)],
) {
    for (game, position) in positions {
        let choice = player
            .choose(position, &history_hashes(game), &NoClock, None)
            .unwrap();
        let legal = position.legal_moves();
        assert!(
            legal.contains(&choice.mv) && legal.contains(&choice.best_move),
            "{level}: {} in {}",
            choice.mv,
            position.ufen()
        );
    }
}

#[test]
fn every_level_plays_only_legal_moves() {
    let positions = random_positions(3, 25);
    for level in Level::ALL {
        assert_plays_legal_moves(level, &mut quick(level, 9), &positions);
    }
}

#[test]
fn every_level_takes_a_mate_in_one() {
    for ufen in ["7k/8/8/8/8/8/8/I1K5 w 0 1", "3W3k/5K2/8/8/8/8/8/C7 w 0 1"] {
        let position = position(ufen);
        for level in Level::ALL {
            for seed in 0..5 {
                let choice = quick(level, seed)
                    .choose(&position, &[], &NoClock, None)
                    .unwrap();
                assert!(
                    forces_win(&position, &choice.mv, 1),
                    "{level} seed {seed} played {} in {ufen}",
                    choice.mv
                );
            }
        }
    }
}

/// White's withdrawer d4 can take the black coordinator c3 by stepping away from it (to e5,
/// f6, g7 or h8); nothing else is going on.
const FREE_COORDINATOR: &str = "k7/8/8/8/3W4/2c5/8/7K w 0 1";

#[test]
fn stronger_levels_always_take_free_material_and_novices_mostly_do() {
    let position = position(FREE_COORDINATOR);
    let takes = |level: Level| {
        (0..20)
            .filter(|&seed| {
                let choice = quick(level, seed)
                    .choose(&position, &[], &NoClock, None)
                    .unwrap();
                choice.mv.captures.any()
            })
            .count()
    };
    for level in [Level::Casual, Level::Intermediate, Level::Club] {
        assert!(takes(level) >= 18, "{level}");
    }
    let novice = takes(Level::Novice);
    assert!(novice >= 10, "novice took it {novice} times in 20");
}

#[test]
fn the_same_seed_gives_the_same_moves() {
    let positions = random_positions(8, 10);
    for level in [Level::Novice, Level::Beginner, Level::Casual] {
        let run = |seed| -> Vec<_> {
            let mut player = quick(level, seed);
            positions
                .iter()
                .map(|(_, p)| player.choose(p, &[], &NoClock, None).unwrap().mv)
                .collect()
        };
        assert_eq!(run(4), run(4), "{level}");
    }
}

#[test]
fn novices_deviate_from_the_best_move_sometimes_but_not_always() {
    let positions = random_positions(21, 30);
    let mut deviations = 0;
    let mut player = quick(Level::Novice, 2);
    for (_, position) in &positions {
        let choice = player.choose(position, &[], &NoClock, None).unwrap();
        if choice.mv != choice.best_move {
            deviations += 1;
        }
    }
    assert!(deviations > 0, "a novice never erred in 30 positions");
    assert!(
        deviations < 30,
        "a novice never found the best move in 30 positions"
    );
    // The Club level never deviates.
    let mut club = quick(Level::Club, 2);
    for (_, position) in positions.iter().take(10) {
        let choice = club.choose(position, &[], &NoClock, None).unwrap();
        assert_eq!(choice.mv, choice.best_move);
    }
}

#[test]
fn a_single_legal_move_is_answered_by_every_level() {
    let position = position("7k/8/6K1/8/3W4/8/8/8 b 0 1");
    for level in Level::ALL {
        let choice = LevelPlayer::new(level, 1)
            .choose(&position, &[], &NoClock, None)
            .unwrap();
        assert_eq!(choice.mv.coordinates(), "h8g8");
        assert_eq!(choice.info.nodes, 0);
    }
    assert!(Position::start().legal_moves().len() > 1);
}

/// A level as it really plays, except that Club (which has no depth limit, only its 2.7 s)
/// stops at Intermediate's depth, 7, so that the test does not depend on the machine's speed.
fn real(level: Level, seed: u64) -> LevelPlayer {
    capped(level, seed, 7)
}

#[test]
fn every_level_with_its_real_settings_plays_legal_moves_and_takes_a_mate_in_one() {
    let positions = random_positions(33, 6);
    for level in Level::ALL {
        assert_plays_legal_moves(level, &mut real(level, 5), &positions);
        for ufen in ["7k/8/8/8/8/8/8/I1K5 w 0 1", "3W3k/5K2/8/8/8/8/8/C7 w 0 1"] {
            let position = position(ufen);
            for seed in 0..3 {
                let choice = real(level, seed)
                    .choose(&position, &[], &NoClock, None)
                    .unwrap();
                assert!(forces_win(&position, &choice.mv, 1), "{level} in {ufen}");
            }
        }
    }
}

#[test]
fn every_level_with_its_real_settings_takes_a_blockade_in_one() {
    // A blockade wins as a mate does, and the error model never talks a level out of it, even
    // where the loser is far ahead in material and the only win is among many captures. The
    // levels as they play: their own depth, their own time on the real clock.
    for (ufen, wins) in BLOCKADES_IN_ONE {
        let flipped: Vec<String> = wins.iter().map(|mv| flipped_move(mv)).collect();
        let wins: Vec<String> = wins.iter().map(|mv| mv.to_string()).collect();
        for (ufen, wins) in [(ufen.to_string(), wins), (flipped_ufen(ufen), flipped)] {
            let position = position(&ufen);
            for level in Level::ALL {
                for seed in 0..4 {
                    let choice = LevelPlayer::new(level, seed)
                        .choose(&position, &[], &StdClock::new(), None)
                        .unwrap();
                    assert!(
                        wins.contains(&choice.mv.coordinates()),
                        "{level} seed {seed} played {} in {ufen}",
                        choice.mv
                    );
                }
            }
        }
    }
}

#[test]
fn levels_that_search_three_plies_take_a_blockade_in_two() {
    // Three plies reach the blockaded position: from Beginner up, a level sees the win and its
    // error model (which never adds noise to a mate score) plays a move that forces it.
    let from_beginner = &Level::ALL[2..];
    assert_eq!(from_beginner[0], Level::Beginner);
    for ufen in BLOCKADES_IN_TWO {
        for ufen in [ufen.to_string(), flipped_ufen(ufen)] {
            let position = position(&ufen);
            for level in from_beginner {
                assert!(level.settings().depth >= 3);
                for seed in 0..3 {
                    let choice = LevelPlayer::new(*level, seed)
                        .choose(&position, &[], &StdClock::new(), None)
                        .unwrap();
                    assert!(
                        forces_win(&position, &choice.mv, 2),
                        "{level} seed {seed} played {} in {ufen}",
                        choice.mv
                    );
                }
            }
        }
    }
}
