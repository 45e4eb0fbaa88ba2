// The board panel's state and actions, without the DOM: what is typed in the move box and what
// it would take, the frozen piece offered for removal, and the moves the player makes. Its views
// are in boardPanel.ts; play uses it, and the course and the puzzles will too.

import type { BoardView, Color, MoveView, Settings } from '../bindings';
import type { Board, RemovalOffer } from '../board/board';
import { findMove, isRemoval } from '../board/model';
import { t } from '../i18n';
import { parseTypedMove } from '../notation';
import { squareList } from '../wording';

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
