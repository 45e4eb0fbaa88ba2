// The puzzles' door to the Rust side: the same unwrapping as `api` (answers as values, refusals
// as `ApiError`s with a problem code).
//
// The generated bindings do not carry the puzzle commands yet, so these are invoked by name with
// the same `{status, data | error}` handling the bindings give; once they do, this calls
// `commands.*` like course/api.ts.

import { invoke } from '@tauri-apps/api/core';
import { unwrap } from '../api';
import type { AppError } from '../bindings';
import type { PuzzleChoice, PuzzleHistoryPage, PuzzleStatus, PuzzleStep, PuzzleView } from './types';

/** What the trainer asks of the Rust side (the mock in the tests). */
export interface PuzzleBackend {
  status(): Promise<PuzzleStatus>;
  /** The puzzle in progress (after a relaunch), if any. */
  open(): Promise<PuzzleView | null>;
  next(choice: PuzzleChoice): Promise<PuzzleView>;
  /** A puzzle of the history again, not rated. */
  replay(puzzleId: string): Promise<PuzzleView>;
  move(puzzleId: string, from: string, to: string): Promise<PuzzleStep>;
  retry(puzzleId: string): Promise<PuzzleView>;
  /** The square of the piece to move (`null`: not the player's move). A hint makes a rated try a miss. */
  hint(puzzleId: string): Promise<string | null>;
  /** Gives up: the puzzle with its solution. */
  solution(puzzleId: string): Promise<PuzzleView>;
  /** Newest first, after `before` (the `next` of the page before). */
  history(before: number | null, limit: number): Promise<PuzzleHistoryPage>;
}

type Answer<T> = { status: 'ok'; data: T } | { status: 'error'; error: AppError };

async function typed<T>(cmd: string, args: Record<string, unknown> = {}): Promise<Answer<T>> {
  try {
    return { status: 'ok', data: await invoke<T>(cmd, args) };
  } catch (error) {
    return { status: 'error', error: error as AppError };
  }
}

const call = <T>(cmd: string, args?: Record<string, unknown>): Promise<T> => unwrap(typed<T>(cmd, args));

export const puzzleApi: PuzzleBackend = {
  status: () => call('puzzle_rating'),
  open: () => call('puzzle_open'),
  next: (choice) => call('puzzle_next', { difficulty: choice.difficulty, theme: choice.theme }),
  replay: (puzzleId) => call('puzzle_replay', { puzzleId }),
  move: (puzzleId, from, to) => call('puzzle_move', { puzzleId, from, to }),
  retry: (puzzleId) => call('puzzle_retry', { puzzleId }),
  hint: (puzzleId) => call('puzzle_hint', { puzzleId }),
  solution: (puzzleId) => call('puzzle_solution', { puzzleId }),
  history: (before, limit) => call('puzzle_history', { before, limit }),
};
