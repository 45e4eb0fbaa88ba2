// A small board to look at, not to play on: a position with its marks (the rules pages'
// examples). The board module draws it; nothing here knows the rules.

import { Board } from '../board/board';
import type { BoardState } from '../board/types';
import type { Settings } from '../../bindings';
import { h, type VNode } from './snabbdom';

/** The board each element holds, to put it away when the element goes. */
const boards = new WeakMap<Element, Board>();

export function smallBoard(settings: Settings, state: BoardState, id: string, label: string): VNode {
  return h('div.small-board', {
    key: id,
    attrs: { 'aria-label': label },
    hook: {
      insert: (vnode) => {
        const element = vnode.elm as HTMLElement;
        // No moves are offered: the board only shows.
        const board = new Board(settings, { move: () => undefined }, { testid: id });
        element.append(board.element);
        boards.set(element, board);
        board.show(state);
      },
      destroy: (vnode) => {
        const element = vnode.elm as HTMLElement;
        boards.get(element)?.destroy();
        boards.delete(element);
      },
    },
  });
}
