// The puzzle trainer as the screens see it: the generated types of the puzzle commands (among
// them what the player asks the next puzzle to be, `PuzzleChoice`, saved by the Rust side).

export type {
  Difficulty,
  Performance,
  PuzzleAttemptView,
  PuzzleChoice,
  PuzzleDashboard,
  PuzzleHistoryPage,
  PuzzleMode,
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
