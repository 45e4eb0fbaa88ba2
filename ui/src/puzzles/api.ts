// The puzzles' door to the Rust side: the same unwrapping as `api` (answers as values, refusals
// as `ApiError`s with a problem code).

import { unwrap } from '../api';
import { commands } from '../bindings';
import type { PuzzleChoice, PuzzleDashboard, PuzzleHistoryPage, PuzzleStatus, PuzzleStep, PuzzleView, ThemeCount } from './types';

/** What the trainer asks of the Rust side (in the tests, the real one in Node: ui/dev/backend.ts). */
export interface PuzzleBackend {
  status(): Promise<PuzzleStatus>;
  /** The puzzle open (in progress, or over and still shown), after a relaunch too. From then on
   * a quit or a crash reopens the app on the trainer. */
  open(): Promise<PuzzleView | null>;
  /** The player left the trainer: the next start opens where they went instead. */
  leave(): Promise<null>;
  /** A new puzzle near the rating, never one seen before. */
  next(choice: PuzzleChoice): Promise<PuzzleView>;
  /** A puzzle of the history again, not rated. */
  replay(puzzleId: string): Promise<PuzzleView>;
  move(puzzleId: string, from: string, to: string): Promise<PuzzleStep>;
  /** After a wrong move: back to before it. */
  retry(puzzleId: string): Promise<PuzzleView>;
  /** The square of the piece to move (`null`: not the player's move). A hint makes a rated try a miss. */
  hint(puzzleId: string): Promise<string | null>;
  /** Gives up: the puzzle with its solution. */
  solution(puzzleId: string): Promise<PuzzleView>;
  /** Newest first, after `before` (the `next` of the page before). */
  history(before: number | null, limit: number): Promise<PuzzleHistoryPage>;
  /** The streak mode's next puzzle (a new streak after one ended; the one open while undecided). */
  streakNext(): Promise<PuzzleView>;
  /** The rated puzzles of the last `days` days, in all and by theme. */
  dashboard(days: number): Promise<PuzzleDashboard>;
  /** The collection's themes with their puzzle counts (a theme no puzzle carries is left out). */
  themes(): Promise<ThemeCount[]>;
  /** Saves the player's choice of the next puzzle: `status()` gives it back after a relaunch. */
  choose(choice: PuzzleChoice): Promise<PuzzleChoice>;
}

export const puzzleApi: PuzzleBackend = {
  status: () => unwrap(commands.puzzleRating()),
  open: () => unwrap(commands.puzzleOpen()),
  leave: () => unwrap(commands.puzzleLeave()),
  next: (choice) => unwrap(commands.puzzleNext(choice.difficulty, choice.theme)),
  replay: (puzzleId) => unwrap(commands.puzzleReplay(puzzleId)),
  move: (puzzleId, from, to) => unwrap(commands.puzzleMove(puzzleId, from, to)),
  retry: (puzzleId) => unwrap(commands.puzzleRetry(puzzleId)),
  hint: (puzzleId) => unwrap(commands.puzzleHint(puzzleId)),
  solution: (puzzleId) => unwrap(commands.puzzleSolution(puzzleId)),
  history: (before, limit) => unwrap(commands.puzzleHistory(before, limit)),
  streakNext: () => unwrap(commands.puzzleStreakNext()),
  dashboard: (days) => unwrap(commands.puzzleDashboard(days)),
  themes: () => unwrap(commands.puzzleThemes()),
  choose: (choice) => unwrap(commands.puzzleChoose(choice)),
};
