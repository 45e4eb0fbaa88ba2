// How a try at a task ended, as the lesson shows it, and what is said of it beyond the task's
// own texts: what the missed move and the reply took (from the engine's captures), the miss's
// reason, what a wrong quiz answer takes.

import { t } from '../i18n';
import { courseText } from '../i18n/course';
import { squareList } from '../common/wording';
import type { PlyView } from '../bindings';
import type { GoalView, MissReason } from './types';

export type Outcome =
  | { kind: 'solved'; stars: number; best: number; improved: boolean }
  | { kind: 'missed'; missKey: string; reason: MissReason; facts: string[] }
  | { kind: 'wrong'; missKey: string; taken: string[]; quiz: GoalView['kind'] };

/** What a missed try did, in whole sentences of the course's catalogue, from the engine's
 * captures: what the learner's move took (said always when the goal is to take pieces, else
 * only when it took something), what the reply took, and the marked pieces still to take. */
export function missFacts(goal: GoalView, played: PlyView | undefined, reply: PlyView | null | undefined, marked: readonly string[]): string[] {
  const facts: string[] = [];
  const capture = goal.kind === 'capture';
  const took = played?.captures ?? [];
  if (played && took.length > 0) facts.push(courseText('miss.took', { count: took.length, squares: squareList(took) }));
  else if (played && capture) facts.push(courseText('miss.took-nothing'));
  const lost = reply?.captures ?? [];
  if (lost.length > 0) facts.push(courseText('miss.reply-took', { count: lost.length, squares: squareList(lost) }));
  if (capture && marked.length > 0) facts.push(courseText('miss.marked-left', { count: marked.length, squares: squareList(marked) }));
  return facts;
}

/** A miss's reason beyond the hint: the last move spent, the game over. */
export function missText(outcome: Outcome | undefined): string | undefined {
  if (outcome?.kind !== 'missed') return undefined;
  if (outcome.reason === 'budgetSpent') return t('course.missedBudget');
  if (outcome.reason === 'gameOver') return t('course.missedGameOver');
  return undefined;
}

/** What the quiz's move really takes (or, for the threats quiz, which of the learner's pieces
 * the opponent could take), when the picks were wrong. */
export function wrongText(outcome: Outcome | undefined): string {
  if (outcome?.kind !== 'wrong') return '';
  const count = outcome.taken.length;
  if (outcome.quiz === 'setup') return courseText('setup.wrong', { squares: squareList(outcome.taken) });
  if (outcome.quiz === 'threats') return count ? courseText('quiz.threats-wrong', { count, squares: squareList(outcome.taken) }) : courseText('quiz.threats-none');
  return count ? t('course.wrongTaken', { count, squares: squareList(outcome.taken) }) : t('course.wrongNothing');
}
