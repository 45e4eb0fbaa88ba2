// The puzzle trainer as the screens see it: the generated types of the puzzle commands, and what
// the player asks the next puzzle to be.

import type { Difficulty } from '../bindings';

export type {
  Difficulty,
  Performance,
  PuzzleAttemptView,
  PuzzleDashboard,
  PuzzleHistoryPage,
  PuzzleState,
  PuzzleStatus,
  PuzzleStep,
  PuzzleStepView,
  PuzzleView,
  RatingChange,
  RatingPoint,
  RunMode,
  StreakStatus,
  Supply,
  Theme,
  ThemeCount,
  ThemePerformance,
} from '../bindings';

/** Rated puzzles near the rating, or the streak mode (rising difficulty until the first miss). */
export type PuzzleMode = 'rated' | 'streak';

/** What the player asks the next puzzle to be: the mode, a difficulty, and one theme or any. */
export interface PuzzleChoice {
  mode: PuzzleMode;
  difficulty: Difficulty;
  /** A theme's export name (`pinch`, `mate-in-1`), `null` for any. */
  theme: string | null;
}
