import { describe, expect, it } from 'vitest';
import type { PlyView } from '../bindings';
import { formatPly, notationParts, numberedMoves, parseTypedMove, type PlyFacts } from './notation';

const ply = (side: PlyView['side'], notation: string): PlyView => ({
  from: notation.slice(1, 3),
  to: notation.slice(4, 6),
  captures: [],
  side,
  role: 'pawn',
  removal: false,
  mark: 'none',
});
const written = (entry: { ply: PlyView } | undefined): string | undefined => entry && formatPly(entry.ply);
const facts = (role: PlyFacts['role'], from: string, to: string, captures: string[], mark: PlyFacts['mark'] = 'none'): PlyFacts => ({
  role,
  from,
  to,
  captures,
  removal: from === to,
  mark,
});

describe('numberedMoves', () => {
  it('pairs White’s ply with Black’s answer under one number', () => {
    const plies = [ply('white', 'Pe2-e5'), ply('black', 'Pd7-d4'), ply('white', 'Pa2-a4')];
    const moves = numberedMoves(plies);
    expect(moves.map((m) => [m.number, written(m.white), written(m.black)])).toEqual([
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

describe('formatPly', () => {
  it('writes a move as its piece letter and squares', () => {
    expect(formatPly(facts('pawn', 'e2', 'e5', [], 'none'))).toBe('Pe2-e5');
    expect(formatPly(facts('longLeaper', 'c6', 'g6', ['f6', 'd6'], 'none'))).toBe('Lc6-g6xd6xf6');
  });

  it('lists captures by file, then rank, as the rules do', () => {
    expect(formatPly(facts('pawn', 'd1', 'd4', ['e4', 'd5', 'c4'], 'none'))).toBe('Pd1-d4xc4xd5xe4');
  });

  it('marks check and a move that leaves no legal move', () => {
    expect(formatPly(facts('withdrawer', 'd1', 'h5', [], 'check'))).toBe('Wd1-h5+');
    expect(formatPly(facts('coordinator', 'h1', 'h8', ['e8'], 'mate'))).toBe('Ch1-h8xe8#');
  });

  it('writes a removal with "="', () => {
    expect(formatPly(facts('immobilizer', 'a1', 'a1', [], 'none'))).toBe('Ia1=');
  });

  it('gives the parts apart, so that the list can mark the captures', () => {
    expect(notationParts(facts('pawn', 'c2', 'c3', ['b3'], 'check'))).toEqual({
      move: 'Pc2-c3',
      captures: ['xb3'],
      mark: '+',
    });
  });

  it('marks a removal that gives check too', () => {
    expect(formatPly(facts('chameleon', 'c1', 'c1', [], 'check'))).toBe('Xc1=+');
  });
});
