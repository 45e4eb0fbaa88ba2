// The move list and the move box: the people's notation written from a ply's data, plies grouped
// into numbered moves, and typed moves read.

import type { PlyView } from '../bindings';
import { t } from '../i18n';

/** What the notation is written from: a played move's data (a PlyView has all of it). */
export type PlyFacts = Pick<PlyView, 'role' | 'from' | 'to' | 'captures' | 'removal' | 'mark'>;

/** The parts of a ply in the people's notation, so the list can mark the captures:
 * `Pe2-e6xd6xf6+` is `Pe2-e6`, `xd6`, `xf6`, `+`; a removal `Ld4=`. */
export interface NotationParts {
  move: string;
  captures: string[];
  mark: string;
}

export function notationParts(ply: PlyFacts): NotationParts {
  const letter = t(`pieceLetter.${ply.role}`);
  const move = ply.removal ? `${letter}${ply.from}=` : `${letter}${ply.from}-${ply.to}`;
  return {
    move,
    captures: byFileThenRank(ply.captures).map((square) => `x${square}`),
    mark: ply.mark === 'mate' ? '#' : ply.mark === 'check' ? '+' : '',
  };
}

/** The ply in the people's notation: `Pe2-e6xd6xf6+`, `Ld4=`. */
export function formatPly(ply: PlyFacts): string {
  const parts = notationParts(ply);
  return parts.move + parts.captures.join('') + parts.mark;
}

/** Captured squares in the order people read them (and the rules write them): by file, then rank. */
function byFileThenRank(squares: readonly string[]): string[] {
  // Square names are a file letter and one rank digit, so their plain order is file, then rank.
  return [...squares].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

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
