//! Properties over random games: the incremental hash equals the hash computed from scratch,
//! and UFEN, both move notations and game records read back what they wrote.

mod support;

use ultima_rules::{Game, Position};

#[test]
fn incremental_hash_equals_hash_from_scratch() {
    for position in support::sample_positions(0xa5a5_0001, 40, 150) {
        let rebuilt = Position::from_ufen(&position.ufen()).expect("a played position is valid");
        assert_eq!(
            position.hash(),
            rebuilt.hash(),
            "hash drifted in {position}"
        );
    }
}

#[test]
fn ufen_round_trips() {
    for position in support::sample_positions(0xa5a5_0002, 40, 150) {
        let text = position.ufen();
        let read = Position::from_ufen(&text).expect("a printed position reads back");
        assert_eq!(read, position);
        assert_eq!(read.ufen(), text);
    }
}

#[test]
fn both_notations_round_trip_for_every_legal_move() {
    for position in support::sample_positions(0xa5a5_0003, 20, 100) {
        for mv in position.legal_moves() {
            let coordinates = mv.coordinates();
            assert_eq!(
                position.parse_coordinates(&coordinates),
                Ok(mv),
                "{coordinates} in {position}"
            );
            let san = position.san(&mv);
            assert_eq!(position.parse_san(&san), Ok(mv), "{san} in {position}");
            assert_eq!(position.parse_move(&san), Ok(mv));
        }
    }
}

#[test]
fn records_replay_to_the_same_game() {
    let mut rng = support::Rng::new(0xa5a5_0004);
    for _ in 0..30 {
        let mut game = Game::default();
        for _ in 0..rng.index(160) {
            let Some(mv) = support::random_move(game.position(), &mut rng) else {
                break;
            };
            if game.play(&mv).is_err() {
                break;
            }
        }
        let record = game.record();
        let replayed = Game::from_record(&record).expect("a written record reads back");
        assert_eq!(replayed.moves(), game.moves());
        assert_eq!(replayed.position(), game.position());
        assert_eq!(replayed.status(), game.status());
        assert_eq!(replayed.record(), record);
    }
}
