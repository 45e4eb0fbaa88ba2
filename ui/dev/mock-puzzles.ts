// The puzzle trainer for the mock Rust side: a few hand-made puzzles, run by a small stand-in for
// the app's puzzle commands. It knows no rules: a piece may slide to any empty square the way it
// moves (a pawn along ranks and files, the king one step, the others along lines), a puzzle's own
// moves take what the puzzle says they take, and any other move is wrong, answered by the
// opponent's first slide. The player's rating moves by +12 on a first-try solve and -9 otherwise,
// as a Glicko-2 step near 1500 does.

import type { AppError, BoardView, Color, MoveView, PieceView, PlyView } from '../src/bindings';
import type {
  Theme,
  PuzzleAttemptView,
  PuzzleChoice,
  PuzzleHistoryPage,
  PuzzleStatus,
  PuzzleStep,
  PuzzleView,
  RatingChange,
  RatingPoint,
} from '../src/puzzles/types';
import { mockReason } from './mock-course';
import { FILES, readUfen } from './ufen';

interface Line {
  move: string;
  captures: string[];
}

interface MockPuzzle {
  id: string;
  /** Before the opponent's mistake. */
  ufen: string;
  moves: Line[];
  rating: number;
  themes: Theme[];
}

/** Three small tactics: a pinch, a long leap taking two then one, a withdrawal. */
export const MOCK_PUZZLES: readonly MockPuzzle[] = [
  {
    id: 'p-pinch',
    ufen: '4k3/3p4/8/8/2P5/8/4P3/4K3 b',
    moves: [
      { move: 'd7d4', captures: [] },
      { move: 'e2e4', captures: ['d4'] },
    ],
    rating: 1480,
    themes: ['pinch', 'endgame'],
  },
  {
    id: 'p-leap',
    ufen: 'k3p3/8/8/8/5p2/2p5/8/L6K b',
    moves: [
      { move: 'e8e5', captures: [] },
      { move: 'a1f6', captures: ['c3', 'e5'] },
      { move: 'a8b8', captures: [] },
      { move: 'f6f3', captures: ['f4'] },
    ],
    rating: 1610,
    themes: ['long-leap', 'multi-capture', 'endgame'],
  },
  {
    id: 'p-withdraw',
    ufen: 'k7/8/8/7c/3W4/8/8/6K1 b',
    moves: [
      { move: 'h5d5', captures: [] },
      { move: 'd4d1', captures: ['d5'] },
    ],
    rating: 1350,
    themes: ['withdrawal', 'endgame'],
  },
];

const other = (side: Color): Color => (side === 'white' ? 'black' : 'white');

interface Position {
  pieces: PieceView[];
  turn: Color;
}

/** Every slide of the side to move onto empty squares (no captures: the mock knows no rules). */
function slides(position: Position): MoveView[] {
  const taken = new Set(position.pieces.map((p) => p.square));
  const moves: MoveView[] = [];
  const rookLines = [[0, 1], [0, -1], [1, 0], [-1, 0]] as const;
  const allLines = [...rookLines, [1, 1], [1, -1], [-1, 1], [-1, -1]] as const;
  for (const piece of position.pieces.filter((p) => p.side === position.turn)) {
    const file = FILES.indexOf(piece.square.charAt(0));
    const rank = Number(piece.square.charAt(1));
    const lines = piece.role === 'pawn' ? rookLines : allLines;
    const reach = piece.role === 'king' ? 1 : 7;
    for (const [df, dr] of lines) {
      for (let step = 1; step <= reach; step++) {
        const f = file + df * step;
        const r = rank + dr * step;
        if (f < 0 || f > 7 || r < 1 || r > 8) break;
        const to = `${FILES[f]}${r}`;
        if (taken.has(to)) break;
        moves.push({ from: piece.square, to, captures: [] });
      }
    }
  }
  return moves;
}

function play(position: Position, move: MoveView): { position: Position; ply: PlyView } {
  const mover = position.pieces.find((p) => p.square === move.from);
  const gone = new Set([...move.captures, move.from]);
  const pieces = position.pieces.filter((p) => !gone.has(p.square));
  if (mover) pieces.push({ ...mover, square: move.to });
  const ply: PlyView = { side: position.turn, role: mover?.role ?? 'pawn', from: move.from, to: move.to, captures: move.captures, removal: false, mark: 'none' };
  return { position: { pieces, turn: other(position.turn) }, ply };
}

const lineMove = (line: Line): MoveView => ({ from: line.move.slice(0, 2), to: line.move.slice(2, 4), captures: line.captures });

function boardOf(position: Position, ply: number, lastMove: PlyView | null): BoardView {
  return { pieces: position.pieces, frozen: [], check: null, lastMove, turn: position.turn, ply };
}

/** The solver's moves at a point of the line: the puzzle's move, and every slide. */
function solverMoves(position: Position, line: Line | undefined): MoveView[] {
  const moves = slides(position);
  if (!line) return moves;
  const right = lineMove(line);
  return [right, ...moves.filter((m) => m.from !== right.from || m.to !== right.to)];
}

interface Try {
  puzzle: MockPuzzle;
  /** Solver/opponent moves played after the mistake. */
  done: number;
  state: PuzzleView['state'];
  rated: boolean;
  wrong: { ply: PlyView; board: BoardView; refutation: PlyView | null; refutationBoard: BoardView | null } | null;
  change: RatingChange | null;
  /** The first try is over (its result counted, or a replay). */
  counted: boolean;
  /** Opened again from the history: not rated. */
  replay: boolean;
  mistakes: number;
  hints: number;
}

export interface MockPuzzles {
  handle(cmd: string, args: Record<string, unknown>): { handled: boolean; answer?: unknown };
  status(): PuzzleStatus;
}

export interface MockPuzzleOptions {
  /** The player's rating history before this session (oldest first). */
  history?: RatingPoint[];
}

const refusal = (kind: AppError['kind'], problem: AppError['problem']): AppError => ({ kind, problem });

export function mockPuzzles(options: MockPuzzleOptions = {}): MockPuzzles {
  const start = Date.UTC(2025, 10, 20, 9);
  const history: RatingPoint[] = options.history ?? [
    { at: start, rating: 1500 },
    { at: start + 3_600_000, rating: 1512 },
    { at: start + 7_200_000, rating: 1503 },
    { at: start + 86_400_000, rating: 1515 },
    { at: start + 90_000_000, rating: 1527 },
    { at: start + 2 * 86_400_000, rating: 1518 },
  ];
  let rating = history[history.length - 1]?.rating ?? 1500;
  let streak = 0;
  let bestStreak = 0;
  const attempts: PuzzleAttemptView[] = [];
  const seen = new Set<string>();
  let attemptId = 0;
  let open: Try | null = null;
  /** The trainer shows `open` (as the app marks it): start-up reopens on it. */
  let onScreen = false;

  /** Where the line stands after `done` moves after the mistake (and the board's ply count). */
  const walk = (puzzle: MockPuzzle, done: number): { start: Position; position: Position; mistake: PlyView; plies: PlyView[]; afterMistake: Position } => {
    const first = readUfen(puzzle.ufen);
    const [mistakeLine, ...rest] = puzzle.moves;
    const afterMistake = play(first, lineMove(mistakeLine!));
    let position = afterMistake.position;
    const plies: PlyView[] = [];
    for (const line of rest.slice(0, done)) {
      const next = play(position, lineMove(line));
      position = next.position;
      plies.push(next.ply);
    }
    return { start: first, position, mistake: afterMistake.ply, plies, afterMistake: afterMistake.position };
  };

  const view = (attempt: Try): PuzzleView => {
    const { puzzle } = attempt;
    const { start: first, position, mistake, plies } = walk(puzzle, attempt.done);
    const over = attempt.state === 'solved' || attempt.state === 'failed';
    const full = over ? walk(puzzle, puzzle.moves.length - 1) : null;
    const shownPosition = full ? full.position : position;
    const shownPlies = full ? full.plies : plies;
    const lastMove = shownPlies[shownPlies.length - 1] ?? mistake;
    return {
      id: puzzle.id,
      rating: puzzle.rating,
      themes: puzzle.themes,
      solver: other(first.turn),
      start: boardOf(first, 0, null),
      mistake,
      board: boardOf(shownPosition, shownPlies.length + 1, lastMove),
      legalMoves: attempt.state === 'playing' ? solverMoves(position, puzzle.moves[attempt.done + 1]) : [],
      plies: shownPlies,
      state: attempt.state,
      rated: attempt.rated,
      wrong: attempt.wrong?.ply ?? null,
      wrongBoard: attempt.wrong?.board ?? null,
      refutation: attempt.wrong?.refutation ?? null,
      refutationBoard: attempt.wrong?.refutationBoard ?? null,
      solution: over ? (full?.plies ?? []) : null,
      change: attempt.change,
      streak,
      replay: attempt.replay,
      solverMoves: puzzle.moves.length / 2,
      solverMovesPlayed: Math.ceil(attempt.done / 2),
      mistakes: attempt.mistakes,
      hints: attempt.hints,
    };
  };

  const status = (): PuzzleStatus => ({
    rating,
    deviation: 80,
    provisional: false,
    history,
    streak,
    bestStreak,
    solved: attempts.filter((a) => a.solved && a.change).length,
    attempted: attempts.filter((a) => a.change).length,
    current: open && (open.state === 'playing' || open.state === 'wrong') ? open.puzzle.id : null,
    reopen: open !== null && onScreen,
  });

  /** The first try's result: counted once. */
  const count = (attempt: Try, solved: boolean): void => {
    if (attempt.counted) return;
    attempt.counted = true;
    const change = attempt.rated ? { before: rating, after: rating + (solved ? 12 : -9) } : null;
    attempt.rated = false;
    if (change) {
      rating = change.after;
      history.push({ at: Date.now(), rating });
      streak = solved ? streak + 1 : 0;
      bestStreak = Math.max(bestStreak, streak);
    }
    attempt.change = change;
    attempts.unshift({ id: ++attemptId, puzzleId: attempt.puzzle.id, at: Date.now(), rating: attempt.puzzle.rating, themes: attempt.puzzle.themes, solved, finished: solved, rated: change !== null, change });
  };

  const fresh = (puzzle: MockPuzzle, rated: boolean): Try => ({ puzzle, done: 0, state: 'playing', rated, wrong: null, change: null, counted: !rated, replay: !rated, mistakes: 0, hints: 0 });

  // The app's own codes (`notOpenPuzzle`) are not in this build's bindings yet: the mock answers
  // with the nearest one there is.
  const openTry = (id: unknown): Try => {
    if (!open || open.puzzle.id !== id) throw refusal('noGame', { code: 'noGame' });
    return open;
  };

  const answers: Record<string, (args: Record<string, unknown>) => unknown> = {
    puzzle_rating: () => status(),
    puzzle_open: () => {
      onScreen = open !== null;
      return open && (open.state === 'playing' || open.state === 'wrong') ? view(open) : null;
    },
    puzzle_leave: () => {
      onScreen = false;
      return null;
    },
    puzzle_next: (args) => {
      const choice = { difficulty: args['difficulty'], theme: args['theme'] ?? null } as PuzzleChoice;
      const fits = MOCK_PUZZLES.filter((p) => choice.theme === null || (p.themes as readonly string[]).includes(choice.theme));
      const pool = fits.length ? fits : MOCK_PUZZLES;
      const unseen = pool.filter((p) => !seen.has(p.id));
      // Easier: the lowest rated first; harder: the highest; normal: the nearest to the rating.
      const order = [...(unseen.length ? unseen : pool)].sort((a, b) =>
        choice.difficulty === 'easier' ? a.rating - b.rating : choice.difficulty === 'harder' ? b.rating - a.rating : Math.abs(a.rating - rating) - Math.abs(b.rating - rating),
      );
      const puzzle = order[0]!;
      seen.add(puzzle.id);
      open = fresh(puzzle, true);
      onScreen = true;
      return view(open);
    },
    puzzle_replay: (args) => {
      const puzzle = MOCK_PUZZLES.find((p) => p.id === args['puzzleId']);
      if (!puzzle) throw refusal('badRequest', { code: 'noGame' });
      open = fresh(puzzle, false);
      onScreen = true;
      return view(open);
    },
    puzzle_move: (args) => {
      const attempt = openTry(args['puzzleId']);
      if (attempt.state !== 'playing') return { step: { kind: 'finished' }, puzzle: view(attempt) } satisfies PuzzleStep;
      const { position, plies } = walk(attempt.puzzle, attempt.done);
      const line = attempt.puzzle.moves[attempt.done + 1];
      const from = String(args['from']);
      const to = String(args['to']);
      const move = solverMoves(position, line).find((m) => m.from === from && m.to === to);
      if (!move) throw refusal('illegalMove', mockReason({ ...position, frozen: [] }, from, to));
      const played = play(position, move);
      const ply = plies.length + 2;
      if (!line || line.move !== from + to) {
        const answer = slides(played.position)[0];
        const refuted = answer ? play(played.position, answer) : null;
        attempt.state = 'wrong';
        attempt.mistakes += 1;
        attempt.wrong = {
          ply: played.ply,
          board: boardOf(played.position, ply, played.ply),
          refutation: refuted?.ply ?? null,
          refutationBoard: refuted ? boardOf(refuted.position, ply + 1, refuted.ply) : null,
        };
        count(attempt, false);
        return { step: { kind: 'wrong', played: played.ply }, puzzle: view(attempt) } satisfies PuzzleStep;
      }
      const reply = attempt.puzzle.moves[attempt.done + 2];
      if (!reply) {
        attempt.done += 1;
        attempt.state = 'solved';
        count(attempt, true);
        return { step: { kind: 'solved', played: played.ply }, puzzle: view(attempt) } satisfies PuzzleStep;
      }
      attempt.done += 2;
      const replied = play(played.position, lineMove(reply));
      return {
        step: { kind: 'continue', played: played.ply, reply: replied.ply, afterPlayed: boardOf(played.position, ply, played.ply) },
        puzzle: view(attempt),
      } satisfies PuzzleStep;
    },
    puzzle_retry: (args) => {
      const attempt = openTry(args['puzzleId']);
      if (attempt.state === 'wrong') {
        attempt.state = 'playing';
        attempt.wrong = null;
      }
      return view(attempt);
    },
    puzzle_hint: (args) => {
      const attempt = openTry(args['puzzleId']);
      const line = attempt.puzzle.moves[attempt.done + 1];
      if (attempt.state !== 'playing' || !line) return null;
      // As the app does: a hint decides a rated first try (a miss) at once.
      attempt.hints += 1;
      count(attempt, false);
      return line.move.slice(0, 2);
    },
    puzzle_solution: (args) => {
      const attempt = openTry(args['puzzleId']);
      count(attempt, false);
      attempt.state = 'failed';
      attempt.wrong = null;
      return view(attempt);
    },
    puzzle_history: (args): PuzzleHistoryPage => {
      const before = args['before'];
      const limit = Number(args['limit'] ?? 20);
      const from = typeof before === 'number' ? attempts.findIndex((a) => a.id < before) : 0;
      const page = from < 0 ? [] : attempts.slice(from, from + limit);
      const last = page[page.length - 1];
      return { attempts: page, next: last && from + limit < attempts.length ? last.id : null, unreadable: 0 };
    },
  };

  return {
    status,
    handle(cmd, args) {
      const answer = answers[cmd];
      return answer ? { handled: true, answer: answer(args) } : { handled: false };
    },
  };
}
