//! What the course screens receive: the map, a task as the task screen shows it, and what a
//! learner's action led to. Boards, moves and plies are the game core's views (the same board
//! as in play); the run's state, the miss reason, the score and the kind of draw are the
//! course crate's own types. Every word is a text key of the course's namespace
//! (`crates/ultima-course/text/<language>.json`), with its parameters.

use std::collections::BTreeMap;

use serde::Serialize;
use specta::Type;
use ultima_course::{
    Board, Course, DrawGoal, Goal, MissReason, Progress, RunState, Score, Step, TaskRun,
};
use ultima_game::view::{board_view, move_view, ply_views};
use ultima_game::wire::{BoardView, MoveView, PlyView};
use ultima_rules::{Color, Game, Role, Square};

/// What home needs to know of the course at start-up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct CourseStatus {
    /// Every task is solved (home then no longer puts "Learn the rules" first).
    pub finished: bool,
    /// The first unsolved task in course order.
    pub next: Option<String>,
    /// The task open and not solved: the course reopens there.
    pub current: Option<String>,
    pub solved: u32,
    pub tasks: u32,
}

/// Every chapter with its tasks and stars.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct CourseMap {
    pub chapters: Vec<ChapterView>,
    pub next: Option<String>,
    pub current: Option<String>,
    pub finished: bool,
    /// The closing game against the Novice bot: started (its id), played to a result.
    pub finale: FinaleView,
}

/// The course's closing game, as the map and the end screen show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct FinaleView {
    /// The game, once started (to open it again while it goes on).
    pub game: Option<String>,
    /// Played to a result (won, lost or drawn).
    pub done: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct ChapterView {
    pub id: String,
    pub title_key: String,
    pub intro_key: String,
    pub intro: IntroView,
    pub tasks: Vec<TaskSummary>,
    /// Stars earned in the chapter, and the most it offers.
    pub earned: u32,
    pub possible: u32,
    /// Every task of the chapter is solved.
    pub done: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct TaskSummary {
    pub id: String,
    pub title_key: String,
    /// Best stars so far (0: not solved yet).
    pub stars: u8,
    pub done: bool,
    /// A quiz: "which pieces does this move take?", or "which of yours are attacked?".
    pub quiz: bool,
}

/// A board that illustrates: the position and what to mark on it.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct IntroView {
    pub board: BoardView,
    pub highlight: Vec<String>,
    /// From, to.
    pub arrows: Vec<(String, String)>,
}

/// What the task asks, for the board's marks and the quiz (the quiz's answer is not sent).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Type)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum GoalView {
    Capture {
        squares: Vec<String>,
    },
    Reach {
        square: String,
    },
    Win,
    Remove {
        square: String,
    },
    Safe {
        squares: Vec<String>,
    },
    Draw {
        draw: DrawGoal,
    },
    /// Tap the pieces the move `from`-`to` takes.
    Takes {
        from: String,
        to: String,
    },
    /// Play the move the prompt writes in the people's notation (not sent: reading it is
    /// the task).
    Play,
    /// Tap every piece of yours the opponent could take next move.
    Threats,
    /// Put the back rank's pieces on their squares, one at a time (`TaskView::setup_next`).
    Setup,
}

/// A task as the task screen shows it, at the point the try has reached.
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct TaskView {
    pub id: String,
    pub chapter: String,
    /// 1 for the chapter's first task.
    pub number: u32,
    pub chapter_tasks: u32,
    /// The chapter's first task: the screen shows the chapter's introduction first.
    pub first: bool,
    pub intro: IntroView,
    pub intro_key: String,
    pub title_key: String,
    pub prompt_key: String,
    /// Shown with the hint button (which also marks the square the hint command answers).
    pub hint_key: String,
    /// Shown on a miss (also in the step).
    pub miss_key: String,
    /// The goal's one-line label.
    pub goal_key: String,
    /// The texts' parameters (`moves`: the most moves a try may use).
    pub params: BTreeMap<String, String>,
    pub goal: GoalView,
    /// Where the goal's pieces stand now (they are followed as they move), or the square to
    /// reach.
    pub marked: Vec<String>,
    pub highlight: Vec<String>,
    pub arrows: Vec<(String, String)>,
    /// The side the learner plays (the board is seen from there).
    pub learner: Color,
    pub board: BoardView,
    /// Empty unless the learner may move now (a board task under way).
    pub legal_moves: Vec<MoveView>,
    /// The moves of this try.
    pub plies: Vec<PlyView>,
    pub state: RunState,
    pub tries: u32,
    /// The hint was asked in this try: its solve earns a star less.
    pub hinted: bool,
    /// The setup: the piece to place next (`None`: not a setup, or every piece is placed).
    pub setup_next: Option<Role>,
    /// The setup: how many pieces are placed in this try.
    pub placed: u32,
    pub moves_used: u32,
    pub max_moves: u32,
    /// Best stars so far (0: never solved).
    pub stars: u8,
    /// The next task in course order (`None` after the last).
    pub following: Option<String>,
}

/// What a learner's action led to, and the task after it (the opponent's reply included).
#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(rename_all = "camelCase")]
pub struct TaskStep {
    pub step: StepView,
    pub task: TaskView,
}

#[derive(Clone, Debug, PartialEq, Serialize, Type)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum StepView {
    /// The opponent answered; the task goes on. With the board between the two moves.
    Continue {
        played: PlyView,
        reply: PlyView,
        after_played: BoardView,
    },
    /// Solved, with this try's stars; `best` the best stars so far (this solve counted),
    /// `improved` whether this solve is the new best.
    Solved {
        played: Option<PlyView>,
        reply: Option<PlyView>,
        after_played: Option<BoardView>,
        score: Score,
        stars: u8,
        best: u8,
        improved: bool,
    },
    /// A legal move that misses the goal; the try waits for a retry. The miss key explains.
    Missed {
        played: PlyView,
        reply: Option<PlyView>,
        after_played: Option<BoardView>,
        reason: MissReason,
        miss_key: String,
    },
    /// The quiz answered wrongly: what the move really takes. The try waits for a retry.
    Wrong {
        taken: Vec<String>,
        miss_key: String,
    },
    /// The setup: the piece asked for stands on its square; the next one is asked for.
    Placed { role: Role, square: String },
    /// Nothing was done: the task is solved, or waits for a retry, or the action does not fit
    /// it (a move on a quiz).
    Finished,
}

fn names(squares: &[Square]) -> Vec<String> {
    squares.iter().map(Square::to_string).collect()
}

fn arrows(board: &Board) -> Vec<(String, String)> {
    board
        .arrows
        .iter()
        .map(|(from, to)| (from.to_string(), to.to_string()))
        .collect()
}

/// The board of a position with nothing played.
fn start_board(board: &Board) -> Option<BoardView> {
    board_view(&Game::new(board.position.clone()), 0)
}

pub fn intro_view(board: &Board) -> Option<IntroView> {
    Some(IntroView {
        board: start_board(board)?,
        highlight: names(&board.highlight),
        arrows: arrows(board),
    })
}

fn goal_view(goal: &Goal) -> GoalView {
    match goal {
        Goal::Capture(squares) => GoalView::Capture {
            squares: names(squares),
        },
        Goal::Reach(square) => GoalView::Reach {
            square: square.to_string(),
        },
        Goal::Win => GoalView::Win,
        Goal::Remove(square) => GoalView::Remove {
            square: square.to_string(),
        },
        Goal::Safe(squares) => GoalView::Safe {
            squares: names(squares),
        },
        Goal::Draw(draw) => GoalView::Draw { draw: *draw },
        Goal::Takes { from, to, .. } => GoalView::Takes {
            from: from.to_string(),
            to: to.to_string(),
        },
        Goal::Play { .. } => GoalView::Play,
        Goal::Threats(_) => GoalView::Threats,
        Goal::Setup => GoalView::Setup,
    }
}

pub fn status(course: &Course, progress: &Progress, current: Option<&TaskRun<'_>>) -> CourseStatus {
    let next = ultima_course::next_unfinished(progress);
    CourseStatus {
        finished: next.is_none(),
        next: next.map(|task| task.id.clone()),
        current: open_id(current),
        solved: count(course.tasks().filter(|task| progress.is_done(&task.id))),
        tasks: count(course.tasks()),
    }
}

fn count<T>(items: impl Iterator<Item = T>) -> u32 {
    u32::try_from(items.count()).unwrap_or(u32::MAX)
}

/// The id of the run under way, unless it is solved.
fn open_id(run: Option<&TaskRun<'_>>) -> Option<String> {
    run.filter(|run| run.state() != RunState::Solved)
        .map(|run| run.task().id.clone())
}

pub fn course_map(
    course: &Course,
    progress: &Progress,
    current: Option<&TaskRun<'_>>,
) -> Option<CourseMap> {
    let chapters = course
        .chapters
        .iter()
        .map(|chapter| {
            let (earned, possible) = progress.chapter_stars(course, &chapter.id);
            Some(ChapterView {
                id: chapter.id.clone(),
                title_key: chapter.key("title"),
                intro_key: chapter.key("intro"),
                intro: intro_view(&chapter.intro)?,
                tasks: chapter
                    .tasks
                    .iter()
                    .map(|task| TaskSummary {
                        id: task.id.clone(),
                        title_key: task.key("title"),
                        stars: progress.stars(task),
                        done: progress.is_done(&task.id),
                        quiz: task.goal.is_quiz(),
                    })
                    .collect(),
                earned,
                possible,
                done: chapter.tasks.iter().all(|task| progress.is_done(&task.id)),
            })
        })
        .collect::<Option<Vec<_>>>()?;
    let status = status(course, progress, current);
    Some(CourseMap {
        chapters,
        next: status.next,
        current: status.current,
        finished: status.finished,
        finale: FinaleView {
            game: progress.finale.as_ref().map(|finale| finale.game.clone()),
            done: progress.finale_done(),
        },
    })
}

pub fn task_view(course: &Course, progress: &Progress, run: &TaskRun<'_>) -> Option<TaskView> {
    let task = run.task();
    let chapter = course.chapter(&task.chapter)?;
    let index = chapter.tasks.iter().position(|t| t.id == task.id)?;
    let game = run.game();
    let playing = run.state() == RunState::Playing && !run.is_quiz();
    let legal_moves = if playing {
        run.position().legal_moves().iter().map(move_view).collect()
    } else {
        Vec::new()
    };
    let following = course
        .tasks()
        .skip_while(|t| t.id != task.id)
        .nth(1)
        .map(|t| t.id.clone());
    Some(TaskView {
        id: task.id.clone(),
        chapter: task.chapter.clone(),
        number: u32::try_from(index + 1).unwrap_or(u32::MAX),
        chapter_tasks: count(chapter.tasks.iter()),
        first: index == 0,
        intro: intro_view(&chapter.intro)?,
        intro_key: chapter.key("intro"),
        title_key: task.key("title"),
        prompt_key: task.key("prompt"),
        hint_key: task.key("hint"),
        miss_key: task.key("miss"),
        goal_key: task.goal.text_key().to_string(),
        params: task
            .text_params()
            .into_iter()
            .map(|(name, value)| (name.to_string(), value))
            .collect(),
        goal: goal_view(&task.goal),
        marked: names(&run.goal_squares()),
        highlight: names(&task.board.highlight),
        arrows: arrows(&task.board),
        learner: task.learner(),
        board: if run.placed().is_empty() {
            board_view(game, game.moves().len())?
        } else {
            board_view(&Game::new(run.shown_position()), 0)?
        },
        legal_moves,
        plies: ply_views(game),
        state: run.state(),
        tries: run.tries(),
        hinted: run.hinted(),
        setup_next: run.setup_next(),
        placed: count(run.placed().iter()),
        moves_used: run.moves_used(),
        max_moves: task.max_moves,
        stars: progress.stars(task),
        following,
    })
}

/// The learner's move and the reply, from the run's last plies (`replied`: the last ply is the
/// reply), and the board between them.
fn last_plies(
    run: &TaskRun<'_>,
    replied: bool,
) -> (Option<PlyView>, Option<PlyView>, Option<BoardView>) {
    let game = run.game();
    let mut plies = ply_views(game);
    let reply = if replied { plies.pop() } else { None };
    let played = plies.pop();
    let after_played = if replied {
        game.moves()
            .len()
            .checked_sub(1)
            .and_then(|ply| board_view(game, ply))
    } else {
        None
    };
    (played, reply, after_played)
}

/// The step as the screen gets it, made right after `step` on `run`. `record`: the best stars
/// and whether this solve improved them (for a solve). `None` for an illegal move, which is an
/// error instead.
pub fn step_view(run: &TaskRun<'_>, step: &Step, record: (u8, bool)) -> Option<StepView> {
    Some(match step {
        Step::Illegal(_) => return None,
        Step::Continue { .. } => {
            let (played, reply, after_played) = last_plies(run, true);
            StepView::Continue {
                played: played?,
                reply: reply?,
                after_played: after_played?,
            }
        }
        Step::Solved {
            played,
            reply,
            score,
            stars,
        } => {
            let (played_view, reply_view, after_played) = if played.is_some() {
                last_plies(run, reply.is_some())
            } else {
                (None, None, None)
            };
            StepView::Solved {
                played: played_view,
                reply: reply_view,
                after_played,
                score: *score,
                stars: *stars,
                best: record.0,
                improved: record.1,
            }
        }
        Step::Missed {
            reply,
            reason,
            hint,
            ..
        } => {
            let (played, reply, after_played) = last_plies(run, reply.is_some());
            StepView::Missed {
                played: played?,
                reply,
                after_played,
                reason: *reason,
                miss_key: hint.clone(),
            }
        }
        Step::Wrong { taken, hint } => StepView::Wrong {
            taken: names(taken),
            miss_key: hint.clone(),
        },
        Step::Placed { role, square } => StepView::Placed {
            role: *role,
            square: square.to_string(),
        },
        Step::Finished => StepView::Finished,
    })
}
