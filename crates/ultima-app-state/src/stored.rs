//! The app's side of what is saved: the game core's stored types (`ultima_game::stored`, with
//! their format numbers and migrations) read from and written to the store and the history
//! database, and what to do when they do not read.

use serde_json::Value;
use ultima_game::{Session, StoredGame, StoredSummary};

/// The game in progress as it was found in the store.
pub enum CurrentRead {
    Whole(Session),
    /// The record broke at a move: the game up to the move before.
    CutShort {
        session: Session,
        kept_moves: u32,
        total_moves: u32,
    },
    /// Nothing of it reads (no start position, a format from a newer version, no JSON shape).
    Unreadable,
}

/// A finished game of a version 1 save, to be moved into the history database.
pub struct LegacyFinished {
    pub session: Session,
}

pub fn read_current(saved: &Value) -> CurrentRead {
    let restored =
        StoredGame::from_json(saved.clone()).and_then(|stored| Session::from_stored(&stored));
    match restored {
        Ok(restored) => match restored.cut {
            None => CurrentRead::Whole(restored.session),
            Some(cut) => {
                eprintln!("ultima: the game in progress breaks: {}", cut.reason);
                CurrentRead::CutShort {
                    session: restored.session,
                    kept_moves: cut.kept_moves,
                    total_moves: cut.total_moves,
                }
            }
        },
        Err(error) => {
            eprintln!("ultima: the game in progress does not read: {error}");
            CurrentRead::Unreadable
        }
    }
}

pub fn write_current(session: &Session) -> Result<Value, serde_json::Error> {
    serde_json::to_value(session.to_stored())
}

/// A finished game of a version 1 save, if it reads whole and is over (one that breaks is
/// kept aside whole rather than filed cut short: it was finished, and would not be any more).
pub fn read_legacy_finished(saved: &Value) -> Option<LegacyFinished> {
    let stored = StoredGame::from_json(saved.clone()).ok()?;
    let restored = Session::from_stored(&stored).ok()?;
    if restored.cut.is_some() || !restored.session.is_over() {
        return None;
    }
    Some(LegacyFinished {
        session: restored.session,
    })
}

/// A finished game as the history database keeps it: its line in the list and its body. Both
/// come from the session, so the same game always gives the same body (storing it again is
/// then a no-op).
pub fn finished_entry(session: &Session) -> Option<(StoredSummary, StoredGame)> {
    Some((session.stored_summary()?, session.to_stored()))
}

/// A finished game read back from its body.
pub fn finished_session(body: Value) -> Option<Session> {
    let stored = StoredGame::from_json(body).ok()?;
    let restored = Session::from_stored(&stored).ok()?;
    restored.cut.is_none().then_some(restored.session)
}

/// A line of the list read back, in any summary format this version knows.
pub fn finished_summary(summary: Value) -> Option<StoredSummary> {
    StoredSummary::from_json(summary).ok()
}
