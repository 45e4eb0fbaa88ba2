// The board's keyboard cursor: where it starts when the board takes the focus, and where the
// arrow keys take it, as the board is seen (up is towards the far side, for Black too).

import type { Key } from 'chessgroundx/types';
import type { Color } from '../../bindings';
import { isSquare } from './model';
import type { BoardState } from './types';

const FILES = 'abcdefgh';

/** The last move's square, else the near side's e file. */
export function cursorStart(state: BoardState | undefined): Key {
  const start = state?.board.lastMove?.to ?? (state?.orientation === 'black' ? 'e8' : 'e1');
  return isSquare(start) ? start : 'e1';
}

/** The step (files, ranks) of an arrow key on a board seen from `orientation`; `undefined` for other keys. */
export function arrowStep(key: string, orientation: Color | undefined): readonly [number, number] | undefined {
  const flip = orientation === 'black' ? -1 : 1;
  const steps: Record<string, [number, number]> = {
    ArrowUp: [0, flip],
    ArrowDown: [0, -flip],
    ArrowLeft: [-flip, 0],
    ArrowRight: [flip, 0],
  };
  return steps[key];
}

/** The square `step` away from `cursor`, stopping at the board's edge. */
export function stepFrom(cursor: string, step: readonly [number, number]): Key | undefined {
  const file = Math.min(7, Math.max(0, FILES.indexOf(cursor.charAt(0)) + step[0]));
  const rank = Math.min(8, Math.max(1, Number(cursor.charAt(1)) + step[1]));
  const next = `${FILES.charAt(file)}${rank}`;
  return isSquare(next) ? next : undefined;
}
