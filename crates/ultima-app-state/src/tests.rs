//! The shared logic on a record in memory and a history that counts what it is given: the
//! saved record read entry by entry, a failed save undone, a finished game and an attempt
//! filed once. (The app's files, crashes and threads are tested in `src-tauri`, the browser's
//! records in `ultima-wasm`.)

use std::cell::Cell;

use serde_json::{json, Map, Value};
use ultima_game::wire::NewGame;
use ultima_game::Session;

use crate::archive::Archive;
use crate::course::CourseData;
use crate::error::{AppError, AppProblem, StorageWhat};
use crate::games::{Act, Games};
use crate::notice::Notice;
use crate::puzzles::wire::AttemptBody;
use crate::record::{self, Entries, Loaded, MemoryEntries, Saves};
use crate::settings::Settings;

/// A record in memory whose saves fail while `failing` is set.
#[derive(Default)]
struct Memory {
    entries: MemoryEntries,
    failing: Cell<bool>,
}

impl Memory {
    fn get(&self, key: &str) -> Option<Value> {
        self.entries.get(key)
    }
}

impl Saves for Memory {
    fn entries(&self) -> Option<&dyn Entries> {
        Some(&self.entries)
    }

    fn write(&self) -> Result<(), AppError> {
        if self.failing.get() {
            return Err(AppError::new(AppProblem::Storage {
                what: StorageWhat::Save,
            }));
        }
        Ok(())
    }
}

/// A history that keeps the ids of what it was given.
#[derive(Default)]
struct Shelf {
    games: Vec<String>,
    attempts: Vec<(String, f64)>,
}

impl Archive for Shelf {
    fn file(&mut self, session: &Session) -> Result<(), AppError> {
        if session.is_over() {
            self.games.push(session.id().to_string());
        }
        Ok(())
    }

    fn add_attempt(
        &mut self,
        puzzle_id: &str,
        at: f64,
        _body: &AttemptBody,
    ) -> Result<(), AppError> {
        self.attempts.push((puzzle_id.to_string(), at));
        Ok(())
    }
}

fn loaded(entries: Value) -> (MemoryEntries, Loaded) {
    let Value::Object(entries) = entries else {
        panic!("a record is an object");
    };
    let entries = MemoryEntries::new(entries);
    let mut loaded = Loaded::default();
    record::read(&entries, &mut loaded);
    (entries, loaded)
}

fn friends() -> NewGame {
    NewGame::Friend {
        turn_board: false,
        time_control: None,
        reading: ultima_rules::Reading::Abbott1963,
    }
}

#[test]
fn the_format_version_of_a_record() {
    let version = |entries: Value| match entries {
        Value::Object(entries) => record::version_of(&entries),
        _ => unreachable!(),
    };
    assert_eq!(version(json!({})), 0);
    assert_eq!(version(json!({"settings": {}})), 1);
    assert_eq!(version(json!({"version": 2})), 2);
    // Not a count: refused like a newer one.
    assert_eq!(version(json!({"version": "two"})), u32::MAX);
}

#[test]
fn an_entry_that_does_not_read_is_kept_aside_and_costs_only_itself() {
    let (entries, loaded) = loaded(json!({
        "version": 2,
        "settings": {"showCoordinates": false, "pieceSet": 7},
        "currentGame": "not a game",
        "courseTask": 12,
    }));
    assert!(!loaded.settings.show_coordinates, "the good field is kept");
    assert!(loaded.current.is_none() && loaded.course_task.is_none());
    assert!(loaded.notices.contains(&Notice::CurrentGameUnreadable));
    assert!(loaded
        .notices
        .iter()
        .any(|notice| matches!(notice, Notice::SettingsPartlyReset { .. })));
    // Kept under keys of their own; the unreadable game and task are out of the record.
    assert_eq!(
        entries.get("damaged-currentGame-1"),
        Some(json!("not a game"))
    );
    assert_eq!(entries.get("damaged-courseTask-1"), Some(json!(12)));
    assert!(entries.get("damaged-settings-1").is_some());
    assert!(!entries.has("currentGame") && !entries.has("courseTask"));
}

#[test]
fn setting_aside_never_overwrites_what_was_set_aside_before() {
    let entries = MemoryEntries::new(Map::new());
    assert_eq!(
        record::set_aside(&entries, "settings", json!(1)).as_deref(),
        Some("damaged-settings-1")
    );
    assert_eq!(
        record::set_aside(&entries, "settings", json!(2)).as_deref(),
        Some("damaged-settings-2")
    );
    assert_eq!(entries.get("damaged-settings-1"), Some(json!(1)));
}

#[test]
fn a_change_whose_save_fails_is_undone_in_memory_and_in_the_record() {
    let saves = Memory::default();
    let mut shelf = Shelf::default();
    let mut games = Games::new(Settings::default(), None, Vec::new());
    let view = games
        .new_game(&saves, Some(&mut shelf), friends(), "g1".into(), 0.0, true)
        .expect("a new game");
    let saved = saves.get("currentGame");
    assert!(saved.is_some());

    saves.failing.set(true);
    let from_to = view.legal_moves.first().expect("a first move");
    let (from, to) = (from_to.from.clone(), from_to.to.clone());
    let error = games
        .act(
            &saves,
            Some(&mut shelf),
            "g1",
            Act::Play {
                from: &from,
                to: &to,
            },
            1.0,
        )
        .expect_err("the save fails");
    assert_eq!(
        error.problem,
        AppProblem::Storage {
            what: StorageWhat::Save
        }
    );
    let current = games.current.as_ref().expect("the game is still there");
    assert!(current.game().moves().is_empty(), "the move is undone");
    assert_eq!(saves.get("currentGame"), saved, "and so is the record");
}

#[test]
fn a_game_that_ended_is_filed_once_and_before_a_new_one_starts() {
    let saves = Memory::default();
    let mut shelf = Shelf::default();
    let mut games = Games::new(Settings::default(), None, Vec::new());
    games
        .new_game(&saves, Some(&mut shelf), friends(), "g1".into(), 0.0, true)
        .expect("a new game");
    games
        .act(&saves, Some(&mut shelf), "g1", Act::Resign, 1.0)
        .expect("resigned");
    assert_eq!(shelf.games, ["g1"]);
    games
        .set_settings(&saves, Some(&mut shelf), Settings::default())
        .expect("saved");
    games
        .new_game(&saves, Some(&mut shelf), friends(), "g2".into(), 2.0, true)
        .expect("a new game");
    assert_eq!(shelf.games, ["g1"], "filed once");
    let refused = games.act(&saves, Some(&mut shelf), "g1", Act::Resign, 3.0);
    assert_eq!(
        refused.expect_err("not the game in progress").problem,
        AppProblem::NotCurrentGame
    );
}

#[test]
fn a_course_change_whose_save_fails_is_undone() {
    let saves = Memory::default();
    let mut course = CourseData::default();
    let first = course.status().next.expect("a first task");
    course.open_task(&saves, &first).expect("opens");
    let before = saves.get("courseTask");
    assert!(before.is_some());
    saves.failing.set(true);
    course.reset(&saves).expect_err("the save fails");
    assert!(course.run.is_some(), "the task open stays");
    assert_eq!(saves.get("courseTask"), before);
}

#[test]
fn the_trainer_files_a_run_given_up_once_and_counts_its_rated_try() {
    let saves = Memory::default();
    let mut shelf = Shelf::default();
    let (_, loaded) = loaded(json!({}));
    let mut puzzles = crate::puzzles::PuzzleData::new(
        loaded.puzzle_rating,
        loaded.puzzle_current,
        Default::default(),
    );
    let view = puzzles
        .next(
            &saves,
            Some(&mut shelf),
            ultima_puzzles::rating::Difficulty::Normal,
            None,
            10.0,
            7,
        )
        .expect("a puzzle");
    assert!(view.rated);
    let id = view.id.clone();
    puzzles
        .solution(&saves, Some(&mut shelf), &id, 20.0)
        .expect("the solution");
    assert_eq!(shelf.attempts, [(id.clone(), 10.0)]);
    assert_eq!(puzzles.rating.attempted, 1);
    puzzles
        .solution(&saves, Some(&mut shelf), &id, 30.0)
        .expect("shown again");
    assert_eq!(shelf.attempts.len(), 1, "filed once");
    assert!(saves
        .get("puzzleCurrent")
        .is_some_and(|run| run["filed"] == json!(true)));
}

/// Plays the whole solution of the puzzle open.
fn solve_open(
    puzzles: &mut crate::puzzles::PuzzleData,
    saves: &Memory,
    shelf: &mut Shelf,
    id: &str,
) {
    let collection = ultima_puzzles::collection().expect("the collection");
    let puzzle = collection
        .iter()
        .find(|p| p.id == id)
        .expect("in the collection");
    for text in puzzle.solver_moves() {
        let step = puzzles
            .play(saves, Some(&mut *shelf), id, &text[..2], &text[2..], 50.0)
            .expect("the move");
        assert!(
            !matches!(
                step.step,
                crate::puzzles::wire::PuzzleStepView::Wrong { .. }
            ),
            "{id}: {text} is the solution's"
        );
    }
}

#[test]
fn a_failed_puzzle_comes_back_unrated_after_ten_rated_ones_until_solved() {
    use crate::puzzles::stored::RunMode;
    use ultima_puzzles::rating::Difficulty;
    let saves = Memory::default();
    let mut shelf = Shelf::default();
    let mut puzzles = crate::puzzles::PuzzleData::new(Default::default(), None, Default::default());
    let next = |puzzles: &mut crate::puzzles::PuzzleData, shelf: &mut Shelf, seed: u64| {
        puzzles
            .next(&saves, Some(shelf), Difficulty::Normal, None, 10.0, seed)
            .expect("a puzzle")
    };
    let first = next(&mut puzzles, &mut shelf, 1);
    puzzles
        .solution(&saves, Some(&mut shelf), &first.id, 20.0)
        .expect("given up");
    assert_eq!(puzzles.rating.review.len(), 1);
    // Ten rated puzzles solved: then the one failed comes back, not rated.
    for seed in 2..12 {
        let view = next(&mut puzzles, &mut shelf, seed);
        assert_eq!(view.mode, RunMode::Rated);
        assert!(view.rated && view.id != first.id);
        solve_open(&mut puzzles, &saves, &mut shelf, &view.id);
    }
    assert_eq!(puzzles.rating.attempted, 11);
    let again = next(&mut puzzles, &mut shelf, 12);
    assert_eq!(
        (again.id.as_str(), again.mode, again.rated),
        (first.id.as_str(), RunMode::Review, false)
    );
    solve_open(&mut puzzles, &saves, &mut shelf, &again.id);
    assert!(
        puzzles.rating.review.is_empty(),
        "solved: it leaves the queue"
    );
    assert_eq!(puzzles.rating.attempted, 11, "a review is not rated");
    // Saved with the rating: it survives a restart.
    let saved = saves.get("puzzleRating").expect("saved");
    assert_eq!(saved["review"], json!([]));
    assert_eq!(next(&mut puzzles, &mut shelf, 13).mode, RunMode::Rated);
}

#[test]
fn a_streak_rises_until_the_first_miss_and_keeps_its_best() {
    use crate::puzzles::stored::RunMode;
    let saves = Memory::default();
    let mut shelf = Shelf::default();
    let mut puzzles = crate::puzzles::PuzzleData::new(Default::default(), None, Default::default());
    let mut ratings = Vec::new();
    for seed in 0..3 {
        let view = puzzles
            .next_streak(&saves, Some(&mut shelf), 10.0, seed)
            .expect("a streak puzzle");
        assert_eq!((view.mode, view.rated), (RunMode::Streak, false));
        // Asked again before it is decided: the same puzzle.
        let same = puzzles
            .next_streak(&saves, Some(&mut shelf), 11.0, seed + 100)
            .expect("the same");
        assert_eq!(same.id, view.id);
        ratings.push(view.rating);
        solve_open(&mut puzzles, &saves, &mut shelf, &view.id);
    }
    assert_eq!(puzzles.rating.streak_mode.solved, 3);
    assert_eq!(puzzles.rating.attempted, 0, "the streak is not rated");
    let missed = puzzles
        .next_streak(&saves, Some(&mut shelf), 10.0, 9)
        .expect("a fourth");
    let over = puzzles
        .solution(&saves, Some(&mut shelf), &missed.id, 20.0)
        .expect("given up");
    assert!(!over.streak_mode.active);
    assert_eq!((over.streak_mode.solved, over.streak_mode.best), (3, 3));
    // A new streak starts from the easy end; the best is kept.
    let fresh = puzzles
        .next_streak(&saves, Some(&mut shelf), 30.0, 10)
        .expect("a new streak");
    assert_eq!((fresh.streak_mode.solved, fresh.streak_mode.best), (0, 3));
    assert!(fresh.streak_mode.active);
    assert!(
        saves.get("puzzleRating").expect("saved")["streakMode"]["best"] == json!(3),
        "the best streak is saved"
    );
    // Each near its target: 800, 850, 900.
    for (n, rating) in (0u32..).zip(&ratings) {
        assert!(rating.abs_diff(800 + 50 * n) <= 100, "{ratings:?}");
    }
}

#[test]
fn a_streak_puzzle_left_for_another_mode_comes_back_and_is_not_skipped() {
    use crate::puzzles::stored::RunMode;
    use ultima_puzzles::rating::Difficulty;
    let saves = Memory::default();
    let mut shelf = Shelf::default();
    let mut puzzles = crate::puzzles::PuzzleData::new(Default::default(), None, Default::default());
    let first = puzzles
        .next_streak(&saves, Some(&mut shelf), 10.0, 1)
        .expect("a streak puzzle");
    solve_open(&mut puzzles, &saves, &mut shelf, &first.id);
    let open = puzzles
        .next_streak(&saves, Some(&mut shelf), 20.0, 2)
        .expect("the second");
    // Left undecided for a rated puzzle, then for a replay of a puzzle from the history.
    let rated = puzzles
        .next(&saves, Some(&mut shelf), Difficulty::Normal, None, 30.0, 3)
        .expect("a rated puzzle");
    assert_eq!(rated.mode, RunMode::Rated);
    let back = puzzles
        .next_streak(&saves, Some(&mut shelf), 40.0, 4)
        .expect("the streak again");
    assert_eq!(
        (back.id.as_str(), back.mode),
        (open.id.as_str(), RunMode::Streak)
    );
    assert_eq!(
        (back.streak_mode.solved, back.streak_mode.active),
        (1, true)
    );
    let replay = puzzles
        .replay(&saves, Some(&mut shelf), &first.id, 50.0)
        .expect("from the history");
    assert_eq!(replay.mode, RunMode::Rated, "a plain replay");
    let again = puzzles
        .next_streak(&saves, Some(&mut shelf), 60.0, 5)
        .expect("the streak again");
    assert_eq!(again.id, open.id, "still the undecided one");
    // The undecided one replayed from the history is the streak's: no free look at it.
    puzzles
        .next(&saves, Some(&mut shelf), Difficulty::Normal, None, 65.0, 6)
        .expect("a rated puzzle");
    let replayed = puzzles
        .replay(&saves, Some(&mut shelf), &open.id, 70.0)
        .expect("the streak's puzzle from the history");
    assert_eq!(replayed.mode, RunMode::Streak);
    // Decided at last: the streak goes on to a new puzzle.
    solve_open(&mut puzzles, &saves, &mut shelf, &open.id);
    let third = puzzles
        .next_streak(&saves, Some(&mut shelf), 80.0, 7)
        .expect("the third");
    assert_ne!(third.id, open.id);
    assert_eq!(third.streak_mode.solved, 2);
    // As after a restart: the puzzle open is saved with the streak, so it still comes back.
    let saved: crate::puzzles::stored::StoredRating =
        serde_json::from_value(saves.get("puzzleRating").expect("saved")).expect("reads");
    assert_eq!(saved.streak_mode.open.as_ref(), Some(&third.id));
    assert_eq!(saved.streak_mode.solved, 2);
    // Given up: the streak is over, nothing is open, and a new streak starts afresh.
    let over = puzzles
        .solution(&saves, Some(&mut shelf), &third.id, 90.0)
        .expect("given up");
    assert!(!over.streak_mode.active);
    assert_eq!(puzzles.rating.streak_mode.open, None);
}

#[test]
fn a_streak_saved_before_its_open_puzzle_was_kept_serves_a_new_puzzle() {
    // A save of the earlier version: two puzzles in the streak (the first skipped, the second
    // solved), one solved, and no puzzle named open. Nothing comes back; a new puzzle is served.
    let collection = ultima_puzzles::collection().expect("the collection");
    let (skipped, solved) = (collection[0].id.clone(), collection[1].id.clone());
    let rating: crate::puzzles::stored::StoredRating = serde_json::from_value(json!({
        "version": 1,
        "player": serde_json::to_value(crate::puzzles::stored::StoredRating::default().player).expect("a rating"),
        "streakMode": { "solved": 1, "active": true, "puzzles": [skipped, solved], "best": 1 },
    }))
    .expect("an earlier save reads");
    assert_eq!(rating.streak_mode.open, None);
    let saves = Memory::default();
    let mut shelf = Shelf::default();
    let mut puzzles = crate::puzzles::PuzzleData::new(rating, None, Default::default());
    let next = puzzles
        .next_streak(&saves, Some(&mut shelf), 10.0, 1)
        .expect("a streak puzzle");
    assert!(next.id != skipped && next.id != solved, "{}", next.id);
    assert_eq!(
        (next.streak_mode.solved, next.streak_mode.active),
        (1, true)
    );
}

#[test]
fn a_game_of_another_reading_is_saved_and_read_back_with_it() {
    let saves = Memory::default();
    let mut shelf = Shelf::default();
    let mut games = Games::new(Settings::default(), None, Vec::new());
    let request = NewGame::Bot {
        level: ultima_bot::Level::Novice,
        player_side: ultima_game::wire::SideChoice::White,
        time_control: None,
        reading: ultima_rules::Reading::Cambridge,
    };
    let view = games
        .new_game(&saves, Some(&mut shelf), request, "g1".into(), 0.0, true)
        .expect("a new game");
    assert_eq!(view.reading, ultima_rules::Reading::Cambridge);
    let view = games
        .act(
            &saves,
            Some(&mut shelf),
            "g1",
            Act::Play {
                from: "e2",
                to: "e5",
            },
            1.0,
        )
        .expect("a legal move");
    assert_eq!(view.reading, ultima_rules::Reading::Cambridge);
    // As after a restart: the record read back.
    let mut loaded = Loaded::default();
    record::read(&saves.entries, &mut loaded);
    let restored = loaded.current.expect("the game in progress comes back");
    assert_eq!(restored.reading(), ultima_rules::Reading::Cambridge);
    assert_eq!(restored.game().moves().len(), 1);
}

#[test]
fn a_slower_mate_is_no_miss_and_the_faster_one_solves_the_puzzle() {
    use crate::puzzles::stored::PuzzleState;
    use crate::puzzles::wire::PuzzleStepView;
    use ultima_puzzles::rating::Difficulty;
    // A shipped mate in two (c3b3, then b4c3) where f3f2 mates in three: the puzzle asks for
    // the fastest.
    static MATE_IN_TWO: std::sync::OnceLock<Vec<ultima_puzzles::Puzzle>> =
        std::sync::OnceLock::new();
    let collection = MATE_IN_TWO.get_or_init(|| {
        ultima_puzzles::parse_file(
            "06e104b4;c2wk3/p4p2/4p3/5PL1/pxpl3p/P1ip1p1x/1KP3PP/3L1X1C w 0 20;h1g1 c3b3 d1a1 b4c3;907;107;immobilization,mate-in-2,middlegame\n",
        )
        .expect("the puzzle reads")
    });
    let saves = Memory::default();
    let mut shelf = Shelf::default();
    let mut puzzles = crate::puzzles::PuzzleData::new(Default::default(), None, Default::default());
    puzzles.use_collection(collection);
    let view = puzzles
        .next(&saves, Some(&mut shelf), Difficulty::Normal, None, 10.0, 1)
        .expect("the puzzle");
    assert_eq!(view.id, "06e104b4");
    let slower = puzzles
        .play(&saves, Some(&mut shelf), "06e104b4", "f3", "f2", 20.0)
        .expect("a legal move");
    let PuzzleStepView::SlowerMate { played } = &slower.step else {
        panic!("f3f2 mates in three: {:?}", slower.step);
    };
    assert_eq!((played.from.as_str(), played.to.as_str()), ("f3", "f2"));
    // Nothing played, nothing lost: the same position, the first try still rated.
    assert_eq!(slower.puzzle.state, PuzzleState::Playing);
    assert!(slower.puzzle.plies.is_empty());
    assert!(slower.puzzle.rated);
    assert_eq!(slower.puzzle.mistakes, 0);
    // The fastest mate solves it, at the first try.
    let first = puzzles
        .play(&saves, Some(&mut shelf), "06e104b4", "c3", "b3", 30.0)
        .expect("the solution's move");
    assert!(
        matches!(first.step, PuzzleStepView::Continue { .. }),
        "{:?}",
        first.step
    );
    let solved = puzzles
        .play(&saves, Some(&mut shelf), "06e104b4", "b4", "c3", 40.0)
        .expect("the mate");
    assert!(
        matches!(solved.step, PuzzleStepView::Solved { .. }),
        "{:?}",
        solved.step
    );
    let change = solved.puzzle.change.expect("rated");
    assert!(change.after > change.before, "solved at the first try");
}

/// The trainer's data as a relaunch reads it from `saves`' record.
fn relaunched(saves: &Memory) -> (crate::puzzles::PuzzleData, Vec<Notice>) {
    let (_, loaded) = loaded(Value::Object(saves.entries.entries().clone()));
    let puzzles = crate::puzzles::PuzzleData::new(
        loaded.puzzle_rating,
        loaded.puzzle_current,
        Default::default(),
    );
    (puzzles, loaded.notices)
}

#[test]
fn the_trainers_choice_is_saved_and_read_back_after_a_relaunch() {
    use crate::error::PuzzleProblem;
    use crate::puzzles::stored::{PuzzleChoice, PuzzleMode};
    use ultima_puzzles::rating::Difficulty;

    let saves = Memory::default();
    let (mut puzzles, _) = relaunched(&saves);
    assert_eq!(puzzles.status().choice, PuzzleChoice::default());
    let chosen = PuzzleChoice {
        mode: PuzzleMode::Streak,
        difficulty: Difficulty::Harder,
        theme: Some("withdrawal".into()),
    };
    assert_eq!(
        puzzles.choose(&saves, chosen.clone()).expect("saved"),
        chosen
    );
    assert_eq!(
        saves
            .get("puzzleRating")
            .map(|rating| rating["choice"].clone()),
        Some(json!({"mode": "streak", "difficulty": "harder", "theme": "withdrawal"}))
    );
    let (again, notices) = relaunched(&saves);
    assert_eq!(notices, Vec::<Notice>::new());
    assert_eq!(again.status().choice, chosen);

    // A theme no puzzle carries is refused, and changes nothing.
    let error = puzzles
        .choose(
            &saves,
            PuzzleChoice {
                theme: Some("no-such-theme".into()),
                ..PuzzleChoice::default()
            },
        )
        .expect_err("no such theme");
    assert_eq!(
        error.problem,
        PuzzleProblem::UnknownTheme {
            theme: "no-such-theme".into()
        }
    );
    // A save that fails leaves the choice as it was, in memory and in the record.
    saves.failing.set(true);
    puzzles
        .choose(&saves, PuzzleChoice::default())
        .expect_err("the save fails");
    assert_eq!(puzzles.status().choice, chosen);
    saves.failing.set(false);
    assert_eq!(relaunched(&saves).0.status().choice, chosen);
}

/// A rating as saved, with some progress, its choice replaced by `choice` (left out if `None`).
fn saved_rating(choice: Option<Value>) -> Value {
    let mut rating = crate::puzzles::stored::StoredRating {
        streak: 3,
        best_streak: 5,
        solved: 7,
        attempted: 9,
        ..Default::default()
    };
    rating.streak_mode.best = 4;
    let mut saved = serde_json::to_value(rating).expect("a rating serialises");
    let Value::Object(fields) = &mut saved else {
        panic!("a rating is an object");
    };
    fields.remove("choice");
    if let Some(choice) = choice {
        fields.insert("choice".into(), choice);
    }
    saved
}

#[test]
fn a_save_from_before_the_choice_reads_as_the_default_choice() {
    use crate::puzzles::stored::PuzzleChoice;
    let saved = saved_rating(None);
    assert!(saved.get("choice").is_none());
    let (entries, loaded) = loaded(json!({"version": 2, "puzzleRating": saved}));
    assert_eq!(loaded.notices, Vec::<Notice>::new());
    assert_eq!(loaded.puzzle_rating.choice, PuzzleChoice::default());
    assert_eq!(
        (loaded.puzzle_rating.streak, loaded.puzzle_rating.solved),
        (3, 7)
    );
    assert_eq!(entries.get("puzzleRating"), Some(saved));
}

#[test]
fn a_choice_that_does_not_read_falls_back_to_the_default_and_keeps_the_rest() {
    use crate::puzzles::stored::{PuzzleChoice, PuzzleMode};
    use ultima_puzzles::rating::Difficulty;

    let default = PuzzleChoice::default();
    let streak_harder = |theme: Option<&str>| PuzzleChoice {
        mode: PuzzleMode::Streak,
        difficulty: Difficulty::Harder,
        theme: theme.map(str::to_string),
    };
    for (choice, read) in [
        (json!("garbage"), default.clone()),
        (json!(42), default.clone()),
        (Value::Null, default.clone()),
        (json!([1, 2]), default.clone()),
        (json!({}), default.clone()),
        // Field by field: what reads is kept.
        (
            json!({"mode": "streak", "difficulty": "hardest", "theme": "pinch"}),
            PuzzleChoice {
                mode: PuzzleMode::Streak,
                theme: Some("pinch".into()),
                ..PuzzleChoice::default()
            },
        ),
        (
            json!({"mode": "streak", "difficulty": "harder", "theme": "no-such-theme"}),
            streak_harder(None),
        ),
        (
            json!({"mode": "streak", "difficulty": "harder", "theme": 7}),
            streak_harder(None),
        ),
        (
            json!({"mode": "review", "difficulty": "easier", "theme": null}),
            PuzzleChoice {
                difficulty: Difficulty::Easier,
                ..PuzzleChoice::default()
            },
        ),
        (
            json!({"mode": "streak", "difficulty": "harder", "theme": "long-leap", "more": 1}),
            streak_harder(Some("long-leap")),
        ),
    ] {
        let saved = saved_rating(Some(choice.clone()));
        let (_, loaded) = loaded(json!({"version": 2, "puzzleRating": saved}));
        assert_eq!(loaded.notices, Vec::<Notice>::new(), "{choice}");
        let rating = &loaded.puzzle_rating;
        assert_eq!(rating.choice, read, "{choice}");
        // Nothing else of the save is lost.
        assert_eq!(
            (
                rating.streak,
                rating.best_streak,
                rating.solved,
                rating.attempted
            ),
            (3, 5, 7, 9),
            "{choice}"
        );
        assert_eq!(rating.streak_mode.best, 4, "{choice}");
    }
}

#[test]
fn a_theme_chosen_that_the_collection_no_longer_has_is_any_theme() {
    use crate::puzzles::stored::{PuzzleChoice, PuzzleMode};
    use ultima_puzzles::rating::Difficulty;
    use ultima_puzzles::Theme;

    let saves = Memory::default();
    let (mut puzzles, _) = relaunched(&saves);
    let chosen = PuzzleChoice {
        mode: PuzzleMode::Rated,
        difficulty: Difficulty::Easier,
        theme: Some("pinch".into()),
    };
    puzzles.choose(&saves, chosen.clone()).expect("saved");
    // An update took the theme's puzzles away.
    let without: Vec<ultima_puzzles::Puzzle> = ultima_puzzles::collection()
        .expect("the collection")
        .into_iter()
        .filter(|puzzle| !puzzle.themes.contains(&Theme::Pinch))
        .collect();
    let (mut again, _) = relaunched(&saves);
    again.use_collection(Box::leak(without.into_boxed_slice()));
    assert_eq!(
        again.status().choice,
        PuzzleChoice {
            theme: None,
            ..chosen.clone()
        }
    );
    assert_eq!(
        again.rating.choice, chosen,
        "the save itself is not changed"
    );
}
