//! The puzzle trainer, thin over `ultima-puzzles`: the next puzzle chosen near the player's
//! rating (never one seen before), the solver's moves checked against the solution (any move
//! that wins outright counts too), the opponent's replies played at once, a wrong move shown
//! with its refutation and retried, hints, the solution, replays, and the player's Glicko-2
//! rating, decided by the first try. The rating and the puzzle in progress are saved as they
//! change (see `stored`, and [`Saves`]); each attempt is filed in the history ([`Archive`])
//! once the puzzle is over (or left), so that after a crash the trainer reopens on the puzzle,
//! at the same move, and the rating counts each puzzle once.
//!
//! - `wire`: what the trainer screens receive.
//! - `stored`: the trainer's entries in the saved record, read tolerantly (the player's choice
//!   of the next puzzle among them: mode, difficulty, theme).

pub mod dashboard;
pub mod review;
pub mod stored;
pub mod streak;
#[cfg(test)]
mod tests;
pub mod wire;

use std::collections::HashSet;
use std::str::FromStr;
use std::sync::OnceLock;

use ultima_bot::{history_hashes, Engine, Limits, NoClock, Score};
use ultima_game::view::{board_view, ply_view};
use ultima_puzzles::rating::{choose, main_theme, Difficulty, NextPuzzle, Supply};
use ultima_puzzles::{Puzzle, Theme};
use ultima_rules::{Game, Outcome, Position, Status};

use crate::archive::Archive;
use crate::error::{square, AppError, GameProblem, PuzzleProblem};
use crate::record::Saves;
use stored::{PuzzleChoice, PuzzleState, RunMode, StoredRating, StoredRun};
use wire::{AttemptBody, PuzzleStatus, PuzzleStep, PuzzleStepView, PuzzleView};

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

    /// Plays from `puzzles` instead of the shipped collection (for tests).
    pub fn use_collection(&mut self, puzzles: &'static [Puzzle]) {
        self.collection = Some(puzzles);
    }
}

/// Whether a puzzle of `puzzles` carries the theme named `name`.
fn carried(puzzles: &[Puzzle], name: &str) -> bool {
    Theme::from_str(name).is_ok_and(|theme| puzzles.iter().any(|p| p.themes.contains(&theme)))
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
        .ok_or_else(|| AppError::new(PuzzleProblem::PuzzlesUnavailable))
}

fn find<'p>(puzzles: &'p [Puzzle], puzzle_id: &str) -> Result<&'p Puzzle, AppError> {
    puzzles
        .iter()
        .find(|puzzle| puzzle.id == puzzle_id)
        .ok_or_else(|| {
            AppError::new(PuzzleProblem::NoSuchPuzzle {
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
            AppError::new(PuzzleProblem::NotOpenPuzzle {
                puzzle: puzzle_id.to_string(),
            })
        })
}

/// A puzzle's data does not play: only when the collection contradicts itself.
fn inconsistent(puzzle: &Puzzle) -> AppError {
    eprintln!("ultima: the puzzle {} does not play", puzzle.id);
    AppError::new(PuzzleProblem::PuzzlesUnavailable)
}

fn view(puzzle: &Puzzle, run: &StoredRun, rating: &StoredRating) -> Result<PuzzleView, AppError> {
    wire::puzzle_view(puzzle, run, rating).ok_or_else(|| inconsistent(puzzle))
}

/// A fresh try at `puzzle`, rated unless it was seen before.
#[cfg(test)]
fn new_run(puzzle: &Puzzle, seen: &HashSet<String>, now: f64) -> StoredRun {
    new_run_as(puzzle, seen, now, RunMode::Rated, Supply::Plenty)
}

/// A fresh try at `puzzle` served as `mode` says (only [`RunMode::Rated`] may be rated: when
/// the puzzle was not seen before).
fn new_run_as(
    puzzle: &Puzzle,
    seen: &HashSet<String>,
    now: f64,
    mode: RunMode,
    supply: Supply,
) -> StoredRun {
    StoredRun {
        puzzle: puzzle.id.clone(),
        started_at: now,
        rated: mode == RunMode::Rated && !seen.contains(&puzzle.id),
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
        mode,
        outcome: None,
        supply,
    }
}

/// Counts the first try of a run, once: `won` when it solved the puzzle without a wrong move,
/// a hint or the solution. A rated run moves the rating (and, lost, queues the puzzle to come
/// back: `review`); a review settles the puzzle's place in the queue; a streak's puzzle goes on
/// with the streak or ends it.
fn decide(rating: &mut StoredRating, run: &mut StoredRun, puzzle: &Puzzle, won: bool, now: f64) {
    if run.mode != RunMode::Rated {
        if run.outcome.is_some() {
            return;
        }
        run.outcome = Some(won);
        match run.mode {
            RunMode::Review => review::settle(rating, &run.puzzle, won),
            RunMode::Streak => streak::decide(&mut rating.streak_mode, won),
            RunMode::Rated => {}
        }
        return;
    }
    if !run.rated || run.first_try.is_some() {
        return;
    }
    let change = rating.player.record(puzzle, won, now);
    run.first_try = Some(won);
    run.change = Some(change);
    rating.attempted = rating.attempted.saturating_add(1);
    if won {
        rating.solved = rating.solved.saturating_add(1);
        rating.streak = rating.streak.saturating_add(1);
        rating.best_streak = rating.best_streak.max(rating.streak);
    } else {
        rating.streak = 0;
        review::schedule(rating, &run.puzzle);
    }
}

/// Whether the side that just moved has won outright (the other side has no legal move).
fn wins(before: &Position, after: &Position) -> bool {
    matches!(after.status(), Status::Over { outcome: Outcome::Win { winner, .. } } if winner == before.turn())
}

/// The nodes a move that is not the solution is searched with, to tell a slower mate from a
/// miss: about a tenth of a second in the desktop app, a few tenths in the browser, where it
/// runs on the page's thread (a node limit: the same answer every time; a mate found ends the
/// search sooner). Of 60 slower mates of the run files, 55 were found within these nodes (58
/// within 400,000, 53 within 100,000).
const SLOWER_MATE_NODES: u64 = 150_000;

/// Whether the solver's move that gave `after` (not the solution's, not winning at once) in
/// `game` (the puzzle so far) still forces mate in a puzzle whose line ends in mate: a slower
/// mate than the solution's, since no other move mates as fast (the verifier's rule). Searched
/// with the puzzle's positions as history (without them the search missed mates it finds so).
/// A slower mate it does not find is answered as a miss, as every other move.
fn mates_more_slowly(puzzle: &Puzzle, game: &Game, after: &Position) -> bool {
    let ends_in_mate = puzzle
        .replay()
        .ok()
        .and_then(|positions| positions.last().map(|last| !last.has_legal_move()))
        .unwrap_or(false);
    if !ends_in_mate || !matches!(after.status(), Status::Ongoing { .. }) {
        return false;
    }
    let mut history = history_hashes(game);
    history.push(game.position().hash());
    let mut engine = Engine::new();
    match engine.search(
        after,
        &history,
        &Limits::nodes(SLOWER_MATE_NODES),
        &NoClock,
        &mut |_| {},
    ) {
        // The side to move there (the opponent) is mated.
        Ok(result) => matches!(result.info.score, Score::Mate(moves) if moves < 0),
        Err(error) => {
            eprintln!("ultima: searching a slower mate: {error}");
            false
        }
    }
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

/// Where the attempts are filed: the history, if there is one (the app may have none at all).
pub type Filing<'a> = Option<&'a mut dyn Archive>;

impl PuzzleData {
    /// Changes the data and saves it; when the save fails, the change is undone (in memory and
    /// in the record's memory), so that what the player sees is what is saved. A run that is
    /// over is then filed in the history (and that noted, to be written with the next save:
    /// filing it again after a crash stores it once).
    fn change<A: Archive + ?Sized, T>(
        &mut self,
        saves: &dyn Saves,
        mut archive: Option<&mut A>,
        change: impl FnOnce(&mut PuzzleData, &'static [Puzzle], Option<&mut A>) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let puzzles = self.collection()?;
        let before = self.clone();
        let answer = change(self, puzzles, archive.as_deref_mut()).and_then(|answer| {
            saves
                .save_puzzles(&self.rating, self.current.as_ref())
                .map(|()| answer)
        });
        if answer.is_err() {
            *self = before;
            let _ = saves.stage_puzzles(&self.rating, self.current.as_ref());
            return answer;
        }
        if self.file_current(archive) {
            let _ = saves.stage_puzzles(&self.rating, self.current.as_ref());
        }
        answer
    }

    /// Changes the run of `puzzle_id`, the puzzle open (else an error), as [`PuzzleData::change`]
    /// does: `change` gets the rating, the run and its puzzle.
    fn change_open<A: Archive + ?Sized, T>(
        &mut self,
        saves: &dyn Saves,
        archive: Option<&mut A>,
        puzzle_id: &str,
        change: impl FnOnce(&mut StoredRating, &mut StoredRun, &Puzzle) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        self.change(saves, archive, |data, puzzles, _| {
            let puzzle = find(puzzles, puzzle_id)?;
            let run = open_run(&mut data.current, puzzle_id)?;
            change(&mut data.rating, run, puzzle)
        })
    }

    /// Files the run open if it is over (see [`file_attempt`]); whether it was filed now, so
    /// that the note is to be staged or saved.
    fn file_current<A: Archive + ?Sized>(&mut self, archive: Option<&mut A>) -> bool {
        self.current
            .as_mut()
            .filter(|run| run.is_over())
            .is_some_and(|run| file_attempt(archive, run))
    }

    /// Files the puzzle left over at the last run if it ended but was not filed (a crash in
    /// between): at start-up.
    pub fn settle<A: Archive + ?Sized>(&mut self, saves: &dyn Saves, archive: Option<&mut A>) {
        if self.file_current(archive) {
            let _ = saves.save_puzzles(&self.rating, self.current.as_ref());
        }
    }

    /// The rating, the streak, the puzzle in progress and the choice of the next puzzle: for
    /// home at start-up and the trainer when it opens.
    pub fn status(&self) -> PuzzleStatus {
        wire::status(&self.rating, self.current.as_ref(), self.choice())
    }

    /// The choice of the next puzzle as saved; a theme the collection has no puzzle of (an
    /// update took its puzzles away) is any theme. The collection is read only when a theme
    /// was chosen.
    pub fn choice(&self) -> PuzzleChoice {
        let mut choice = self.rating.choice.clone();
        if let Some(name) = choice.theme.as_deref() {
            if let Ok(puzzles) = self.collection() {
                if !carried(puzzles, name) {
                    eprintln!("ultima: the puzzle theme chosen, {name}, has no puzzle now");
                    choice.theme = None;
                }
            }
        }
        choice
    }

    /// Saves the player's choice of the next puzzle (it is what [`PuzzleData::status`] gives
    /// after a relaunch). A theme the collection has no puzzle of is refused, as the theme
    /// choice does not offer it; a save that fails leaves the choice as it was.
    pub fn choose(
        &mut self,
        saves: &dyn Saves,
        choice: PuzzleChoice,
    ) -> Result<PuzzleChoice, AppError> {
        self.change(saves, None::<&mut dyn Archive>, |data, puzzles, _| {
            if let Some(name) = choice
                .theme
                .as_deref()
                .filter(|name| !carried(puzzles, name))
            {
                return Err(AppError::new(PuzzleProblem::UnknownTheme {
                    theme: name.to_string(),
                }));
            }
            data.rating.choice = choice.clone();
            Ok(choice)
        })
    }

    /// The collection's themes with their counts (for the trainer's theme choice).
    pub fn themes(&self) -> Result<Vec<wire::ThemeCount>, AppError> {
        Ok(wire::theme_counts(self.collection()?))
    }

    /// The puzzle open (in progress, or over and still shown), if any: the trainer shows it,
    /// so it is marked on screen (see [`PuzzleData::leave`]).
    pub fn open(&mut self, saves: &dyn Saves) -> Result<Option<PuzzleView>, AppError> {
        let puzzles = self.collection()?;
        let Some(run) = self.current.as_mut() else {
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
            self.save_on_screen(saves);
        }
        Ok(self
            .current
            .as_ref()
            .and_then(|run| wire::puzzle_view(puzzle, run, &self.rating)))
    }

    /// The player left the trainer: the next start opens where they went instead (home, a
    /// game). Nothing else changes; the puzzle in progress stays in progress.
    pub fn leave(&mut self, saves: &dyn Saves) {
        if let Some(run) = self.current.as_mut().filter(|run| run.on_screen) {
            run.on_screen = false;
            self.save_on_screen(saves);
        }
    }

    /// Saves the data after only its on-screen mark changed. A failure is logged and not the
    /// player's concern: the mark only decides where the next start opens, and the next save
    /// writes it.
    fn save_on_screen(&self, saves: &dyn Saves) {
        if let Err(error) = saves.save_puzzles(&self.rating, self.current.as_ref()) {
            eprintln!("ultima: saving where the trainer stands: {error:?}");
        }
    }

    /// A new puzzle near the player's rating (shifted by `difficulty`), of `theme` if given,
    /// never one seen before (`seed` picks among the fitting ones); when none is left near, the
    /// nearest, and the view's `supply` says so. A puzzle failed before whose turn has come
    /// (`review`) comes first, not rated. The puzzle open is filed first (one left unfinished
    /// counts as seen, and its rated try, if decided, stays counted).
    pub fn next<A: Archive + ?Sized>(
        &mut self,
        saves: &dyn Saves,
        archive: Option<&mut A>,
        difficulty: Difficulty,
        theme: Option<&str>,
        now: f64,
        seed: u64,
    ) -> Result<PuzzleView, AppError> {
        let theme = theme
            .map(|name| {
                Theme::from_str(name).map_err(|_| {
                    AppError::new(PuzzleProblem::UnknownTheme {
                        theme: name.to_string(),
                    })
                })
            })
            .transpose()?;
        self.change(saves, archive, |data, puzzles, archive| {
            let open = data.current.as_ref().map(|run| run.puzzle.clone());
            if let Some(again) = review::due(&data.rating, puzzles, theme, open.as_deref()) {
                return data.open_new_as(archive, again, now, RunMode::Review, Supply::Plenty);
            }
            let last_theme = open
                .as_deref()
                .and_then(|id| find(puzzles, id).ok())
                .and_then(main_theme);
            let chosen = choose(
                puzzles,
                &NextPuzzle {
                    rating: data.rating.player.rating(),
                    difficulty,
                    theme,
                    last_theme,
                    seen: &data.seen,
                    seed,
                },
            )
            .ok_or_else(|| AppError::new(PuzzleProblem::NoPuzzleLeft))?;
            data.open_new_as(archive, chosen.puzzle, now, RunMode::Rated, chosen.supply())
        })
    }

    /// The next puzzle of the streak mode: puzzles of rising difficulty (see `streak`) until
    /// the first one not solved at the first try; after that, a new streak from the start.
    /// Never a puzzle of the same streak; one never seen when there is one near.
    pub fn next_streak<A: Archive + ?Sized>(
        &mut self,
        saves: &dyn Saves,
        archive: Option<&mut A>,
        now: f64,
        seed: u64,
    ) -> Result<PuzzleView, AppError> {
        self.change(saves, archive, |data, puzzles, archive| {
            let open = data.current.as_ref();
            // The streak's puzzle open and still undecided goes on: no skipping ahead.
            // (One no longer in the collection is passed over.)
            if let Some((run, puzzle)) = open
                .filter(|run| run.mode == RunMode::Streak && run.outcome.is_none())
                .and_then(|run| find(puzzles, &run.puzzle).ok().map(|puzzle| (run, puzzle)))
            {
                return view(puzzle, run, &data.rating);
            }
            // The streak's puzzle left undecided for a rated puzzle or one from the history
            // comes back (a fresh try), as lichess' streak resumes where it was left: leaving
            // it is no way to skip it.
            if let Some(puzzle) =
                streak::undecided(&data.rating.streak_mode).and_then(|id| find(puzzles, id).ok())
            {
                return data.open_new_as(archive, puzzle, now, RunMode::Streak, Supply::Plenty);
            }
            let last_theme = open
                .and_then(|run| find(puzzles, &run.puzzle).ok())
                .and_then(main_theme);
            if !data.rating.streak_mode.active {
                streak::start(&mut data.rating.streak_mode);
            }
            let puzzle = streak::choose_puzzle(
                puzzles,
                &data.rating.streak_mode,
                &data.seen,
                last_theme,
                seed,
            )
            .ok_or_else(|| AppError::new(PuzzleProblem::NoPuzzleLeft))?;
            streak::serve(&mut data.rating.streak_mode, &puzzle.id);
            data.open_new_as(archive, puzzle, now, RunMode::Streak, Supply::Plenty)
        })
    }

    /// `puzzle_id` again (from the history): rated only if it was never played. If it is the
    /// puzzle in progress, that goes on (its try is not thrown away). The streak's puzzle left
    /// undecided is opened as the streak's: its outcome decides the streak (a replay is no way
    /// to see its solution and then solve it in the streak).
    pub fn replay<A: Archive + ?Sized>(
        &mut self,
        saves: &dyn Saves,
        archive: Option<&mut A>,
        puzzle_id: &str,
        now: f64,
    ) -> Result<PuzzleView, AppError> {
        self.change(saves, archive, |data, puzzles, archive| {
            let puzzle = find(puzzles, puzzle_id)?;
            if let Some(run) = data
                .current
                .as_ref()
                .filter(|run| run.puzzle == puzzle_id && !run.is_over())
            {
                return view(puzzle, run, &data.rating);
            }
            if streak::undecided(&data.rating.streak_mode) == Some(puzzle_id) {
                return data.open_new_as(archive, puzzle, now, RunMode::Streak, Supply::Plenty);
            }
            data.open_new(archive, puzzle, now)
        })
    }

    /// Makes a fresh try at `puzzle` the one open, the run open before filed.
    fn open_new<A: Archive + ?Sized>(
        &mut self,
        archive: Option<&mut A>,
        puzzle: &Puzzle,
        now: f64,
    ) -> Result<PuzzleView, AppError> {
        self.open_new_as(archive, puzzle, now, RunMode::Rated, Supply::Plenty)
    }

    /// [`PuzzleData::open_new`], the puzzle served as `mode`.
    fn open_new_as<A: Archive + ?Sized>(
        &mut self,
        archive: Option<&mut A>,
        puzzle: &Puzzle,
        now: f64,
        mode: RunMode,
        supply: Supply,
    ) -> Result<PuzzleView, AppError> {
        if let Some(run) = self.current.as_mut() {
            file_attempt(archive, run);
        }
        let run = self
            .current
            .insert(new_run_as(puzzle, &self.seen, now, mode, supply));
        self.seen.insert(puzzle.id.clone());
        view(puzzle, run, &self.rating)
    }

    /// The solver's move (`from == to`: a removal). The solution's move, or any move that wins
    /// outright, is right: the opponent's reply is played at once, or the puzzle is solved. In a
    /// puzzle that ends in mate, a move that mates more slowly is neither: the step says so and
    /// nothing changes (the player looks for the faster mate). Any other legal move is wrong: it is shown with its refutation until a retry (a rated first
    /// try is lost). An illegal move is an error with the rules' reason, as in games; nothing
    /// changes then.
    pub fn play<A: Archive + ?Sized>(
        &mut self,
        saves: &dyn Saves,
        archive: Option<&mut A>,
        puzzle_id: &str,
        from: &str,
        to: &str,
        now: f64,
    ) -> Result<PuzzleStep, AppError> {
        let (from, to) = (square(from)?, square(to)?);
        self.change_open(saves, archive, puzzle_id, |rating, run, puzzle| {
            if run.state != PuzzleState::Playing {
                return Ok(PuzzleStep {
                    step: PuzzleStepView::Finished,
                    puzzle: view(puzzle, run, rating)?,
                });
            }
            let game = wire::line_game(puzzle, &run.played).ok_or_else(|| inconsistent(puzzle))?;
            let position = game.position();
            let mv = position
                .find_move(from, to)
                .map_err(|error| AppError::new(GameProblem::from(&error)))?;
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
                        run.ended_at = Some(now);
                        let clean = run.mistakes == 0 && run.hints == 0;
                        decide(rating, run, puzzle, clean, now);
                        PuzzleStepView::Solved { played }
                    }
                }
            } else if mates_more_slowly(puzzle, &game, &after) {
                // Not a miss: the puzzle asks for the fastest mate (no other is as fast),
                // and this one mates too. Nothing is played; the player tries again.
                PuzzleStepView::SlowerMate { played }
            } else {
                run.state = PuzzleState::Wrong;
                run.wrong = Some(text);
                run.refutation = refutation(&after);
                run.mistakes = run.mistakes.saturating_add(1);
                decide(rating, run, puzzle, false, now);
                PuzzleStepView::Wrong { played }
            };
            Ok(PuzzleStep {
                step,
                puzzle: view(puzzle, run, rating)?,
            })
        })
    }

    /// After a wrong move: back to before it. After the end: the same puzzle again from its
    /// start (a replay, unrated). While playing: nothing changes.
    pub fn retry<A: Archive + ?Sized>(
        &mut self,
        saves: &dyn Saves,
        archive: Option<&mut A>,
        puzzle_id: &str,
        now: f64,
    ) -> Result<PuzzleView, AppError> {
        self.change(saves, archive, |data, puzzles, archive| {
            let puzzle = find(puzzles, puzzle_id)?;
            let run = open_run(&mut data.current, puzzle_id)?;
            match run.state {
                PuzzleState::Wrong => {
                    run.state = PuzzleState::Playing;
                    run.wrong = None;
                    run.refutation = None;
                }
                PuzzleState::Solved | PuzzleState::Failed => {
                    return data.open_new(archive, puzzle, now)
                }
                PuzzleState::Playing => {}
            }
            view(puzzle, run, &data.rating)
        })
    }

    /// The square of the piece to move (`None`: not the solver's move). A hint makes a rated
    /// first try a loss: only a puzzle solved without help counts as solved.
    pub fn hint<A: Archive + ?Sized>(
        &mut self,
        saves: &dyn Saves,
        archive: Option<&mut A>,
        puzzle_id: &str,
        now: f64,
    ) -> Result<Option<String>, AppError> {
        self.change_open(saves, archive, puzzle_id, |rating, run, puzzle| {
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
            decide(rating, run, puzzle, false, now);
            Ok(Some(from))
        })
    }

    /// Gives up: the whole line is shown (a rated first try not yet decided is a loss). A
    /// puzzle already over is shown as it is.
    pub fn solution<A: Archive + ?Sized>(
        &mut self,
        saves: &dyn Saves,
        archive: Option<&mut A>,
        puzzle_id: &str,
        now: f64,
    ) -> Result<PuzzleView, AppError> {
        self.change_open(saves, archive, puzzle_id, |rating, run, puzzle| {
            if !run.is_over() {
                run.state = PuzzleState::Failed;
                run.solution_shown = true;
                run.wrong = None;
                run.refutation = None;
                run.ended_at = Some(now);
                decide(rating, run, puzzle, false, now);
            }
            view(puzzle, run, rating)
        })
    }
}

/// Puts `run` in the history if it is not there yet; whether it is now. A failure is logged:
/// the run stays unfiled and is filed at the next chance.
pub fn file_attempt<A: Archive + ?Sized>(archive: Option<&mut A>, run: &mut StoredRun) -> bool {
    if run.filed {
        return false;
    }
    let Some(archive) = archive else {
        return false;
    };
    match archive.add_attempt(&run.puzzle, run.started_at, &AttemptBody::of(run)) {
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
