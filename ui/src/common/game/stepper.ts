// Stepping through a game's positions (the move list's buttons, ← and →), without the DOM. The
// boards of earlier positions come from the Rust side; an answer overtaken by a newer step is
// dropped.

import type { BoardView } from '../../bindings';

export interface StepperHost {
  redraw(): void;
  failed(error: unknown): void;
}

export class Stepper {
  /** The ply shown; `null` is the live position. */
  ply: number | null = null;
  /** The board after `ply` plies, while stepping. */
  board: BoardView | null = null;
  private request = 0;

  constructor(
    /** The board after `ply` plies. */
    private readonly boardAt: (ply: number) => Promise<BoardView>,
    private readonly host: StepperHost,
  ) {}

  get reviewing(): boolean {
    return this.ply !== null;
  }

  /** The ply shown, out of `total` plies in the game. */
  shown(total: number): number {
    return this.ply ?? total;
  }

  /** Back to the live position, dropping any step on its way (the game changed). */
  reset(): void {
    this.request++;
    this.ply = null;
    this.board = null;
  }

  /** Shows the position after `ply` of `total` plies; resolves `true` once it is shown. */
  async stepTo(ply: number, total: number): Promise<boolean> {
    if (!Number.isInteger(ply) || ply < 0 || ply > total) return false;
    const request = ++this.request;
    if (ply === total) {
      this.ply = null;
      this.board = null;
      this.host.redraw();
      return true;
    }
    try {
      const board = await this.boardAt(ply);
      if (request !== this.request) return false;
      this.ply = ply;
      this.board = board;
      this.host.redraw();
      return true;
    } catch (error) {
      if (request === this.request) this.host.failed(error);
      return false;
    }
  }
}

/** Where a key press steps to, or `undefined` for a key that does not step. */
export function stepForKey(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
  shown: number,
  total: number,
): number | undefined {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return undefined;
  switch (event.key) {
    case 'ArrowLeft':
      return shown - 1;
    case 'ArrowRight':
      return shown + 1;
    case 'Home':
      return 0;
    case 'End':
      return total;
    default:
      return undefined;
  }
}
