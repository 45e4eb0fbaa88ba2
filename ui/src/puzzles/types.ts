// The puzzle trainer as the screens see it. These are the shapes of the app's puzzle commands
// (as the app side's puzzle commands define them); once the generated bindings carry them,
// this file re-exports those instead, as course/types.ts does.

import type { BoardView, Color, MoveView, PlyView } from '../bindings';

export type Difficulty = 'easier' | 'normal' | 'harder';

/** What the player asks the next puzzle to be: a difficulty, and one theme or any. */
export interface PuzzleChoice {
  difficulty: Difficulty;
  /** A theme's export name (`pinch`, `mate-in-1`), `null` for any. */
  theme: string | null;
}

/** The player's rating after a point in time. */
export interface RatingPoint {
  /** Milliseconds since the epoch. */
  at: number;
  rating: number;
}

export interface RatingChange {
  before: number;
  after: number;
}

/** The player's puzzle rating and progress, for home and the trainer's header. */
export interface PuzzleStatus {
  rating: number;
  deviation: number;
  /** Oldest first. */
  history: RatingPoint[];
  /** Puzzles solved on the first try in a row. */
  streak: number;
  bestStreak: number;
  solved: number;
  attempted: number;
  /** The puzzle in progress, if any. */
  current: string | null;
}

/** playing: the solver's move; wrong: a wrong move waits for a retry; solved; failed: the solution was viewed. */
export type PuzzleState = 'playing' | 'wrong' | 'solved' | 'failed';

export interface PuzzleView {
  id: string;
  /** The puzzle's own rating. */
  rating: number;
  themes: string[];
  /** The side the player plays (the board is seen from there). */
  solver: Color;
  /** The board before the opponent's mistake. */
  start: BoardView;
  /** The opponent's mistake (the puzzle's first move). */
  mistake: PlyView;
  board: BoardView;
  /** Empty unless the player may move now. */
  legalMoves: MoveView[];
  /** The moves after the mistake, this try. */
  plies: PlyView[];
  state: PuzzleState;
  /** The first try still counts for the rating (no wrong move yet, not a replay). */
  rated: boolean;
  /** State wrong: the wrong move, the board after it, and the opponent's answer to it (if any). */
  wrong: PlyView | null;
  wrongBoard: BoardView | null;
  refutation: PlyView | null;
  refutationBoard: BoardView | null;
  /** Once solved or failed: the whole line after the mistake. */
  solution: PlyView[] | null;
  /** Once the first try ended: the player's rating before and after. */
  change: RatingChange | null;
  streak: number;
  /** Not rated because it was seen before. */
  replay: boolean;
}

export type PuzzleStepView =
  | { kind: 'continue'; played: PlyView; reply: PlyView; afterPlayed: BoardView }
  | { kind: 'solved'; played: PlyView }
  | { kind: 'wrong'; played: PlyView }
  /** Nothing was done (the puzzle is over or waits for a retry). */
  | { kind: 'finished' };

export interface PuzzleStep {
  step: PuzzleStepView;
  puzzle: PuzzleView;
}

/** One puzzle of the history. */
export interface PuzzleAttemptView {
  /** The attempt's row (unique in the history). */
  id: number;
  puzzleId: string;
  at: number;
  rating: number;
  themes: string[];
  /** Solved on the first try, without help. */
  solved: boolean;
  /** Solved in the end (maybe after retries). */
  finished: boolean;
  /** `null`: a replay, not rated. */
  change: RatingChange | null;
}

/** A page of the history, newest first; `next` asks for the page after it. */
export interface PuzzleHistoryPage {
  attempts: PuzzleAttemptView[];
  next: number | null;
  /** Attempts whose record could not be read. */
  unreadable: number;
}
