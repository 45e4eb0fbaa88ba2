// The one place that knows how Ultima's pieces are called on chessgroundx's side. chessgroundx
// names roles by a letter (`w-piece`); these are the letters of the rules' notation, so a
// board placement written with them reads like UFEN.

import type { Role } from 'chessgroundx/types';
import type { PieceKind } from '../bindings';

const ROLE_OF = {
  king: 'k-piece',
  pawn: 'p-piece',
  withdrawer: 'w-piece',
  longLeaper: 'l-piece',
  chameleon: 'x-piece',
  coordinator: 'c-piece',
  immobilizer: 'i-piece',
} as const satisfies Record<PieceKind, Role>;

type UltimaRole = (typeof ROLE_OF)[PieceKind];

const KIND_OF = new Map<string, PieceKind>(
  (Object.entries(ROLE_OF) as [PieceKind, UltimaRole][]).map(([kind, role]) => [role, kind]),
);

export function roleOf(kind: PieceKind): UltimaRole {
  return ROLE_OF[kind];
}

export function kindOf(role: string): PieceKind | undefined {
  return KIND_OF.get(role);
}

/** The notation letter (upper case): `K`, `P`, `W`, `L`, `X`, `C`, `I`. */
export function letterOf(kind: PieceKind): string {
  return ROLE_OF[kind].charAt(0).toUpperCase();
}
