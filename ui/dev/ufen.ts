// The mocks' reading of the fixtures' text: a UFEN's pieces and side to move, and a recorded move
// ("e2e4 - d5 ..." as from-to then its captures). Written once for the game, course and puzzle mocks.

import type { Color, MoveView, PieceView, Role } from '../src/bindings';

export const ROLES: Record<string, Role> = { k: 'king', p: 'pawn', w: 'withdrawer', l: 'longLeaper', x: 'chameleon', c: 'coordinator', i: 'immobilizer' };
export const FILES = 'abcdefgh';

export function readUfen(ufen: string): { pieces: PieceView[]; turn: Color } {
  const [placement = '', side] = ufen.split(' ');
  const pieces: PieceView[] = [];
  placement.split('/').forEach((row, index) => {
    let file = 0;
    for (const char of row) {
      if (/\d/.test(char)) {
        file += Number(char);
        continue;
      }
      const role = ROLES[char.toLowerCase()];
      if (role) pieces.push({ square: `${FILES[file]}${8 - index}`, side: char === char.toUpperCase() ? 'white' : 'black', role });
      file++;
    }
  });
  return { pieces, turn: side === 'b' ? 'black' : 'white' };
}

export function readMove(text: string): MoveView {
  const [move = '', , ...captures] = text.split(' ');
  return { from: move.slice(0, 2), to: move.slice(2, 4), captures };
}
