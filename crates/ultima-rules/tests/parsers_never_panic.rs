//! Random bytes and mangled inputs into every parser: each answers with a value or an error,
//! never a panic. (The same parsers are fuzzed by `fuzz/fuzz_targets/parsers.rs`.)

mod support;

use ultima_rules::{Game, Position, Reading, Setup, START_UFEN};

fn feed(text: &str) {
    let _ = Setup::from_ufen(text);
    let _ = Position::from_ufen(text);
    let _ = text.parse::<Reading>();
    for reading in Reading::ALL {
        let start = Position::start_of(reading);
        let _ = start.parse_move(text);
        let _ = start.parse_san(text);
        let _ = start.parse_coordinates(text);
    }
    let _ = Game::from_record(text);
}

#[test]
fn random_bytes_never_panic_a_parser() {
    let mut rng = support::Rng::new(0xf022_0001);
    let alphabet: Vec<char> = "kpwlxciKPWLXCI012345678/ wb-=x+#abcdefgh\n\u{e9}9"
        .chars()
        .collect();
    for _ in 0..50_000 {
        let length = rng.index(80);
        let text: String = (0..length)
            .map(|_| alphabet[rng.index(alphabet.len())])
            .collect();
        feed(&text);
        let bytes: Vec<u8> = (0..length).map(|_| rng.next_u64() as u8).collect();
        feed(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn mangled_valid_inputs_never_panic_a_parser() {
    let mut rng = support::Rng::new(0xf022_0002);
    let seeds = [
        START_UFEN,
        "7k/8/8/4i3/3I4/8/8/K7 w 0 1 cambridge",
        "8/8/8/4k3/3K4/8/P7/8 w 0 1 zillions",
        "start 8/8/8/5k2/3K4/8/P7/8 w 0 1 zillions\nmoves d4e5 f5e5",
        "Pe2-e6xd6xf6+",
        "Ld4=",
        "d4d4",
        "start 8/8/8/8/8/8/8/K6k w 0 1\nmoves a1a2",
    ];
    for _ in 0..50_000 {
        let mut chars: Vec<char> = seeds[rng.index(seeds.len())].chars().collect();
        for _ in 0..1 + rng.index(4) {
            let at = rng.index(chars.len() + 1);
            match rng.index(3) {
                0 if at < chars.len() => {
                    chars.remove(at);
                }
                1 => chars.insert(at, char::from(b' ' + rng.index(95) as u8)),
                _ if at < chars.len() => chars[at] = char::from(b' ' + rng.index(95) as u8),
                _ => {}
            }
        }
        feed(&chars.into_iter().collect::<String>());
    }
}
