//! The app opened on a native machine: the store file and the history database in the app's
//! data folder, the finished games of an older save moved into the database, and the core on
//! this platform.

use std::path::Path;
use ultima_app_state::error::{AppError, AppProblem, StorageWhat};
use ultima_core::{AppCore, Opening};

use crate::history::Finished;
use crate::persistence::Persistence;
use crate::platform::{Desktop, Filed, Saved};
use crate::store::KeyValue;

/// Opens the store and the history database in `folder` (the app's data folder) and moves the
/// finished games of an older save into the database; `build_store` opens the store on the
/// checked file. Fails when the store or the history cannot be opened at all.
pub fn open(
    folder: &Path,
    build_store: impl FnOnce(&Path) -> Result<Box<dyn KeyValue>, String>,
) -> Result<AppCore<Desktop>, AppError> {
    let (persistence, mut loaded, legacy_finished) = Persistence::open(folder, build_store)?;
    let finished = if persistence.is_read_only() {
        Finished::in_memory()
    } else {
        let (finished, notice) = Finished::open(folder);
        loaded.notices.extend(notice);
        finished
    };
    let Some(finished) = finished else {
        return Err(AppError::new(AppProblem::Storage {
            what: StorageWhat::History,
        }));
    };
    // The finished games of a version 1 save go into the database; only once they are
    // committed there does the store forget them (a crash in between imports them again,
    // which the database takes as a no-op).
    match finished.import(&legacy_finished) {
        // Kept in the store too while the database lives only in memory.
        Ok(()) if finished.is_on_disk() => persistence.forget_legacy_finished(),
        Ok(()) => {}
        Err(error) => eprintln!("ultima: moving finished games into the database: {error:?}"),
    }
    let opening = Opening {
        rewrite: persistence.is_older_format() || !loaded.notices.is_empty(),
    };
    Ok(AppCore::open(
        Desktop,
        Saved(persistence),
        loaded,
        Filed(finished),
        opening,
    ))
}
