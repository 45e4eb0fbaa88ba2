import { describe, expect, it } from 'vitest';
import { whyMarks } from './why';

describe('where a refusal points', () => {
  it('marks the freezers of a frozen piece', () => {
    expect(whyMarks({ code: 'frozen', role: 'pawn', square: 'f5', by: [{ role: 'immobilizer', square: 'f6' }, { role: 'chameleon', square: 'e6' }], removable: true })).toEqual({
      subject: 'f5',
      causes: ['f6', 'e6'],
      lines: [['f6', 'f5'], ['e6', 'f5']],
    });
  });

  it('marks the freezers of a frozen piece the Cambridge rules do not let be removed', () => {
    expect(whyMarks({ code: 'noRemoval', role: 'pawn', square: 'd4', reading: 'cambridge', by: [{ role: 'immobilizer', square: 'd5' }] })).toEqual({
      subject: 'd4',
      causes: ['d5'],
      lines: [['d5', 'd4']],
    });
  });

  it('marks the piece in the way, and the one right behind it', () => {
    const marks = whyMarks({
      code: 'pathBlocked',
      role: 'longLeaper',
      from: 'b1',
      to: 'b6',
      at: 'b4',
      blocker: 'pawn',
      blockerOwner: 'black',
      obstacle: 'twoInARow',
      behind: 'b5',
    });
    expect(marks).toEqual({ tried: ['b1', 'b6'], subject: 'b1', causes: ['b4', 'b5'], lines: [] });
  });

  it('marks the piece on the square, and the way not taken', () => {
    expect(whyMarks({ code: 'occupied', role: 'pawn', from: 'a2', to: 'a4', occupant: 'pawn', occupantOwner: 'black' })?.causes).toEqual(['a4']);
    expect(whyMarks({ code: 'notThatWay', role: 'king', from: 'e1', to: 'e3', movement: 'oneStep' })).toEqual({ tried: ['e1', 'e3'], subject: 'e1', causes: [], lines: [] });
  });

  it('marks the king and each piece that would take it, with its move', () => {
    const marks = whyMarks({
      code: 'leavesKingInCheck',
      role: 'pawn',
      from: 'd2',
      to: 'd4',
      king: 'e1',
      wasInCheck: false,
      checks: [{ role: 'withdrawer', square: 'e2', way: 'withdrawal', landing: 'e3', partner: null }],
    });
    expect(marks).toEqual({ tried: ['d2', 'd4'], subject: 'e1', causes: ['e2'], lines: [['e2', 'e3']] });
  });

  it('has nothing to mark for a refusal that is not about the board', () => {
    expect(whyMarks({ code: 'gameOver' })).toBeUndefined();
  });
});
