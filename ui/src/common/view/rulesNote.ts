// A game by another reading of the rules than 1963 says so (the play screen under the opponent,
// the analysis under the result): the reading's name, a link to its rules page.

import type { Reading } from '../../bindings';
import { readingNote } from '../wording';
import { h, testid, type VNode } from './snabbdom';
import './rulesNote.css';

/** The note for `reading` (`null` for 1963, or none given): `open` shows its page, whose Back
 * returns here. */
export function rulesNote(reading: Reading | undefined, id: string, open: () => void): VNode | null {
  const rules = readingNote(reading);
  if (rules === null) return null;
  return h('p.rules-note', [h('button.link.rules-link', { attrs: { type: 'button', ...testid(id) }, on: { click: open } }, rules)]);
}
