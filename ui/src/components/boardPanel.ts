// The board panel: the board (chessgroundx, kept as an island), the removal button for a selected
// frozen piece, and the typed-move box with its capture preview. Play uses it; the course and
// the puzzles will too. `BoardPanel` holds the state (no DOM but the island it is handed); the
// view functions draw it, each in its own place of the page's grid.

import type { BoardView, Color, MoveView, Settings } from '../bindings';
import { Board, type RemovalOffer } from '../board/board';
import { findMove, isRemoval } from '../board/model';
import { t } from '../i18n';
import { parseTypedMove } from '../notation';
import { h, testid, type VNode } from '../view/snabbdom';
import { moveInWords, roleName, squareList } from '../wording';

/** What the page shows on the board now. */
export interface BoardPanelState {
  board: BoardView;
  /** The moves the player may make now; empty while looking back or waiting. */
  moves: readonly MoveView[];
  orientation: Color;
  /** The move box takes moves (the player's turn, the live position). */
  canType: boolean;
  /** The game is over: the move box goes. */
  over: boolean;
}

export interface BoardPanelActions {
  /** Plays a move; resolves `true` once the Rust side took it. */
  play(from: string, to: string): Promise<boolean>;
  redraw(): void;
}

export class BoardPanel {
  /** What is in the move box. */
  typed = '';
  /** The player plays by typing: the move box keeps the focus across turns. */
  typing = false;
  /** The text last submitted, when it was not a move. */
  refused: string | undefined;
  /** The frozen piece selected on the board that may be removed. */
  removal: RemovalOffer | undefined;
  /** The island, while it is in the page. */
  board: Board | undefined;

  constructor(
    readonly settings: Settings,
    private readonly actions: BoardPanelActions,
  ) {}

  /** The legal move typed in the box, if it is one. */
  typedMove(moves: readonly MoveView[]): MoveView | undefined {
    const typed = parseTypedMove(this.typed);
    return typed && findMove(moves, typed.from, typed.to);
  }

  /** The sentence under the move box: what the typed move takes, or how to type one. */
  hint(moves: readonly MoveView[]): string {
    if (this.refused !== undefined) return t('moveBox.notAMove', { text: this.refused });
    const move = this.typedMove(moves);
    if (!move) return t('moveBox.hint');
    if (isRemoval(move)) return t('moveBox.removes', { square: move.from });
    return move.captures.length ? t('moveBox.takes', { squares: squareList(move.captures) }) : t('moveBox.takesNothing');
  }

  input(text: string): void {
    this.typed = text;
    this.refused = undefined;
    this.actions.redraw();
  }

  /** The move box was sent (Enter or the Play button). */
  submit(): Promise<boolean> {
    const typed = parseTypedMove(this.typed);
    if (!typed) {
      this.refused = this.typed.trim();
      this.actions.redraw();
      return Promise.resolve(false);
    }
    this.typing = true;
    return this.actions.play(typed.from, typed.to);
  }

  /** A move made on the board (dragged or clicked). */
  boardMove(move: MoveView): void {
    this.typing = false;
    void this.actions.play(move.from, move.to);
  }

  removalChanged(offer: RemovalOffer | undefined): void {
    this.removal = offer;
    this.actions.redraw();
  }

  removeFrozen(): void {
    const offer = this.removal;
    if (!offer) return;
    this.board?.deselect();
    this.removal = undefined;
    void this.actions.play(offer.move.from, offer.move.to);
  }

  /** A new position came: the box empties, as after the player's own move. */
  cleared(): void {
    this.typed = '';
    this.refused = undefined;
  }
}

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
