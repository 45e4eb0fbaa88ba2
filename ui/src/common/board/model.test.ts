import { describe, expect, it } from 'vitest';
import type { MoveView, PieceView } from '../../bindings';
import { capturesOf, destinations, findMove, isRemoval, isSquare, placement, reachOf, removalAt, secondTapRemoval } from './model';

const move = (from: string, to: string, ...captures: string[]): MoveView => ({ from, to, captures });

// Worked position 1 of RULES.md, "Pinch of three": 7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4 w
const PINCH: PieceView[] = [
  { square: 'h8', side: 'black', role: 'king' },
  { square: 'd6', side: 'white', role: 'pawn' },
  { square: 'd5', side: 'black', role: 'pawn' },
  { square: 'b4', side: 'white', role: 'pawn' },
  { square: 'c4', side: 'black', role: 'pawn' },
  { square: 'e4', side: 'black', role: 'pawn' },
  { square: 'f4', side: 'white', role: 'pawn' },
  { square: 'a1', side: 'white', role: 'king' },
  { square: 'd1', side: 'white', role: 'pawn' },
];

describe('placement', () => {
  it('writes the pieces as a FEN placement, rank 8 first, with the rules’ letters', () => {
    expect(placement(PINCH)).toBe('7k/8/3P4/3p4/1Pp1pP2/8/8/K2P4');
  });

  it('writes the start position of RULES.md', () => {
    const back = (rank: string, side: 'white' | 'black', kinds: PieceView['role'][]): PieceView[] =>
      kinds.map((role, file) => ({ square: `${'abcdefgh'[file]}${rank}`, side, role }));
    const pawns = (rank: string, side: 'white' | 'black'): PieceView[] => back(rank, side, Array(8).fill('pawn'));
    const white = back('1', 'white', ['immobilizer', 'longLeaper', 'chameleon', 'king', 'withdrawer', 'chameleon', 'longLeaper', 'coordinator']);
    const black = back('8', 'black', ['coordinator', 'longLeaper', 'chameleon', 'withdrawer', 'king', 'chameleon', 'longLeaper', 'immobilizer']);
    expect(placement([...white, ...pawns('2', 'white'), ...pawns('7', 'black'), ...black])).toBe(
      'clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC',
    );
  });

  it('writes an empty board', () => {
    expect(placement([])).toBe('8/8/8/8/8/8/8/8');
  });
});

describe('destinations', () => {
  it('groups the legal moves by their square of departure', () => {
    const dests = destinations([move('d1', 'd2'), move('d1', 'd4', 'c4', 'd5', 'e4'), move('b4', 'b5')]);
    expect([...dests.entries()]).toEqual([
      ['d1', ['d2', 'd4']],
      ['b4', ['b5']],
    ]);
  });

  it('leaves removals out: a piece cannot be dropped on its own square', () => {
    const dests = destinations([move('d4', 'd4', 'd4'), move('e2', 'e5')]);
    expect(dests.has('d4')).toBe(false);
    expect(dests.get('e2')).toEqual(['e5']);
  });

  it('is empty when there is nothing to play', () => {
    expect(destinations([]).size).toBe(0);
  });
});

describe('capture preview', () => {
  const moves = [move('d1', 'd2'), move('d1', 'd4', 'c4', 'd5', 'e4'), move('a1', 'b1')];

  it('gives the squares a move would take', () => {
    expect(capturesOf(moves, 'd1', 'd4')).toEqual(['c4', 'd5', 'e4']);
  });

  it('puts in reach every piece some move of the selected piece takes, once each', () => {
    const leaper = [move('a1', 'd1', 'c1'), move('a1', 'e1', 'c1'), move('a1', 'g1', 'c1', 'f1'), move('a1', 'b1'), move('h8', 'h7')];
    expect(reachOf(leaper, 'a1')).toEqual(['c1', 'f1']);
    expect(reachOf(leaper, 'h8')).toEqual([]);
  });

  it('gives nothing for a quiet move or a square the piece cannot go to', () => {
    expect(capturesOf(moves, 'd1', 'd2')).toEqual([]);
    expect(capturesOf(moves, 'd1', 'd8')).toEqual([]);
    expect(capturesOf(moves, 'h8', 'h7')).toEqual([]);
  });

  it('finds a move by its two squares, and a removal by its one', () => {
    const removal = move('c3', 'c3', 'c3');
    expect(findMove(moves, 'a1', 'b1')).toBe(moves[2]);
    expect(removalAt([...moves, removal], 'c3')).toBe(removal);
    expect(removalAt(moves, 'd1')).toBeUndefined();
    expect(isRemoval(removal)).toBe(true);
    expect(isRemoval(moves[0]!)).toBe(false);
  });
});

describe('isSquare', () => {
  it('accepts board squares only', () => {
    expect(['a1', 'h8', 'e4'].every(isSquare)).toBe(true);
    expect(['a0', 'i1', 'a9', 'A1', 'e44', ''].some(isSquare)).toBe(false);
  });
});

describe('a second tap on a frozen piece', () => {
  const moves: MoveView[] = [
    { from: 'b3', to: 'b3', captures: [] },
    { from: 'c1', to: 'd1', captures: [] },
  ];

  it('removes it when the legal moves hold its removal', () => {
    expect(secondTapRemoval(moves, 'b3', 'b3')).toEqual({ from: 'b3', to: 'b3', captures: [] });
  });

  it('does nothing on a first tap, on another square, or when the removal is not legal', () => {
    expect(secondTapRemoval(moves, undefined, 'b3')).toBeUndefined();
    expect(secondTapRemoval(moves, 'c1', 'b3')).toBeUndefined();
    // b1's removal would leave the king in check: the Rust side does not list it.
    expect(secondTapRemoval(moves, 'b1', 'b1')).toBeUndefined();
    expect(secondTapRemoval(moves, 'c1', 'c1')).toBeUndefined();
  });
});
