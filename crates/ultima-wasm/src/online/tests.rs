//! The browser's online lines run natively, the page played by hand: what it is told to open,
//! send and close, and the server's frames written as a server writes them. (The same lines
//! against a real server, in Chromium, are in `tests/web`.)

use serde_json::{json, Value};
use ultima_core::Answer;
use ultima_online::protocol::{ClientMessage, ServerMessage, PROTOCOL_VERSION};

use super::*;
use crate::finished::Finished;
use crate::store;
use crate::web;

fn fresh() -> WebCore {
    let (store, loaded, _) = store::open(None, None);
    web::open(
        store,
        loaded,
        Finished::load(Vec::new(), Vec::new(), Vec::new()),
    )
}

fn reopened(core: &WebCore) -> WebCore {
    let snapshot = core.store().snapshot();
    let (store, loaded, _) = store::open(snapshot.as_deref(), None);
    web::open(
        store,
        loaded,
        Finished::load(Vec::new(), Vec::new(), Vec::new()),
    )
}

fn hello() -> String {
    ServerMessage::Hello {
        protocol: PROTOCOL_VERSION,
    }
    .encode()
}

fn seated(invite: Option<&str>) -> String {
    seated_in("G1", invite)
}

fn seated_in(game: &str, invite: Option<&str>) -> String {
    json!({"type": "seated", "game": game, "color": "white", "token": format!("T-{game}"), "invite": invite})
        .to_string()
}

fn state(moves: &[&str], opponent: &str) -> String {
    state_in("G1", moves, opponent)
}

fn state_in(game: &str, moves: &[&str], opponent: &str) -> String {
    json!({
        "type": "state", "game": game, "you": "white", "invite": null, "moves": moves,
        "clock": null, "drawOffer": null, "takeBackRequest": null, "rematchOffer": null,
        "result": null, "opponent": opponent, "claimWinInMs": null, "rematch": null,
        "revision": moves.len()
    })
    .to_string()
}

fn sent(drive: &Drive) -> Vec<ClientMessage> {
    drive
        .send
        .iter()
        .map(|frame| ClientMessage::decode(&frame.text).expect("a client message"))
        .collect()
}

fn answer_of(drive: &Drive, request: u32) -> Option<&Answer> {
    drive
        .answers
        .iter()
        .find(|answered| answered.request == request)
        .map(|answered| &answered.answer)
}

fn problem(answer: Option<&Answer>) -> String {
    match answer {
        Some(Answer::Error(error)) => {
            let value = serde_json::to_value(error).expect("an error encodes");
            value["problem"]["code"].as_str().unwrap_or_default().into()
        }
        other => panic!("not an error: {other:?}"),
    }
}

fn set_server(lines: &mut Lines, core: &mut WebCore, server: &str) {
    let called = lines.call(
        core,
        "set_online_settings",
        &json!({"settings": {"server": server, "hostPort": 7070}}),
        0,
        0.0,
    );
    assert!(matches!(called.answer, Some(Answer::Ok(_))), "{called:?}");
}

/// A game created by this page and its line, seated, the friend not there yet.
fn created(lines: &mut Lines, core: &mut WebCore) -> u32 {
    created_game(lines, core, "G1", 1)
}

/// Game `game` created by this page (answering request `request`) and its line.
fn created_game(lines: &mut Lines, core: &mut WebCore, game: &str, request: u32) -> u32 {
    set_server(lines, core, "https://club.example.org/");
    let called = lines.call(
        core,
        "online_create",
        &json!({"color": "white", "clock": null, "correspondence": {"daysPerMove": 3}, "hosted": false}),
        request,
        0.0,
    );
    assert_eq!(called.answer, None, "answered when the server has");
    assert_eq!(called.drive.open.len(), 1);
    let line = called.drive.open[0].line;
    assert_eq!(called.drive.open[0].url, "wss://club.example.org");
    assert_eq!(
        lines.news(core, line, News::Open, "", 1.0),
        Drive::default()
    );
    let drive = lines.news(core, line, News::Message, &hello(), 2.0);
    assert!(matches!(sent(&drive)[..], [ClientMessage::Create { .. }]));
    let drive = lines.news(
        core,
        line,
        News::Message,
        &seated_in(game, Some("ABCD")),
        3.0,
    );
    assert!(drive.answers.is_empty(), "the game's state comes next");
    let drive = lines.news(
        core,
        line,
        News::Message,
        &state_in(game, &[], "waiting"),
        4.0,
    );
    match answer_of(&drive, request) {
        Some(Answer::Ok(view)) => {
            assert_eq!(view["server"], "wss://club.example.org");
            assert_eq!(view["link"]["kind"], "connected");
        }
        other => panic!("{other:?}"),
    }
    line
}

#[test]
fn a_game_created_in_the_page_is_played_through_its_line() {
    let mut core = fresh();
    let mut lines = Lines::default();
    let line = created(&mut lines, &mut core);
    // The friend joins; white moves.
    let drive = lines.news(
        &mut core,
        line,
        News::Message,
        &state(&[], "connected"),
        5.0,
    );
    assert!(matches!(drive.push[..], [OnlineEvent::Changed { .. }]));
    let called = lines.call(
        &mut core,
        "online_play",
        &json!({"gameId": "online-G1", "from": "e2", "to": "e3"}),
        2,
        6.0,
    );
    assert_eq!(called.answer, None);
    assert_eq!(
        sent(&called.drive),
        vec![ClientMessage::Move {
            ply: 0,
            mv: "e2e3".into()
        }]
    );
    // One request at a time.
    let again = lines.call(
        &mut core,
        "online_play",
        &json!({"gameId": "online-G1", "from": "d2", "to": "d3"}),
        3,
        6.0,
    );
    assert_eq!(problem(again.answer.as_ref()), "gameChanged");
    let moved = json!({"type": "moved", "ply": 0, "move": "e2e3", "revision": 1, "clock": null, "result": null});
    let drive = lines.news(&mut core, line, News::Message, &moved.to_string(), 7.0);
    match answer_of(&drive, 2) {
        Some(Answer::Ok(view)) => {
            assert_eq!(view["game"]["plies"].as_array().map(Vec::len), Some(1))
        }
        other => panic!("{other:?}"),
    }
    // An illegal move is refused here, before anything is sent.
    let refused = lines.call(
        &mut core,
        "online_play",
        &json!({"gameId": "online-G1", "from": "a1", "to": "a5"}),
        4,
        8.0,
    );
    assert!(refused.drive.send.is_empty());
    assert!(matches!(refused.answer, Some(Answer::Error(_))));
}

#[test]
fn a_request_without_an_answer_in_time_is_given_up_and_the_next_one_goes() {
    let mut core = fresh();
    let mut lines = Lines::default();
    let line = created(&mut lines, &mut core);
    lines.news(
        &mut core,
        line,
        News::Message,
        &state(&[], "connected"),
        5.0,
    );
    let called = lines.call(
        &mut core,
        "online_act",
        &json!({"gameId": "online-G1", "action": "resign"}),
        7,
        6.0,
    );
    assert_eq!(sent(&called.drive), vec![ClientMessage::Resign {}]);
    let drive = lines.timed_out(&mut core, 7);
    assert_eq!(problem(answer_of(&drive, 7)), "offline");
    let called = lines.call(
        &mut core,
        "online_act",
        &json!({"gameId": "online-G1", "action": "offerDraw"}),
        8,
        7.0,
    );
    assert_eq!(sent(&called.drive), vec![ClientMessage::OfferDraw {}]);
}

#[test]
fn a_dropped_line_comes_back_with_the_token_and_the_game_is_kept_meanwhile() {
    let mut core = fresh();
    let mut lines = Lines::default();
    let line = created(&mut lines, &mut core);
    let drive = lines.news(&mut core, line, News::Close, "network down", 10.0);
    assert_eq!(drive.retry.len(), 1);
    match &drive.push[..] {
        [OnlineEvent::Changed { view }] => {
            assert!(matches!(
                view.link,
                LinkView::Reconnecting { attempt: 1, .. }
            ));
        }
        other => panic!("{other:?}"),
    }
    // Meanwhile a move is refused as offline, nothing queued.
    let called = lines.call(
        &mut core,
        "online_act",
        &json!({"gameId": "online-G1", "action": "resign"}),
        9,
        11.0,
    );
    assert_eq!(problem(called.answer.as_ref()), "offline");
    let drive = lines.news(&mut core, line, News::Retry, "", 300.0);
    assert_eq!(drive.open.len(), 1);
    lines.news(&mut core, line, News::Open, "", 301.0);
    let drive = lines.news(&mut core, line, News::Message, &hello(), 302.0);
    assert_eq!(
        sent(&drive),
        vec![ClientMessage::Resume {
            game: "G1".into(),
            token: "T-G1".into()
        }]
    );
    let drive = lines.news(&mut core, line, News::Message, &seated(None), 303.0);
    assert!(drive.push.iter().any(|event| matches!(
        event,
        OnlineEvent::Changed { view } if view.link == LinkView::Connected
    )));
}

#[test]
fn a_reloaded_page_resumes_the_saved_game() {
    let mut core = fresh();
    let mut lines = Lines::default();
    created(&mut lines, &mut core);
    // The page reloads: a new core from what was saved, new lines.
    let mut core = reopened(&core);
    let mut lines = Lines::default();
    let called = lines.call(&mut core, "watch_online", &Value::Null, 5, 0.0);
    assert_eq!(called.answer, None);
    assert!(matches!(
        answer_of(&called.drive, 5),
        Some(Answer::Ok(Value::Null))
    ));
    let [open] = &called.drive.open[..] else {
        panic!("one line: {:?}", called.drive.open)
    };
    assert_eq!(open.url, "wss://club.example.org");
    let status = lines.call(&mut core, "online_status", &Value::Null, 6, 0.0);
    match status.answer {
        Some(Answer::Ok(status)) => {
            assert_eq!(status["games"][0]["link"]["kind"], "reconnecting");
        }
        other => panic!("{other:?}"),
    }
    lines.news(&mut core, open.line, News::Open, "", 1.0);
    let drive = lines.news(&mut core, open.line, News::Message, &hello(), 2.0);
    assert!(matches!(sent(&drive)[..], [ClientMessage::Resume { .. }]));
}

#[test]
fn a_join_refused_says_why_and_leaves_nothing_behind() {
    let mut core = fresh();
    let mut lines = Lines::default();
    let called = lines.call(
        &mut core,
        "online_join",
        &json!({"server": "club.example.org:8080", "invite": "ZZZZ"}),
        3,
        0.0,
    );
    let line = called.drive.open[0].line;
    assert_eq!(called.drive.open[0].url, "ws://club.example.org:8080");
    lines.news(&mut core, line, News::Open, "", 1.0);
    lines.news(&mut core, line, News::Message, &hello(), 2.0);
    let refusal = json!({"type": "error", "error": {"code": "noSuchInvite"}}).to_string();
    let drive = lines.news(&mut core, line, News::Message, &refusal, 3.0);
    assert_eq!(problem(answer_of(&drive, 3)), "noSuchInvite");
    assert!(drive.close.contains(&line));
    assert!(lines.ids().is_empty());
    // A socket that cannot open at all.
    let called = lines.call(
        &mut core,
        "online_join",
        &json!({"server": "ws://nowhere:1", "invite": "ZZZZ"}),
        4,
        0.0,
    );
    let line = called.drive.open[0].line;
    let drive = lines.news(&mut core, line, News::Close, "connection refused", 1.0);
    assert_eq!(problem(answer_of(&drive, 4)), "serverUnreachable");
    // Bad input: an address that is none, arguments of the wrong shape, a line that is gone.
    let called = lines.call(
        &mut core,
        "online_join",
        &json!({"server": "ftp://x", "invite": "ZZZZ"}),
        5,
        0.0,
    );
    assert_eq!(problem(called.answer.as_ref()), "badServerAddress");
    let called = lines.call(&mut core, "online_join", &json!({"server": 3}), 6, 0.0);
    assert!(matches!(called.answer, Some(Answer::Failure(_))));
    assert_eq!(
        lines.news(&mut core, 99, News::Message, "{}", 0.0).close,
        vec![99]
    );
}

#[test]
fn a_browser_cannot_host_and_says_so() {
    let mut core = fresh();
    let mut lines = Lines::default();
    let called = lines.call(&mut core, "online_host", &json!({"port": 7070}), 1, 0.0);
    assert_eq!(problem(called.answer.as_ref()), "hostNotHere");
    let called = lines.call(
        &mut core,
        "online_create",
        &json!({"color": "random", "clock": null, "hosted": true}),
        2,
        0.0,
    );
    assert_eq!(problem(called.answer.as_ref()), "hostNotHere");
}

#[test]
fn garbage_from_the_server_never_panics_and_the_game_stays() {
    let mut core = fresh();
    let mut lines = Lines::default();
    let line = created(&mut lines, &mut core);
    for garbage in ["", "{", "[]", "{\"type\":\"moved\"}", "\u{feff}", "null"] {
        lines.news(&mut core, line, News::Message, garbage, 5.0);
        lines.news(&mut core, line, News::Retry, "", 6.0);
        lines.news(&mut core, line, News::Open, "", 6.0);
        lines.news(&mut core, line, News::Message, &hello(), 6.0);
        lines.news(&mut core, line, News::Message, &seated(None), 6.0);
    }
    let called = lines.call(
        &mut core,
        "online_game",
        &json!({"gameId": "online-G1"}),
        1,
        7.0,
    );
    assert!(matches!(called.answer, Some(Answer::Ok(_))));
}

/// The games of an `online_status` answer: (id, number of moves, link kind).
fn games_of(lines: &mut Lines, core: &mut WebCore) -> Vec<(String, usize, String)> {
    match lines
        .call(core, "online_status", &Value::Null, 90, 0.0)
        .answer
    {
        Some(Answer::Ok(status)) => status["games"]
            .as_array()
            .map(|games| {
                games
                    .iter()
                    .map(|view| {
                        (
                            view["game"]["id"].as_str().unwrap_or_default().to_string(),
                            view["game"]["plies"].as_array().map_or(0, Vec::len),
                            view["link"]["kind"]
                                .as_str()
                                .unwrap_or_default()
                                .to_string(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn two_games_at_once_each_with_its_line_and_request_and_a_reload_resumes_both() {
    let mut core = fresh();
    let mut lines = Lines::default();
    let first = created_game(&mut lines, &mut core, "G1", 1);
    let second = created_game(&mut lines, &mut core, "G2", 2);
    assert_ne!(first, second);
    assert_eq!(lines.ids(), vec![first, second]);
    for (line, game) in [(first, "G1"), (second, "G2")] {
        lines.news(
            &mut core,
            line,
            News::Message,
            &state_in(game, &[], "connected"),
            5.0,
        );
    }
    // A move waits in each game at once, each on its own line.
    let one = lines.call(
        &mut core,
        "online_play",
        &json!({"gameId": "online-G1", "from": "e2", "to": "e3"}),
        3,
        6.0,
    );
    let two = lines.call(
        &mut core,
        "online_play",
        &json!({"gameId": "online-G2", "from": "d2", "to": "d3"}),
        4,
        6.0,
    );
    assert_eq!((one.answer, two.answer), (None, None));
    assert_eq!(one.drive.send[0].line, first);
    assert_eq!(two.drive.send[0].line, second);
    // The second game's acknowledgement answers its own request only.
    let moved = |mv: &str| {
        json!({"type": "moved", "ply": 0, "move": mv, "revision": 1, "clock": null, "result": null})
            .to_string()
    };
    let drive = lines.news(&mut core, second, News::Message, &moved("d2d3"), 7.0);
    assert!(answer_of(&drive, 4).is_some() && answer_of(&drive, 3).is_none());
    let drive = lines.news(&mut core, first, News::Message, &moved("e2e3"), 8.0);
    match answer_of(&drive, 3) {
        Some(Answer::Ok(view)) => assert_eq!(view["game"]["id"], "online-G1"),
        other => panic!("{other:?}"),
    }
    // A game nobody has: said so.
    let called = lines.call(
        &mut core,
        "online_game",
        &json!({"gameId": "online-G9"}),
        5,
        9.0,
    );
    assert_eq!(problem(called.answer.as_ref()), "noOnlineGame");
    let mut listed = games_of(&mut lines, &mut core);
    listed.sort();
    assert_eq!(
        listed,
        vec![
            ("online-G1".into(), 1, "connected".into()),
            ("online-G2".into(), 1, "connected".into())
        ]
    );

    // The page reloads: both games are back at once, each on a line of its own.
    let mut core = reopened(&core);
    let mut lines = Lines::default();
    let called = lines.call(&mut core, "watch_online", &Value::Null, 6, 0.0);
    assert!(matches!(
        answer_of(&called.drive, 6),
        Some(Answer::Ok(Value::Null))
    ));
    assert_eq!(called.drive.open.len(), 2);
    let mut listed = games_of(&mut lines, &mut core);
    listed.sort();
    assert_eq!(
        listed,
        vec![
            ("online-G1".into(), 1, "reconnecting".into()),
            ("online-G2".into(), 1, "reconnecting".into())
        ]
    );
    let mut tokens = Vec::new();
    for open in &called.drive.open {
        lines.news(&mut core, open.line, News::Open, "", 1.0);
        let drive = lines.news(&mut core, open.line, News::Message, &hello(), 2.0);
        match &sent(&drive)[..] {
            [ClientMessage::Resume { game, token }] => tokens.push((game.clone(), token.clone())),
            other => panic!("{other:?}"),
        }
    }
    tokens.sort();
    assert_eq!(
        tokens,
        vec![
            ("G1".to_string(), "T-G1".to_string()),
            ("G2".to_string(), "T-G2".to_string())
        ]
    );
}

#[test]
fn a_record_of_the_one_game_format_opens_with_its_game() {
    let mut core = fresh();
    let mut lines = Lines::default();
    created(&mut lines, &mut core);
    // The record as the versions before several games wrote it: `game`, not `games`.
    let snapshot = core.store().snapshot().expect("a snapshot");
    let mut entries: Value = serde_json::from_str(&snapshot).expect("the record reads");
    let online = entries["online"].as_object_mut().expect("the online entry");
    let games = online.remove("games").expect("the games");
    assert_eq!(games.as_array().map(Vec::len), Some(1));
    online.insert("game".into(), games[0].clone());
    let old = entries.to_string();
    let (store, loaded, _) = store::open(Some(&old), None);
    let mut core = web::open(
        store,
        loaded,
        Finished::load(Vec::new(), Vec::new(), Vec::new()),
    );
    let mut lines = Lines::default();
    let called = lines.call(&mut core, "watch_online", &Value::Null, 5, 0.0);
    assert_eq!(called.drive.open.len(), 1, "its line comes back");
    let shown = lines.call(
        &mut core,
        "online_game",
        &json!({"gameId": "online-G1"}),
        6,
        0.0,
    );
    assert!(matches!(shown.answer, Some(Answer::Ok(_))), "{shown:?}");
}

/// The page creates the game by the reading asked, and its copy plays by the reading the
/// server's state names.
#[test]
fn a_game_is_created_and_played_by_the_reading_asked() {
    let mut core = fresh();
    let mut lines = Lines::default();
    set_server(&mut lines, &mut core, "https://club.example.org/");
    let called = lines.call(
        &mut core,
        "online_create",
        &json!({"color": "white", "clock": null, "reading": "zillions", "hosted": false}),
        1,
        0.0,
    );
    let line = called.drive.open[0].line;
    lines.news(&mut core, line, News::Open, "", 1.0);
    let drive = lines.news(&mut core, line, News::Message, &hello(), 2.0);
    match &sent(&drive)[..] {
        [ClientMessage::Create { reading, .. }] => {
            assert_eq!(*reading, ultima_rules::Reading::Zillions);
        }
        other => panic!("{other:?}"),
    }
    lines.news(&mut core, line, News::Message, &seated(Some("ABCD")), 3.0);
    let mut zillions: serde_json::Value =
        serde_json::from_str(&state(&[], "waiting")).expect("json");
    zillions["reading"] = json!("zillions");
    let drive = lines.news(&mut core, line, News::Message, &zillions.to_string(), 4.0);
    match answer_of(&drive, 1) {
        Some(Answer::Ok(view)) => assert_eq!(view["game"]["reading"], "zillions"),
        other => panic!("{other:?}"),
    }
}
