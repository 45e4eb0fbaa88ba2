//! What a move costs the app from the UI's call to its answer, at the start of a game and deep
//! into one: `play_move` through the browser's entry point (`Backend::call`, JSON in and out,
//! the whole game's view in the answer), at ply 10 and at ply 300 of a game between friends.
//! Each sample plays one move from the same position (taken back, untimed, between samples).
//!
//! `cargo bench -p ultima-wasm --bench round_trip` prints mean, median, 95th percentile and
//! maximum (a plain program, as the other benchmarks). Run by `cargo test --benches`, it does
//! the same a few times, as a check that it works.

use std::hint::black_box;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use ultima_rand::Rng;
use ultima_rules::{Game, Position};
use ultima_wasm::Backend;

/// A line of `plies` moves from the start that does not end the game, in coordinates.
fn long_line(plies: usize) -> Vec<(String, String)> {
    for seed in 1.. {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(Position::start());
        while game.moves().len() < plies {
            let legal = game.position().legal_moves();
            if legal.is_empty() {
                break;
            }
            let start = rng.index(legal.len());
            let going_on = (0..legal.len())
                .map(|n| legal[(start + n) % legal.len()])
                .find(|mv| {
                    let mut next = game.clone();
                    next.play(mv).is_ok() && next.outcome().is_none()
                });
            match going_on {
                Some(mv) => {
                    let _ = game.play(&mv);
                }
                None => break,
            }
        }
        if game.moves().len() == plies {
            return game
                .moves()
                .iter()
                .map(|mv| (mv.from.to_string(), mv.to.to_string()))
                .collect();
        }
    }
    unreachable!("some seed gives a long game")
}

fn call(backend: &mut Backend, command: &str, args: Value) -> Value {
    let answer: Value =
        serde_json::from_str(&backend.call(command, &args.to_string())).expect("JSON");
    assert!(answer.get("ok").is_some(), "{command}: {answer}");
    answer["ok"].clone()
}

/// Mean, median, 95th percentile and maximum, printed on one line.
fn report(what: &str, mut times: Vec<Duration>) {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let mean = times.iter().map(|&d| ms(d)).sum::<f64>() / times.len().max(1) as f64;
    let at = |q: f64| ms(times[((times.len() - 1) as f64 * q).round() as usize]);
    println!(
        "{what:<44} n={:<4} mean {mean:8.3} ms  median {:8.3} ms  p95 {:8.3} ms  max {:8.3} ms",
        times.len(),
        at(0.5),
        at(0.95),
        ms(times[times.len() - 1]),
    );
}

fn main() {
    let quick = std::env::args().any(|arg| arg == "--test")
        || !std::env::args().any(|arg| arg == "--bench");
    let runs = if quick { 3 } else { 100 };
    let line = long_line(301);
    for at in [10, 300] {
        let mut backend = Backend::new(None, None, "[]", "[]", "[]");
        let game = call(
            &mut backend,
            "new_game",
            json!({ "request": { "kind": "friend", "turnBoard": false } }),
        );
        let id = game["id"].clone();
        for (from, to) in &line[..at] {
            call(
                &mut backend,
                "play_move",
                json!({ "gameId": id, "from": from, "to": to }),
            );
        }
        let (from, to) = &line[at];
        let args = json!({ "gameId": id, "from": from, "to": to }).to_string();
        let mut times = Vec::new();
        for _ in 0..runs {
            let start = Instant::now();
            black_box(backend.call("play_move", &args));
            times.push(start.elapsed());
            call(&mut backend, "take_back", json!({ "gameId": id }));
            let back = call(
                &mut backend,
                "answer_take_back",
                json!({ "gameId": id, "accept": true }),
            );
            assert_eq!(back["plies"].as_array().map(Vec::len), Some(at));
        }
        report(&format!("play_move at ply {at} (call to answer)"), times);
    }
}
