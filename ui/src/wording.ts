// Everything the app says about a game in words: sides, pieces, opponents, results, moves. The
// words themselves are in the message catalogue (i18n/en.ts); here they are chosen.

import type { BotLevel, GameResult, MoveView, Opponent, PieceKind, PlyView, Side } from './bindings';
import { listOf, t } from './i18n';
import { isRemoval } from './board/model';

export const BOT_LEVELS: readonly BotLevel[] = ['novice', 'beginner', 'casual', 'intermediate', 'club'];

// A record, so that a new piece on the Rust side fails the build until it has a name here.
const PIECE_ORDER: Record<PieceKind, number> = {
  king: 0,
  pawn: 1,
  withdrawer: 2,
  longLeaper: 3,
  chameleon: 4,
  coordinator: 5,
  immobilizer: 6,
};
export const PIECE_KINDS = (Object.keys(PIECE_ORDER) as PieceKind[]).sort((a, b) => PIECE_ORDER[a] - PIECE_ORDER[b]);

export function standInName(kind: PieceKind): string {
  return t(`standIn.${kind}`);
}

export function levelName(level: BotLevel): string {
  return t(`level.${level}`);
}

/** What playing each level is like, in a sentence. */
export function levelDescription(level: BotLevel): string {
  return t(`levelDescription.${level}`);
}

export function kindName(kind: PieceKind): string {
  return t(`piece.${kind}`);
}

export function sideName(side: Side): string {
  return t(`side.${side}`);
}

export function otherSide(side: Side): Side {
  return side === 'white' ? 'black' : 'white';
}

export function opponentName(opponent: Opponent): string {
  return opponent.kind === 'bot' ? t('opponent.bot', { level: levelName(opponent.level) }) : t('opponent.friend');
}

/** The side the person at the screen plays against a bot; `undefined` between friends (both). */
export function playerSide(opponent: Opponent): Side | undefined {
  return opponent.kind === 'bot' ? otherSide(opponent.botSide) : undefined;
}

/** "White wins", "You win", "Draw"… */
export function resultHeadline(result: GameResult, opponent: Opponent): string {
  if (!result.winner) return t('result.draw');
  const player = playerSide(opponent);
  if (player === undefined) return t('result.wins', { context: result.winner });
  return result.winner === player ? t('result.youWin') : t('result.botWins');
}

/** Why the game ended, as a sentence. */
export function reasonText(result: GameResult): string {
  const loser = result.winner ? otherSide(result.winner) : undefined;
  const reason = result.reason;
  switch (reason) {
    case 'checkmate':
    case 'noLegalMove':
    case 'resignation':
    case 'time':
      // Each has a sentence per losing side, and a plain one should the loser be missing.
      return loser ? t(`reason.${reason}`, { context: loser }) : t(`reason.${reason}`);
    default:
      return t(`reason.${reason}`);
  }
}

/** The headline and the reason, as the status line and the announcer say them. */
export function resultSentence(result: GameResult, opponent: Opponent): string {
  return t('play.resultLine', { headline: resultHeadline(result, opponent), reason: reasonText(result) });
}

/** One line for the finished-games list: "White wins · resignation". */
export function resultSummary(result: GameResult): string {
  const headline = result.winner ? t('result.wins', { context: result.winner }) : t('result.draw');
  return t('result.summary', { headline, reason: t(`reasonShort.${result.reason}`) });
}

/** "d5", "d5 and f5", "c4, d5 and e4". */
export function squareList(list: readonly string[]): string {
  return listOf(list);
}

/** A played move for screen readers: "White pawn e2 to e6, takes d6 and f6." */
export function plyInWords(ply: PlyView): string {
  const piece = kindName(ply.kind);
  if (isRemoval(ply)) return t('ply.removal', { context: ply.side, piece, square: ply.from });
  if (ply.captures.length === 0) return t('ply.move', { context: ply.side, piece, from: ply.from, to: ply.to });
  return t('ply.capture', { context: ply.side, piece, from: ply.from, to: ply.to, squares: squareList(ply.captures) });
}

/** A legal move in words, for the list screen readers get. */
export function moveInWords(move: MoveView): string {
  const coordinates = move.from + move.to;
  if (isRemoval(move)) return t('legalMove.removal', { square: move.from, coordinates });
  if (move.captures.length === 0) return t('legalMove.move', { from: move.from, to: move.to, coordinates });
  return t('legalMove.capture', { from: move.from, to: move.to, squares: squareList(move.captures), coordinates });
}

/** Moves as people count them, for a number of plies: White's and Black's turn make one move. */
export function moveCount(plies: number): number {
  return Math.ceil(plies / 2);
}
