//! What the trainer screens receive: the player's rating and streak, the puzzle open as the
//! board shows it, what a move led to, and the attempts of the history. Boards, moves and plies
//! are the game core's views (the same board as in play); themes are `ultima-puzzles`' names
//! (`"long-leap"`, `"mate-in-1"`), worded by the UI.

use serde::{Deserialize, Serialize};
use specta::Type;
use ultima_game::view::{board_view, move_view, ply_view, ply_views};
use ultima_game::wire::{BoardView, MoveView, PlyView};
use ultima_puzzles::rating::{RatingChange, RatingPoint, Supply};
use ultima_puzzles::{Puzzle, Theme};
use ultima_rules::{Color, Game, Position};

use super::stored::{PuzzleChoice, PuzzleState, RunMode, StoredRating, StoredRun};

/// How many points the rating chart gets at most.
pub const CHART_POINTS: usize = 100;

/// A theme the collection has, and how many of its puzzles carry it: the trainer's theme
/// choice offers these (a theme with no puzzle would only say that none is left).
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct ThemeCount {
    /// The theme's export name (`"long-leap"`).
    pub theme: String,
    pub puzzles: u32,
}

/// The themes of `puzzles` with their counts, in the order of [`Theme::ALL`]; a theme no
/// puzzle carries is left out.
pub fn theme_counts(puzzles: &[Puzzle]) -> Vec<ThemeCount> {
    Theme::ALL
        .iter()
        .filter_map(|&theme| {
            let count = puzzles.iter().filter(|p| p.themes.contains(&theme)).count();
            (count > 0).then(|| ThemeCount {
                theme: theme.to_string(),
                puzzles: u32::try_from(count).unwrap_or(u32::MAX),
            })
        })
        .collect()
}

/// The player's puzzle rating, for home and the trainer's header.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleStatus {
    pub rating: u32,
    pub deviation: u32,
    /// Still uncertain (few puzzles played): lichess shows such a rating with a `?`.
    pub provisional: bool,
    /// The rating over time, oldest first, at most 100 points: the starting rating, then the
    /// rating after each rated puzzle (thinned evenly); empty before the first.
    pub history: Vec<RatingPoint>,
    /// Rated puzzles solved in a row, up to the last one; the best such run.
    pub streak: u32,
    pub best_streak: u32,
    /// Rated puzzles solved at the first try, and all rated puzzles.
    pub solved: u32,
    pub attempted: u32,
    /// The puzzle in progress (not solved nor given up): the trainer reopens on it.
    pub current: Option<String>,
    /// The trainer was on screen when the app last stopped (a quit or a crash there): start-up
    /// opens it again, on the puzzle it showed.
    pub reopen: bool,
    /// The streak mode: the streak going on or last ended, and the best.
    pub streak_mode: StreakStatus,
    /// Puzzles failed that are queued to come back.
    pub reviews: u32,
    /// What the player last chose the next puzzle to be (saved: the trainer opens with it).
    pub choice: PuzzleChoice,
}

/// The streak mode's counts.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct StreakStatus {
    /// Puzzles solved in the streak going on (or the last one, once it ended).
    pub solved: u32,
    pub active: bool,
    pub best: u32,
}

fn streak_status(rating: &StoredRating) -> StreakStatus {
    StreakStatus {
        solved: rating.streak_mode.solved,
        active: rating.streak_mode.active,
        best: rating.streak_mode.best,
    }
}

/// Beyond this deviation a rating is provisional (lichess' threshold).
const PROVISIONAL_DEVIATION: u32 = 110;

/// The status of `rating` and `current`, with `choice` (the saved one, its theme checked
/// against the collection: see `PuzzleData::choice`).
pub fn status(
    rating: &StoredRating,
    current: Option<&StoredRun>,
    choice: PuzzleChoice,
) -> PuzzleStatus {
    PuzzleStatus {
        rating: rating.player.rating(),
        deviation: rating.player.deviation(),
        provisional: rating.player.deviation() > PROVISIONAL_DEVIATION,
        history: rating.player.chart(CHART_POINTS),
        streak: rating.streak,
        best_streak: rating.best_streak,
        solved: rating.solved,
        attempted: rating.attempted,
        current: current
            .filter(|run| !run.is_over())
            .map(|run| run.puzzle.clone()),
        reopen: current.is_some_and(|run| run.on_screen),
        streak_mode: streak_status(rating),
        reviews: count(rating.review.len()),
        choice,
    }
}

/// The puzzle open, as the trainer shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleView {
    pub id: String,
    /// The puzzle's rating (lichess shows it once the puzzle is over).
    pub rating: u32,
    pub themes: Vec<Theme>,
    /// The side the player plays (orient the board from it).
    pub solver: Color,
    /// The board before the opponent's mistake: the trainer plays `mistake` from here first.
    pub start: BoardView,
    pub mistake: PlyView,
    /// The board now (after the mistake and `plies`).
    pub board: BoardView,
    /// Empty unless it is the solver's move.
    pub legal_moves: Vec<MoveView>,
    /// The solver's and the opponent's moves after the mistake, this try.
    pub plies: Vec<PlyView>,
    pub state: PuzzleState,
    /// The first try still counts for the rating (no wrong move, hint or solution yet, and
    /// not a replay).
    pub rated: bool,
    /// Seen before: this try does not count for the rating.
    pub replay: bool,
    /// State wrong: the wrong move, the board after it, the opponent's best answer to it (none
    /// when it leaves no move) and the board after that.
    pub wrong: Option<PlyView>,
    pub wrong_board: Option<BoardView>,
    pub refutation: Option<PlyView>,
    pub refutation_board: Option<BoardView>,
    /// Once solved or given up: the whole line after the mistake.
    pub solution: Option<Vec<PlyView>>,
    /// Once the first try is decided (a rated one): the player's rating before and after.
    pub change: Option<RatingChange>,
    /// The solver's moves in the solution, and how many of them are played.
    pub solver_moves: u32,
    pub solver_moves_played: u32,
    pub mistakes: u32,
    pub hints: u32,
    pub streak: u32,
    /// Why it was served: near the rating, a failed puzzle back, or the streak mode's.
    pub mode: RunMode,
    /// The puzzles left at the player's level when it was chosen (rated mode): running low,
    /// or none left near (this is the nearest).
    pub supply: Supply,
    /// The streak mode's counts (its puzzle decided: the streak grown or ended).
    pub streak_mode: StreakStatus,
}

/// What a solver's move led to.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum PuzzleStepView {
    /// Right: the opponent's reply was played at once.
    Continue {
        played: PlyView,
        reply: PlyView,
        /// The board after the solver's move, before the reply.
        after_played: Box<BoardView>,
    },
    Solved {
        played: PlyView,
    },
    /// A mate, but slower than the solution's: not played, not a miss; the puzzle goes on from
    /// the same position.
    SlowerMate {
        played: PlyView,
    },
    /// Not the move: the puzzle's `wrong…`/`refutation…` fields show it; retry to go on.
    Wrong {
        played: PlyView,
    },
    /// Nothing done: the puzzle is over, or waits for a retry.
    Finished,
}

#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleStep {
    pub step: PuzzleStepView,
    pub puzzle: PuzzleView,
}

/// One attempt at a puzzle, as the history database keeps it (its row's JSON body).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AttemptBody {
    pub puzzle_rating: u32,
    #[serde(default)]
    pub themes: Vec<Theme>,
    pub rated: bool,
    /// How the rated first try went (`None`: a replay, or left before it was decided).
    #[serde(default)]
    pub first_try: Option<bool>,
    /// Solved in the end (maybe after wrong moves).
    pub solved: bool,
    #[serde(default)]
    pub mistakes: u32,
    #[serde(default)]
    pub hints: u32,
    #[serde(default)]
    pub solution_shown: bool,
    #[serde(default)]
    pub change: Option<RatingChange>,
    #[serde(default)]
    pub ended_at: Option<f64>,
    /// Why it was served (older rows: rated mode).
    #[serde(default)]
    pub mode: RunMode,
}

impl AttemptBody {
    pub fn of(run: &StoredRun) -> AttemptBody {
        AttemptBody {
            puzzle_rating: run.puzzle_rating,
            themes: run.themes.clone(),
            rated: run.rated,
            first_try: run.first_try,
            solved: run.state == PuzzleState::Solved,
            mistakes: run.mistakes,
            hints: run.hints,
            solution_shown: run.solution_shown,
            change: run.change,
            ended_at: run.ended_at,
            mode: run.mode,
        }
    }
}

/// An attempt in the history list (replay it with `puzzleReplay(puzzleId)`).
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleAttemptView {
    pub id: u32,
    pub puzzle_id: String,
    /// When the puzzle was opened (ms since 1970).
    pub at: f64,
    /// The puzzle's rating.
    pub rating: u32,
    pub themes: Vec<Theme>,
    /// Solved at the first try without help.
    pub solved: bool,
    /// Solved in the end (maybe after retries).
    pub finished: bool,
    pub rated: bool,
    /// The player's rating before and after (rated attempts).
    pub change: Option<RatingChange>,
    /// Why it was served: rated mode (a replay when not rated), a missed puzzle back, a streak.
    pub mode: RunMode,
}

impl PuzzleAttemptView {
    pub fn new(id: u32, puzzle_id: String, at: f64, body: AttemptBody) -> PuzzleAttemptView {
        PuzzleAttemptView {
            id,
            puzzle_id,
            at,
            rating: body.puzzle_rating,
            themes: body.themes,
            solved: body.solved && body.mistakes == 0 && body.hints == 0 && !body.solution_shown,
            finished: body.solved,
            rated: body.rated,
            change: body.change,
            mode: body.mode,
        }
    }
}

/// Attempts, newest first.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleHistoryPage {
    pub attempts: Vec<PuzzleAttemptView>,
    /// Where the next page starts (`before` of the next call); `None`: this page is the last.
    pub next: Option<u32>,
    /// How many attempts of this page are stored but do not read (they are kept).
    pub unreadable: u32,
}

/// The game of the puzzle from its start: the mistake, then `played`. `None` when the
/// puzzle's data or the moves do not play.
pub fn line_game(puzzle: &Puzzle, played: &[String]) -> Option<Game> {
    let start = Position::from_ufen(&puzzle.ufen).ok()?;
    let mut game = Game::new(start);
    for text in std::iter::once(puzzle.moves.first()?).chain(played) {
        let mv = game.position().parse_coordinates(text).ok()?;
        game.play(&mv).ok()?;
    }
    Some(game)
}

/// The board and ply of `text` played after `game` (on a copy).
fn played_after(game: &Game, text: &str) -> Option<(Game, PlyView, BoardView)> {
    let mut game = game.clone();
    let mv = game.position().parse_coordinates(text).ok()?;
    let ply = ply_view(game.position(), &mv);
    game.play(&mv).ok()?;
    let board = board_view(&game, game.moves().len())?;
    Some((game, ply, board))
}

/// The puzzle as the trainer shows it; `None` when the puzzle's data does not play (never
/// for the shipped collection: a test replays every line).
pub fn puzzle_view(puzzle: &Puzzle, run: &StoredRun, rating: &StoredRating) -> Option<PuzzleView> {
    let game = line_game(puzzle, &run.played)?;
    let mut plies = ply_views(&game);
    if plies.is_empty() {
        return None;
    }
    let mistake = plies.remove(0);
    let solver = game.position_at(1)?.turn();
    let legal_moves = if run.state == PuzzleState::Playing {
        game.position()
            .legal_moves()
            .iter()
            .map(move_view)
            .collect()
    } else {
        Vec::new()
    };
    let (mut wrong, mut wrong_board, mut refutation, mut refutation_board) =
        (None, None, None, None);
    if let (PuzzleState::Wrong, Some(text)) = (run.state, &run.wrong) {
        let (after, ply, board) = played_after(&game, text)?;
        wrong = Some(ply);
        wrong_board = Some(board);
        if let Some(text) = &run.refutation {
            let (_, ply, board) = played_after(&after, text)?;
            refutation = Some(ply);
            refutation_board = Some(board);
        }
    }
    let solution = if run.is_over() {
        let whole = line_game(puzzle, puzzle.moves.get(1..)?)?;
        Some(ply_views(&whole).into_iter().skip(1).collect())
    } else {
        None
    };
    Some(PuzzleView {
        id: puzzle.id.clone(),
        rating: puzzle.rating,
        themes: puzzle.themes.clone(),
        solver,
        start: board_view(&game, 0)?,
        mistake,
        board: board_view(&game, game.moves().len())?,
        legal_moves,
        plies,
        state: run.state,
        rated: run.rated && run.first_try.is_none(),
        replay: !run.rated,
        wrong,
        wrong_board,
        refutation,
        refutation_board,
        solution,
        change: run.change,
        solver_moves: count(puzzle.solver_move_count()),
        solver_moves_played: count(run.played.len().div_ceil(2)),
        mistakes: run.mistakes,
        hints: run.hints,
        streak: rating.streak,
        mode: run.mode,
        supply: run.supply,
        streak_mode: streak_status(rating),
    })
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
