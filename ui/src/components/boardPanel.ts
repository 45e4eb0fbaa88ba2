// The board panel's views: the board (chessgroundx, kept as an island), the removal button for a
// selected frozen piece, and the typed-move box with its capture preview, each in its own place of
// the page's grid. The state they show is a `BoardPanel` (boardPanelCtrl.ts).

import { Board } from '../board/board';
import { t } from '../i18n';
import { h, testid, type VNode } from '../view/snabbdom';
import { moveInWords, roleName } from '../wording';
import type { BoardPanel, BoardPanelState } from './boardPanelCtrl';

export { BoardPanel, type BoardPanelActions, type BoardPanelState } from './boardPanelCtrl';

/** The board itself: an island that snabbdom makes room for and leaves alone. */
export function boardView(panel: BoardPanel, state: BoardPanelState): VNode {
  const shown = { board: state.board, moves: state.moves, orientation: state.orientation, preview: panel.typedMove(state.moves) };
  return h('div.play-board', {
    hook: {
      insert: (vnode) => {
        const board = new Board(
          panel.settings,
          { move: (move) => panel.boardMove(move), removal: (offer) => panel.removalChanged(offer) },
          { testid: 'board' },
        );
        (vnode.elm as HTMLElement).append(board.element);
        panel.board = board;
        // Only once in the page: the board measures itself when it first draws.
        board.show(shown);
      },
      postpatch: () => panel.board?.show(shown),
      destroy: () => {
        panel.board?.destroy();
        panel.board = undefined;
      },
    },
  });
}

/** The "remove this frozen piece" control, shown while such a piece is selected. The page puts it
 * where the player looks while the board fills the screen (beside it, or under it). */
export function removalView(panel: BoardPanel): VNode {
  const offer = panel.removal;
  if (!offer) return h('div.board-remove', { attrs: { hidden: true } });
  const piece = roleName(offer.piece.role);
  return h('div.board-remove', { attrs: { hidden: false }, dataset: { square: offer.move.from } }, [
    h('span.board-remove-note', t('board.frozenNote', { context: offer.piece.side, piece })),
    h(
      'button.danger',
      { attrs: { type: 'button', ...testid('remove-frozen') }, on: { click: () => panel.removeFrozen() } },
      t('board.remove', { piece, square: offer.move.from }),
    ),
  ]);
}

/** The typed-move box, and the legal moves listed for screen readers. */
export function moveFormView(panel: BoardPanel, state: BoardPanelState): VNode {
  // A player who types moves gets the move box back as soon as it is their turn again.
  const keepFocus = (vnode: VNode): void => {
    const input = vnode.elm as HTMLInputElement;
    if (state.canType && panel.typing && document.activeElement !== input) input.focus();
  };
  return h('div.play-form', [
    h(
      'form.move-form',
      {
        attrs: { hidden: state.over },
        on: {
          submit: (event: SubmitEvent) => {
            event.preventDefault();
            void panel.submit();
          },
        },
      },
      [
        h('label', { attrs: { for: 'move-input' } }, t('moveBox.label')),
        h('div.move-form-row', [
          h('input#move-input', {
            attrs: {
              type: 'text',
              ...testid('move-input'),
              autocomplete: 'off',
              autocapitalize: 'off',
              spellcheck: 'false',
              enterkeyhint: 'go',
              placeholder: t('moveBox.placeholder'),
              'aria-describedby': 'move-hint',
            },
            props: { value: panel.typed, disabled: !state.canType },
            on: { input: (event: Event) => panel.input((event.target as HTMLInputElement).value) },
            hook: { insert: keepFocus, postpatch: (_old, vnode) => keepFocus(vnode) },
          }),
          h('button', { attrs: { type: 'submit', ...testid('move-submit') } }, t('moveBox.submit')),
        ]),
        h('p#move-hint.hint', { attrs: testid('move-hint') }, panel.hint(state.moves)),
      ],
    ),
    h(
      'ul.visually-hidden',
      { attrs: { ...testid('legal-moves'), 'aria-label': t('moveBox.legalMoves') } },
      state.moves.map((move) => h('li', { attrs: { 'data-move': move.from + move.to } }, moveInWords(move))),
    ),
  ]);
}
