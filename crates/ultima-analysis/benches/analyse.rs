//! How long a whole game takes to analyse at the default node limit: a 120-ply game (60 moves)
//! of the bot against itself at 3,000 nodes a move (the same game every run), analysed three
//! times. Prints the median time per game and per position, and each run's time.
//!
//! `cargo bench -p ultima-analysis`

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use ultima_analysis::{Analyser, DEFAULT_NODES};
use ultima_bot::{history_hashes, Engine, Limits, NoClock};
use ultima_rules::{Game, Position};

const PLIES: usize = 120;

fn game() -> Game {
    let mut game = Game::new(Position::start());
    let mut engine = Engine::with_hash_mb(8);
    while game.moves().len() < PLIES && game.outcome().is_none() {
        let Ok(found) = engine.search(
            game.position(),
            &history_hashes(&game),
            &Limits::nodes(3_000),
            &NoClock,
            &mut |_| {},
        ) else {
            break;
        };
        if game.play(&found.best_move).is_err() {
            break;
        }
    }
    game
}

fn main() {
    let game = game();
    let positions = game.moves().len() + 1;
    let stop = Arc::new(AtomicBool::new(false));
    let mut analyser = Analyser::new(DEFAULT_NODES);
    let mut times = Vec::new();
    for _ in 0..3 {
        let started = Instant::now();
        let analysis = match analyser.analyse(&game, &stop, &mut |_| {}) {
            Ok(analysis) => analysis,
            Err(error) => {
                eprintln!("the analysis failed: {error}");
                std::process::exit(1);
            }
        };
        times.push(started.elapsed().as_secs_f64());
        assert_eq!(analysis.positions.len(), positions);
    }
    times.sort_by(f64::total_cmp);
    let median = times[1];
    println!(
        "analyse: {} plies ({positions} positions) at {DEFAULT_NODES} nodes each, two lines: median {:.2} s a game, {:.0} ms a position (runs {:.2} / {:.2} / {:.2} s)",
        game.moves().len(),
        median,
        median * 1000.0 / positions as f64,
        times[0],
        times[1],
        times[2]
    );
}
