// The evaluation bar beside the board: White's share of the height is White's win chance (from
// the bottom when White is at the bottom), the score written at the winning side's end.

import type { Color, Eval } from '../bindings';
import { h, testid, type VNode } from '../view/snabbdom';
import { evalText, evalWords } from './format';

export function evalBar(shown: { eval: Eval; winChance: number } | null, orientation: Color): VNode {
  const chance = shown ? Math.max(-1, Math.min(1, shown.winChance)) : 0;
  const white = ((1 + chance) / 2) * 100;
  const whiteAhead = chance >= 0;
  return h(
    'div.eval-bar',
    {
      class: { 'eval-bar-flipped': orientation === 'black', 'eval-bar-empty': !shown },
      attrs: { ...testid('eval-bar'), role: 'img', 'aria-label': shown ? evalWords(shown.eval) : '', 'data-win-chance': chance.toFixed(3) },
    },
    [
      h('div.eval-bar-white', { style: { height: `${white.toFixed(1)}%` } }),
      h('div.eval-bar-middle'),
      shown ? h('span.eval-bar-text', { class: { 'eval-bar-text-white': whiteAhead, 'eval-bar-text-black': !whiteAhead } }, evalText(shown.eval)) : null,
    ],
  );
}
