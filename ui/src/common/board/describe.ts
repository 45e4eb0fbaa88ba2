// The board in words, for screen readers (the board's label).

import type { BoardView } from '../../bindings';
import { t } from '../../i18n';
import { roleName } from '../wording';

/** The board in words, for screen readers: whose move, check, frozen pieces, and where every
 * piece stands. */
export function describe(board: BoardView): string {
  const parts: string[] = [t('board.turn', { context: board.turn })];
  if (board.check) parts.push(t('board.check', { context: board.turn, square: board.check }));
  if (board.frozen.length) parts.push(t('board.frozen', { squares: board.frozen.join(t('board.pieceSeparator')) }));
  for (const side of ['white', 'black'] as const) {
    const pieces = board.pieces
      .filter((piece) => piece.side === side)
      .map((piece) => t('board.piece', { piece: roleName(piece.role), square: piece.square }));
    parts.push(
      pieces.length
        ? t('board.pieces', { context: side, pieces: pieces.join(t('board.pieceSeparator')) })
        : t('board.noPieces', { context: side }),
    );
  }
  return parts.join(t('board.partSeparator')) + '.';
}
