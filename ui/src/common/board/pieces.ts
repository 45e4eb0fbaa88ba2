// The one place that knows how Ultima's pieces are called on chessgroundx's side. chessgroundx
// names roles by a letter (`w-piece`); these are the letters of the rules' notation, so a
// board placement written with them reads like UFEN.

import type { Role as BoardRole } from 'chessgroundx/types';
import type { Role } from '../../bindings';

const BOARD_ROLE_OF = {
  king: 'k-piece',
  pawn: 'p-piece',
  withdrawer: 'w-piece',
  longLeaper: 'l-piece',
  chameleon: 'x-piece',
  coordinator: 'c-piece',
  immobilizer: 'i-piece',
} as const satisfies Record<Role, BoardRole>;

type UltimaBoardRole = (typeof BOARD_ROLE_OF)[Role];

const ROLE_OF = new Map<string, Role>(
  (Object.entries(BOARD_ROLE_OF) as [Role, UltimaBoardRole][]).map(([role, boardRole]) => [boardRole, role]),
);

/** chessgroundx's name of a role. */
export function roleOf(role: Role): UltimaBoardRole {
  return BOARD_ROLE_OF[role];
}

/** The role chessgroundx calls `boardRole`, if it is one of Ultima's. */
export function kindOf(boardRole: string): Role | undefined {
  return ROLE_OF.get(boardRole);
}

/** The notation letter (upper case): `K`, `P`, `W`, `L`, `X`, `C`, `I`. */
export function letterOf(role: Role): string {
  return BOARD_ROLE_OF[role].charAt(0).toUpperCase();
}
