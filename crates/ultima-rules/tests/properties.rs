//! Properties over random games: the incremental hash equals the hash computed from scratch,
//! and UFEN, both move notations and game records read back what they wrote.

mod support;

use ultima_rules::{Game, Position, Reading};

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

#[test]
fn ufen_notations_and_records_round_trip_in_every_reading() {
    for (index, reading) in (0u64..).zip(Reading::ALL) {
        for position in support::sample_positions_of(reading, 0xa5a5_0005 + index, 10, 120) {
            let text = position.ufen();
            let read = Position::from_ufen(&text).expect("a printed position reads back");
            assert_eq!(read, position);
            assert_eq!(read.hash(), position.hash(), "hash drifted in {position}");
            for mv in position.legal_moves() {
                let san = position.san(&mv);
                assert_eq!(position.parse_san(&san), Ok(mv), "{san} in {position}");
            }
        }
        let mut rng = support::Rng::new(0xa5a5_0006 + index);
        for _ in 0..10 {
            let mut game = Game::new(Position::start_of(reading));
            for _ in 0..rng.index(200) {
                let Some(mv) = support::random_move(game.position(), &mut rng) else {
                    break;
                };
                if game.play(&mv).is_err() {
                    break;
                }
            }
            let record = game.record();
            let replayed = Game::from_record(&record).expect("a written record reads back");
            assert_eq!(replayed.reading(), reading);
            assert_eq!(replayed.moves(), game.moves());
            assert_eq!(replayed.position(), game.position());
            assert_eq!(replayed.status(), game.status());
            assert_eq!(replayed.record(), record);
        }
    }
}
