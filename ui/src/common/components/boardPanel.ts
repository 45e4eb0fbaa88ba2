// The board panel's views: the board (chessgroundx, kept as an island), the removal button for a
// selected frozen piece, and the typed-move box with its capture preview, each in its own place of
// the page's grid. The state they show is a `BoardPanel` (boardPanelCtrl.ts).

import type { Color } from '../../bindings';
import { Board } from '../board/board';
import type { BoardState, LessonMarks } from '../board/types';
import { pieceParams, t } from '../../i18n';
import { h, testid, type VNode } from '../view/snabbdom';
import { moveInWords, roleName } from '../wording';
import { CHAPTER_OF, type BoardPanel, type BoardPanelState } from './boardPanelCtrl';
import './boardScreen.css';
import './boardPanel.css';

export { BoardPanel, type BoardPanelActions, type BoardPanelState } from './boardPanelCtrl';

/** The board itself: an island that snabbdom makes room for and leaves alone, with the piece
 * description over it. `lesson` adds a lesson's marks; `tap` takes the quiz's picks. */
export function boardView(panel: BoardPanel, state: BoardPanelState, extra: BoardExtra = {}): VNode {
  const shown: BoardState = {
    board: state.board,
    moves: state.moves,
    orientation: state.orientation,
    preview: panel.typedMove(state.moves),
    why: panel.why?.marks,
    lesson: extra.lesson,
  };
  return h('div.play-board', { attrs: { ...testid('board-area') } }, [
    h('div.board-island', {
      hook: {
        insert: (vnode) => {
          const board = new Board(
            panel.settings,
            {
              move: (move) => panel.boardMove(move),
              attempt: (from, to) => panel.attempt(from, to),
              pickedFrozen: (piece) => panel.pickedFrozen(piece),
              removal: (offer) => panel.removalChanged(offer),
              inspect: (piece) => panel.inspect(piece),
              cursor: (square, piece) => panel.cursor(square, piece),
              ...(extra.tap ? { tap: extra.tap } : {}),
            },
            { testid: extra.testid ?? 'board' },
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
    }),
    pieceInfoView(panel, state.orientation),
  ]);
}

export interface BoardExtra {
  lesson?: LessonMarks | undefined;
  tap?: (square: string) => void;
  testid?: string;
}

/** The description of a piece, over the board beside its square: its name, how it captures,
 * and the way to its chapter of the course. */
function pieceInfoView(panel: BoardPanel, orientation: Color): VNode | null {
  const piece = panel.inspected;
  if (!piece) return null;
  const file = piece.square.charCodeAt(0) - 97;
  const rank = Number(piece.square.charAt(1)) - 1;
  const column = orientation === 'white' ? file : 7 - file;
  const row = orientation === 'white' ? 7 - rank : rank;
  const place: Record<string, string> = {};
  if (column < 4) place['left'] = `${column * 12.5}%`;
  else place['right'] = `${(7 - column) * 12.5}%`;
  if (row < 5) place['top'] = `${(row + 1) * 12.5}%`;
  else place['bottom'] = `${(8 - row) * 12.5}%`;
  return h(
    'div.piece-info.card',
    { key: piece.square, style: place, attrs: { ...testid('piece-info'), role: 'group', 'aria-label': roleName(piece.role), 'data-square': piece.square } },
    [
      h('div.piece-info-head', [
        h('strong', t('pieceInfo.title', { context: piece.side, ...pieceParams(piece.role), square: piece.square })),
        h('button.ghost.piece-info-close', { attrs: { type: 'button', 'aria-label': t('pieceInfo.close'), ...testid('piece-info-close') }, on: { click: () => panel.inspect(undefined) } }, '×'),
      ]),
      h('p', { attrs: testid('piece-info-text') }, t(`pieceInfo.${piece.role}`)),
      h(
        'button.link',
        { attrs: { type: 'button', ...testid('piece-info-learn'), 'data-chapter': CHAPTER_OF[piece.role] }, on: { click: () => panel.learn(piece.role) } },
        t('pieceInfo.learn', pieceParams(piece.role)),
      ),
    ],
  );
}

/** Why the last move was refused, by the board; the squares it names are marked on the board. */
export function whyView(panel: BoardPanel): VNode {
  const why = panel.why;
  if (!why) return h('div.board-why', { attrs: { hidden: true, ...testid('refusal') } });
  return h('div.board-why', { attrs: { hidden: false, ...testid('refusal'), 'data-code': why.problem.code } }, [
    h('span.board-why-icon', { attrs: { 'aria-hidden': 'true' } }, '!'),
    h('p.board-why-text', { attrs: testid('refusal-text') }, why.text),
    h('button.ghost', { attrs: { type: 'button', 'aria-label': t('why.dismiss'), ...testid('refusal-dismiss') }, on: { click: () => panel.dismissWhy() } }, '×'),
  ]);
}

/** The "remove this frozen piece" control, shown while such a piece is selected. The page puts it
 * where the player looks while the board fills the screen (beside it, or under it). */
export function removalView(panel: BoardPanel): VNode {
  const offer = panel.removal;
  if (!offer) return h('div.board-remove', { attrs: { hidden: true } });
  const piece = pieceParams(offer.piece.role);
  return h('div.board-remove', { attrs: { hidden: false }, dataset: { square: offer.move.from } }, [
    h('span.board-remove-note', t('board.frozenNote', { context: offer.piece.side, ...piece })),
    h(
      'button.danger',
      { attrs: { type: 'button', ...testid('remove-frozen') }, on: { click: () => panel.removeFrozen() } },
      t('board.remove', { ...piece, square: offer.move.from }),
    ),
  ]);
}

/** The typed-move box, and the legal moves listed for screen readers. */
export function moveFormView(panel: BoardPanel, state: BoardPanelState): VNode {
  // A player who types moves gets the move box back as soon as it is their turn again: when the
  // focus is nowhere (the box was disabled while the other side moved). Focus the player moved to
  // another control (the move list, a button) stays there through any redraw.
  const keepFocus = (vnode: VNode): void => {
    const input = vnode.elm as HTMLInputElement;
    const nowhere = document.activeElement === null || document.activeElement === document.body;
    if (state.canType && panel.typing && nowhere) input.focus();
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
        h('p#move-hint.hint', { attrs: testid('move-hint') }, panel.hint(state.moves, state.reading)),
      ],
    ),
    h(
      'ul.visually-hidden',
      { attrs: { ...testid('legal-moves'), 'aria-label': t('moveBox.legalMoves') } },
      state.moves.map((move) => h('li', { attrs: { 'data-move': move.from + move.to } }, moveInWords(move))),
    ),
  ]);
}
