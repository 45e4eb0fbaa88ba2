//! `ultima analyse FILE`: every position of a game searched by the bot, each move judged as
//! lichess does (inaccuracy `?!`, mistake `?`, blunder `??`), printed as text with the best
//! line where a move went wrong.
//!
//! The file holds a game record as `ultima match --out` writes them (`start`, `moves`, `end`
//! lines; several records separated by blank lines are analysed one after the other), a saved
//! game as the app keeps it (JSON with a `record`), or only moves in coordinates from the
//! start position (`e2e5 e7e4 ...`, move numbers like `1.` skipped).
//!
//! `--rules R` plays the games by that reading (READINGS.md): moves alone from its start, and a
//! record or saved game that names no reading by its rules; one that names another reading is
//! refused.

use std::fmt::Write as _;
use std::io::Write as _;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use ultima_analysis::{Analyser, GameAnalysis, DEFAULT_NODES};
use ultima_game::StoredGame;
use ultima_rules::{Color, Game, Outcome, Position, Reading, WinReason};

use crate::args::Options;
use crate::error::CliError;
use crate::rules_option::{take_rules, RULES};

pub fn run(args: &[String]) -> Result<(), CliError> {
    let (rules, args) = take_rules(args)?;
    let (path, rest) = match args.split_first() {
        Some((path, rest)) if !crate::args::is_option(path) => (path, rest),
        _ => {
            return Err(CliError::Usage(
                "usage: ultima analyse FILE [--rules R] [--nodes N]".to_string(),
            ))
        }
    };
    let mut nodes = DEFAULT_NODES;
    let mut options = Options::new("analyse", "--rules R and --nodes N", rest);
    while let Some(name) = options.next_name() {
        match name {
            "--nodes" => nodes = options.value_in(name, 1..=100_000_000)?,
            other => return Err(options.unknown(other)),
        }
    }
    let text = std::fs::read_to_string(path).map_err(|error| CliError::Read {
        path: path.clone(),
        error,
    })?;
    let games = read_games_by(&text, rules).map_err(|message| CliError::GameFile {
        path: path.clone(),
        message,
    })?;
    let mut analyser = Analyser::new(nodes);
    let stop = Arc::new(AtomicBool::new(false));
    let mut out = std::io::stdout().lock();
    for (index, game) in games.iter().enumerate() {
        let analysis = analyser
            .analyse(game, &stop, &mut |_| {})
            .map_err(|error| CliError::Engine(error.to_string()))?;
        if index > 0 {
            writeln!(out)?;
        }
        if games.len() > 1 {
            writeln!(out, "game {}", index + 1)?;
        }
        out.write_all(annotate(game, &analysis).as_bytes())?;
        out.flush()?;
    }
    Ok(())
}

/// The games of a file, or why it does not read; by the reading `rules` when given: moves
/// alone are played from its start, a game that names no reading is played again by its rules,
/// one that names another is refused.
pub fn read_games_by(text: &str, rules: Option<Reading>) -> Result<Vec<Game>, String> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err("the file is empty: give a game record or a list of moves".to_string());
    }
    if trimmed.starts_with('{') {
        let stored = StoredGame::from_json_str(trimmed)
            .map_err(|error| format!("the saved game does not read: {error}"))?;
        return Game::from_record(&stored.record)
            .map_err(|error| error.to_string())
            .and_then(|game| by_rules(game, rules))
            .map(|game| vec![game]);
    }
    let mut games = Vec::new();
    let mut block = String::new();
    for line in text.lines().chain(std::iter::once("")) {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        if !line.is_empty() {
            block.push_str(line);
            block.push('\n');
            continue;
        }
        if block.is_empty() {
            continue;
        }
        let number = games.len() + 1;
        let game = read_block(&block, rules).map_err(|error| {
            if number == 1 && !text.contains("\n\n") {
                error
            } else {
                format!("game {number}: {error}")
            }
        })?;
        games.push(game);
        block.clear();
    }
    Ok(games)
}

/// `game` by the reading `rules`, when given: the same if it is played by them; played again
/// by them from the same start if it names no reading (1963); refused if it names another.
fn by_rules(game: Game, rules: Option<Reading>) -> Result<Game, String> {
    let Some(reading) = rules.filter(|reading| *reading != game.reading()) else {
        return Ok(game);
    };
    if !game.reading().is_default() {
        return Err(format!(
            "the game names the {} rules, but {RULES} asks for {reading}",
            game.reading()
        ));
    }
    let start = game
        .start()
        .with_reading(reading)
        .map_err(|error| format!("the start is not a position of the {reading} rules: {error}"))?;
    let mut again = Game::new(start);
    for (ply, mv) in game.moves().iter().enumerate() {
        again.play(mv).map_err(|error| {
            format!(
                "move {} `{}` by the {reading} rules: {error}",
                ply + 1,
                mv.coordinates()
            )
        })?;
    }
    // An end the board does not show (a resignation, a time-out, a draw agreed) is kept.
    if let (Some(outcome), None) = (game.outcome(), again.outcome()) {
        let _ = match outcome {
            Outcome::Win {
                winner,
                reason: WinReason::Time,
            } => again.lose_on_time(!winner).map(drop),
            Outcome::Win { winner, .. } => again.resign(!winner).map(drop),
            Outcome::Draw { .. } => again.agree_draw().map(drop),
        };
    }
    Ok(again)
}

/// One record, or one list of moves from the start (of the reading `rules`, 1963 without).
fn read_block(block: &str, rules: Option<Reading>) -> Result<Game, String> {
    if block.lines().any(|line| line.starts_with("start")) {
        return Game::from_record(block)
            .map_err(|error| error.to_string())
            .and_then(|game| by_rules(game, rules));
    }
    let mut game = Game::new(Position::start_of(rules.unwrap_or_default()));
    let words = block
        .split_whitespace()
        .filter(|word| !(*word == "moves" || is_move_number(word)));
    for (ply, word) in words.enumerate() {
        game.play_text(word)
            .map_err(|error| format!("move {} `{word}`: {error}", ply + 1))?;
    }
    Ok(game)
}

/// `12.` or `12...`.
fn is_move_number(word: &str) -> bool {
    let digits = word.trim_end_matches('.');
    digits.len() < word.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// The analysis as text: one line a move with its score after it, its mark and for a marked
/// move the best line instead; then the counts for each side.
pub fn annotate(game: &Game, analysis: &GameAnalysis) -> String {
    let mut text = String::new();
    if *game.start() != Position::start() {
        let _ = writeln!(text, "start {}", game.start().ufen());
    }
    let _ = writeln!(
        text,
        "{} moves, {} nodes a position; the score is for White after the move",
        game.moves().len(),
        analysis.nodes
    );
    for (ply, (mv, judged)) in game.moves().iter().zip(&analysis.moves).enumerate() {
        let Some(before) = game.position_at(ply) else {
            continue;
        };
        let number = before.fullmove_number();
        let numbered = match before.turn() {
            Color::White => format!("{number}."),
            Color::Black => format!("{number}..."),
        };
        let glyph = judged.judgement.map_or("", |j| j.glyph());
        let after = &analysis.positions[ply + 1];
        let _ = write!(
            text,
            "{numbered:>6} {:<16} {:>7}",
            format!("{}{glyph}", before.san(mv)),
            after.eval.text()
        );
        if let Some(judgement) = judged.judgement {
            let name = format!("{judgement:?}").to_lowercase();
            let drop = (analysis.positions[ply].win_chance - after.win_chance).abs();
            let _ = write!(text, "  {name} (win chance -{drop:.2})");
            if let Some(best) = analysis.positions[ply].lines.first() {
                let _ = write!(
                    text,
                    "; best {} ({})",
                    line_text(before, &best.moves),
                    best.eval.text()
                );
            }
        } else if judged.only_move {
            let _ = write!(text, "  the only good move");
        }
        text.push('\n');
    }
    if let Some(outcome) = game.outcome() {
        let _ = writeln!(text, "result: {outcome}");
    }
    for side in Color::ALL {
        let [inaccuracies, mistakes, blunders] = analysis.counts(side);
        let _ = writeln!(
            text,
            "{}: {inaccuracies} {}, {mistakes} {}, {blunders} {}",
            side.name(),
            plural(inaccuracies, "inaccuracy", "inaccuracies"),
            plural(mistakes, "mistake", "mistakes"),
            plural(blunders, "blunder", "blunders"),
        );
    }
    text
}

fn plural(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// A line of coordinate moves from `from`, in the people's notation.
fn line_text(from: &Position, moves: &[String]) -> String {
    let mut position = from.clone();
    let mut words = Vec::new();
    for text in moves.iter().take(6) {
        let Ok(mv) = position.parse_move(text) else {
            break;
        };
        words.push(position.san(&mv));
        position = position.play_unchecked(&mv);
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_alone_are_played_from_the_start_and_numbers_skipped() {
        let games = read_games_by("1. e2e4 e7e5\n2. d2d4\n", None).unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].moves().len(), 3);
    }

    #[test]
    fn records_separated_by_blank_lines_are_games_each() {
        let record = "start clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1\nmoves e2e5\nend black resigns\n";
        let games = read_games_by(&format!("{record}\n{record}"), None).unwrap();
        assert_eq!(games.len(), 2);
        assert!(games[1].outcome().is_some());
    }

    #[test]
    fn a_bad_move_is_named_with_its_number() {
        assert_eq!(
            read_games_by("e2e5 e2e5", None).map(|_| ()).unwrap_err(),
            "move 2 `e2e5`: there is no piece on e2"
        );
        let error = read_games_by("", None).map(|_| ()).unwrap_err();
        assert!(error.contains("empty"), "{error}");
        let error = read_games_by("{\"format\": 2}", None)
            .map(|_| ())
            .unwrap_err();
        assert!(error.starts_with("the saved game does not read"), "{error}");
    }
}
