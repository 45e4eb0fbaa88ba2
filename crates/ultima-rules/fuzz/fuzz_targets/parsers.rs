//! Any bytes into the UFEN, move and record parsers: each must answer, never panic; and what
//! parses must print back to something that parses to the same thing.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ultima_rules::{Game, Position};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(position) = Position::from_ufen(&text) {
        let again = Position::from_ufen(&position.ufen()).expect("printed UFEN reads back");
        assert_eq!(again, position);
        for mv in position.legal_moves() {
            assert_eq!(position.parse_move(&position.san(&mv)), Ok(mv));
        }
    }
    let start = Position::start();
    if let Ok(mv) = start.parse_move(&text) {
        assert!(start.legal_moves().contains(&mv));
    }
    let _ = Game::from_record(&text);
});
