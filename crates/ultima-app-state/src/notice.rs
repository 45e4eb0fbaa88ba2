//! What the player is told at start-up about their saved data: codes with parameters, worded by
//! the UI's message catalogue. Never a parser's message or a file path.

use serde::Serialize;
use specta::Type;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Type)]
#[serde(
    tag = "code",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Notice {
    /// The save file was damaged (probably the app was stopped while it saved); the copy from
    /// the save before was restored, so at most the last change is missing. The damaged file
    /// is kept beside it.
    RestoredFromBackup,
    /// The save file was missing; its backup from the last save was restored.
    RestoredMissingFromBackup,
    /// Neither the save file nor its backup could be read: the app starts afresh, both files
    /// are kept beside the new one.
    StartedFresh,
    /// Some settings did not read and took their defaults; the others were kept.
    SettingsPartlyReset { fields: Vec<String> },
    /// The game in progress breaks at one move: the moves before it were kept, the rest is
    /// kept aside in the save file.
    GameCutShort { kept_moves: u32, total_moves: u32 },
    /// The game in progress could not be read at all; it is kept aside in the save file.
    CurrentGameUnreadable,
    /// Some finished games could not be read; they are kept aside, not deleted.
    FinishedGamesUnreadable { count: u32 },
    /// The save file was written by a newer version of the app: it is left untouched, and
    /// nothing is saved while this version runs.
    SaveFromNewerVersion { version: u32 },
    /// The finished games' database was damaged: it was moved aside (not deleted) and a new
    /// one started.
    HistoryMovedAside,
    /// The finished games' database could not be opened: finished games are not listed or
    /// kept this time.
    HistoryUnavailable,
    /// The rules course's progress could not be read at all: the course starts again from the
    /// first task; what was saved is kept aside in the save file.
    CourseProgressUnreadable,
    /// The progress of some tasks of the course (their ids) could not be read: those tasks
    /// count as not solved; the others were kept, and what was saved is kept aside.
    CourseProgressPartlyLost { tasks: Vec<String> },
    /// The course's progress was saved by a newer version of the app: it is kept aside, and the
    /// course starts again here.
    CourseProgressFromNewerVersion { version: u32 },
    /// The puzzle rating could not be read: it starts again at 1500; what was saved is kept
    /// aside in the save file.
    PuzzleRatingUnreadable,
    /// The puzzle rating was saved by a newer version of the app: it is kept aside, and the
    /// rating starts again here.
    PuzzleRatingFromNewerVersion { version: u32 },
}
