// Pure translations from what the Rust side sends to what the board shows. No rule is decided
// here: legal moves and their captures come ready-made in `MoveView`s.

import type { Key } from 'chessgroundx/types';
import type { MoveView, PieceView } from '../../bindings';
import { letterOf } from './pieces';

const FILES = 'abcdefgh';

export function isSquare(name: string): name is Key {
  return /^[a-h][1-8]$/.test(name);
}

/** A removal of a frozen piece names its square twice. */
export function isRemoval(move: Pick<MoveView, 'from' | 'to'>): boolean {
  return move.from === move.to;
}

/** The piece placement field of a FEN (rank 8 first), which chessgroundx reads. */
export function placement(pieces: readonly PieceView[]): string {
  const grid: (string | undefined)[][] = Array.from({ length: 8 }, () => Array<string | undefined>(8));
  for (const piece of pieces) {
    if (!isSquare(piece.square)) continue;
    const file = FILES.indexOf(piece.square.charAt(0));
    const rank = Number(piece.square.charAt(1)) - 1;
    const letter = letterOf(piece.role);
    grid[rank]![file] = piece.side === 'white' ? letter : letter.toLowerCase();
  }
  const rows: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (const letter of grid[rank]!) {
      if (letter === undefined) {
        empty++;
      } else {
        if (empty) row += String(empty);
        empty = 0;
        row += letter;
      }
    }
    rows.push(empty ? row + String(empty) : row);
  }
  return rows.join('/');
}

/** chessgroundx's `movable.dests`. Removals are left out: they have their own control. */
export function destinations(moves: readonly MoveView[]): Map<Key, Key[]> {
  const dests = new Map<Key, Key[]>();
  for (const move of moves) {
    if (isRemoval(move) || !isSquare(move.from) || !isSquare(move.to)) continue;
    const list = dests.get(move.from);
    if (list) list.push(move.to);
    else dests.set(move.from, [move.to]);
  }
  return dests;
}

export function findMove(moves: readonly MoveView[], from: string, to: string): MoveView | undefined {
  return moves.find((move) => move.from === from && move.to === to);
}

/** The squares the move from `from` to `to` would take on; none when it takes nothing or is not legal. */
export function capturesOf(moves: readonly MoveView[], from: string, to: string): readonly string[] {
  return findMove(moves, from, to)?.captures ?? [];
}

/** Every enemy piece that some move of the piece on `from` would take: what a tap on that piece
 * puts within reach, before a destination is chosen (touch has no hover). */
export function reachOf(moves: readonly MoveView[], from: string): readonly string[] {
  const squares = new Set<string>();
  for (const move of moves) if (move.from === from) for (const square of move.captures) squares.add(square);
  return [...squares].sort();
}

/** The removal of the frozen piece on `square`, when it is legal. */
export function removalAt(moves: readonly MoveView[], square: string): MoveView | undefined {
  return findMove(moves, square, square);
}

/** A tap on `square` while `selected` is selected: the removal it makes, when it is the second
 * tap on a frozen piece of one's own that the legal moves (the Rust side's) let go. */
export function secondTapRemoval(moves: readonly MoveView[], selected: string | undefined, square: string): MoveView | undefined {
  return selected === square ? removalAt(moves, square) : undefined;
}
