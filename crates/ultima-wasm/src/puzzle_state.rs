//! The puzzle trainer in the browser, as `src-tauri/src/puzzles/mod.rs` runs it in the app,
//! thin over `ultima-puzzles` (the collection, the choice of the next puzzle and the Glicko-2
//! rating are the crate's): the solver's moves checked against the solution (any move that
//! wins outright counts too), the opponent's replies played at once, a wrong move shown with
//! its refutation, hints, the solution, replays. The rating and the puzzle open are staged in
//! the saved record; each attempt is filed once the puzzle is over (or left).

use std::collections::HashSet;
use std::str::FromStr;
use std::sync::OnceLock;

use ultima_bot::{Engine, Limits, NoClock};
use ultima_game::view::{board_view, ply_view};
use ultima_puzzles::rating::{choose_next, main_theme, Difficulty, NextPuzzle};
use ultima_puzzles::{Puzzle, Theme};
use ultima_rules::{Outcome, Position, Status};

use crate::error::{square, AppError, Problem};
use crate::puzzles::stored::{PuzzleState, StoredRating, StoredRun};
use crate::puzzles::wire::{
    self, AttemptBody, PuzzleHistoryPage, PuzzleStatus, PuzzleStep, PuzzleStepView, PuzzleView,
};
use crate::state::AppState;
use crate::time::{now_ms, seed};

/// The app's node count for a wrong move's refutation (the same answer every time).
const REFUTATION_NODES: u64 = 20_000;

#[derive(Clone, Debug, Default)]
pub struct PuzzleData {
    pub rating: StoredRating,
    pub current: Option<StoredRun>,
    pub seen: HashSet<String>,
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
        }
    }
}

/// The shipped collection, read once.
fn collection() -> Result<&'static [Puzzle], AppError> {
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

fn inconsistent(puzzle: &Puzzle) -> AppError {
    eprintln!("ultima: the puzzle {} does not play", puzzle.id);
    AppError::new(Problem::PuzzlesUnavailable)
}

fn view(puzzle: &Puzzle, run: &StoredRun, rating: &StoredRating) -> Result<PuzzleView, AppError> {
    wire::puzzle_view(puzzle, run, rating).ok_or_else(|| inconsistent(puzzle))
}

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

/// Counts the first try of a rated run, once.
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

fn wins(before: &Position, after: &Position) -> bool {
    matches!(after.status(), Status::Over { outcome: Outcome::Win { winner, .. } } if winner == before.turn())
}

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
    /// Changes the trainer's data and stages it; a change that fails is undone. A run that is
    /// over is then filed.
    fn change_puzzles<T>(
        &mut self,
        change: impl FnOnce(&mut AppState, &'static [Puzzle]) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let puzzles = collection()?;
        let before = self.puzzles.clone();
        let answer = change(self, puzzles).and_then(|answer| {
            self.store
                .stage_puzzles(&self.puzzles.rating, self.puzzles.current.as_ref())
                .map(|()| answer)
        });
        if answer.is_err() {
            self.puzzles = before;
            return answer;
        }
        if self.file_puzzle() {
            let _ = self
                .store
                .stage_puzzles(&self.puzzles.rating, self.puzzles.current.as_ref());
        }
        answer
    }

    /// Files the run open if it is over; whether it was filed now.
    fn file_puzzle(&mut self) -> bool {
        let Some(run) = self.puzzles.current.as_mut().filter(|run| run.is_over()) else {
            return false;
        };
        file_attempt(&mut self.finished, run)
    }

    pub(crate) fn settle_puzzles(&mut self) {
        if self.file_puzzle() {
            let _ = self
                .store
                .stage_puzzles(&self.puzzles.rating, self.puzzles.current.as_ref());
        }
    }

    pub fn puzzle_status(&self) -> PuzzleStatus {
        wire::status(&self.puzzles.rating, self.puzzles.current.as_ref())
    }

    pub fn puzzle_open(&mut self) -> Result<Option<PuzzleView>, AppError> {
        let puzzles = collection()?;
        let data = &mut self.puzzles;
        let Some(run) = data.current.as_mut() else {
            return Ok(None);
        };
        let Ok(puzzle) = find(puzzles, &run.puzzle) else {
            return Ok(None);
        };
        if !run.on_screen {
            run.on_screen = true;
            let _ = self
                .store
                .stage_puzzles(&data.rating, data.current.as_ref());
        }
        let Some(run) = data.current.as_ref() else {
            return Ok(None);
        };
        Ok(wire::puzzle_view(puzzle, run, &data.rating))
    }

    /// The player left the trainer: the next start opens where they went instead. Nothing
    /// else changes.
    pub fn puzzle_leave(&mut self) {
        let data = &mut self.puzzles;
        if let Some(run) = data.current.as_mut().filter(|run| run.on_screen) {
            run.on_screen = false;
            let _ = self
                .store
                .stage_puzzles(&data.rating, data.current.as_ref());
        }
    }

    pub fn puzzle_next(
        &mut self,
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
        self.change_puzzles(|state, puzzles| {
            let data = &state.puzzles;
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
            state.open_new(chosen)
        })
    }

    pub fn puzzle_replay(&mut self, puzzle_id: &str) -> Result<PuzzleView, AppError> {
        self.change_puzzles(|state, puzzles| {
            let puzzle = find(puzzles, puzzle_id)?;
            let data = &state.puzzles;
            if let Some(run) = data
                .current
                .as_ref()
                .filter(|run| run.puzzle == puzzle_id && !run.is_over())
            {
                return view(puzzle, run, &data.rating);
            }
            state.open_new(puzzle)
        })
    }

    fn open_new(&mut self, puzzle: &Puzzle) -> Result<PuzzleView, AppError> {
        if let Some(run) = self.puzzles.current.as_mut() {
            file_attempt(&mut self.finished, run);
        }
        let data = &mut self.puzzles;
        let run = data.current.insert(new_run(puzzle, &data.seen));
        data.seen.insert(puzzle.id.clone());
        view(puzzle, run, &data.rating)
    }

    pub fn puzzle_move(
        &mut self,
        puzzle_id: &str,
        from: &str,
        to: &str,
    ) -> Result<PuzzleStep, AppError> {
        let (from, to) = (square(from)?, square(to)?);
        self.change_puzzles(|state, puzzles| {
            let data = &mut state.puzzles;
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

    pub fn puzzle_retry(&mut self, puzzle_id: &str) -> Result<PuzzleView, AppError> {
        self.change_puzzles(|state, puzzles| {
            let puzzle = find(puzzles, puzzle_id)?;
            let run = open_run(&mut state.puzzles.current, puzzle_id)?;
            match run.state {
                PuzzleState::Wrong => {
                    run.state = PuzzleState::Playing;
                    run.wrong = None;
                    run.refutation = None;
                }
                PuzzleState::Solved | PuzzleState::Failed => return state.open_new(puzzle),
                PuzzleState::Playing => {}
            }
            view(puzzle, run, &state.puzzles.rating)
        })
    }

    pub fn puzzle_hint(&mut self, puzzle_id: &str) -> Result<Option<String>, AppError> {
        self.change_puzzles(|state, puzzles| {
            let data = &mut state.puzzles;
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

    pub fn puzzle_solution(&mut self, puzzle_id: &str) -> Result<PuzzleView, AppError> {
        self.change_puzzles(|state, puzzles| {
            let data = &mut state.puzzles;
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

    pub fn puzzle_history(&self, before: Option<u32>, limit: u32) -> PuzzleHistoryPage {
        self.finished.attempts_page(before, limit)
    }
}

/// Files `run` if it is not filed yet; whether it is now.
fn file_attempt(finished: &mut crate::finished::Finished, run: &mut StoredRun) -> bool {
    if run.filed {
        return false;
    }
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
