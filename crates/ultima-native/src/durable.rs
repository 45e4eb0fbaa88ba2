//! Keeping the save file whole. The store plugin writes its file in place (truncate, then write:
//! plugins-workspace issue #3085), so a crash or `kill -9` mid-write can leave half a file, and
//! the plugin silently starts empty when it cannot parse what it finds — the next save would
//! then overwrite the player's games. So:
//!
//! - before every save, the last complete file is copied to a backup, atomically (write a
//!   temporary file, flush it to disk, rename it over the backup);
//! - before the plugin reads the file, it is checked; a file that does not parse is moved aside
//!   (never overwritten) and the backup, if it is whole, takes its place. The player is told.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use ultima_app_state::notice::Notice;

/// What [`prepare`] found and did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recovery {
    /// The file was whole, or there was none yet.
    Clean,
    /// The file was damaged (it was moved to `damaged`) or missing (`None`), and the backup
    /// restored.
    RestoredBackup { damaged: Option<PathBuf> },
    /// The file was damaged and the backup too (or there was none): both were moved aside and
    /// the app starts afresh.
    StartedFresh { damaged: Vec<PathBuf> },
}

impl Recovery {
    /// What to tell the player, if anything (the paths stay in the log, never in a notice).
    pub fn notice(&self) -> Option<Notice> {
        match self {
            Recovery::Clean => None,
            Recovery::RestoredBackup { damaged: Some(_) } => Some(Notice::RestoredFromBackup),
            Recovery::RestoredBackup { damaged: None } => Some(Notice::RestoredMissingFromBackup),
            Recovery::StartedFresh { .. } => Some(Notice::StartedFresh),
        }
    }
}

/// The backup of `path`: `ultima.json` → `ultima.json.bak`.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".bak");
    PathBuf::from(name)
}

/// Whether `bytes` are a whole save file: a JSON object.
fn is_whole(bytes: &[u8]) -> bool {
    matches!(
        serde_json::from_slice::<serde_json::Value>(bytes),
        Ok(serde_json::Value::Object(_))
    )
}

fn read_if_exists(path: &Path) -> io::Result<Option<Vec<u8>>> {
    match fs::read(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(error),
    }
}

/// Writes `bytes` to `path` so that `path` holds either its old content or the new, whole.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    {
        let mut file = fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
    }
    fs::rename(&temporary, path)?;
    if let Some(parent) = path.parent() {
        // Make the rename itself durable; not every platform can open a directory.
        if let Ok(directory) = fs::File::open(parent) {
            let _ = directory.sync_all();
        }
    }
    Ok(())
}

/// A free name beside `path` for a damaged file: `ultima.json.damaged-1`, `-2`, ...
fn aside_path(path: &Path) -> PathBuf {
    (1..)
        .map(|n| {
            let mut name = path.as_os_str().to_owned();
            name.push(format!(".damaged-{n}"));
            PathBuf::from(name)
        })
        .find(|candidate| !candidate.exists())
        .unwrap_or_else(|| path.with_extension("damaged"))
}

/// Checks the save file before it is read, repairing it from the backup when it is damaged.
pub fn prepare(path: &Path) -> io::Result<Recovery> {
    let backup = backup_path(path);
    let main = read_if_exists(path)?;
    match main.as_deref() {
        Some(bytes) if is_whole(bytes) => return Ok(Recovery::Clean),
        // No file: a first start, or a repair that was cut short after moving the damaged
        // file aside. The backup, if there is one, holds the player's data.
        None => {
            return match read_if_exists(&backup)? {
                Some(bytes) if is_whole(&bytes) => {
                    write_atomically(path, &bytes)?;
                    Ok(Recovery::RestoredBackup { damaged: None })
                }
                _ => Ok(Recovery::Clean),
            }
        }
        Some(_) => {}
    }
    let damaged = aside_path(path);
    fs::rename(path, &damaged)?;
    match read_if_exists(&backup)? {
        Some(bytes) if is_whole(&bytes) => {
            write_atomically(path, &bytes)?;
            Ok(Recovery::RestoredBackup {
                damaged: Some(damaged),
            })
        }
        Some(_) => {
            let damaged_backup = aside_path(&backup);
            fs::rename(&backup, &damaged_backup)?;
            Ok(Recovery::StartedFresh {
                damaged: vec![damaged, damaged_backup],
            })
        }
        None => Ok(Recovery::StartedFresh {
            damaged: vec![damaged],
        }),
    }
}

/// Copies the current (whole) save file to the backup, before it is overwritten.
pub fn back_up(path: &Path) -> io::Result<()> {
    match read_if_exists(path)? {
        Some(bytes) if is_whole(&bytes) => write_atomically(&backup_path(path), &bytes),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("ultima-durable-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("temp dir");
        dir
    }

    #[test]
    fn a_whole_file_or_no_file_is_left_alone() {
        let dir = folder("clean");
        let path = dir.join("ultima.json");
        assert_eq!(prepare(&path).ok(), Some(Recovery::Clean));
        fs::write(&path, br#"{"a":1}"#).expect("write");
        assert_eq!(prepare(&path).ok(), Some(Recovery::Clean));
        assert_eq!(fs::read(&path).ok().as_deref(), Some(&br#"{"a":1}"#[..]));
    }

    #[test]
    fn a_torn_file_is_moved_aside_and_the_backup_restored() {
        let dir = folder("torn");
        let path = dir.join("ultima.json");
        fs::write(&path, br#"{"moves":"e2e5"}"#).expect("write");
        back_up(&path).expect("backup");
        fs::write(&path, br#"{"moves":"e2e5 d7"#).expect("torn write");
        let recovery = prepare(&path).expect("prepare");
        let Recovery::RestoredBackup {
            damaged: Some(damaged),
        } = &recovery
        else {
            panic!("expected a restore, got {recovery:?}");
        };
        assert_eq!(
            fs::read(&path).ok().as_deref(),
            Some(&br#"{"moves":"e2e5"}"#[..])
        );
        assert_eq!(
            fs::read(damaged).ok().as_deref(),
            Some(&br#"{"moves":"e2e5 d7"#[..]),
            "kept, not deleted"
        );
        assert_eq!(recovery.notice(), Some(Notice::RestoredFromBackup));
    }

    #[test]
    fn a_missing_file_with_a_whole_backup_is_restored_from_it() {
        let dir = folder("missing");
        let path = dir.join("ultima.json");
        fs::write(&path, br#"{"moves":"e2e5"}"#).expect("write");
        back_up(&path).expect("backup");
        fs::remove_file(&path).expect("remove");
        assert_eq!(
            prepare(&path).ok(),
            Some(Recovery::RestoredBackup { damaged: None })
        );
        assert_eq!(
            fs::read(&path).ok().as_deref(),
            Some(&br#"{"moves":"e2e5"}"#[..])
        );
    }

    #[test]
    fn with_no_good_backup_everything_is_kept_aside_and_the_player_told() {
        let dir = folder("fresh");
        let path = dir.join("ultima.json");
        fs::write(&path, b"\0\0garbage").expect("write");
        fs::write(backup_path(&path), b"{broken").expect("write");
        let recovery = prepare(&path).expect("prepare");
        let Recovery::StartedFresh { damaged } = &recovery else {
            panic!("expected a fresh start, got {recovery:?}");
        };
        assert_eq!(damaged.len(), 2);
        assert!(damaged.iter().all(|p| p.exists()));
        assert!(!path.exists());
        // With the file gone and no backup, the next start is a clean one.
        assert_eq!(prepare(&path).ok(), Some(Recovery::Clean));
        // A second damaged file does not overwrite the first one set aside.
        fs::write(&path, b"again").expect("write");
        let Ok(Recovery::StartedFresh { damaged: second }) = prepare(&path) else {
            panic!("expected a fresh start");
        };
        assert_ne!(second[0], damaged[0]);
    }

    /// The writer's loop in the child process: save after save, as the app does (a backup,
    /// then the store plugin's in-place `fs::write`), until it is killed.
    fn saver_child(dir: &Path) -> ! {
        let path = dir.join("ultima.json");
        let filler = "e2e5 ".repeat(200_000); // about 1 MB: a write takes long enough to be cut
        let first = counter_in(&path).unwrap_or(0) + 1;
        for counter in first.. {
            let json = format!(r#"{{"counter":{counter},"moves":"{filler}"}}"#);
            let _ = back_up(&path);
            let _ = fs::write(&path, json);
        }
        unreachable!()
    }

    fn counter_in(path: &Path) -> Option<u64> {
        let value: serde_json::Value = serde_json::from_slice(&fs::read(path).ok()?).ok()?;
        value.get("counter")?.as_u64()
    }

    /// Kills a process that saves without pause, at random moments, 30 times; after each kill
    /// the file must read whole, and never be older than what the previous round found.
    #[test]
    fn killing_the_app_while_it_saves_never_loses_the_file() {
        if let Some(dir) = std::env::var_os("ULTIMA_SAVER_CHILD") {
            saver_child(Path::new(&dir));
        }
        let dir = folder("kill");
        let path = dir.join("ultima.json");
        let exe = std::env::current_exe().expect("the test binary");
        let (mut last, mut repaired) = (0, 0);
        for round in 0u64..30 {
            let mut child = std::process::Command::new(&exe)
                .args([
                    "durable::tests::killing_the_app_while_it_saves_never_loses_the_file",
                    "--exact",
                ])
                .env("ULTIMA_SAVER_CHILD", &dir)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .expect("start the saver");
            std::thread::sleep(std::time::Duration::from_millis(60 + (round * 37) % 90));
            child.kill().expect("kill -9 the saver");
            let _ = child.wait();
            let recovery = prepare(&path).expect("prepare after the kill");
            match recovery {
                Recovery::Clean => {}
                Recovery::RestoredBackup { .. } => repaired += 1,
                // Only the very first save, before any backup, may be lost.
                Recovery::StartedFresh { .. } => {
                    assert_eq!(last, 0, "round {round}: a saved file was lost")
                }
            }
            if path.exists() {
                let counter = counter_in(&path).unwrap_or_else(|| {
                    panic!("round {round}: the file is not whole after {recovery:?}")
                });
                assert!(
                    counter >= last,
                    "round {round}: the file went back from {last} to {counter}"
                );
                last = counter;
            }
        }
        assert!(last > 0, "the saver never completed a save");
        println!("30 kills: {repaired} torn files repaired from the backup, last save {last}");
    }
}
