//! The puzzle trainer in the app, thin over `ultima-puzzles`: the next puzzle chosen near the
//! player's rating (never one seen before), the solver's moves checked against the solution
//! (any move that wins outright counts too), the opponent's replies played at once, a wrong
//! move shown with its refutation and retried, hints, the solution, replays, and the player's
//! Glicko-2 rating, decided by the first try. The rating and the puzzle in progress are saved
//! in the store as they change (see `stored`); each attempt is a row of the history database
//! once the puzzle is over (or left), so that after a crash the trainer reopens on the puzzle,
//! at the same move, and the rating counts each puzzle once.
//!
//! - `commands`: the commands the UI calls.
//! - `wire`: what the trainer screens receive.
//! - `stored`: the trainer's entries in the store, read tolerantly.

pub mod commands;
#[cfg(test)]
mod tests;

pub use ultima_app_state::puzzles::{stored, wire};

use std::collections::HashSet;
use std::str::FromStr;
use std::sync::OnceLock;

use ultima_bot::{Engine, Limits, NoClock};
use ultima_game::view::{board_view, ply_view};
use ultima_puzzles::rating::{choose_next, main_theme, Difficulty, NextPuzzle};
use ultima_puzzles::{Puzzle, Theme};
use ultima_rules::{Outcome, Position, Status};

use crate::error::{square, AppError, Problem};
use crate::state::{now_ms, seed, AppState};
use stored::{PuzzleState, StoredRating, StoredRun};
use wire::{AttemptBody, PuzzleHistoryPage, PuzzleStatus, PuzzleStep, PuzzleStepView, PuzzleView};

/// The nodes the refutation of a wrong move is searched with: a few milliseconds, and the same
/// answer every time (a node limit, not a time limit).
const REFUTATION_NODES: u64 = 20_000;

/// The trainer's part of the app's state.
#[derive(Clone, Debug, Default)]
pub struct PuzzleData {
    pub rating: StoredRating,
    /// The puzzle open (in progress, or over and still shown).
    pub current: Option<StoredRun>,
    /// Every puzzle played (from the history database, and the one open).
    pub seen: HashSet<String>,
    /// The puzzles played from (the shipped collection unless a test sets its own).
    collection: Option<&'static [Puzzle]>,
}

impl PuzzleData {
    pub fn new(
        rating: StoredRating,
        current: Option<StoredRun>,
        mut seen: HashSet<String>,
    ) -> PuzzleData {
        seen.extend(current.as_ref().map(|run| run.puzzle.clone()));
        PuzzleData {
            rating,
            current,
            seen,
            collection: None,
        }
    }

    fn collection(&self) -> Result<&'static [Puzzle], AppError> {
        match self.collection {
            Some(puzzles) => Ok(puzzles),
            None => embedded(),
        }
    }
}

/// The shipped collection, read once (well under 50 ms).
fn embedded() -> Result<&'static [Puzzle], AppError> {
    static EMBEDDED: OnceLock<Option<Vec<Puzzle>>> = OnceLock::new();
    EMBEDDED
        .get_or_init(|| match ultima_puzzles::collection() {
            Ok(puzzles) => Some(puzzles),
            Err(error) => {
                eprintln!("ultima: the puzzle collection does not read: {error}");
                None
            }
        })
        .as_deref()
        .ok_or_else(|| AppError::new(Problem::PuzzlesUnavailable))
}

fn find<'p>(puzzles: &'p [Puzzle], puzzle_id: &str) -> Result<&'p Puzzle, AppError> {
    puzzles
        .iter()
        .find(|puzzle| puzzle.id == puzzle_id)
        .ok_or_else(|| {
            AppError::new(Problem::NoSuchPuzzle {
                puzzle: puzzle_id.to_string(),
            })
        })
}

/// The run of `puzzle_id`, if it is the puzzle open.
fn open_run<'a>(
    current: &'a mut Option<StoredRun>,
    puzzle_id: &str,
) -> Result<&'a mut StoredRun, AppError> {
    current
        .as_mut()
        .filter(|run| run.puzzle == puzzle_id)
        .ok_or_else(|| {
            AppError::new(Problem::NotOpenPuzzle {
                puzzle: puzzle_id.to_string(),
            })
        })
}

/// A puzzle's data does not play: only when the collection contradicts itself.
fn inconsistent(puzzle: &Puzzle) -> AppError {
    eprintln!("ultima: the puzzle {} does not play", puzzle.id);
    AppError::new(Problem::PuzzlesUnavailable)
}

fn view(puzzle: &Puzzle, run: &StoredRun, rating: &StoredRating) -> Result<PuzzleView, AppError> {
    wire::puzzle_view(puzzle, run, rating).ok_or_else(|| inconsistent(puzzle))
}

/// A fresh try at `puzzle`, rated unless it was seen before.
fn new_run(puzzle: &Puzzle, seen: &HashSet<String>) -> StoredRun {
    StoredRun {
        puzzle: puzzle.id.clone(),
        started_at: now_ms(),
        rated: !seen.contains(&puzzle.id),
        played: Vec::new(),
        state: PuzzleState::Playing,
        wrong: None,
        refutation: None,
        mistakes: 0,
        hints: 0,
        solution_shown: false,
        first_try: None,
        change: None,
        puzzle_rating: puzzle.rating,
        themes: puzzle.themes.clone(),
        ended_at: None,
        filed: false,
        on_screen: true,
    }
}

/// Counts the first try of a rated run, once: `won` when it solved the puzzle without a wrong
/// move, a hint or the solution.
fn decide(rating: &mut StoredRating, run: &mut StoredRun, puzzle: &Puzzle, won: bool) {
    if !run.rated || run.first_try.is_some() {
        return;
    }
    let change = rating.player.record(puzzle, won, now_ms());
    run.first_try = Some(won);
    run.change = Some(change);
    rating.attempted = rating.attempted.saturating_add(1);
    if won {
        rating.solved = rating.solved.saturating_add(1);
        rating.streak = rating.streak.saturating_add(1);
        rating.best_streak = rating.best_streak.max(rating.streak);
    } else {
        rating.streak = 0;
    }
}

/// Whether the side that just moved has won outright (the other side has no legal move).
fn wins(before: &Position, after: &Position) -> bool {
    matches!(after.status(), Status::Over { outcome: Outcome::Win { winner, .. } } if winner == before.turn())
}

/// The opponent's best answer to a wrong move (`None` when it leaves no move).
fn refutation(after: &Position) -> Option<String> {
    if !matches!(after.status(), Status::Ongoing { .. }) {
        return None;
    }
    let mut engine = Engine::new();
    match engine.search(
        after,
        &[],
        &Limits::nodes(REFUTATION_NODES),
        &NoClock,
        &mut |_| {},
    ) {
        Ok(result) => Some(result.best_move.coordinates()),
        Err(error) => {
            eprintln!("ultima: searching the refutation: {error}");
            None
        }
    }
}

impl AppState {
    /// Changes the trainer's data and saves it; when the save fails, the change is undone (in
    /// memory and in the store's memory), so that what the player sees is what is saved. A
    /// run that is over is then filed in the history database (and that noted, to be written
    /// with the next save: filing it again after a crash stores it once).
    fn change_puzzles<T>(
        &self,
        change: impl FnOnce(&mut PuzzleData, &'static [Puzzle]) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let persistence = self.persistence()?;
        let mut data = self.puzzle_data()?;
        let puzzles = data.collection()?;
        let (rating, current) = (data.rating.clone(), data.current.clone());
        let answer = change(&mut data, puzzles).and_then(|answer| {
            persistence
                .save_puzzles(&data.rating, data.current.as_ref())
                .map(|()| answer)
        });
        if answer.is_err() {
            data.rating = rating;
            data.current = current;
            let _ = persistence.stage_puzzles(&data.rating, data.current.as_ref());
            return answer;
        }
        let filed = self.file_current(&mut data);
        if filed {
            let _ = persistence.stage_puzzles(&data.rating, data.current.as_ref());
        }
        answer
    }

    /// Files the run open if it is over (see [`AppState::file_attempt`]); whether it was filed
    /// now, so that the note is to be staged or saved.
    fn file_current(&self, data: &mut PuzzleData) -> bool {
        data.current
            .as_mut()
            .filter(|run| run.is_over())
            .is_some_and(|run| self.file_attempt(run))
    }

    /// Puts `run` in the history database if it is not there yet; whether it is now. A
    /// failure is logged: the run stays unfiled and is filed at the next chance.
    pub(crate) fn file_attempt(&self, run: &mut StoredRun) -> bool {
        if run.filed {
            return false;
        }
        let Some(finished) = self.finished_store() else {
            return false;
        };
        match finished.add_attempt(&run.puzzle, run.started_at, &AttemptBody::of(run)) {
            Ok(()) => {
                run.filed = true;
                true
            }
            Err(error) => {
                eprintln!("ultima: filing the puzzle attempt: {error:?}");
                false
            }
        }
    }

    /// The rating, the streak and the puzzle in progress: for home at start-up.
    pub fn puzzle_status(&self) -> PuzzleStatus {
        match self.puzzle_data() {
            Ok(data) => wire::status(&data.rating, data.current.as_ref()),
            Err(_) => wire::status(&StoredRating::default(), None),
        }
    }

    /// The puzzle open (in progress, or over and still shown), if any: the trainer shows it,
    /// so it is marked on screen (see [`AppState::puzzle_leave`]).
    pub fn puzzle_open(&self) -> Result<Option<PuzzleView>, AppError> {
        let mut data = self.puzzle_data()?;
        let puzzles = data.collection()?;
        let data = &mut *data;
        let Some(run) = data.current.as_mut() else {
            return Ok(None);
        };
        // A puzzle no longer in the collection (an update changed it): the trainer starts on
        // a new one.
        let Ok(puzzle) = find(puzzles, &run.puzzle) else {
            eprintln!("ultima: the puzzle in progress {} is gone", run.puzzle);
            return Ok(None);
        };
        let marked = !run.on_screen;
        run.on_screen = true;
        if marked {
            self.save_on_screen(data);
        }
        Ok(data
            .current
            .as_ref()
            .and_then(|run| wire::puzzle_view(puzzle, run, &data.rating)))
    }

    /// The player left the trainer: the next start opens where they went instead (home, a
    /// game). Nothing else changes; the puzzle in progress stays in progress.
    pub fn puzzle_leave(&self) -> Result<(), AppError> {
        let mut data = self.puzzle_data()?;
        let data = &mut *data;
        if let Some(run) = data.current.as_mut().filter(|run| run.on_screen) {
            run.on_screen = false;
            self.save_on_screen(data);
        }
        Ok(())
    }

    /// Saves the trainer's data after only its on-screen mark changed. A failure is logged and
    /// not the player's concern: the mark only decides where the next start opens, and the
    /// next save writes it.
    fn save_on_screen(&self, data: &PuzzleData) {
        let saved = self
            .persistence()
            .and_then(|persistence| persistence.save_puzzles(&data.rating, data.current.as_ref()));
        if let Err(error) = saved {
            eprintln!("ultima: saving where the trainer stands: {error:?}");
        }
    }

    /// A new puzzle near the player's rating (shifted by `difficulty`), of `theme` if given,
    /// never one seen before. The puzzle open is filed first (one left unfinished counts as
    /// seen, and its rated try, if decided, stays counted).
    pub fn puzzle_next(
        &self,
        difficulty: Difficulty,
        theme: Option<&str>,
    ) -> Result<PuzzleView, AppError> {
        let theme = theme
            .map(|name| {
                Theme::from_str(name).map_err(|_| {
                    AppError::new(Problem::UnknownTheme {
                        theme: name.to_string(),
                    })
                })
            })
            .transpose()?;
        self.change_puzzles(|data, puzzles| {
            let last_theme = data
                .current
                .as_ref()
                .and_then(|run| find(puzzles, &run.puzzle).ok())
                .and_then(main_theme);
            let chosen = choose_next(
                puzzles,
                &NextPuzzle {
                    rating: data.rating.player.rating(),
                    difficulty,
                    theme,
                    last_theme,
                    seen: &data.seen,
                    seed: seed(),
                },
            )
            .ok_or_else(|| AppError::new(Problem::NoPuzzleLeft))?;
            self.open_new(data, chosen)
        })
    }

    /// `puzzle_id` again (from the history): rated only if it was never played. If it is the
    /// puzzle in progress, that goes on (its try is not thrown away).
    pub fn puzzle_replay(&self, puzzle_id: &str) -> Result<PuzzleView, AppError> {
        self.change_puzzles(|data, puzzles| {
            let puzzle = find(puzzles, puzzle_id)?;
            if let Some(run) = data
                .current
                .as_ref()
                .filter(|run| run.puzzle == puzzle_id && !run.is_over())
            {
                return view(puzzle, run, &data.rating);
            }
            self.open_new(data, puzzle)
        })
    }

    /// Makes a fresh try at `puzzle` the one open, the run open before filed.
    fn open_new(&self, data: &mut PuzzleData, puzzle: &Puzzle) -> Result<PuzzleView, AppError> {
        if let Some(run) = data.current.as_mut() {
            self.file_attempt(run);
        }
        let run = data.current.insert(new_run(puzzle, &data.seen));
        data.seen.insert(puzzle.id.clone());
        view(puzzle, run, &data.rating)
    }

    /// The solver's move (`from == to`: a removal). The solution's move, or any move that wins
    /// outright, is right: the opponent's reply is played at once, or the puzzle is solved. Any
    /// other legal move is wrong: it is shown with its refutation until a retry (a rated first
    /// try is lost). An illegal move is an error with the rules' reason, as in games; nothing
    /// changes then.
    pub fn puzzle_move(
        &self,
        puzzle_id: &str,
        from: &str,
        to: &str,
    ) -> Result<PuzzleStep, AppError> {
        let (from, to) = (square(from)?, square(to)?);
        self.change_puzzles(|data, puzzles| {
            let puzzle = find(puzzles, puzzle_id)?;
            let run = open_run(&mut data.current, puzzle_id)?;
            if run.state != PuzzleState::Playing {
                return Ok(PuzzleStep {
                    step: PuzzleStepView::Finished,
                    puzzle: view(puzzle, run, &data.rating)?,
                });
            }
            let game = wire::line_game(puzzle, &run.played).ok_or_else(|| inconsistent(puzzle))?;
            let position = game.position();
            let mv = position
                .find_move(from, to)
                .map_err(|error| AppError::new(Problem::from(&error)))?;
            let text = mv.coordinates();
            let after = position.play_unchecked(&mv);
            let played = ply_view(position, &mv);
            let index = 1 + run.played.len();
            let wins_now = wins(position, &after);
            let step = if puzzle.moves.get(index) == Some(&text) || wins_now {
                run.played.push(text);
                match puzzle.moves.get(index + 1).filter(|_| !wins_now) {
                    Some(reply_text) => {
                        let reply = after
                            .parse_coordinates(reply_text)
                            .map_err(|_| inconsistent(puzzle))?;
                        let reply_view = ply_view(&after, &reply);
                        let mut so_far = game.clone();
                        so_far.play(&mv).map_err(|_| inconsistent(puzzle))?;
                        let after_played = board_view(&so_far, so_far.moves().len())
                            .ok_or_else(|| inconsistent(puzzle))?;
                        run.played.push(reply_text.clone());
                        PuzzleStepView::Continue {
                            played,
                            reply: reply_view,
                            after_played: Box::new(after_played),
                        }
                    }
                    None => {
                        run.state = PuzzleState::Solved;
                        run.ended_at = Some(now_ms());
                        let clean = run.mistakes == 0 && run.hints == 0;
                        decide(&mut data.rating, run, puzzle, clean);
                        PuzzleStepView::Solved { played }
                    }
                }
            } else {
                run.state = PuzzleState::Wrong;
                run.wrong = Some(text);
                run.refutation = refutation(&after);
                run.mistakes = run.mistakes.saturating_add(1);
                decide(&mut data.rating, run, puzzle, false);
                PuzzleStepView::Wrong { played }
            };
            Ok(PuzzleStep {
                step,
                puzzle: view(puzzle, run, &data.rating)?,
            })
        })
    }

    /// After a wrong move: back to before it. After the end: the same puzzle again from its
    /// start (a replay, unrated). While playing: nothing changes.
    pub fn puzzle_retry(&self, puzzle_id: &str) -> Result<PuzzleView, AppError> {
        self.change_puzzles(|data, puzzles| {
            let puzzle = find(puzzles, puzzle_id)?;
            let run = open_run(&mut data.current, puzzle_id)?;
            match run.state {
                PuzzleState::Wrong => {
                    run.state = PuzzleState::Playing;
                    run.wrong = None;
                    run.refutation = None;
                }
                PuzzleState::Solved | PuzzleState::Failed => return self.open_new(data, puzzle),
                PuzzleState::Playing => {}
            }
            view(puzzle, run, &data.rating)
        })
    }

    /// The square of the piece to move (`None`: not the solver's move). A hint makes a rated
    /// first try a loss: only a puzzle solved without help counts as solved.
    pub fn puzzle_hint(&self, puzzle_id: &str) -> Result<Option<String>, AppError> {
        self.change_puzzles(|data, puzzles| {
            let puzzle = find(puzzles, puzzle_id)?;
            let run = open_run(&mut data.current, puzzle_id)?;
            if run.state != PuzzleState::Playing {
                return Ok(None);
            }
            let Some(next) = puzzle.moves.get(1 + run.played.len()) else {
                return Ok(None);
            };
            let from = next
                .get(..2)
                .ok_or_else(|| inconsistent(puzzle))?
                .to_string();
            run.hints = run.hints.saturating_add(1);
            decide(&mut data.rating, run, puzzle, false);
            Ok(Some(from))
        })
    }

    /// Gives up: the whole line is shown (a rated first try not yet decided is a loss). A
    /// puzzle already over is shown as it is.
    pub fn puzzle_solution(&self, puzzle_id: &str) -> Result<PuzzleView, AppError> {
        self.change_puzzles(|data, puzzles| {
            let puzzle = find(puzzles, puzzle_id)?;
            let run = open_run(&mut data.current, puzzle_id)?;
            if !run.is_over() {
                run.state = PuzzleState::Failed;
                run.solution_shown = true;
                run.wrong = None;
                run.refutation = None;
                run.ended_at = Some(now_ms());
                decide(&mut data.rating, run, puzzle, false);
            }
            view(puzzle, run, &data.rating)
        })
    }

    /// Attempts newest first: `limit` of them before the row `before` (the newest if `None`).
    pub fn puzzle_history(
        &self,
        before: Option<u32>,
        limit: u32,
    ) -> Result<PuzzleHistoryPage, AppError> {
        match self.finished_store() {
            Some(finished) => finished.attempts_page(before, limit),
            None => Ok(PuzzleHistoryPage::default()),
        }
    }

    /// Files the puzzle left over at the last run if it ended but was not filed (a crash in
    /// between): at start-up.
    pub(crate) fn settle_puzzles(&self) {
        let (Ok(persistence), Ok(mut data)) = (self.persistence(), self.puzzle_data()) else {
            return;
        };
        let data = &mut *data;
        let filed = self.file_current(data);
        if filed {
            let _ = persistence.save_puzzles(&data.rating, data.current.as_ref());
        }
    }

    /// Plays from `puzzles` instead of the shipped collection.
    #[cfg(test)]
    pub fn use_puzzles(&self, puzzles: &'static [Puzzle]) {
        if let Ok(mut data) = self.puzzle_data() {
            data.collection = Some(puzzles);
        }
    }
}
