// The puzzle trainer as the screens see it: the generated types of the puzzle commands, and what
// the player asks the next puzzle to be.

import type { Difficulty } from '../bindings';

export type {
  Difficulty,
  PuzzleAttemptView,
  PuzzleHistoryPage,
  PuzzleState,
  PuzzleStatus,
  PuzzleStep,
  PuzzleStepView,
  PuzzleView,
  RatingChange,
  RatingPoint,
  Theme,
} from '../bindings';

/** What the player asks the next puzzle to be: a difficulty, and one theme or any. */
export interface PuzzleChoice {
  difficulty: Difficulty;
  /** A theme's export name (`pinch`, `mate-in-1`), `null` for any. */
  theme: string | null;
}
