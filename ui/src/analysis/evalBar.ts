// The evaluation bar beside the board: White's share of the height is White's win chance (from
// the bottom when White is at the bottom), the score written at the winning side's end. In the
// analysis, and in play when the player turned it on (its label then says the chance).

import type { Color, Eval } from '../bindings';
import { t } from '../i18n';
import { h, testid, type VNode } from '../common/view/snabbdom';
import './evalBar.css';
import { evalText, evalWords } from './format';

export interface EvalBarOptions {
  /** The label says White's winning chance as a percentage before the score in words. */
  chanceInLabel?: boolean;
  /** The ply of the position shown (`data-ply`: which position the bar is of). */
  ply?: number;
}

/** White's winning chance as a whole percentage, 0 to 100, from -1..1. */
export function chancePercent(winChance: number): number {
  return Math.round(((1 + Math.max(-1, Math.min(1, winChance))) / 2) * 100);
}

export function evalBar(shown: { eval: Eval; winChance: number | null } | null, orientation: Color, options: EvalBarOptions = {}): VNode {
  const chance = shown ? Math.max(-1, Math.min(1, shown.winChance ?? 0)) : 0;
  const white = ((1 + chance) / 2) * 100;
  const whiteAhead = chance >= 0;
  const words = shown ? evalWords(shown.eval) : '';
  const label = !options.chanceInLabel ? words : shown ? t('analysis.evalBarLabel', { percent: chancePercent(chance), words }) : t('analysis.evalBarWaiting');
  return h(
    'div.eval-bar',
    {
      class: { 'eval-bar-flipped': orientation === 'black', 'eval-bar-empty': !shown },
      attrs: {
        ...testid('eval-bar'),
        role: 'img',
        'aria-label': label,
        'data-win-chance': chance.toFixed(3),
        ...(options.ply !== undefined && shown ? { 'data-ply': String(options.ply) } : {}),
      },
    },
    [
      h('div.eval-bar-white', { style: { height: `${white.toFixed(1)}%` } }),
      h('div.eval-bar-middle'),
      shown ? h('span.eval-bar-text', { class: { 'eval-bar-text-white': whiteAhead, 'eval-bar-text-black': !whiteAhead } }, evalText(shown.eval)) : null,
    ],
  );
}
