//! The binary's command line: bad arguments and a taken port are one clear line, not a panic.

use std::process::Command;

fn run(args: &[&str]) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_ultima-server"))
        .args(args)
        .output();
    match output {
        Ok(output) => (
            output.status.code(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        ),
        Err(error) => panic!("cannot run ultima-server: {error}"),
    }
}

#[test]
fn bad_arguments_are_refused_with_the_usage() {
    for (args, says) in [
        (&["--web"][..], "--web needs a value"),
        (
            &[
                "--listen",
                "127.0.0.1:0",
                "--web",
                "/nonexistent-ultima-web",
            ][..],
            "has no index.html",
        ),
        (
            &["--listen", "127.0.0.1:0", "--max-connections", "0"][..],
            "--max-connections: `0` is not a whole number from 1",
        ),
        (
            &["--listen", "127.0.0.1:0", "--idle-timeout", "-1"][..],
            "--idle-timeout",
        ),
        (&["--listen"][..], "--listen needs a value"),
        (&["--listen", "localhost"][..], "is not HOST:PORT"),
        (
            &["--listen", "127.0.0.1:0", "--claim-after", "soon"][..],
            "--claim-after",
        ),
        (
            &["--listen", "127.0.0.1:0", "--join-burst", "0"][..],
            "--join-burst",
        ),
        (
            &["--listen", "127.0.0.1:0", "--message-rate", "-3"][..],
            "--message-rate",
        ),
        (
            &["--listen", "127.0.0.1:0", "--create-burst", "none"][..],
            "--create-burst",
        ),
        (
            &["--listen", "127.0.0.1:0", "--invite-expires-after", "0"][..],
            "--invite-expires-after: `0` is not a number of seconds",
        ),
        (
            &["--listen", "127.0.0.1:0", "--abandoned-after", "NaN"][..],
            "--abandoned-after",
        ),
        (
            &["--listen", "127.0.0.1:0", "--keep-finished-for", "-1"][..],
            "--keep-finished-for: `-1` is not a number of seconds",
        ),
        (
            &["--listen", "127.0.0.1:0", "--colour", "blue"][..],
            "unknown argument `--colour`",
        ),
    ] {
        let (code, stderr) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn a_port_in_use_and_a_database_that_is_not_one_are_errors() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0");
    let Ok(taken) = taken else {
        panic!("no port to take")
    };
    let addr = taken
        .local_addr()
        .map(|a| a.to_string())
        .unwrap_or_default();
    let (code, stderr) = run(&["--listen", &addr, "--memory"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("cannot listen on"), "{stderr}");

    let dir = std::env::temp_dir().join(format!("ultima-server-cli-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let not_a_db = dir.join("notes.txt");
    let _ = std::fs::write(
        &not_a_db,
        "these are not games, just some text that is long enough",
    );
    let (code, stderr) = run(&[
        "--listen",
        "127.0.0.1:0",
        "--db",
        &not_a_db.to_string_lossy(),
    ]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("game database"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn without_db_the_games_go_to_a_data_folder_it_makes_and_it_says_where() {
    use std::io::{BufRead, BufReader};
    let dir = std::env::temp_dir().join(format!("ultima-server-cli-data-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let child = Command::new(env!("CARGO_BIN_EXE_ultima-server"))
        .args(["--listen", "127.0.0.1:0", "--no-web"])
        .current_dir(&dir)
        .stdout(std::process::Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(error) => panic!("cannot run ultima-server: {error}"),
    };
    let mut lines = Vec::new();
    if let Some(stdout) = child.stdout.take() {
        let mut reader = BufReader::new(stdout);
        for _ in 0..4 {
            let mut line = String::new();
            let _ = reader.read_line(&mut line);
            lines.push(line);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    let said = lines.concat();
    assert!(said.starts_with("listening on 127.0.0.1:"), "{said}");
    assert!(said.contains("no web app here"), "{said}");
    assert!(said.contains("npm run build:web"), "{said}");
    assert!(
        said.contains("the games in ultima-data/games.sqlite"),
        "{said}"
    );
    assert!(dir.join("ultima-data/games.sqlite").is_file());
    let _ = std::fs::remove_dir_all(&dir);
}
