//! Any bytes into the UFEN (with its reading), move, reading-name and record parsers: each must
//! answer, never panic; and what parses must print back to something that parses to the same
//! thing.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ultima_rules::{Game, Position, Reading};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(position) = Position::from_ufen(&text) {
        let again = Position::from_ufen(&position.ufen()).expect("printed UFEN reads back");
        assert_eq!(again, position);
        for mv in position.legal_moves() {
            assert_eq!(position.parse_move(&position.san(&mv)), Ok(mv));
        }
    }
    // The first byte picks the reading whose start the move text is read in.
    let reading =
        Reading::ALL[usize::from(data.first().copied().unwrap_or(0)) % Reading::ALL.len()];
    let start = Position::start_of(reading);
    if let Ok(mv) = start.parse_move(&text) {
        assert!(start.legal_moves().contains(&mv));
    }
    if let Ok(named) = text.parse::<Reading>() {
        assert_eq!(named.name().parse::<Reading>(), Ok(named));
    }
    let _ = Game::from_record(&text);
});
