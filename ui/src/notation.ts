// The move list and the move box: plies grouped into numbered moves, and typed moves read.

import type { PlyView } from './bindings';

export interface NumberedMove {
  number: number;
  /** Index of each ply in the game's ply list, to step to it. */
  white?: { ply: PlyView; index: number };
  black?: { ply: PlyView; index: number };
}

/** "1. white black", "2. …" as in chess; a game that starts with Black gets "1. … black". */
export function numberedMoves(plies: readonly PlyView[]): NumberedMove[] {
  const moves: NumberedMove[] = [];
  plies.forEach((ply, index) => {
    const entry = { ply, index };
    const last = moves[moves.length - 1];
    if (ply.side === 'black' && last && !last.black) last.black = entry;
    else if (ply.side === 'black') moves.push({ number: moves.length + 1, black: entry });
    else moves.push({ number: moves.length + 1, white: entry });
  });
  return moves;
}

/**
 * Reads a move typed as coordinates: `e2e5`, `e2-e5`, `E2 E5`; a removal as `d4d4` or `d4=`.
 * Only the form is checked here: whether the move is legal is the Rust side's answer.
 */
export function parseTypedMove(text: string): { from: string; to: string } | undefined {
  const compact = text.trim().toLowerCase().replace(/[\s-]+/g, '');
  const removal = /^([a-h][1-8])=$/.exec(compact);
  if (removal?.[1]) return { from: removal[1], to: removal[1] };
  const move = /^([a-h][1-8])x?([a-h][1-8])$/.exec(compact);
  if (move?.[1] && move[2]) return { from: move[1], to: move[2] };
  return undefined;
}
