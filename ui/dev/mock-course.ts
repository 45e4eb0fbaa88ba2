// The rules course for the mock Rust side: the real course's tasks (fixture-course.json, recorded
// from the engine by make-course-fixture.mjs), run by a small stand-in for the course crate's
// runner. It knows the positions along each task's solution and their legal moves: the solution's
// moves get the solution's replies, another legal move misses (with the task's own hint), and a
// move that is not legal is refused with a reason (the mock's own guess at it: it knows no rules).

import type { AppError, BoardView, MoveView, PieceView, PlyView, Problem } from '../src/bindings';
import type { ChapterView, CourseMap, CourseStatus, GoalView, StepView, TaskStep, TaskView } from '../src/course/types';
import fixture from './fixture-course.json';
import { readMove, readUfen as readPieces } from './ufen';

interface FixturePosition {
  ufen: string;
  moves: string[];
  frozen: string[];
  check: boolean;
}

interface FixtureTask {
  id: string;
  goal: Record<string, unknown>;
  solution: string[];
  maxMoves: number;
  highlight: string[];
  arrows: string[][];
  positions: FixturePosition[];
}

interface FixtureChapter {
  id: string;
  intro: FixturePosition & { highlight: string[]; arrows: string[][] };
  tasks: FixtureTask[];
}

const CHAPTERS = fixture.chapters as FixtureChapter[];
const TASKS = CHAPTERS.flatMap((chapter) => chapter.tasks.map((task, index) => ({ chapter, task, index })));

const pairs = (list: string[][]): [string, string][] => list.map(([from = '', to = '']) => [from, to]);

function boardOf(position: FixturePosition, ply: number, lastMove: PlyView | null): BoardView {
  const { pieces, turn } = readPieces(position.ufen);
  const king = pieces.find((piece) => piece.role === 'king' && piece.side === turn);
  return { pieces, frozen: position.frozen, check: position.check && king ? king.square : null, lastMove, turn, ply };
}

/** The export's goal (`{"capture": [...]}`) as the app sends it. */
function goalView(goal: Record<string, unknown>): GoalView {
  const squares = markedSquares(goal);
  if ('capture' in goal) return { kind: 'capture', squares };
  if ('safe' in goal) return { kind: 'safe', squares };
  if ('reach' in goal) return { kind: 'reach', square: squares[0] ?? '' };
  if ('remove' in goal) return { kind: 'remove', square: squares[0] ?? '' };
  if ('draw' in goal) return { kind: 'draw', draw: goal['draw'] === 'bare kings' ? 'bareKings' : goal['draw'] === 'fifty' ? 'fifty' : 'repetition' };
  const takes = goal['takes'] as { move?: string } | undefined;
  if (takes?.move) return { kind: 'takes', from: takes.move.slice(0, 2), to: takes.move.slice(2, 4) };
  return { kind: 'win' };
}

function markedSquares(goal: Record<string, unknown>): string[] {
  const value = Object.values(goal)[0];
  if (typeof value === 'string' && /^[a-h][1-8]$/.test(value)) return [value];
  if (Array.isArray(value)) return value.filter((square): square is string => typeof square === 'string');
  return [];
}

const refusal = (kind: AppError['kind'], problem: Problem): AppError => ({ kind, problem });

/**
 * The mock's guess at why a move is refused (the app's Rust side knows; the mock knows no rules
 * but these plain ones): frozen by an enemy immobilizer next to it, a piece on the square, a
 * piece in the way of a straight line (for pieces that never jump), or not that way.
 */
export function mockReason(board: Pick<BoardView, 'pieces' | 'frozen' | 'turn'>, from: string, to: string): Problem {
  const at = (square: string): PieceView | undefined => board.pieces.find((p) => p.square === square);
  const piece = at(from);
  if (!piece) return { code: 'noPiece', square: from };
  if (piece.side !== board.turn) return { code: 'notYourPiece', role: piece.role, square: from, owner: piece.side };
  const df = to.charCodeAt(0) - from.charCodeAt(0);
  const dr = Number(to[1]) - Number(from[1]);
  if (board.frozen.includes(from) && from !== to) {
    const near = (a: string): boolean => a !== from && Math.abs(a.charCodeAt(0) - from.charCodeAt(0)) <= 1 && Math.abs(Number(a[1]) - Number(from[1])) <= 1;
    const by = board.pieces.filter((p) => p.side !== piece.side && p.role === 'immobilizer' && near(p.square)).map((p) => ({ role: p.role, square: p.square }));
    return { code: 'frozen', role: piece.role, square: from, by };
  }
  const movement = piece.role === 'king' ? 'oneStep' : piece.role === 'pawn' ? 'rankOrFile' : 'line';
  const straight = df === 0 || dr === 0;
  const diagonal = Math.abs(df) === Math.abs(dr);
  const fits = movement === 'oneStep' ? Math.max(Math.abs(df), Math.abs(dr)) === 1 : movement === 'rankOrFile' ? straight : straight || diagonal;
  if (!fits || from === to) return { code: 'notThatWay', role: piece.role, from, to, movement };
  if (piece.role !== 'longLeaper' && piece.role !== 'chameleon') {
    const steps = Math.max(Math.abs(df), Math.abs(dr));
    for (let i = 1; i < steps; i++) {
      const square = `${String.fromCharCode(from.charCodeAt(0) + Math.sign(df) * i)}${Number(from[1]) + Math.sign(dr) * i}`;
      const blocker = at(square);
      if (blocker) {
        return { code: 'pathBlocked', role: piece.role, from, to, at: square, blocker: blocker.role, blockerOwner: blocker.side, obstacle: 'inTheWay', behind: null };
      }
    }
  }
  const occupant = at(to);
  if (occupant) return { code: 'occupied', role: piece.role, from, to, occupant: occupant.role, occupantOwner: occupant.side };
  return { code: 'notThatWay', role: piece.role, from, to, movement };
}

interface Run {
  entry: (typeof TASKS)[number];
  /** Plies played along the solution in this try. */
  plies: PlyView[];
  board: BoardView;
  moves: MoveView[];
  movesUsed: number;
  tries: number;
  state: TaskView['state'];
  stars: number;
}

export interface MockCourse {
  handle(cmd: string, args: Record<string, unknown>): { handled: boolean; answer?: unknown };
  status(): CourseStatus;
}

export function mockCourse(initial: Record<string, number> = {}): MockCourse {
  /** Best stars by task id: the progress Rust would keep. */
  const best = new Map<string, number>(Object.entries(initial));
  const runs = new Map<string, Run>();

  const map = (): CourseMap => {
    const chapters: ChapterView[] = CHAPTERS.map((chapter) => {
      const tasks = chapter.tasks.map((task) => {
        const stars = best.get(task.id) ?? 0;
        return { id: task.id, titleKey: `${task.id}.title`, stars, done: stars > 0, quiz: 'takes' in task.goal };
      });
      const intro = chapter.intro;
      return {
        id: chapter.id,
        titleKey: `${chapter.id}.title`,
        introKey: `${chapter.id}.intro`,
        intro: { board: boardOf(intro, 0, null), highlight: intro.highlight, arrows: pairs(intro.arrows) },
        tasks,
        earned: tasks.reduce((sum, task) => sum + task.stars, 0),
        possible: tasks.length * 3,
        done: tasks.every((task) => task.done),
      };
    });
    const next = TASKS.find(({ task }) => !best.get(task.id))?.task.id ?? null;
    return { chapters, next, current: current(), finished: next === null };
  };

  /** The task open and not solved, as the app would reopen it. */
  const current = (): string | null => {
    for (const [id, run] of runs) if (run.state !== 'solved' && run.plies.length > 0) return id;
    return null;
  };

  const entryOf = (id: string): (typeof TASKS)[number] => {
    const entry = TASKS.find(({ task }) => task.id === id);
    if (!entry) throw refusal('badRequest', { code: 'noSuchTask', task: id });
    return entry;
  };

  const fresh = (entry: (typeof TASKS)[number], tries: number): Run => {
    const start = entry.task.positions[0]!;
    const quiz = 'takes' in entry.task.goal;
    return { entry, plies: [], board: boardOf(start, 0, null), moves: quiz ? [] : start.moves.map(readMove), movesUsed: 0, tries, state: 'playing', stars: 0 };
  };

  const view = (run: Run): TaskView => {
    const { chapter, task, index } = run.entry;
    const intro = chapter.intro;
    const goal = goalView(task.goal);
    const position = TASKS.findIndex((entry) => entry.task.id === task.id);
    const id = task.id;
    return {
      id,
      chapter: chapter.id,
      number: index + 1,
      chapterTasks: chapter.tasks.length,
      first: index === 0,
      intro: { board: boardOf(intro, 0, null), highlight: intro.highlight, arrows: pairs(intro.arrows) },
      introKey: `${chapter.id}.intro`,
      titleKey: `${id}.title`,
      promptKey: `${id}.prompt`,
      hintKey: `${id}.hint`,
      missKey: `${id}.miss`,
      goalKey: `goal.${goal.kind}`,
      params: { moves: String(task.maxMoves) },
      goal,
      marked: goal.kind === 'takes' ? [] : markedSquares(task.goal),
      highlight: task.highlight,
      arrows: pairs(task.arrows),
      learner: readPieces(task.positions[0]!.ufen).turn,
      board: run.board,
      legalMoves: run.state === 'playing' ? run.moves : [],
      plies: run.plies,
      state: run.state,
      tries: run.tries,
      movesUsed: run.movesUsed,
      maxMoves: task.maxMoves,
      stars: best.get(id) ?? 0,
      following: TASKS[position + 1]?.task.id ?? null,
    };
  };

  const runOf = (id: string): Run => {
    const run = runs.get(id) ?? fresh(entryOf(id), 1);
    runs.set(id, run);
    return run;
  };

  const starsFor = (run: Run): number => {
    const par = Math.ceil(run.entry.task.solution.length / 2);
    if (run.tries === 1 && run.movesUsed <= par) return 3;
    return run.tries <= 2 && run.movesUsed <= run.entry.task.maxMoves ? 2 : 1;
  };

  /** Solves the try: the step's stars, the best so far, and whether this one is better. */
  const solve = (run: Run): { stars: number; best: number; improved: boolean } => {
    run.state = 'solved';
    run.stars = starsFor(run);
    const before = best.get(run.entry.task.id) ?? 0;
    best.set(run.entry.task.id, Math.max(before, run.stars));
    return { stars: run.stars, best: Math.max(before, run.stars), improved: run.stars > before };
  };
  const score = (run: Run): { moves: number; tries: number } => ({ moves: Math.max(1, run.movesUsed), tries: run.tries });

  /** Plays `move` on the run's board: along the solution from the recorded positions, off it by moving the piece. */
  const apply = (run: Run, move: MoveView, onLine: boolean): PlyView => {
    const mover = run.board.pieces.find((piece) => piece.square === move.from);
    const ply: PlyView = {
      side: run.board.turn,
      role: mover?.role ?? 'pawn',
      from: move.from,
      to: move.to,
      captures: move.captures,
      removal: move.from === move.to,
      mark: 'none',
    };
    run.plies.push(ply);
    const recorded = run.entry.task.positions[run.plies.length];
    if (onLine && recorded) {
      run.board = boardOf(recorded, run.plies.length, ply);
      run.moves = recorded.moves.map(readMove);
    } else {
      const gone = new Set([...move.captures, move.from]);
      const pieces = run.board.pieces.filter((piece) => !gone.has(piece.square) && piece.square !== move.to);
      if (mover && move.from !== move.to) pieces.push({ ...mover, square: move.to });
      run.board = { pieces, frozen: [], check: null, lastMove: ply, turn: run.board.turn === 'white' ? 'black' : 'white', ply: run.plies.length };
      run.moves = [];
    }
    return ply;
  };

  const why = (run: Run, from: string, to: string): Problem => mockReason(run.board, from, to);

  const step = (run: Run, step: StepView): TaskStep => ({ step, task: view(run) });

  const play = (run: Run, from: string, to: string): TaskStep => {
    if (run.state !== 'playing' || 'takes' in run.entry.task.goal) return step(run, { kind: 'finished' });
    const move = run.moves.find((m) => m.from === from && m.to === to);
    if (!move) throw refusal('illegalMove', why(run, from, to));
    const solution = run.entry.task.solution;
    const expected = solution[run.plies.length];
    const onLine = expected === from + to;
    run.movesUsed++;
    const played = apply(run, move, onLine);
    const missKey = `${run.entry.task.id}.miss`;
    if (!onLine) {
      run.state = 'missed';
      return step(run, { kind: 'missed', played, reply: null, afterPlayed: null, reason: 'goalMissed', missKey });
    }
    const replyText = solution[run.plies.length];
    const safe = 'safe' in run.entry.task.goal;
    const last = run.plies.length + (replyText ? 1 : 0) >= solution.length;
    if (last && !safe) return step(run, { kind: 'solved', played, reply: null, afterPlayed: null, score: score(run), ...solve(run) });
    if (!replyText) return step(run, { kind: 'finished' });
    const afterPlayed = run.board;
    const replyMove = run.moves.find((m) => m.from + m.to === replyText) ?? readMove(replyText);
    const reply = apply(run, replyMove, true);
    if (last) return step(run, { kind: 'solved', played, reply, afterPlayed, score: score(run), ...solve(run) });
    if (run.movesUsed >= run.entry.task.maxMoves) {
      run.state = 'missed';
      return step(run, { kind: 'missed', played, reply, afterPlayed, reason: 'budgetSpent', missKey });
    }
    return step(run, { kind: 'continue', played, reply, afterPlayed });
  };

  const quiz = (run: Run, squares: string[]): TaskStep => {
    const takes = run.entry.task.goal['takes'] as { squares?: string[] } | undefined;
    if (!takes || run.state !== 'playing') return step(run, { kind: 'finished' });
    const taken = [...(takes.squares ?? [])].sort();
    const answer = [...new Set(squares)].sort();
    if (answer.join(' ') === taken.join(' ')) {
      return step(run, { kind: 'solved', played: null, reply: null, afterPlayed: null, score: { moves: 1, tries: run.tries }, ...solve(run) });
    }
    run.state = 'missed';
    return step(run, { kind: 'wrong', taken, missKey: `${run.entry.task.id}.miss` });
  };

  const status = (): CourseStatus => {
    const course = map();
    const tasks = course.chapters.flatMap((chapter) => chapter.tasks);
    return { finished: course.finished, next: course.next, current: course.current, solved: tasks.filter((task) => task.done).length, tasks: tasks.length };
  };

  const handle = (cmd: string, args: Record<string, unknown>): { handled: boolean; answer?: unknown } => {
    const id = String(args['taskId'] ?? '');
    switch (cmd) {
      case 'course_map':
        return { handled: true, answer: map() };
      case 'open_task': {
        const run = runs.get(id);
        // As the app: the try under way (or missed, waiting for a retry) goes on; a solved task starts afresh.
        if (!run || run.state === 'solved') runs.set(id, fresh(entryOf(id), 1));
        return { handled: true, answer: view(runOf(id)) };
      }
      case 'task_move':
        return { handled: true, answer: play(runOf(id), String(args['from']), String(args['to'])) };
      case 'task_quiz':
        return { handled: true, answer: quiz(runOf(id), (args['squares'] as string[] | undefined) ?? []) };
      case 'task_retry': {
        const run = runOf(id);
        const next = fresh(run.entry, run.tries + 1);
        runs.set(id, next);
        return { handled: true, answer: view(next) };
      }
      case 'task_hint': {
        const run = runOf(id);
        const move = run.state === 'playing' ? run.entry.task.solution[run.plies.length] : undefined;
        return { handled: true, answer: move ? move.slice(0, 2) : null };
      }
      case 'reset_course':
        best.clear();
        runs.clear();
        return { handled: true, answer: map() };
      default:
        return { handled: false };
    }
  };
  return { handle, status };
}
