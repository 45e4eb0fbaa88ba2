//! The app's state end to end, on real save files in a temporary folder: today's release's
//! save migrated, a newer one refused, damaged entries cut to what reads, the finished games
//! moved into SQLite once, and the bot's turn driven and pushed by Rust.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{json, Value};
use ultima_bot::Level;
use ultima_rules::Color;

use crate::events::GameEvent;
use crate::state::AppState;
use ultima_app_state::games::Startup;
use ultima_app_state::notice::Notice;
use ultima_app_state::settings::{AnimationSpeed, BoardTheme, Language, PieceSet, Settings};
use ultima_game::wire::{GameView, NewGame, Opponent, SideChoice};
use ultima_native::{FileStore, KeyValue};

/// A save file written by release 0.1 (version 1): settings, a game in progress against the
/// bot, and two finished games (one resigned, one drawn by agreement).
const RELEASE_1_SAVE: &str = include_str!("../tests/data/ultima-v1.json");

pub(crate) fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ultima-app-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

pub(crate) fn with_save(name: &str, save: &Value) -> PathBuf {
    let dir = folder(name);
    std::fs::write(dir.join("ultima.json"), save.to_string()).expect("write the save");
    dir
}

fn release_1_save() -> Value {
    serde_json::from_str(RELEASE_1_SAVE).expect("the fixture is JSON")
}

pub(crate) fn open(dir: &Path) -> AppState {
    AppState::open(dir, |path| {
        Ok(Box::new(FileStore::load(path)) as Box<dyn KeyValue>)
    })
}

pub(crate) fn on_disk(dir: &Path) -> Value {
    let bytes = std::fs::read(dir.join("ultima.json")).expect("the save file");
    serde_json::from_slice(&bytes).expect("the save file is JSON")
}

#[test]
fn a_save_from_release_1_is_migrated_and_its_finished_games_move_into_sqlite() {
    let dir = with_save("migrate", &release_1_save());
    let state = open(&dir);
    let startup = state.start_up().expect("starts");
    assert_eq!(startup.notices, Vec::<Notice>::new());
    assert!(!startup.read_only);
    assert_eq!(
        startup.settings,
        Settings {
            piece_set: PieceSet::Chess,
            board_theme: BoardTheme::Blue,
            sound: false,
            show_legal_moves: true,
            show_coordinates: false,
            animation: AnimationSpeed::Fast,
            default_level: Level::Beginner,
            // Not in that save: off, as for every player who did not choose it.
            show_eval_bar: false,
            language: Language::System,
        }
    );
    let current = startup.current.expect("the game in progress");
    assert_eq!(current.id, "g1796115425445-2");
    assert_eq!(current.plies.len(), 3);
    assert_eq!(
        current.opponent,
        Opponent::Bot {
            level: Level::Casual,
            bot_side: Color::White
        }
    );
    let listed: Vec<(String, u32)> = startup
        .finished
        .games
        .iter()
        .map(|game| (game.id.clone(), game.moves))
        .collect();
    assert_eq!(
        listed,
        vec![
            ("g1796115425321-1".to_string(), 2),
            ("g1796115425280-0".to_string(), 3)
        ],
        "newest first, with their lengths"
    );
    assert_eq!(startup.finished.next, None);
    let review = state
        .finished_game("g1796115425321-1")
        .expect("a finished game reads back");
    assert!(review.result.is_some());

    let file = on_disk(&dir);
    assert_eq!(file["version"], json!(2));
    assert!(
        file.get("finishedGames").is_none(),
        "they live in SQLite now"
    );
    assert!(dir.join("history.sqlite3").exists());
    assert!(file.get("currentGame").is_some());

    // The next start finds the same, nothing twice.
    drop(state);
    let again = open(&dir).start_up().expect("starts again");
    assert_eq!(again.finished.games.len(), 2);
    assert_eq!(again.current.map(|game| game.plies.len()), Some(3));
    assert!(again.notices.is_empty());
}

#[test]
fn a_crash_after_the_import_but_before_the_store_was_saved_imports_nothing_twice() {
    let dir = with_save("import-twice", &release_1_save());
    // The first start committed the games to SQLite, then was killed before the store was
    // saved: the store still holds `finishedGames`.
    let first = open(&dir);
    drop(first);
    std::fs::write(dir.join("ultima.json"), RELEASE_1_SAVE).expect("the old store again");
    let state = open(&dir);
    let startup = state.start_up().expect("starts");
    assert_eq!(startup.finished.games.len(), 2);
    assert!(on_disk(&dir).get("finishedGames").is_none());
}

#[test]
fn a_save_from_a_newer_version_is_refused_and_left_untouched() {
    let mut newer = release_1_save();
    newer["version"] = json!(3);
    newer["somethingNew"] = json!({"tables": [1, 2, 3]});
    let dir = with_save("newer", &newer);
    let before = std::fs::read(dir.join("ultima.json")).expect("read");
    let state = open(&dir);
    let startup = state.start_up().expect("starts");
    assert!(startup.read_only);
    assert_eq!(
        startup.notices,
        vec![Notice::SaveFromNewerVersion { version: 3 }]
    );
    assert_eq!(
        startup.settings,
        Settings::default(),
        "nothing of it is read"
    );
    assert!(startup.current.is_none());
    // The player can still play; nothing is written.
    let game = state
        .new_game(NewGame::Friend {
            turn_board: false,
            time_control: None,
            reading: ultima_rules::Reading::Abbott1963,
        })
        .expect("a game in memory");
    state.play_move(&game.id, "e2", "e5").expect("a move");
    state.resign(&game.id).expect("resigns");
    drop(state);
    assert_eq!(std::fs::read(dir.join("ultima.json")).ok(), Some(before));
    assert!(!dir.join("ultima.json.bak").exists());
    assert!(!dir.join("history.sqlite3").exists());
}

#[test]
fn one_bad_setting_takes_its_default_and_the_others_are_kept() {
    let mut save = release_1_save();
    save["settings"]["pieceSet"] = json!("marble");
    let dir = with_save("settings", &save);
    let startup = open(&dir).start_up().expect("starts");
    assert_eq!(
        startup.notices,
        vec![Notice::SettingsPartlyReset {
            fields: vec!["pieceSet".to_string()]
        }]
    );
    assert_eq!(startup.settings.piece_set, Settings::default().piece_set);
    assert_eq!(startup.settings.board_theme, BoardTheme::Blue, "kept");
    assert_eq!(startup.settings.default_level, Level::Beginner, "kept");
    let file = on_disk(&dir);
    assert_eq!(
        file["damaged-settings-1"]["pieceSet"],
        json!("marble"),
        "what did not read is kept aside"
    );
}

#[test]
fn a_game_whose_record_breaks_at_one_move_keeps_the_moves_before_it() {
    let mut save = release_1_save();
    // The fourth move is not legal (only a frozen piece may be removed).
    save["currentGame"]["record"] = json!(
        "start clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1\nmoves c2c5 a7a3 b2b6 d7d7\n"
    );
    let original = save["currentGame"].clone();
    let dir = with_save("cut-short", &save);
    let startup = open(&dir).start_up().expect("starts");
    assert_eq!(
        startup.notices,
        vec![Notice::GameCutShort {
            kept_moves: 3,
            total_moves: 4
        }]
    );
    let current = startup.current.expect("the game, cut short");
    assert_eq!(current.plies.len(), 3);
    let file = on_disk(&dir);
    assert_eq!(
        file["damaged-currentGame-1"], original,
        "the whole record kept aside"
    );
    assert_eq!(startup.finished.games.len(), 2, "the rest still migrated");
}

#[test]
fn a_damaged_finished_game_is_kept_aside_and_the_others_move() {
    let mut save = release_1_save();
    save["finishedGames"][1]["record"] = json!("start nonsense\n");
    let dir = with_save("finished-damaged", &save);
    let startup = open(&dir).start_up().expect("starts");
    assert_eq!(
        startup.notices,
        vec![Notice::FinishedGamesUnreadable { count: 1 }]
    );
    assert_eq!(startup.finished.games.len(), 1);
    let file = on_disk(&dir);
    assert_eq!(
        file["damaged-finishedGames-1"][0]["id"],
        json!("g1796115425280-0")
    );
}

#[test]
fn a_damaged_history_database_is_moved_aside_and_the_player_told() {
    let dir = folder("history-damaged");
    std::fs::write(
        dir.join("history.sqlite3"),
        b"this is not a database at all, it is text",
    )
    .expect("write");
    let startup = open(&dir).start_up().expect("starts");
    assert_eq!(startup.notices, vec![Notice::HistoryMovedAside]);
    assert!(
        dir.join("history.sqlite3.damaged-1").exists(),
        "kept, not deleted"
    );
}

fn watched(state: &AppState) -> mpsc::Receiver<GameEvent> {
    let (sender, receiver) = mpsc::channel();
    let sender = std::sync::Mutex::new(sender);
    state
        .watch(move |event| {
            if let Ok(sender) = sender.lock() {
                let _ = sender.send(event);
            }
        })
        .expect("the channel is registered");
    receiver
}

/// A new game against the novice bot, the player on `side`, without a clock.
fn novice_game(state: &AppState, side: SideChoice) -> GameView {
    state
        .new_game(NewGame::Bot {
            level: Level::Novice,
            player_side: side,
            time_control: None,
            reading: ultima_rules::Reading::Abbott1963,
        })
        .expect("a new game")
}

fn next_event(events: &mpsc::Receiver<GameEvent>) -> GameEvent {
    events
        .recv_timeout(Duration::from_secs(20))
        .expect("an event in time")
}

#[test]
fn rust_plays_the_bots_move_saves_it_and_pushes_it() {
    let dir = folder("bot");
    let state = open(&dir);
    let events = watched(&state);
    let game = novice_game(&state, SideChoice::Black);
    assert!(game.bot_to_move);
    assert_eq!(
        next_event(&events),
        GameEvent::BotThinking {
            game_id: game.id.clone()
        }
    );
    let GameEvent::Changed { game: moved } = next_event(&events) else {
        panic!("expected the bot's move");
    };
    assert_eq!(moved.plies.len(), 1);
    assert!(!moved.bot_to_move);
    let saved = on_disk(&dir);
    assert!(saved["currentGame"].to_string().contains(&moved.id));

    // The player's move: the answer shows it, the bot's reply follows on the channel.
    let mv = moved.legal_moves.first().expect("a legal move").clone();
    let after = state
        .play_move(&game.id, &mv.from, &mv.to)
        .expect("the player's move");
    assert_eq!(after.plies.len(), 2);
    assert!(after.bot_to_move);
    assert!(matches!(next_event(&events), GameEvent::BotThinking { .. }));
    let GameEvent::Changed { game: replied } = next_event(&events) else {
        panic!("expected the bot's reply");
    };
    assert_eq!(replied.plies.len(), 3);
}

#[test]
fn a_take_back_while_the_bot_thinks_stops_it_and_nothing_is_pushed() {
    let dir = folder("bot-cancel");
    let state = open(&dir);
    let events = watched(&state);
    let game = novice_game(&state, SideChoice::White);
    let mv = game.legal_moves.first().expect("a legal move").clone();
    state.play_move(&game.id, &mv.from, &mv.to).expect("a move");
    assert!(matches!(next_event(&events), GameEvent::BotThinking { .. }));
    // Within the minimum thinking time, so the bot has not moved yet.
    let back = state.take_back(&game.id).expect("taken back");
    assert!(back.plies.is_empty());
    assert!(
        events.recv_timeout(Duration::from_millis(800)).is_err(),
        "a stopped search says nothing"
    );
    assert!(state.current_plies().is_some_and(|plies| plies == 0));
}

#[test]
fn a_finished_game_is_filed_once_and_listed_without_replaying() {
    let dir = folder("filed");
    let state = open(&dir);
    let game = state
        .new_game(NewGame::Friend {
            turn_board: false,
            time_control: None,
            reading: ultima_rules::Reading::Abbott1963,
        })
        .expect("a game");
    state.play_move(&game.id, "e2", "e5").expect("a move");
    let over = state.resign(&game.id).expect("resigns");
    assert!(over.result.is_some());
    let page = state.finished_games(None, 10u32).expect("the list");
    assert_eq!(page.games.len(), 1);
    assert_eq!(page.games[0].moves, 1);
    let again = state.rematch(&game.id).expect("a rematch");
    assert_ne!(again.id, game.id);
    let page = state.finished_games(None, 10u32).expect("the list");
    assert_eq!(page.games.len(), 1, "filed once");
    let board = state
        .board_at(&game.id, 1u32)
        .expect("the finished game's board");
    assert_eq!(board.ply, 1);
    drop(state);
    let startup = open(&dir).start_up().expect("starts again");
    assert_eq!(startup.finished.games.len(), 1);
    assert_eq!(startup.current.map(|g| g.id), Some(again.id));
}

#[test]
fn pages_of_finished_games_follow_each_other() {
    let dir = folder("pages");
    let state = open(&dir);
    let mut ids = Vec::new();
    for _ in 0..5 {
        let game = state
            .new_game(NewGame::Friend {
                turn_board: false,
                time_control: None,
                reading: ultima_rules::Reading::Abbott1963,
            })
            .expect("a game");
        state.resign(&game.id).expect("resigns");
        ids.push(game.id);
        std::thread::sleep(Duration::from_millis(2));
    }
    let first = state.finished_games(None, 3u32).expect("page 1");
    assert_eq!(first.games.len(), 3);
    let second = state
        .finished_games(first.next.clone(), 3u32)
        .expect("page 2");
    assert_eq!(second.games.len(), 2);
    assert_eq!(second.next, None);
    let mut listed: Vec<String> = first
        .games
        .iter()
        .chain(&second.games)
        .map(|g| g.id.clone())
        .collect();
    listed.reverse();
    assert_eq!(listed, ids, "newest first, each once");
}

#[test]
fn without_a_history_file_the_old_finished_games_stay_in_the_store() {
    let dir = with_save("history-unavailable", &release_1_save());
    // A folder where the database file should be: SQLite cannot open it, nor is it damaged.
    std::fs::create_dir_all(dir.join("history.sqlite3")).expect("a folder in the way");
    let state = open(&dir);
    let startup = state.start_up().expect("starts");
    assert_eq!(startup.notices, vec![Notice::HistoryUnavailable]);
    assert_eq!(startup.finished.games.len(), 2, "listed from memory");
    drop(state);
    let file = on_disk(&dir);
    assert_eq!(
        file["finishedGames"].as_array().map(Vec::len),
        Some(2),
        "not dropped from the store"
    );
}

#[test]
fn a_clock_that_runs_out_ends_the_game_on_time_and_is_pushed() {
    let dir = folder("clock");
    let state = open(&dir);
    let events = watched(&state);
    let game = state
        .new_game(NewGame::Friend {
            turn_board: false,
            time_control: Some(ultima_game::TimeControl {
                base_ms: 300,
                increment_ms: 0,
            }),
            reading: ultima_rules::Reading::Abbott1963,
        })
        .expect("a timed game");
    state.play_move(&game.id, "e2", "e5").expect("white");
    state
        .play_move(&game.id, "d7", "d4")
        .expect("black: the clock starts");
    let GameEvent::Changed { game: flagged } = next_event(&events) else {
        panic!("expected the loss on time");
    };
    assert_eq!(
        flagged.result,
        Some(ultima_rules::Outcome::Win {
            winner: Color::Black,
            reason: ultima_rules::WinReason::Time
        })
    );
    let page = state.finished_games(None, 10u32).expect("the list");
    assert_eq!(page.games.len(), 1, "filed");
}

#[test]
fn a_refused_take_back_while_the_bot_thinks_lets_it_go_on() {
    let dir = folder("bot-refused");
    let state = open(&dir);
    let events = watched(&state);
    let game = novice_game(&state, SideChoice::Black);
    assert!(matches!(next_event(&events), GameEvent::BotThinking { .. }));
    let refused = state
        .take_back(&game.id)
        .expect_err("the player has not moved");
    assert_eq!(
        refused.problem,
        crate::error::GameProblem::NothingToTakeBack
    );
    assert!(matches!(next_event(&events), GameEvent::BotThinking { .. }));
    let GameEvent::Changed { game: moved } = next_event(&events) else {
        panic!("expected the bot's move");
    };
    assert_eq!(moved.plies.len(), 1);
}

#[test]
fn leaving_stops_the_bot_and_opening_the_game_again_resumes_it() {
    let dir = folder("bot-leave");
    let state = open(&dir);
    let events = watched(&state);
    let game = novice_game(&state, SideChoice::Black);
    assert!(matches!(next_event(&events), GameEvent::BotThinking { .. }));
    state.leave_game(&game.id).expect("left");
    assert!(
        events.recv_timeout(Duration::from_millis(800)).is_err(),
        "a stopped search says nothing"
    );
    let shown = state.open_game(&game.id).expect("the game again");
    assert!(shown.bot_to_move);
    assert!(matches!(next_event(&events), GameEvent::BotThinking { .. }));
    assert!(matches!(next_event(&events), GameEvent::Changed { .. }));
}

/// The child's loop: game after game, each one move long and resigned, saved and filed as the
/// app does, until it is killed.
fn player_child(dir: &Path) -> ! {
    let state = open(dir);
    loop {
        let Ok(game) = state.new_game(NewGame::Friend {
            turn_board: false,
            time_control: None,
            reading: ultima_rules::Reading::Abbott1963,
        }) else {
            continue;
        };
        let _ = state.play_move(&game.id, "e2", "e5");
        let _ = state.resign(&game.id);
    }
}

fn finished_count(state: &AppState) -> usize {
    let mut count = 0;
    let mut before = None;
    loop {
        let page = state
            .finished_games(before.clone(), 500u32)
            .expect("the list reads");
        assert_eq!(page.unreadable, 0, "no damaged rows");
        count += page.games.len();
        match page.next {
            Some(next) => before = Some(next),
            None => return count,
        }
    }
}

/// Runs this test binary on `test` alone, with `var` naming `dir`, kills it (as `kill -9` does)
/// after a moment that varies with `round`, then opens the app on what it left; the start-up
/// must bring no notice but a restore from the backup. `who` names the child in failures.
pub(crate) fn kill_and_reopen(
    test: &str,
    var: &str,
    dir: &Path,
    round: u64,
    who: &str,
) -> (AppState, Startup) {
    let exe = std::env::current_exe().expect("the test binary");
    let mut child = std::process::Command::new(&exe)
        .args([test, "--exact"])
        .env(var, dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap_or_else(|error| panic!("start the {who}: {error:?}"));
    std::thread::sleep(Duration::from_millis(150 + (round * 37) % 120));
    child
        .kill()
        .unwrap_or_else(|error| panic!("kill -9 the {who}: {error:?}"));
    let _ = child.wait();
    let state = open(dir);
    let startup = state.start_up().expect("opens after the kill");
    assert!(
        startup.notices.iter().all(|notice| matches!(
            notice,
            Notice::RestoredFromBackup | Notice::RestoredMissingFromBackup
        )),
        "round {round}: {:?}",
        startup.notices
    );
    (state, startup)
}

/// Kills a process that plays, saves and files games without pause, at random moments, 20
/// times: after each kill the app opens without losing a finished game, and a game that had
/// ended in the store is filed.
#[test]
fn killing_the_app_while_it_saves_and_files_games_loses_none() {
    if let Some(dir) = std::env::var_os("ULTIMA_PLAYER_CHILD") {
        player_child(Path::new(&dir));
    }
    let dir = folder("kill-app");
    let mut last = 0;
    for round in 0u64..20 {
        let (state, startup) = kill_and_reopen(
            "tests::killing_the_app_while_it_saves_and_files_games_loses_none",
            "ULTIMA_PLAYER_CHILD",
            &dir,
            round,
            "player",
        );
        let count = finished_count(&state);
        assert!(
            count >= last,
            "round {round}: finished games went from {last} to {count}"
        );
        if let Some(current) = &startup.current {
            if current.result.is_some() {
                assert!(
                    state.finished_game(&current.id).is_ok(),
                    "round {round}: the ended game is filed"
                );
            }
        }
        last = count;
    }
    assert!(last > 0, "the player never finished a game");
    println!("20 kills: {last} finished games kept");
}

#[test]
fn at_start_up_the_bot_moves_once_the_ui_watches() {
    let mut save = release_1_save();
    // Two moves played: the bot (white) is to move.
    save["currentGame"]["record"] =
        json!("start clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1\nmoves c2c5 a7a3\n");
    let dir = with_save("bot-at-start", &save);
    let state = open(&dir);
    let startup = state.start_up().expect("starts");
    let current = startup.current.expect("the game in progress");
    assert!(current.bot_to_move);
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(
        state.current_plies(),
        Some(2),
        "nothing moves before the UI watches"
    );
    let events = watched(&state);
    assert_eq!(
        next_event(&events),
        GameEvent::BotThinking {
            game_id: current.id.clone()
        }
    );
    let GameEvent::Changed { game } = next_event(&events) else {
        panic!("expected the bot's move");
    };
    assert_eq!(game.plies.len(), 3);
    assert!(game.revision > current.revision);
}
