//! `ultima online host` and `ultima online join` as programs, against the real server (started
//! in this test on port 0): the two bots play a whole game and both print the same moves and
//! the same result; and a bad invite or no server is one error line and exit status 2.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn ultima() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ultima"))
}

/// The `moves ...` and `result ...` lines of a finished bot's output.
fn ending(out: &str) -> (String, String) {
    let line = |prefix: &str| {
        out.lines()
            .find(|line| line.starts_with(prefix))
            .unwrap_or_else(|| panic!("no `{prefix}` line in {out:?}"))
            .to_string()
    };
    (line("moves "), line("result "))
}

fn wait_with_deadline(child: &mut std::process::Child, deadline: Instant) -> bool {
    while Instant::now() < deadline {
        if let Ok(Some(status)) = child.try_wait() {
            return status.success();
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn host_and_join_play_one_game_and_print_the_same_moves_and_result() {
    host_and_join_play_one_game(None).await;
}

/// The host's `--rules` makes the game's: the server plays it by them and tells the friend, whose
/// bot plays by them too (in Zillions a game can end with a king taken).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_hosted_with_other_rules_is_played_by_them_on_both_sides() {
    host_and_join_play_one_game(Some(ultima_rules::Reading::Zillions)).await;
}

async fn host_and_join_play_one_game(rules: Option<ultima_rules::Reading>) {
    let server = ultima_server::start(ultima_server::Config::default())
        .await
        .expect("the server starts");
    let url = server.url();
    let reading = rules.unwrap_or_default();
    let ended = tokio::task::spawn_blocking(move || {
        let mut host = ultima();
        host.args([
            "online", "host", &url, "--level", "novice", "--color", "black", "--seed", "3",
        ]);
        if let Some(rules) = rules {
            host.args(["--rules", rules.name()]);
        }
        let mut host = host
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("host runs");
        let mut out = BufReader::new(host.stdout.take().expect("stdout"));
        let mut first = String::new();
        out.read_line(&mut first).expect("a line");
        let code = first
            .strip_prefix("invite ")
            .unwrap_or_else(|| panic!("the host's first line is {first:?}"))
            .trim()
            .to_string();
        assert_eq!(code.len(), 19, "{code}");
        let join = ultima()
            .args([
                "online", "join", &url, &code, "--level", "novice", "--seed", "4",
            ])
            .output()
            .expect("join runs");
        let deadline = Instant::now() + Duration::from_secs(240);
        let mut rest = String::new();
        for line in out.lines() {
            rest.push_str(&line.expect("a line"));
            rest.push('\n');
        }
        let host_ok = wait_with_deadline(&mut host, deadline);
        (host_ok, rest, join)
    })
    .await
    .expect("the bots ran");
    let (host_ok, host_out, join) = ended;
    let join_out = String::from_utf8_lossy(&join.stdout).into_owned();
    assert!(host_ok, "the host failed: {host_out}");
    assert!(
        join.status.success(),
        "join failed: {}",
        String::from_utf8_lossy(&join.stderr)
    );
    let rules_line = format!("rules {reading}");
    for out in [&host_out, &join_out] {
        assert!(out.lines().any(|line| line == rules_line), "{out}");
    }
    let (host_moves, host_result) = ending(&host_out);
    let (join_moves, join_result) = ending(&join_out);
    assert_eq!(host_moves, join_moves);
    assert_eq!(host_result, join_result);
    assert!(host_moves.split(' ').count() > 2, "{host_moves}");
    assert!(
        ["result white wins", "result black wins"].contains(&host_result.as_str())
            || host_result.starts_with("result draw: "),
        "{host_result}"
    );
    // Every move is coordinates, and the game they make ends as printed.
    let mut game = ultima_rules::Game::new(ultima_rules::Position::start_of(reading));
    for text in host_moves.split(' ').skip(1) {
        game.play_text(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    let outcome = game.outcome().map(|o| format!("result {o}"));
    // (A game can also end by resignation or time, which the moves alone do not show.)
    if let Some(outcome) = outcome {
        assert_eq!(outcome, host_result);
    }
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_invite_and_no_server_are_one_error_line() {
    let server = ultima_server::start(ultima_server::Config::default())
        .await
        .expect("the server starts");
    let url = server.url();
    let run = |args: Vec<String>| {
        tokio::task::spawn_blocking(move || ultima().args(args).output().expect("runs"))
    };
    let words = |list: &[&str]| list.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    let unknown = run(words(&[
        "online",
        "join",
        &url,
        "AAAA-AAAA-AAAA-AAAA",
        "--level",
        "novice",
    ]))
    .await
    .expect("ran");
    assert_eq!(unknown.status.code(), Some(2));
    let err = String::from_utf8_lossy(&unknown.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("no game waits for that invite code"), "{err}");
    server.shutdown().await;
    drop(server);

    let nobody = run(words(&["online", "host", &url, "--level", "novice"]))
        .await
        .expect("ran");
    assert_eq!(nobody.status.code(), Some(2));
    let err = String::from_utf8_lossy(&nobody.stderr);
    assert!(
        err.starts_with("ultima: online: could not reach the server at ws://127.0.0.1:"),
        "{err}"
    );
    let bad = run(words(&["online", "host", "ftp://x", "--level", "novice"]))
        .await
        .expect("ran");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("not a server address"));
}
