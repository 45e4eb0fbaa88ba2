import { describe, expect, it } from 'vitest';
import type { Role } from '../../bindings';
import { kindOf, letterOf, roleOf } from './pieces';

const KINDS: Role[] = ['king', 'pawn', 'withdrawer', 'longLeaper', 'chameleon', 'coordinator', 'immobilizer'];

describe('piece kinds and chessgroundx roles', () => {
  it('names each role by the piece letter of the rules', () => {
    expect(KINDS.map(roleOf)).toEqual(['k-piece', 'p-piece', 'w-piece', 'l-piece', 'x-piece', 'c-piece', 'i-piece']);
    expect(KINDS.map(letterOf).join('')).toBe('KPWLXCI');
  });

  it('maps every role back to its kind', () => {
    for (const kind of KINDS) expect(kindOf(roleOf(kind))).toBe(kind);
  });

  it('knows no chess role', () => {
    expect(kindOf('q-piece')).toBeUndefined();
    expect(kindOf('n-piece')).toBeUndefined();
  });
});
