// How a try at a task ended, as the lesson shows it, and what is said of it beyond the task's
// own texts (the miss's reason, what a wrong quiz answer takes).

import { t } from '../i18n';
import { squareList } from '../common/wording';
import type { MissReason } from './types';

export type Outcome =
  | { kind: 'solved'; stars: number; best: number; improved: boolean }
  | { kind: 'missed'; missKey: string; reason: MissReason }
  | { kind: 'wrong'; missKey: string; taken: string[] };

/** A miss's reason beyond the hint: the last move spent, the game over. */
export function missText(outcome: Outcome | undefined): string | undefined {
  if (outcome?.kind !== 'missed') return undefined;
  if (outcome.reason === 'budgetSpent') return t('course.missedBudget');
  if (outcome.reason === 'gameOver') return t('course.missedGameOver');
  return undefined;
}

/** What the quiz's move really takes, when the picks were wrong. */
export function wrongText(outcome: Outcome | undefined): string {
  if (outcome?.kind !== 'wrong') return '';
  return outcome.taken.length ? t('course.wrongTaken', { count: outcome.taken.length, squares: squareList(outcome.taken) }) : t('course.wrongNothing');
}
