// Everything the app says about a game in words: sides, pieces, opponents, results, moves.

import type { BotLevel, EndReason, GameResult, Opponent, PieceKind, PlyView, Side } from './bindings';

export const BOT_LEVELS: readonly BotLevel[] = ['novice', 'beginner', 'casual', 'intermediate', 'club'];

const LEVEL_NAMES: Record<BotLevel, string> = {
  novice: 'Novice',
  beginner: 'Beginner',
  casual: 'Casual',
  intermediate: 'Intermediate',
  club: 'Club',
};

const KIND_NAMES: Record<PieceKind, string> = {
  king: 'king',
  pawn: 'pawn',
  withdrawer: 'withdrawer',
  longLeaper: 'long leaper',
  chameleon: 'chameleon',
  coordinator: 'coordinator',
  immobilizer: 'immobilizer',
};

export const PIECE_KINDS = Object.keys(KIND_NAMES) as PieceKind[];

/** The chess piece that stands in for each Ultima piece in the "chess" piece set. */
const STAND_INS: Record<PieceKind, string> = {
  king: 'king',
  pawn: 'pawn',
  withdrawer: 'queen',
  longLeaper: 'knight',
  chameleon: 'bishop',
  coordinator: 'rook',
  immobilizer: 'upside-down rook',
};

export function standInName(kind: PieceKind): string {
  return STAND_INS[kind];
}

export function levelName(level: BotLevel): string {
  return LEVEL_NAMES[level];
}

/** What playing each level is like, in a sentence (the bot's limits and error model, in words). */
const LEVEL_DESCRIPTIONS: Record<BotLevel, string> = {
  novice: 'For your first games: it often overlooks your threats and its own chances to capture.',
  beginner: 'Sees simple threats and captures, but still blunders now and then.',
  casual: 'Looks a few moves ahead and seldom blunders.',
  intermediate: 'Always plays the best move it finds, looking about seven half-moves ahead.',
  club: 'The strongest: thinks up to three seconds a move and punishes every mistake.',
};

export function levelDescription(level: BotLevel): string {
  return LEVEL_DESCRIPTIONS[level];
}

export function kindName(kind: PieceKind): string {
  return KIND_NAMES[kind];
}

export function sideName(side: Side): string {
  return side === 'white' ? 'White' : 'Black';
}

export function otherSide(side: Side): Side {
  return side === 'white' ? 'black' : 'white';
}

export function opponentName(opponent: Opponent): string {
  return opponent.kind === 'bot' ? `Bot (${levelName(opponent.level)})` : 'A friend on this device';
}

/** "against the Casual bot", "between friends on this device". */
export function againstText(opponent: Opponent): string {
  return opponent.kind === 'bot' ? `against the ${levelName(opponent.level)} bot` : 'between friends on this device';
}

/** The side the person at the screen plays against a bot; `undefined` between friends (both). */
export function playerSide(opponent: Opponent): Side | undefined {
  return opponent.kind === 'bot' ? otherSide(opponent.botSide) : undefined;
}

/** "White wins", "You win", "Draw"… */
export function resultHeadline(result: GameResult, opponent: Opponent): string {
  if (!result.winner) return 'Draw';
  const player = playerSide(opponent);
  if (player === undefined) return `${sideName(result.winner)} wins`;
  return result.winner === player ? 'You win' : 'The bot wins';
}

/** Why the game ended, as a sentence. */
export function reasonText(result: GameResult): string {
  const winner = result.winner;
  const loser = winner && otherSide(winner);
  const reasons: Record<EndReason, string> = {
    checkmate: loser ? `Checkmate: ${sideName(loser)} is in check and has no legal move.` : 'Checkmate.',
    noLegalMove: loser ? `${sideName(loser)} has no legal move (not in check), and loses.` : 'No legal move.',
    repetition: 'Draw by repetition: the same position came up a third time.',
    fiftyMoves: 'Draw by the fifty-move rule: fifty moves each without a capture or a removal.',
    bareKings: 'Draw: only the two kings are left.',
    resignation: loser ? `${sideName(loser)} resigned.` : 'Resignation.',
    agreement: 'Draw by agreement.',
    time: loser ? `${sideName(loser)} ran out of time.` : 'Time ran out.',
  };
  return reasons[result.reason];
}

/** One line for the finished-games list: "White wins · resigned". */
export function resultSummary(result: GameResult): string {
  const short: Record<EndReason, string> = {
    checkmate: 'checkmate',
    noLegalMove: 'no legal move',
    repetition: 'repetition',
    fiftyMoves: 'fifty moves',
    bareKings: 'bare kings',
    resignation: 'resignation',
    agreement: 'agreement',
    time: 'time',
  };
  const headline = result.winner ? `${sideName(result.winner)} wins` : 'Draw';
  return `${headline} · ${short[result.reason]}`;
}

/** "d5", "d5 and f5", "c4, d5 and e4". */
export function squareList(list: readonly string[]): string {
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} and ${list[list.length - 1] ?? ''}`;
}

/** A played move for screen readers: "White pawn e2 to e6, takes d6 and f6." */
export function plyInWords(ply: PlyView): string {
  const who = `${sideName(ply.side)} ${kindName(ply.kind)}`;
  if (ply.from === ply.to) return `${sideName(ply.side)} removes its frozen ${kindName(ply.kind)} on ${ply.from}.`;
  const takes = ply.captures.length ? `, takes ${squareList(ply.captures)}` : '';
  return `${who} ${ply.from} to ${ply.to}${takes}.`;
}

/** Moves as people count them, for a number of plies: White's and Black's turn make one move. */
export function moveCount(plies: number): number {
  return Math.ceil(plies / 2);
}
