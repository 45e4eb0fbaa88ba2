// "What is this piece?": which piece's description is open. Opened and put away after a moment
// (a pointer resting on a piece or leaving it, a long press) or at once (the keyboard); the page
// hears only of changes.

import type { PieceView } from '../../bindings';

export class Inspector {
  /** The square of the piece described. */
  private shown: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly pieceAt: (square: string) => PieceView | undefined,
    private readonly tell: (piece: PieceView | undefined) => void,
  ) {}

  /** The square of the piece described, if one is. */
  get square(): string | undefined {
    return this.shown;
  }

  /** Describes the piece on `square` now (no piece there: puts the description away). */
  now(square: string | undefined): void {
    clearTimeout(this.timer);
    const piece = square ? this.pieceAt(square) : undefined;
    const key = piece?.square;
    if (key === this.shown) return;
    this.shown = key;
    this.tell(piece);
  }

  /** Opens (or closes, for no piece) the description of the piece on `square` after `delay`. */
  later(square: string | undefined, delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.now(square), delay);
  }

  /** Puts the description away now. */
  none(): void {
    clearTimeout(this.timer);
    if (this.shown === undefined) return;
    this.shown = undefined;
    this.tell(undefined);
  }

  /** Drops an opening or closing still to come. */
  cancel(): void {
    clearTimeout(this.timer);
  }
}
