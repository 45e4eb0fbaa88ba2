//! The game as text, to copy and share: a header of tag pairs as PGN writes them, then the
//! moves in the people's notation (`Pe2-e6xd6xf6+`, as the move list shows them), numbered as
//! in a chess score, and the result. Every value is a code or a number (`"Bot (novice)"`,
//! `"resignation"`, `"1-0"`): no sentence a player reads is written here, so the text is the
//! same in every language of the app. A game by another reading of the rules than Abbott's 1963
//! names it after the event, as PGN names a chess variant: `[Variant "cambridge"]`.
//!
//! ```text
//! [Event "Ultima"]
//! [Date "2026.12.06"]
//! [White "Player"]
//! [Black "Bot (novice)"]
//! [TimeControl "-"]
//! [Result "0-1"]
//! [Termination "resignation"]
//!
//! 1. Pe2-e4 Pd7-d5 0-1
//! ```

use std::fmt::Write as _;

use serde::Serialize;
use ultima_rules::{Color, Outcome};

use crate::clock::TimeControl;
use crate::session::Session;
use crate::wire::Opponent;

/// Lines of moves are cut before they pass this width, as PGN files are.
const WIDTH: usize = 80;

impl Session {
    /// The game as text (see the module's documentation): in progress (its result `*`) or
    /// finished.
    pub fn text(&self) -> String {
        let game = self.game();
        let outcome = game.outcome();
        let mut text = String::new();
        let mut tag = |name: &str, value: &str| {
            // A value never holds a quote or a backslash (codes and numbers), but escape them
            // as PGN does all the same.
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(text, "[{name} \"{value}\"]");
        };
        tag("Event", "Ultima");
        if !self.reading().is_default() {
            // As PGN names a chess variant: the rules' name (`cambridge`), which fixes the start.
            tag("Variant", self.reading().name());
        }
        tag("Date", &date(self.created_at()));
        tag("White", &seat_name(self.opponent(), Color::White));
        tag("Black", &seat_name(self.opponent(), Color::Black));
        tag("TimeControl", &time_control(self.time_control()));
        tag("Result", result(outcome));
        if let Some(outcome) = outcome {
            tag("Termination", &termination(outcome));
        }
        text.push('\n');

        let mut tokens = Vec::new();
        let first_black = game.start().turn() == Color::Black;
        let sans = game.san_moves();
        for (ply, san) in sans.iter().enumerate() {
            // As the move list numbers them: a game that starts with Black opens "1... move".
            let at = ply + usize::from(first_black);
            if at % 2 == 0 {
                tokens.push(format!("{}.", at / 2 + 1));
            } else if ply == 0 {
                tokens.push("1...".to_string());
            }
            tokens.push(san.clone());
        }
        tokens.push(result(outcome).to_string());
        let mut line = String::new();
        for token in tokens {
            if !line.is_empty() && line.len() + 1 + token.len() > WIDTH {
                text.push_str(&line);
                text.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        text.push_str(&line);
        text.push('\n');
        text
    }
}

/// Who plays `side`, as a code: `Player` (this device's player), `Bot (novice)`, `Opponent`
/// (online). Between friends on one device both sides are this device's players.
fn seat_name(opponent: Opponent, side: Color) -> String {
    match opponent {
        Opponent::Bot { level, bot_side } if bot_side == side => format!("Bot ({})", level.name()),
        Opponent::Online { player_side } if player_side != side => "Opponent".to_string(),
        Opponent::Bot { .. } | Opponent::Online { .. } | Opponent::Friend { .. } => {
            "Player".to_string()
        }
    }
}

/// PGN's result: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
fn result(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::Win {
            winner: Color::White,
            ..
        }) => "1-0",
        Some(Outcome::Win {
            winner: Color::Black,
            ..
        }) => "0-1",
        Some(Outcome::Draw { .. }) => "1/2-1/2",
        None => "*",
    }
}

/// How the game ended, as the record's code of the reason (`checkmate`, `resignation`,
/// `agreement`, … as the UI receives them).
fn termination(outcome: Outcome) -> String {
    let code = match outcome {
        Outcome::Win { reason, .. } => code(reason),
        Outcome::Draw { reason } => code(reason),
    };
    code.unwrap_or_default()
}

fn code(reason: impl Serialize) -> Option<String> {
    match serde_json::to_value(reason) {
        Ok(serde_json::Value::String(code)) => Some(code),
        _ => None,
    }
}

/// PGN's time control: base seconds `+` increment seconds (`300+5`), `-` without a clock.
fn time_control(control: Option<TimeControl>) -> String {
    match control {
        Some(control) => format!(
            "{}+{}",
            f64::from(control.base_ms) / 1000.0,
            f64::from(control.increment_ms) / 1000.0
        ),
        None => "-".to_string(),
    }
}

/// The day of `ms` (milliseconds since 1970) in UTC, as PGN writes dates: `2026.12.06`.
fn date(ms: f64) -> String {
    let days = (ms / 86_400_000.0).floor();
    if !days.is_finite() || days.abs() > 1e9 {
        return "????.??.??".to_string();
    }
    // Howard Hinnant's `civil_from_days`: the proleptic Gregorian calendar from 1970-01-01.
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use ultima_level::Level;
    use ultima_rules::{Color, Game, Position};

    use super::*;
    use crate::wire::{NewGame, SideChoice};

    /// 2026-12-06 12:00 UTC, in milliseconds since 1970.
    const NOON: f64 = 1_796_558_400_000.0;

    fn friend_game(now: f64) -> Session {
        Session::new(
            NewGame::Friend {
                turn_board: false,
                time_control: None,
                reading: ultima_rules::Reading::Abbott1963,
            },
            "g".into(),
            now,
            true,
        )
    }

    fn play(session: &mut Session, moves: &[&str]) {
        for mv in moves {
            let seat = session.game().position().turn();
            let (from, to) = mv.split_at(2);
            session.play(seat, from, to, NOON).expect("a legal move");
        }
    }

    #[test]
    fn a_short_game_against_the_bot_resigned_is_numbered_like_a_chess_score() {
        let mut session = Session::new(
            NewGame::Bot {
                level: Level::Novice,
                player_side: SideChoice::White,
                time_control: None,
                reading: ultima_rules::Reading::Abbott1963,
            },
            "g1".into(),
            NOON,
            true,
        );
        session.play(Color::White, "a2", "a3", NOON).expect("legal");
        let reply = session
            .game()
            .position()
            .parse_coordinates("b7b3")
            .expect("legal");
        session.play_bot(&reply, NOON).expect("the bot's move");
        // The pawn on c3 pinches the one on b3 against a3.
        session.play(Color::White, "c2", "c3", NOON).expect("legal");
        session
            .resign(Color::White, NOON)
            .expect("the player resigns");
        assert_eq!(
            session.text(),
            "[Event \"Ultima\"]\n\
             [Date \"2026.12.06\"]\n\
             [White \"Player\"]\n\
             [Black \"Bot (novice)\"]\n\
             [TimeControl \"-\"]\n\
             [Result \"0-1\"]\n\
             [Termination \"resignation\"]\n\
             \n\
             1. Pa2-a3 Pb7-b3 2. Pc2-c3xb3 0-1\n"
        );
    }

    #[test]
    fn a_game_of_another_reading_names_it_as_a_variant() {
        let mut session = Session::new(
            NewGame::Friend {
                turn_board: false,
                time_control: None,
                reading: ultima_rules::Reading::Zillions,
            },
            "g".into(),
            NOON,
            true,
        );
        play(&mut session, &["e2e4"]);
        let text = session.text();
        assert!(
            text.starts_with("[Event \"Ultima\"]\n[Variant \"zillions\"]\n[Date \"2026.12.06\"]\n"),
            "{text}"
        );
        assert!(!friend_game(NOON).text().contains("Variant"));
    }

    #[test]
    fn a_game_that_starts_with_black_opens_with_an_ellipsis() {
        let mut session = friend_game(NOON);
        let ufen = Position::start().ufen().replace(" w ", " b ");
        session.game = Game::new(Position::from_ufen(&ufen).expect("a position"));
        play(&mut session, &["e7e5", "e2e4", "d7d5"]);
        assert!(
            session
                .text()
                .ends_with("\n1... Pe7-e5 2. Pe2-e4 Pd7-d5 *\n"),
            "{}",
            session.text()
        );
    }

    #[test]
    fn a_game_in_progress_between_friends_has_no_result_yet() {
        let mut session = Session::new(
            NewGame::Friend {
                turn_board: true,
                time_control: Some(TimeControl {
                    base_ms: 300_000,
                    increment_ms: 2_500,
                }),
                reading: ultima_rules::Reading::Abbott1963,
            },
            "g2".into(),
            0.0,
            true,
        );
        play(&mut session, &["e2e4"]);
        let text = session.text();
        assert!(text.starts_with("[Event \"Ultima\"]\n[Date \"1970.01.01\"]\n[White \"Player\"]\n[Black \"Player\"]\n[TimeControl \"300+2.5\"]\n[Result \"*\"]\n\n"), "{text}");
        assert!(!text.contains("Termination"), "{text}");
        assert!(text.ends_with("\n1. Pe2-e4 *\n"), "{text}");
    }

    #[test]
    fn a_draw_agreed_is_half_a_point_each() {
        let mut session = friend_game(NOON);
        play(&mut session, &["d2d4", "e7e5", "d4d5", "e5e4"]);
        let seat = session.game().position().turn();
        session.offer_draw(seat, NOON).expect("an offer");
        session.answer_draw(!seat, true, NOON).expect("accepted");
        let text = session.text();
        assert!(
            text.contains("[Result \"1/2-1/2\"]\n[Termination \"agreement\"]\n"),
            "{text}"
        );
        assert!(
            text.ends_with("1. Pd2-d4 Pe7-e5 2. Pd4-d5 Pe5-e4 1/2-1/2\n"),
            "{text}"
        );
        assert_eq!(text.lines().filter(|line| line.len() > WIDTH).count(), 0);
    }

    #[test]
    fn a_long_game_is_cut_into_lines_of_at_most_eighty_characters() {
        let mut session = friend_game(NOON);
        // Every pawn one step forward, White's and Black's in turn.
        let moves: Vec<String> = "abcdefgh"
            .chars()
            .flat_map(|file| [format!("{file}2{file}3"), format!("{file}7{file}6")])
            .collect();
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        play(&mut session, &moves);
        let text = session.text();
        let movetext: Vec<&str> = text.split("\n\n").nth(1).expect("moves").lines().collect();
        assert!(movetext.len() > 1, "{text}");
        assert!(movetext.iter().all(|line| line.len() <= WIDTH), "{text}");
        assert_eq!(
            movetext.join(" "),
            "1. Pa2-a3 Pa7-a6 2. Pb2-b3 Pb7-b6 3. Pc2-c3 Pc7-c6 4. Pd2-d3 Pd7-d6 \
             5. Pe2-e3 Pe7-e6 6. Pf2-f3 Pf7-f6 7. Pg2-g3 Pg7-g6 8. Ph2-h3 Ph7-h6 *"
        );
    }

    #[test]
    fn dates_are_the_utc_day_of_the_start() {
        assert_eq!(date(0.0), "1970.01.01");
        assert_eq!(date(NOON), "2026.12.06");
        assert_eq!(date(951_782_400_000.0), "2000.02.29");
        assert_eq!(date(-1.0), "1969.12.31");
        assert_eq!(date(f64::NAN), "????.??.??");
    }
}
