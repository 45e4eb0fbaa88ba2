import { describe, expect, it } from 'vitest';
import type { PlyView } from './bindings';
import { numberedMoves, parseTypedMove } from './notation';

const ply = (side: PlyView['side'], notation: string): PlyView => ({
  notation,
  from: notation.slice(1, 3),
  to: notation.slice(4, 6),
  captures: [],
  side,
  kind: 'pawn',
});

describe('numberedMoves', () => {
  it('pairs White’s ply with Black’s answer under one number', () => {
    const plies = [ply('white', 'Pe2-e5'), ply('black', 'Pd7-d4'), ply('white', 'Pa2-a4')];
    const moves = numberedMoves(plies);
    expect(moves.map((m) => [m.number, m.white?.ply.notation, m.black?.ply.notation])).toEqual([
      [1, 'Pe2-e5', 'Pd7-d4'],
      [2, 'Pa2-a4', undefined],
    ]);
    expect(moves[1]?.white?.index).toBe(2);
  });

  it('leaves White’s half empty when the game starts with Black', () => {
    const moves = numberedMoves([ply('black', 'Pd7-d4'), ply('white', 'Pe2-e5')]);
    expect(moves.map((m) => [m.number, m.white?.index, m.black?.index])).toEqual([
      [1, undefined, 0],
      [2, 1, undefined],
    ]);
  });

  it('is empty for a game without moves', () => {
    expect(numberedMoves([])).toEqual([]);
  });
});

describe('parseTypedMove', () => {
  it('reads two squares in the usual spellings', () => {
    for (const text of ['e2e5', 'E2E5', ' e2-e5 ', 'e2 e5', 'e2xe5']) {
      expect(parseTypedMove(text)).toEqual({ from: 'e2', to: 'e5' });
    }
  });

  it('reads a removal written with its square twice or with "="', () => {
    expect(parseTypedMove('d4d4')).toEqual({ from: 'd4', to: 'd4' });
    expect(parseTypedMove('d4=')).toEqual({ from: 'd4', to: 'd4' });
  });

  it('refuses what is not two squares', () => {
    for (const text of ['', 'e2', 'e2e9', 'i2e5', 'Pe2-e5', 'e2e5e6', 'hello']) {
      expect(parseTypedMove(text)).toBeUndefined();
    }
  });
});
