import { describe, expect, it } from 'vitest';
import type { BoardView } from '../../bindings';
import { describe as describeBoard } from './describe';

describe('the board in words', () => {
  it('says whose move it is, check, frozen pieces and where every piece stands', () => {
    const board: BoardView = {
      pieces: [
        { square: 'a1', side: 'white', role: 'king' },
        { square: 'd4', side: 'white', role: 'withdrawer' },
        { square: 'd5', side: 'black', role: 'immobilizer' },
        { square: 'h8', side: 'black', role: 'king' },
      ],
      frozen: ['d4'],
      check: null,
      lastMove: null,
      turn: 'white',
      ply: 3,
    };
    const text = describeBoard(board);
    expect(text).toContain('White to move');
    expect(text).toContain('frozen: d4');
    expect(text).toMatch(/White: king a1, withdrawer d4/);
    expect(text).toMatch(/Black: immobilizer d5, king h8/);
  });
});
