//! The browser's backend run natively, through its commands by name with JSON arguments, as the
//! page calls them: a game against the Novice with the bot's job thought out and played, the
//! saved record reopened (also when the record in use is damaged), a finished game filed and
//! listed, the course's task reopened, refusals as the app's errors.

use serde_json::{json, Value};

use crate::finished::{Finished, Record, Write};
use crate::store;
use crate::web::{self, call, Answer, WebCore as AppState};
use ultima_core::Answer as CoreAnswer;

fn open(
    current: Option<&str>,
    previous: Option<&str>,
    games: Vec<Record<String>>,
) -> (AppState, store::Used) {
    let (store, loaded, used) = store::open(current, previous);
    (
        web::open(store, loaded, Finished::load(games, Vec::new(), Vec::new())),
        used,
    )
}

fn fresh() -> AppState {
    open(None, None, Vec::new()).0
}

fn ok(state: &mut AppState, command: &str, args: Value) -> Value {
    match call(state, command, &args) {
        Answer::Core(CoreAnswer::Ok(value)) => value,
        other => panic!("{command} {args}: {other:?}"),
    }
}

fn error_code(state: &mut AppState, command: &str, args: Value) -> (String, String) {
    match call(state, command, &args) {
        Answer::Core(CoreAnswer::Error(error)) => {
            let error = serde_json::to_value(error).expect("an error encodes");
            (
                error["kind"].as_str().unwrap_or_default().to_string(),
                error["problem"]["code"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
            )
        }
        other => panic!("{command} {args}: {other:?}"),
    }
}

/// A new game between friends on one device: its id and its view.
fn friend_game(state: &mut AppState) -> (String, Value) {
    let game = ok(
        state,
        "new_game",
        json!({ "request": { "kind": "friend", "turnBoard": false } }),
    );
    (game["id"].as_str().expect("an id").to_string(), game)
}

fn first_legal_move(game: &Value) -> (String, String) {
    let mv = &game["legalMoves"][0];
    (
        mv["from"].as_str().expect("a from square").to_string(),
        mv["to"].as_str().expect("a to square").to_string(),
    )
}

/// A game against the Novice with the player as White: the player's move, then the bot's
/// (its job thought out here as the worker does), pushed as `changed`.
fn novice_game(state: &mut AppState) -> Value {
    ok(state, "watch_games", json!({ "channel": "__channel__" }));
    let game = ok(
        state,
        "new_game",
        json!({ "request": { "kind": "bot", "level": "novice", "playerSide": "white" } }),
    );
    let id = game["id"].as_str().expect("an id").to_string();
    let (from, to) = first_legal_move(&game);
    let after = ok(
        state,
        "play_move",
        json!({ "gameId": id, "from": from, "to": to }),
    );
    assert_eq!(after["plies"].as_array().map(Vec::len), Some(1));
    assert_eq!(after["botToMove"], json!(true));
    let job = state.take_job().expect("the bot's search is asked for");
    assert_eq!(state.searching(), Some(job.ticket));
    let events = serde_json::to_value(state.take_events()).expect("events encode");
    assert_eq!(events[0]["kind"], json!("botThinking"));
    let text = serde_json::to_string(&job).expect("a job encodes");
    let mv = web::think(&text).expect("the novice finds a move");
    state.bot_played(job.ticket, Some(&mv));
    let events = serde_json::to_value(state.take_events()).expect("events encode");
    assert_eq!(events[0]["kind"], json!("changed"), "{events}");
    let game = events[0]["game"].clone();
    assert_eq!(game["plies"].as_array().map(Vec::len), Some(2));
    assert_eq!(game["botToMove"], json!(false));
    game
}

#[test]
fn a_game_against_the_novice_is_played_saved_and_reopened() {
    let mut state = fresh();
    let game = novice_game(&mut state);
    let snapshot = state.store().snapshot().expect("the record is written");

    let (mut reopened, used) = open(Some(&snapshot), None, Vec::new());
    assert_eq!(used, store::Used::Current);
    let startup = ok(&mut reopened, "start_up", json!(null));
    assert_eq!(startup["current"]["id"], game["id"]);
    assert_eq!(startup["current"]["plies"], game["plies"]);
    assert_eq!(startup["notices"], json!([]));
}

#[test]
fn a_bot_move_for_a_position_that_moved_on_is_dropped() {
    let mut state = fresh();
    ok(&mut state, "watch_games", json!({}));
    let game = ok(
        &mut state,
        "new_game",
        json!({ "request": { "kind": "bot", "level": "novice", "playerSide": "white" } }),
    );
    let id = game["id"].as_str().expect("an id").to_string();
    let (from, to) = first_legal_move(&game);
    ok(
        &mut state,
        "play_move",
        json!({ "gameId": id, "from": from, "to": to }),
    );
    let job = state.take_job().expect("a search");
    let mv = web::think(&serde_json::to_string(&job).expect("encodes")).expect("a move");
    // The player takes the move back before the bot answers: its search is no longer wanted.
    let back = ok(&mut state, "take_back", json!({ "gameId": id }));
    assert_eq!(back["plies"], json!([]));
    assert_eq!(state.searching(), None);
    state.take_events();
    state.bot_played(job.ticket, Some(&mv));
    assert!(state.take_events().is_empty());
    let startup = ok(&mut state, "start_up", json!(null));
    assert_eq!(startup["current"]["plies"], json!([]));
}

#[test]
fn a_damaged_record_gives_way_to_the_one_before_and_the_player_is_told() {
    let mut state = fresh();
    let game = novice_game(&mut state);
    let good = state.store().snapshot().expect("a record");
    let torn = &good[..good.len() / 2];

    let (mut restored, used) = open(Some(torn), Some(&good), Vec::new());
    assert_eq!(used, store::Used::Previous);
    let startup = ok(&mut restored, "start_up", json!(null));
    assert_eq!(
        startup["notices"],
        json!([{ "code": "restoredFromBackup" }])
    );
    assert_eq!(startup["current"]["id"], game["id"]);

    let (mut fresh_start, used) = open(Some(torn), Some("[1, 2"), Vec::new());
    assert_eq!(used, store::Used::Neither);
    let startup = ok(&mut fresh_start, "start_up", json!(null));
    assert_eq!(startup["notices"], json!([{ "code": "startedFresh" }]));
    assert_eq!(startup["current"], Value::Null);
}

#[test]
fn a_record_from_a_newer_version_is_read_only() {
    let (mut state, _) = open(Some(r#"{"version": 9}"#), None, Vec::new());
    let startup = ok(&mut state, "start_up", json!(null));
    assert_eq!(startup["readOnly"], json!(true));
    assert_eq!(
        startup["notices"],
        json!([{ "code": "saveFromNewerVersion", "version": 9 }])
    );
    assert_eq!(state.store().snapshot(), None, "nothing is written");
}

#[test]
fn a_finished_game_is_filed_once_and_listed_after_a_reopen() {
    let mut state = fresh();
    let game = novice_game(&mut state);
    let id = game["id"].as_str().expect("an id").to_string();
    let over = ok(&mut state, "resign", json!({ "gameId": id }));
    assert!(over["result"].is_object());
    let writes = web::take_writes(&mut state);
    assert_eq!(writes.len(), 1);
    let Write::Finished { key, value } = &writes[0] else {
        panic!("a finished game's record: {writes:?}");
    };
    assert_eq!(key, &id);
    // Nothing more to file (the game is filed once).
    let settings = ok(&mut state, "start_up", json!(null))["settings"].clone();
    ok(&mut state, "set_settings", json!({ "settings": settings }));
    assert!(web::take_writes(&mut state).is_empty());

    let snapshot = state.store().snapshot().expect("a record");
    let record = Record {
        key: key.clone(),
        value: value.clone(),
    };
    let (mut reopened, _) = open(Some(&snapshot), None, vec![record]);
    let startup = ok(&mut reopened, "start_up", json!(null));
    assert_eq!(startup["finished"]["games"][0]["id"], json!(id));
    assert_eq!(startup["finished"]["games"][0]["moves"], json!(2));
    let review = ok(&mut reopened, "finished_game", json!({ "gameId": id }));
    assert_eq!(review["plies"], game["plies"]);
    let board = ok(&mut reopened, "board_at", json!({ "gameId": id, "ply": 1 }));
    assert!(board["pieces"].is_array());
}

#[test]
fn the_game_as_text_in_progress_finished_and_from_the_history() {
    let mut state = fresh();
    let (id, _) = friend_game(&mut state);
    for (from, to) in [("a2", "a3"), ("b7", "b3"), ("c2", "c3")] {
        ok(
            &mut state,
            "play_move",
            json!({ "gameId": id, "from": from, "to": to }),
        );
    }
    let text = ok(&mut state, "game_text", json!({ "gameId": id }));
    let text = text.as_str().expect("a text");
    assert!(text.starts_with("[Event \"Ultima\"]\n[Date \""), "{text}");
    assert!(
        text.contains("[White \"Player\"]\n[Black \"Player\"]\n"),
        "{text}"
    );
    assert!(text.contains("[Result \"*\"]\n\n"), "{text}");
    assert!(
        text.ends_with("\n1. Pa2-a3 Pb7-b3 2. Pc2-c3xb3 *\n"),
        "{text}"
    );

    ok(&mut state, "resign", json!({ "gameId": id }));
    let over = ok(&mut state, "game_text", json!({ "gameId": id }));
    let over = over.as_str().expect("a text");
    assert!(
        over.contains("[Result \"1-0\"]\n[Termination \"resignation\"]\n"),
        "{over}"
    );
    assert!(over.ends_with("2. Pc2-c3xb3 1-0\n"), "{over}");

    // Once filed, the finished game is read back from the history alike.
    let records: Vec<Record<String>> = web::take_writes(&mut state)
        .into_iter()
        .filter_map(|write| match write {
            Write::Finished { key, value } => Some(Record { key, value }),
            _ => None,
        })
        .collect();
    let (mut reopened, _) = open(None, None, records);
    assert_eq!(
        ok(&mut reopened, "game_text", json!({ "gameId": id })),
        json!(over)
    );

    // An unknown game is refused as the review refuses it.
    assert_eq!(
        error_code(&mut reopened, "game_text", json!({ "gameId": "gone" })),
        error_code(&mut reopened, "finished_game", json!({ "gameId": "gone" }))
    );
}

#[test]
fn finished_games_come_newest_first_a_page_at_a_time() {
    let mut state = fresh();
    let mut ids = Vec::new();
    for _ in 0..3 {
        let game = ok(
            &mut state,
            "new_game",
            json!({ "request": { "kind": "friend", "turnBoard": false } }),
        );
        let id = game["id"].as_str().expect("an id").to_string();
        ok(&mut state, "resign", json!({ "gameId": id }));
        ids.push(id);
        // Distinct end times.
        std::thread::sleep(std::time::Duration::from_millis(3));
    }
    let first = ok(
        &mut state,
        "finished_games",
        json!({ "before": null, "limit": 2 }),
    );
    let listed: Vec<&str> = first["games"]
        .as_array()
        .map(|games| games.iter().filter_map(|g| g["id"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(listed, vec![ids[2].as_str(), ids[1].as_str()]);
    let second = ok(
        &mut state,
        "finished_games",
        json!({ "before": first["next"], "limit": 2 }),
    );
    assert_eq!(second["games"][0]["id"], json!(ids[0]));
    assert_eq!(second["next"], Value::Null);
}

#[test]
fn refusals_are_the_apps_errors_and_bad_calls_are_failures() {
    let mut state = fresh();
    let game = ok(
        &mut state,
        "new_game",
        json!({ "request": { "kind": "friend", "turnBoard": false } }),
    );
    let id = game["id"].as_str().expect("an id");
    let (kind, code) = error_code(
        &mut state,
        "play_move",
        json!({ "gameId": id, "from": "e2", "to": "e7" }),
    );
    assert_eq!(kind, "illegalMove");
    assert!(!code.is_empty());
    let (_, code) = error_code(
        &mut state,
        "play_move",
        json!({ "gameId": id, "from": "z9", "to": "e4" }),
    );
    assert_eq!(code, "badSquare");
    assert!(matches!(
        call(&mut state, "fly_away", &json!({})),
        Answer::Core(CoreAnswer::Failure(_))
    ));
    assert!(matches!(
        call(&mut state, "play_move", &json!({ "gameId": 3 })),
        Answer::Core(CoreAnswer::Failure(_))
    ));
}

#[test]
fn the_course_task_open_comes_back_after_a_reopen() {
    let mut state = fresh();
    let map = ok(&mut state, "course_map", json!(null));
    let task = map["chapters"][0]["tasks"][0]["id"]
        .as_str()
        .expect("a first task")
        .to_string();
    let view = ok(&mut state, "open_task", json!({ "taskId": task }));
    assert_eq!(view["id"], json!(task));
    let snapshot = state.store().snapshot().expect("a record");
    let (mut reopened, _) = open(Some(&snapshot), None, Vec::new());
    let startup = ok(&mut reopened, "start_up", json!(null));
    assert_eq!(startup["course"]["current"], json!(task));
}

#[test]
fn a_puzzle_is_opened_and_its_first_move_judged() {
    let mut state = fresh();
    let puzzle = ok(
        &mut state,
        "puzzle_next",
        json!({ "difficulty": "normal", "theme": null }),
    );
    let id = puzzle["id"].as_str().expect("a puzzle id").to_string();
    let (from, to) = first_legal_move(&puzzle);
    let step = ok(
        &mut state,
        "puzzle_move",
        json!({ "puzzleId": id, "from": from, "to": to }),
    );
    assert!(step["step"]["kind"].is_string(), "{step}");
    let snapshot = state.store().snapshot().expect("a record");
    let (mut reopened, _) = open(Some(&snapshot), None, Vec::new());
    let open = ok(&mut reopened, "puzzle_open", json!(null));
    assert_eq!(open["id"], json!(id));
}

#[test]
fn the_trainers_choice_comes_back_after_a_reopen() {
    let mut state = fresh();
    let chosen = json!({ "mode": "rated", "difficulty": "easier", "theme": "withdrawal" });
    assert_eq!(
        ok(&mut state, "puzzle_choose", json!({ "choice": chosen })),
        chosen
    );
    let snapshot = state.store().snapshot().expect("a record");
    let (mut reopened, _) = open(Some(&snapshot), None, Vec::new());
    let startup = ok(&mut reopened, "start_up", json!(null));
    assert_eq!(startup["puzzles"]["choice"], chosen);
    assert_eq!(
        ok(&mut reopened, "puzzle_rating", json!(null))["choice"],
        chosen
    );
}

#[test]
fn a_finished_game_is_analysed_by_the_workers_job_kept_and_found_after_a_reopen() {
    let mut state = fresh();
    let (id, game) = friend_game(&mut state);
    let (from, to) = first_legal_move(&game);
    let after = ok(
        &mut state,
        "play_move",
        json!({ "gameId": id, "from": from, "to": to }),
    );
    let (from, to) = first_legal_move(&after);
    ok(
        &mut state,
        "play_move",
        json!({ "gameId": id, "from": from, "to": to }),
    );
    ok(&mut state, "resign", json!({ "gameId": id }));
    let Answer::Job { analyse: job } = call(
        &mut state,
        "analyse_game",
        &json!({ "gameId": id, "progress": "__channel__" }),
    ) else {
        panic!("an analysis job for the worker");
    };
    let mut reports = Vec::new();
    let text = serde_json::to_string(&job).expect("a job encodes");
    let analysis = web::analyse(&text, &mut |step| reports.push((step.done, step.total)))
        .expect("the worker's analysis");
    assert_eq!(
        reports.last(),
        Some(&(3, 3)),
        "three positions, each reported"
    );
    let done = web::analysis_done(&mut state, &id, &analysis).expect("kept");
    let done = serde_json::to_value(done).expect("encodes");
    assert_eq!(done["kind"], json!("done"));
    assert_eq!(
        done["analysis"]["positions"].as_array().map(Vec::len),
        Some(3)
    );
    let boards = ok(
        &mut state,
        "analysis_line_boards",
        json!({ "gameId": id, "ply": 1, "moves": [format!("{from}{to}")] }),
    );
    assert!(boards.is_array());

    let records: Vec<Record<String>> = web::take_writes(&mut state)
        .into_iter()
        .filter_map(|write| match write {
            Write::Finished { key, value } => Some(Record { key, value }),
            _ => None,
        })
        .collect();
    let analysis_value: Value = serde_json::from_str(&analysis).expect("json");
    let snapshot = state.store().snapshot().expect("a record");
    let (store, loaded, _) = store::open(Some(&snapshot), None);
    let finished = Finished::load(
        records,
        Vec::new(),
        vec![Record {
            key: id.clone(),
            value: analysis_value,
        }],
    );
    let mut reopened = web::open(store, loaded, finished);
    let kept = ok(&mut reopened, "stored_analysis", json!({ "gameId": id }));
    assert_eq!(kept["positions"], done["analysis"]["positions"]);
    let again = ok(&mut reopened, "analyse_game", json!({ "gameId": id }));
    assert_eq!(again["kind"], json!("done"), "answered from what is kept");
}

/// The commands of the generated bindings (`ui/src/bindings.ts`), each with its argument names:
/// `name(a, b)` for `__TAURI_INVOKE("name", { a, b })`.
fn bound_commands() -> Vec<(String, Vec<String>)> {
    let bindings = include_str!("../../../ui/src/bindings.ts");
    bindings
        .split("__TAURI_INVOKE(\"")
        .skip(1)
        .filter_map(|rest| {
            let (name, after) = rest.split_once('"')?;
            let call = after.split_once(')')?.0;
            let args = match call.split_once('{') {
                Some((_, inner)) => inner
                    .trim_end_matches(|c: char| c == '}' || c.is_whitespace())
                    .split(',')
                    .map(|arg| arg.trim().to_string())
                    .filter(|arg| !arg.is_empty())
                    .collect(),
                None => Vec::new(),
            };
            Some((name.to_string(), args))
        })
        .collect()
}

/// A value of the right shape for an argument, by its name in the bindings.
fn sample(state: &mut AppState, name: &str) -> Value {
    match name {
        "gameId" | "taskId" | "puzzleId" => json!("no-such-thing"),
        "from" => json!("e2"),
        "to" => json!("e4"),
        "accept" => json!(true),
        "ply" | "limit" | "days" => json!(1),
        "before" | "theme" => Value::Null,
        "request" => json!({ "kind": "friend", "turnBoard": false }),
        "settings" => ok(state, "start_up", Value::Null)["settings"].clone(),
        "squares" | "moves" => json!([]),
        "difficulty" => json!("normal"),
        "choice" => json!({ "mode": "rated", "difficulty": "normal", "theme": null }),
        "channel" | "progress" => json!("__channel__"),
        "square" => json!("e1"),
        // Online play's.
        "action" => json!("resign"),
        "color" => json!("white"),
        "clock" | "correspondence" => Value::Null,
        "hosted" => json!(false),
        "reading" => json!("cambridge"),
        "server" => json!("ws://127.0.0.1:9"),
        "invite" => json!("HKDW-MPRT-CAXE-FGNJ"),
        "port" => json!(7070),
        other => panic!("no sample for the argument {other}: add one"),
    }
}

#[test]
fn every_command_of_the_bindings_is_answered_with_its_arguments() {
    let commands = bound_commands();
    assert!(
        commands.len() > 30,
        "the bindings' commands are read: {commands:?}"
    );
    for (name, args) in commands {
        let mut state = fresh();
        let mut object = serde_json::Map::new();
        for arg in &args {
            let value = if name == "set_online_settings" {
                json!({ "server": "ws://127.0.0.1:9", "hostPort": 7070 })
            } else {
                sample(&mut state, arg)
            };
            object.insert(arg.clone(), value);
        }
        let args_value = Value::Object(object);
        // Online play's commands are the page's lines' (they may answer later, through a drive).
        if crate::online::COMMANDS.contains(&name.as_str()) {
            let mut lines = crate::online::Lines::default();
            let called = lines.call(&mut state, &name, &args_value, 1, 0.0);
            let answer = called.answer.or_else(|| {
                called
                    .drive
                    .answers
                    .into_iter()
                    .next()
                    .map(|answered| answered.answer)
            });
            match answer {
                None => assert!(
                    !called.drive.open.is_empty(),
                    "{name} neither answers nor opens a line"
                ),
                Some(CoreAnswer::Ok(_) | CoreAnswer::Error(_)) => {}
                Some(CoreAnswer::Failure(failure)) => {
                    panic!("{name}({}) is not answered: {failure}", args.join(", "))
                }
            }
            continue;
        }
        match call(&mut state, &name, &args_value) {
            Answer::Core(CoreAnswer::Ok(_) | CoreAnswer::Error(_)) | Answer::Job { .. } => {}
            Answer::Core(CoreAnswer::Failure(failure)) => {
                panic!("{name}({}) is not answered: {failure}", args.join(", "))
            }
        }
    }
}

#[test]
fn start_up_answers_the_fields_of_the_bindings_startup() {
    let bindings = include_str!("../../../ui/src/bindings.ts");
    let body = bindings
        .split("export type Startup = {")
        .nth(1)
        .and_then(|rest| rest.split("};").next())
        .expect("Startup in the bindings");
    let mut wanted: Vec<&str> = body
        .lines()
        .map(str::trim)
        .filter(|line| !line.starts_with("/*") && !line.starts_with('*'))
        .filter_map(|line| line.split_once(':').map(|(field, _)| field.trim()))
        .collect();
    wanted.sort_unstable();
    let startup = ok(&mut fresh(), "start_up", Value::Null);
    let mut answered: Vec<&str> = startup
        .as_object()
        .map(|fields| fields.keys().map(String::as_str).collect())
        .unwrap_or_default();
    answered.sort_unstable();
    assert_eq!(answered, wanted);
}
