// The move list with stepping: numbered moves in the people's notation, the shown one marked,
// buttons to step through the game, and the way back to the live position. ← → Home End step
// too (see `stepForKey`). Play uses it; the course and the puzzles will too.

import type { PlyView } from '../../bindings';
import { t } from '../../i18n';
import { notationParts, numberedMoves, type NumberedMove } from '../notation';
import { h, testid, type Hooks, type VNode } from '../view/snabbdom';
import { plyInWords } from '../wording';
import './moveList.css';

export interface MoveListState {
  plies: readonly PlyView[];
  /** The ply shown (0: the start position; `plies.length`: the live one). */
  shown: number;
  /** Offer "Back to the game" (looking back in a game still being played). */
  backToGame: boolean;
  step(ply: number): void;
}

export function moveListView(state: MoveListState): VNode {
  const total = state.plies.length;
  const shown = state.shown;
  const stepButton = (symbol: string, label: string, id: string, ply: number, disabled: boolean): VNode =>
    h(
      'button.step',
      { attrs: { type: 'button', ...testid(id), 'aria-label': label, title: label }, props: { disabled }, on: { click: () => state.step(ply) } },
      symbol,
    );
  return h('div.card.moves-card', [
    h('div.stepper', { attrs: { role: 'group', 'aria-label': t('moveList.stepper') } }, [
      stepButton('«', t('moveList.first'), 'step-first', 0, shown === 0),
      stepButton('‹', t('moveList.back'), 'step-back', shown - 1, shown === 0),
      h('span.step-label', { attrs: testid('step-label') }, shown === 0 ? t('moveList.start') : t('moveList.position', { ply: shown, total })),
      stepButton('›', t('moveList.forward'), 'step-forward', shown + 1, shown === total),
      stepButton('»', t('moveList.last'), 'step-last', total, shown === total),
    ]),
    h(
      'button.link',
      { attrs: { type: 'button', ...testid('back-to-game'), hidden: !state.backToGame }, on: { click: () => state.step(total) } },
      t('moveList.backToGame'),
    ),
    h(
      'ol.move-list',
      { attrs: { ...testid('move-list'), 'aria-label': t('moveList.label') }, hook: followShown(shown) },
      total === 0
        ? [h('li.move-list-empty', t('moveList.empty'))]
        : numberedMoves(state.plies).map((move) =>
            h('li.move-row', [h('span.move-number', `${move.number}.`), plyCell(move.white, shown, state), plyCell(move.black, shown, state)]),
          ),
    ),
  ]);
}

/** The move shown when each list was last drawn. */
const lastShown = new WeakMap<Element, number>();

/** The move list's hooks, `shown` the move it shows: when the shown move changes, the list scrolls
 * to keep it in view (without scrolling the page), and the focus follows it if it was in the list.
 * Any other redraw leaves the list where the player scrolled it: a redraw that pulled the list
 * back would move a move away from under the finger or the pointer the moment it is clicked. */
export function followShown(shown: number): Hooks {
  let focusWasInside = false;
  return {
    insert: (vnode) => {
      lastShown.set(vnode.elm as Element, shown);
      keepShownInView(vnode.elm as HTMLElement, false);
    },
    prepatch: (old) => {
      const list = old.elm as HTMLElement | undefined;
      focusWasInside = list ? list.contains(document.activeElement) : false;
    },
    postpatch: (_old, vnode) => {
      const list = vnode.elm as HTMLElement;
      if (lastShown.get(list) === shown) return;
      lastShown.set(list, shown);
      keepShownInView(list, focusWasInside);
    },
  };
}

/** Keeps the shown move in view inside the list, without scrolling the page. */
function keepShownInView(list: HTMLElement, focus: boolean): void {
  const item = list.querySelector<HTMLElement>('[aria-current]');
  if (focus) item?.focus();
  if (!item) {
    list.scrollTop = 0;
    return;
  }
  const top = item.offsetTop;
  const bottom = top + item.offsetHeight;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
}

function plyCell(entry: NumberedMove['white'], shown: number, state: MoveListState): VNode {
  if (!entry) return h('span.ply.ply-empty');
  const after = entry.index + 1;
  const parts = notationParts(entry.ply);
  const current = after === shown;
  return h(
    'button.ply',
    {
      class: { 'ply-capture': entry.ply.captures.length > 0 },
      attrs: {
        type: 'button',
        'aria-current': current ? 'step' : false,
        'data-ply': String(after),
        'aria-label': plyInWords(entry.ply),
        // One tab stop for the whole list (the shown move); ← and → move on.
        tabindex: current ? 0 : -1,
      },
      on: { click: () => state.step(after) },
    },
    // Each "x square" is marked, so the captures stand out in the list.
    [parts.move, ...parts.captures.map((capture) => h('span.taken', capture)), ...(parts.mark ? [parts.mark] : [])],
  );
}
