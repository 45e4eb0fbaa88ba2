//! A player in a child process: an engine command (`cmd:PROGRAM ARGS`) spoken to by the
//! protocol of PROTOCOL.md. A crash, an answer that is not a move, or a silence past the
//! time-out loses the game; an engine that cannot be brought back in step is out of the match.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use ultima_rules::{Game, START_UFEN};

use super::player::{Forfeit, Player};
use crate::error::CliError;

/// How long an engine has to answer `stop` with its late `bestmove` after a time-out.
const STOP_GRACE: Duration = Duration::from_secs(5);

/// An engine in a child process, spoken to by the protocol.
pub struct EngineProcess {
    name: String,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    go: String,
    timeout: Duration,
    stop_grace: Duration,
    /// Why the engine is out of the match, once it is: every later game it plays is lost.
    dead: Option<String>,
}

impl EngineProcess {
    /// Starts `command` (program and arguments separated by spaces) and greets it.
    pub fn start(command: &str, go: &str, timeout: Duration) -> Result<EngineProcess, CliError> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| CliError::Usage("an engine command is empty".to_string()))?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| CliError::Engine(format!("could not start `{command}`: {e}")))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(CliError::Engine(format!("`{command}` has no pipes")));
        };
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = EngineProcess {
            name: command.to_string(),
            child,
            input,
            lines,
            go: go.to_string(),
            timeout,
            stop_grace: STOP_GRACE,
            dead: None,
        };
        engine
            .send("ultima")
            .and_then(|()| engine.expect("ultimaok", Duration::from_secs(10)).map(drop))
            .map_err(|f| CliError::Engine(format!("`{command}` did not greet: {f}")))?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), Forfeit> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| Forfeit::Crashed(format!("could not write to it: {e}")))
    }

    /// Waits for a line starting with `prefix`, skipping others.
    fn expect(&mut self, prefix: &str, timeout: Duration) -> Result<String, Forfeit> {
        // A time-out too far off to be an instant is as good as none.
        let deadline = Instant::now().checked_add(timeout);
        loop {
            let received = match deadline {
                Some(deadline) => self
                    .lines
                    .recv_timeout(deadline.saturating_duration_since(Instant::now())),
                None => self
                    .lines
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
            };
            match received {
                Ok(line) if line.starts_with(prefix) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => return Err(Forfeit::Timeout),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Forfeit::Crashed("it closed its output".to_string()))
                }
            }
        }
    }

    /// The forfeit of an engine that is out of the match, if it is.
    fn alive(&self) -> Result<(), Forfeit> {
        match &self.dead {
            Some(reason) => Err(Forfeit::Crashed(format!("out of the match ({reason})"))),
            None => Ok(()),
        }
    }

    /// Puts the engine out of the match: it is ended at once (a search left running would take
    /// the machine from its opponent) and loses every later game.
    fn give_up(&mut self, reason: String) {
        self.dead = Some(reason);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Notes a forfeit that leaves the engine unusable (a crash) and hands it back.
    fn checked(&mut self, why: Forfeit) -> Forfeit {
        if let Forfeit::Crashed(message) = &why {
            let reason = message.clone();
            self.give_up(reason);
        }
        why
    }

    /// After a time-out: stops the search and drains output up to its late `bestmove`, so that
    /// the next game starts in step (a searching engine refuses `newgame`, `position` and `go`,
    /// and its late `bestmove` would be taken as the answer to the next `go`). An engine that
    /// does not answer `stop` within the grace period is out of the match.
    fn recover_from_timeout(&mut self) {
        let answered = self
            .send("stop")
            .and_then(|()| self.expect("bestmove", self.stop_grace));
        match answered {
            Ok(_) => {}
            Err(Forfeit::Timeout) => self.give_up(format!(
                "no `bestmove` within {:?} of `stop`, after a time-out",
                self.stop_grace
            )),
            Err(Forfeit::Crashed(message)) => self.give_up(message),
            Err(other) => self.give_up(other.to_string()),
        }
    }
}

impl Player for EngineProcess {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self) -> Result<(), Forfeit> {
        self.alive()?;
        self.send("newgame")
            .and_then(|()| self.send("isready"))
            .and_then(|()| self.expect("readyok", Duration::from_secs(10)).map(drop))
            .map_err(|why| self.checked(why))
    }

    fn choose(&mut self, game: &Game) -> Result<String, Forfeit> {
        self.alive()?;
        let start = game.start().ufen();
        let mut command = if start == START_UFEN {
            "position start".to_string()
        } else {
            format!("position ufen {start}")
        };
        if !game.moves().is_empty() {
            command.push_str(" moves");
            for mv in game.moves() {
                command.push(' ');
                command.push_str(&mv.coordinates());
            }
        }
        let go = format!("go {}", self.go);
        let answer = self
            .send(&command)
            .and_then(|()| self.send(go.trim_end()))
            .and_then(|()| self.expect("bestmove", self.timeout));
        match answer {
            Ok(line) => Ok(line.trim_start_matches("bestmove").trim().to_string()),
            Err(Forfeit::Timeout) => {
                self.recover_from_timeout();
                Err(Forfeit::Timeout)
            }
            Err(why) => Err(self.checked(why)),
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.send("quit");
        for _ in 0..50 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::match_runner::game_loop::{play_game, run_games, Ending};
    use crate::match_runner::openings::openings;
    use crate::match_runner::player::Stubborn;
    use ultima_rules::Color;

    /// A fake engine (POSIX sh) that sits on its first `go` until `stop` arrives, then answers
    /// it late if `$1` is `answers` (and never if not), and answers every later `go` at once
    /// with `e2e5`. Like the real engine, it refuses `newgame`, `position` and `go` while it
    /// searches.
    #[cfg(unix)]
    const SLOW_FIRST_GO: &str = r#"
searching=no
gos=0
while IFS= read -r line; do
  case "$line" in
    ultima) echo ultimaok ;;
    isready) echo readyok ;;
    quit) exit 0 ;;
    stop)
      if [ "$searching" = yes ] && [ "$1" = answers ]; then
        searching=no
        echo "bestmove e2e5"
      fi ;;
    *)
      if [ "$searching" = yes ]; then
        echo "error a search is running: send stop first"
      else
        case "$line" in
          go*)
            gos=$((gos + 1))
            if [ "$gos" = 1 ]; then searching=yes; else echo "bestmove e2e5"; fi ;;
        esac
      fi ;;
  esac
done
"#;

    /// Starts the fake engine with `mode`, written to a file of its own.
    #[cfg(unix)]
    fn slow_first_go(mode: &str, timeout: Duration) -> (EngineProcess, std::path::PathBuf) {
        let script = std::env::temp_dir().join(format!(
            "ultima-fake-engine-{}-{mode}.sh",
            std::process::id()
        ));
        std::fs::write(&script, SLOW_FIRST_GO).expect("script written");
        let command = format!("sh {} {mode}", script.display());
        let engine = EngineProcess::start(&command, "movetime 10", timeout).expect("it starts");
        (engine, script)
    }

    #[cfg(unix)]
    #[test]
    fn an_engine_that_times_out_is_stopped_and_plays_the_next_game_in_step() {
        // The time-out bounds only the immediate answer of the second game's `go`: generous.
        let (mut engine, script) = slow_first_go("answers", Duration::from_secs(3));
        let mut other = Stubborn("e7e6");
        let (_, first) = play_game(&mut engine, &mut other, &[], 1);
        assert_eq!(
            first,
            Ending::Forfeit {
                loser: Color::White,
                why: Forfeit::Timeout
            }
        );
        // Its late `bestmove` was drained after `stop`: the next game starts in step, and its
        // `go` is answered by the engine's own move, not refused nor taken from the last game.
        let (session, second) = play_game(&mut engine, &mut other, &[], 1);
        let _ = std::fs::remove_file(&script);
        assert_eq!(second, Ending::Adjudicated, "{}", second.describe());
        assert_eq!(session.game().moves()[0].coordinates(), "e2e5");
        assert!(engine.dead.is_none());
    }

    #[cfg(unix)]
    #[test]
    fn an_engine_that_ignores_stop_is_out_of_the_match() {
        let (mut engine, script) = slow_first_go("deaf", Duration::from_millis(300));
        engine.stop_grace = Duration::from_millis(300);
        let mut other = Stubborn("e7e6");
        let (_, first) = play_game(&mut engine, &mut other, &[], 1);
        let _ = std::fs::remove_file(&script);
        assert!(
            matches!(
                first,
                Ending::Forfeit {
                    why: Forfeit::Timeout,
                    ..
                }
            ),
            "{}",
            first.describe()
        );
        // Ended, so that a runaway search does not take the machine from its opponent.
        assert!(matches!(engine.child.try_wait(), Ok(Some(_))));
        let mut lines = openings(1, 1, 2);
        lines.push(Vec::new());
        let mut endings = Vec::new();
        let tally = run_games(&mut engine, &mut other, 2, &lines, 10, &mut |_, _, _, e| {
            endings.push(e.clone())
        });
        assert_eq!(tally.losses, 2, "{endings:?}");
        for ending in endings {
            let text = ending.describe();
            assert!(
                matches!(
                    ending,
                    Ending::Forfeit {
                        why: Forfeit::Crashed(_),
                        ..
                    }
                ),
                "{text}"
            );
            assert!(
                text.contains("out of the match") && text.contains("`stop`"),
                "{text}"
            );
        }
    }
}
