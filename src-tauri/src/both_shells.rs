//! Both shells answer every command alike: one script of commands (a game between friends, one
//! against the bot, the course, the puzzles, the analysis, refusals and malformed calls) run
//! through the desktop's state (store file and SQLite) and through the browser's (run natively),
//! each answer compared as JSON, with game ids and times, which come from each machine's clock,
//! set aside.

use serde_json::{json, Value};

use crate::state::AppState;
use crate::tests::{folder, open};

/// What a call answered, as JSON: `{"ok": …}`, `{"error": …}` or `{"failure": …}`.
fn desktop(state: &AppState, command: &str, args: &Value) -> Value {
    serde_json::to_value(state.call(command, args)).expect("an answer encodes")
}

fn browser(core: &mut ultima_wasm::WebCore, command: &str, args: &Value) -> Value {
    serde_json::to_value(ultima_wasm::call(core, command, args)).expect("an answer encodes")
}

/// Game ids (`g<ms>-<n>`) and times come from each side's clock: they are set aside.
fn normalized(value: Value) -> Value {
    const TIMES: [&str; 6] = [
        "createdAt",
        "endedAt",
        "at",
        "startedAt",
        "openedAt",
        "updatedAt",
    ];
    match value {
        Value::String(text) if is_game_id(&text) => json!("<game id>"),
        // The game as text names the day it began, by each side's clock.
        Value::String(text) if text.contains("[Date \"") => json!(text
            .lines()
            .filter(|line| !line.starts_with("[Date "))
            .collect::<Vec<_>>()
            .join("\n")),
        Value::Array(items) => Value::Array(items.into_iter().map(normalized).collect()),
        Value::Object(fields) => Value::Object(
            fields
                .into_iter()
                .map(|(key, value)| {
                    let value = if TIMES.contains(&key.as_str()) && value.is_number() {
                        json!("<time>")
                    } else {
                        normalized(value)
                    };
                    (key, value)
                })
                .collect(),
        ),
        other => other,
    }
}

fn is_game_id(text: &str) -> bool {
    text.strip_prefix('g')
        .and_then(|rest| rest.split_once('-'))
        .is_some_and(|(ms, n)| {
            !ms.is_empty()
                && ms.chars().all(|c| c.is_ascii_digit())
                && n.chars().all(|c| c.is_ascii_digit())
        })
}

/// The script's next arguments may name what an earlier answer gave (a game's id, a legal move).
struct Script {
    state: AppState,
    core: ultima_wasm::WebCore,
    calls: usize,
}

impl Script {
    /// Runs `command` on both shells and checks they agree; the desktop's answer (with its ids).
    fn run(&mut self, command: &str, args: Value, browser_args: Option<Value>) -> Value {
        self.calls += 1;
        let on_desktop = desktop(&self.state, command, &args);
        let in_browser = browser(
            &mut self.core,
            command,
            browser_args.as_ref().unwrap_or(&args),
        );
        assert_eq!(
            normalized(on_desktop.clone()),
            normalized(in_browser.clone()),
            "{command} {args}: the shells answer differently"
        );
        on_desktop
    }

    /// A command on a game: the game's id differs between the shells (each side's clock).
    fn on_game(&mut self, command: &str, ids: &(String, String), mut args: Value) -> Value {
        let mut browser_args = args.clone();
        args["gameId"] = json!(ids.0);
        browser_args["gameId"] = json!(ids.1);
        self.run(command, args, Some(browser_args))
    }

    fn new_game(&mut self, request: Value) -> ((String, String), Value) {
        let args = json!({ "request": request });
        let on_desktop = desktop(&self.state, "new_game", &args);
        let in_browser = browser(&mut self.core, "new_game", &args);
        assert_eq!(
            normalized(on_desktop.clone()),
            normalized(in_browser.clone())
        );
        let id = |answer: &Value| answer["ok"]["id"].as_str().expect("a game").to_string();
        ((id(&on_desktop), id(&in_browser)), on_desktop["ok"].clone())
    }
}

fn first_move(game: &Value) -> Value {
    let mv = &game["legalMoves"][0];
    json!({ "from": mv["from"], "to": mv["to"] })
}

#[test]
fn both_shells_answer_the_same_script_with_the_same_json() {
    let dir = folder("both-shells");
    let (core, _) = ultima_wasm::open_saved(None, None, Vec::new(), Vec::new(), Vec::new());
    let mut script = Script {
        state: open(&dir),
        core,
        calls: 0,
    };
    let startup = script.run("start_up", Value::Null, None);
    let mut settings = startup["ok"]["settings"].clone();
    settings["pieceSet"] = json!("chess");
    script.run("set_settings", json!({ "settings": settings }), None);

    // A game between friends: moves, a refusal, a draw offer declined, a take-back, resignation.
    let (ids, game) = script.new_game(json!({ "kind": "friend", "turnBoard": false }));
    let mv = first_move(&game);
    let after = script.on_game("play_move", &ids, mv.clone());
    assert_eq!(
        after["ok"]["plies"].as_array().map(Vec::len),
        Some(1),
        "{after}"
    );
    let refused = script.on_game("play_move", &ids, json!({ "from": "a1", "to": "h8" }));
    assert_eq!(refused["error"]["kind"], json!("illegalMove"), "{refused}");
    script.on_game("offer_draw", &ids, json!({}));
    script.on_game("answer_draw", &ids, json!({ "accept": false }));
    script.on_game("play_move", &ids, first_move(&after["ok"]));
    script.on_game("take_back", &ids, json!({}));
    script.on_game("answer_take_back", &ids, json!({ "accept": true }));
    script.on_game("board_at", &ids, json!({ "ply": 1 }));
    script.on_game("board_at", &ids, json!({ "ply": 40 }));
    script.on_game("game_eval_bar", &ids, json!({ "ply": 1 }));
    script.on_game("resign", &ids, json!({}));
    script.on_game("finished_game", &ids, json!({}));
    script.on_game("game_text", &ids, json!({}));
    let page = script.run(
        "finished_games",
        json!({ "before": null, "limit": 10 }),
        None,
    );
    assert_eq!(
        page["ok"]["games"].as_array().map(Vec::len),
        Some(1),
        "{page}"
    );
    script.on_game("stored_analysis", &ids, json!({}));
    let line = format!(
        "{}{}",
        mv["from"].as_str().unwrap_or(""),
        mv["to"].as_str().unwrap_or("")
    );
    script.on_game(
        "analysis_line_boards",
        &ids,
        json!({ "ply": 0, "moves": [line] }),
    );
    script.on_game("rematch", &ids, json!({}));

    // Against the bot (the UI does not watch: the bot's move is not asked for here).
    let (ids, game) =
        script.new_game(json!({ "kind": "bot", "level": "novice", "playerSide": "white" }));
    script.on_game("play_move", &ids, first_move(&game));
    script.on_game("open_game", &ids, json!({}));
    script.on_game("leave_game", &ids, json!({}));
    script.on_game("game_hint", &ids, json!({}));
    script.on_game("offer_draw", &ids, json!({}));

    // The course.
    script.run("course_map", Value::Null, None);
    script.run("open_task", json!({ "taskId": "withdrawer-3" }), None);
    script.run("task_hint", json!({ "taskId": "withdrawer-3" }), None);
    script.run(
        "task_move",
        json!({ "taskId": "withdrawer-3", "from": "a1", "to": "a2" }),
        None,
    );
    script.run(
        "task_move",
        json!({ "taskId": "withdrawer-3", "from": "d4", "to": "f6" }),
        None,
    );
    let solved = script.run(
        "task_move",
        json!({ "taskId": "withdrawer-3", "from": "f6", "to": "d6" }),
        None,
    );
    assert_eq!(solved["ok"]["step"]["kind"], json!("solved"), "{solved}");
    script.run("task_retry", json!({ "taskId": "withdrawer-3" }), None);
    script.run(
        "task_quiz",
        json!({ "taskId": "withdrawer-3", "squares": ["c3"] }),
        None,
    );
    script.run("open_task", json!({ "taskId": "no-such-task" }), None);
    script.run("reset_course", Value::Null, None);

    // The puzzles (a puzzle named, not drawn: the draw takes each side's chance).
    script.run("puzzle_rating", Value::Null, None);
    script.run("puzzle_open", Value::Null, None);
    let puzzles = ultima_puzzles::collection().expect("the shipped puzzles");
    let id = json!(puzzles.first().expect("a shipped puzzle").id);
    let replay = script.run("puzzle_replay", json!({ "puzzleId": id }), None);
    assert_eq!(replay["ok"]["id"], id, "{replay}");
    script.run("puzzle_hint", json!({ "puzzleId": id }), None);
    script.run(
        "puzzle_move",
        json!({ "puzzleId": id, "from": "a1", "to": "a1" }),
        None,
    );
    script.run("puzzle_solution", json!({ "puzzleId": id }), None);
    script.run("puzzle_leave", Value::Null, None);
    script.run(
        "puzzle_history",
        json!({ "before": null, "limit": 5 }),
        None,
    );
    // The dashboard of the attempt just filed (the streak's next puzzle is drawn, as the next).
    let dashboard = script.run("puzzle_dashboard", json!({ "days": 7 }), None);
    assert_eq!(dashboard["ok"]["all"]["tried"], json!(1), "{dashboard}");
    script.run("puzzle_dashboard", json!({ "days": 0 }), None);
    let themes = script.run("puzzle_themes", Value::Null, None);
    assert!(
        themes["ok"].as_array().is_some_and(|all| all
            .iter()
            .any(|t| t["theme"] == "pinch" && t["puzzles"].as_u64() > Some(0))),
        "{themes}"
    );
    // The trainer's choice, saved: the status gives it back; a theme no puzzle carries is refused.
    let chosen = json!({ "mode": "streak", "difficulty": "harder", "theme": "pinch" });
    let choose = script.run("puzzle_choose", json!({ "choice": chosen }), None);
    assert_eq!(choose["ok"], chosen, "{choose}");
    let status = script.run("puzzle_rating", Value::Null, None);
    assert_eq!(status["ok"]["choice"], chosen, "{status}");
    let refused = script.run(
        "puzzle_choose",
        json!({ "choice": { "mode": "rated", "difficulty": "normal", "theme": "no-such-theme" } }),
        None,
    );
    assert_eq!(
        refused["error"]["problem"]["code"],
        json!("unknownTheme"),
        "{refused}"
    );

    // Malformed calls are refused alike.
    let unknown = script.run("no_such_command", json!({}), None);
    assert!(unknown["failure"].is_string(), "{unknown}");
    let malformed = script.run("play_move", json!({ "gameId": 3 }), None);
    assert!(malformed["failure"].is_string(), "{malformed}");
    script.run("board_at", json!({ "gameId": "nothing", "ply": -1 }), None);

    assert!(
        script.calls >= ultima_core::COMMANDS.len(),
        "{} calls for {} commands",
        script.calls,
        ultima_core::COMMANDS.len()
    );
}

/// What a profile saved by an earlier version holds (its `expected` ids), checked through a
/// shell's calls: the settings, the game in progress, the finished game and its analysis, the
/// solved task and the task open, the puzzle attempted and the puzzle open.
fn check_profile(expected: &Value, call: &mut dyn FnMut(&str, Value) -> Value) {
    let ok = |answer: Value| -> Value {
        assert!(answer.get("ok").is_some(), "{answer}");
        answer["ok"].clone()
    };
    let startup = ok(call("start_up", Value::Null));
    assert_eq!(startup["notices"], json!([]), "nothing to tell: {startup}");
    let settings = &startup["settings"];
    assert_eq!(settings["pieceSet"], json!("chess"));
    assert_eq!(settings["boardTheme"], json!("green"));
    assert_eq!(settings["sound"], json!(false));
    assert_eq!(settings["animation"], json!("slow"));
    assert_eq!(settings["defaultLevel"], json!("casual"));
    assert_eq!(settings["showEvalBar"], json!(true));
    assert_eq!(startup["current"]["id"], expected["currentGame"]);
    assert_eq!(
        startup["current"]["plies"].as_array().map(Vec::len),
        Some(1)
    );
    let finished = &expected["finishedGame"];
    assert_eq!(
        startup["finished"]["games"][0]["id"], *finished,
        "{startup}"
    );
    let game = ok(call("finished_game", json!({ "gameId": finished })));
    assert_eq!(game["plies"].as_array().map(Vec::len), Some(2));
    let analysis = ok(call("stored_analysis", json!({ "gameId": finished })));
    assert_eq!(
        analysis["positions"].as_array().map(Vec::len),
        Some(3),
        "{analysis}"
    );
    assert_eq!(startup["course"]["solved"], json!(1));
    assert_eq!(startup["course"]["current"], expected["openTask"]);
    let map = ok(call("course_map", Value::Null));
    let solved = map["chapters"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|chapter| chapter["tasks"].as_array().cloned().unwrap_or_default())
        .find(|task| task["id"] == expected["solvedTask"])
        .expect("the solved task on the map");
    assert!(solved["stars"].as_u64().unwrap_or(0) > 0, "{solved}");
    let open_puzzle = ok(call("puzzle_open", Value::Null));
    assert_eq!(open_puzzle["id"], expected["openPuzzle"]);
    let history = ok(call(
        "puzzle_history",
        json!({ "before": null, "limit": 10 }),
    ));
    assert_eq!(
        history["attempts"][0]["puzzleId"], expected["attemptedPuzzle"],
        "{history}"
    );
    assert_eq!(history["unreadable"], json!(0));
}

#[test]
fn a_desktop_profile_saved_by_the_previous_version_opens_with_everything() {
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/profile-668a470");
    let dir = folder("profile-668a470");
    for file in ["ultima.json", "ultima.json.bak", "history.sqlite3"] {
        std::fs::copy(fixture.join(file), dir.join(file)).expect("copy the fixture");
    }
    let expected: Value = serde_json::from_slice(
        &std::fs::read(fixture.join("expected.json")).expect("the fixture's expectations"),
    )
    .expect("JSON");
    let state = open(&dir);
    check_profile(&expected, &mut |command, args| {
        desktop(&state, command, &args)
    });
    // Reopened after it was opened (and saved) by this version: the same.
    drop(state);
    let state = open(&dir);
    check_profile(&expected, &mut |command, args| {
        desktop(&state, command, &args)
    });
}

#[test]
fn a_browser_profile_saved_by_the_previous_version_opens_with_everything() {
    let profile: Value = serde_json::from_str(include_str!(
        "../../crates/ultima-wasm/tests/data/profile-668a470.json"
    ))
    .expect("the fixture is JSON");
    let records = |store: &str| -> Vec<ultima_wasm::Record<String>> {
        profile[store]
            .as_array()
            .into_iter()
            .flatten()
            .map(|record| ultima_wasm::Record {
                key: record["key"].as_str().unwrap_or_default().to_string(),
                value: record["value"].clone(),
            })
            .collect()
    };
    let attempts = profile["attempts"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|record| ultima_wasm::Record {
            key: record["key"].as_u64().unwrap_or_default() as u32,
            value: record["value"].clone(),
        })
        .collect();
    let (mut core, used) = ultima_wasm::open_saved(
        profile["current"].as_str(),
        None,
        records("games"),
        attempts,
        records("analyses"),
    );
    assert_eq!(used, ultima_wasm::Used::Current);
    check_profile(&profile["expected"], &mut |command, args| {
        browser(&mut core, command, &args)
    });
}
