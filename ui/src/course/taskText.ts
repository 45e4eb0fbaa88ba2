// A task's words, from the course's own catalogue (i18n/course.ts) with the task's parameters:
// its title, prompt, goal and hint, a miss's text, its chapter's title and introduction, and
// the quiz's picks.

import type { PieceSet } from '../bindings';
import type { TaskView } from './types';
import { t } from '../i18n';
import { courseText } from '../i18n/course';
import { squareList } from '../common/wording';

export type TaskPart = 'titleKey' | 'promptKey' | 'hintKey' | 'missKey' | 'goalKey';

/** One of the task's texts, with the task's parameters. A text that names a piece by its look
 * has a form per piece set (`board-3.hint_chess`): `pieceSet` picks it (i18next's context). */
export function taskText(task: TaskView | undefined, part: TaskPart, pieceSet: PieceSet = 'emblems'): string {
  return task ? courseText(task[part], { ...task.params, context: pieceSet }) : '';
}

/** A text key the Rust side sent (a miss's), with the task's parameters. */
export function keyText(task: TaskView | undefined, key: string): string {
  return courseText(key, task?.params ?? {});
}

export function chapterText(task: TaskView | undefined, part: 'title' | 'intro', pieceSet: PieceSet = 'emblems'): string {
  if (!task) return '';
  return part === 'intro' ? courseText(task.introKey, { ...task.params, context: pieceSet }) : courseText(`${task.chapter}.title`);
}

/** The setup's question: where the piece asked for stands (a sentence per piece). */
export function setupAsk(task: TaskView | undefined): string {
  const role = task?.setupNext;
  return role ? courseText(`setup.ask-${role}`) : '';
}

/** The quiz's picks so far; before any, how to answer (`threats`: the pieces Black could take). */
export function pickedText(picked: readonly string[], threats = false): string {
  const count = picked.length;
  if (count) return t('course.quizPicked', { count, squares: squareList(picked) });
  return threats ? t('course.quizNoneThreats') : t('course.quizNone');
}
