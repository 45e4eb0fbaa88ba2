// Everything the app says about a game in words: sides, pieces, opponents, results, moves. The
// words themselves are in the message catalogue (i18n/en.ts); here they are chosen.

import type { Color, ExampleBoard, GameView, Level, MoveView, Opponent, Outcome, PlyView, Reading, ReadingExample, Role } from '../bindings';
import { listOf, pieceParams, t } from '../i18n';
import { isRemoval } from './board/model';

// A record, so that a new level on the Rust side fails the build until it has a place here.
const LEVEL_ORDER: Record<Level, number> = {
  novice: 0,
  learner: 1,
  beginner: 2,
  improver: 3,
  casual: 4,
  steady: 5,
  keen: 6,
  solid: 7,
  sharp: 8,
  intermediate: 9,
  experienced: 10,
  strong: 11,
  club: 12,
};
/** The bot's levels, weakest first. */
export const BOT_LEVELS: readonly Level[] = (Object.keys(LEVEL_ORDER) as Level[]).sort((a, b) => LEVEL_ORDER[a] - LEVEL_ORDER[b]);

/** The three groups a list of the levels shows them in, so that thirteen read as three short lists. */
export type LevelBand = 'firstGames' | 'fewerMistakes' | 'noDeliberateMistakes';
// A record, so that a new level fails the build until it has a group.
const LEVEL_BAND: Record<Level, LevelBand> = {
  novice: 'firstGames',
  learner: 'firstGames',
  beginner: 'firstGames',
  improver: 'firstGames',
  casual: 'fewerMistakes',
  steady: 'fewerMistakes',
  keen: 'fewerMistakes',
  solid: 'fewerMistakes',
  sharp: 'noDeliberateMistakes',
  intermediate: 'noDeliberateMistakes',
  experienced: 'noDeliberateMistakes',
  strong: 'noDeliberateMistakes',
  club: 'noDeliberateMistakes',
};

/** The levels by group, weakest first, each group with its heading. */
export function levelBands(): { band: LevelBand; heading: string; levels: Level[] }[] {
  const bands: { band: LevelBand; heading: string; levels: Level[] }[] = [];
  for (const level of BOT_LEVELS) {
    const band = LEVEL_BAND[level];
    const last = bands[bands.length - 1];
    if (last?.band === band) last.levels.push(level);
    else bands.push({ band, heading: t(`levelBand.${band}`), levels: [level] });
  }
  return bands;
}

// A record, so that a new piece on the Rust side fails the build until it has a name here.
const PIECE_ORDER: Record<Role, number> = {
  king: 0,
  pawn: 1,
  withdrawer: 2,
  longLeaper: 3,
  chameleon: 4,
  coordinator: 5,
  immobilizer: 6,
};
export const ROLES = (Object.keys(PIECE_ORDER) as Role[]).sort((a, b) => PIECE_ORDER[a] - PIECE_ORDER[b]);

// A record of whole keys, so that a new reading on the Rust side fails the build until it is
// worded here (the names `1963` and `1962` cannot complete a key).
// `differences`: the rules page's sentences, how the reading differs from 1963 (READINGS.md).
const READING_WORDS = {
  '1963': { name: 'reading.abbott1963.name', line: 'reading.abbott1963.line', differences: ['reading.abbott1963.same'] },
  '1962': {
    name: 'reading.abbott1962.name',
    line: 'reading.abbott1962.line',
    differences: ['reading.abbott1962.start', 'reading.abbott1962.leaper', 'reading.abbott1962.chameleon'],
  },
  cambridge: {
    name: 'reading.cambridge.name',
    line: 'reading.cambridge.line',
    differences: ['reading.cambridge.start', 'reading.cambridge.chameleon', 'reading.cambridge.freezing', 'reading.cambridge.removal'],
  },
  boardspace: { name: 'reading.boardspace.name', line: 'reading.boardspace.line', differences: ['reading.boardspace.stalemate'] },
  zillions: { name: 'reading.zillions.name', line: 'reading.zillions.line', differences: ['reading.zillions.check', 'reading.zillions.king'] },
} as const satisfies Record<Reading, { name: string; line: string; differences: readonly string[] }>;
/** The readings of the rules as the new-game screen offers them: Abbott's 1963 rules (the
 * default) first. */
export const READINGS: readonly Reading[] = ['1963', '1962', 'cambridge', 'boardspace', 'zillions'];
/** The default reading: a game, a save or a line that names none is played by it. */
export const DEFAULT_READING: Reading = '1963';

/** A reading's name: "Cambridge rules". */
export function readingName(reading: Reading): string {
  return t(READING_WORDS[reading].name);
}

/** What a reading is, in a line. */
export function readingLine(reading: Reading): string {
  return t(READING_WORDS[reading].line);
}

/** How a reading differs from Abbott's 1963 rules, a sentence each (for 1963, what it is), with
 * each sentence's name (`freezing` for `reading.cambridge.freezing`), which the rules page's
 * examples are named by. */
export function readingDifferenceKeys(reading: Reading): { name: string; sentence: string }[] {
  return READING_WORDS[reading].differences.map((key) => ({ name: key.slice(key.lastIndexOf('.') + 1), sentence: t(key) }));
}

/** A game's rules as a header shows them: their name, or nothing for the default (1963). A view
 * from an older peer names none: 1963. */
export function readingNote(reading: Reading | undefined): string | null {
  return reading === undefined || reading === DEFAULT_READING ? null : readingName(reading);
}

export function standInName(role: Role): string {
  return t(`standIn.${role}`);
}

export function levelName(level: Level): string {
  return t(`level.${level}`);
}

/** What playing each level is like, in a sentence. */
export function levelDescription(level: Level): string {
  return t(`levelDescription.${level}`);
}

export function roleName(role: Role): string {
  return t(`piece.${role}`);
}

export function sideName(side: Color): string {
  return t(`side.${side}`);
}

export function otherSide(side: Color): Color {
  return side === 'white' ? 'black' : 'white';
}

export function opponentName(opponent: Opponent): string {
  switch (opponent.kind) {
    case 'bot':
      return t('opponent.bot', { level: levelName(opponent.level) });
    case 'friend':
      return t('opponent.friend');
    case 'online':
      return t('opponent.online');
  }
}

/** The side the person at the screen plays against a bot or online; `undefined` between friends
 * on one device (both). */
export function playerSide(opponent: Opponent): Color | undefined {
  switch (opponent.kind) {
    case 'bot':
      return otherSide(opponent.botSide);
    case 'online':
      return opponent.playerSide;
    case 'friend':
      return undefined;
  }
}

/** "White wins", "You win", "Draw"… */
export function resultHeadline(result: Outcome, opponent: Opponent): string {
  if (result.kind === 'draw') return t('result.draw');
  const player = playerSide(opponent);
  if (player === undefined) return t('result.wins', { context: result.winner });
  if (result.winner === player) return t('result.youWin');
  return opponent.kind === 'online' ? t('result.friendWins') : t('result.botWins');
}

/** Why the game ended, as a sentence. */
export function reasonText(result: Outcome): string {
  // A win's reason has a sentence per losing side; a draw's one sentence.
  if (result.kind === 'win') return t(`reason.${result.reason}`, { context: otherSide(result.winner) });
  return t(`reason.${result.reason}`);
}

/** The headline and the reason, as the status line and the announcer say them. */
export function resultSentence(result: Outcome, opponent: Opponent): string {
  return t('play.resultLine', { headline: resultHeadline(result, opponent), reason: reasonText(result) });
}

/** One line for the finished-games list: "White wins · resignation". */
export function resultSummary(result: Outcome): string {
  const headline = result.kind === 'win' ? t('result.wins', { context: result.winner }) : t('result.draw');
  return t('result.summary', { headline, reason: t(`reasonShort.${result.reason}`) });
}

/** "d5", "d5 and f5", "c4, d5 and e4". */
export function squareList(list: readonly string[]): string {
  return listOf(list);
}

/** A played move for screen readers: "White pawn e2 to e6, takes d6 and f6." */
export function plyInWords(ply: PlyView): string {
  return t('ply.sentence', { move: plyPhrase(ply) });
}

/** A played move inside a sentence: "White pawn e2 to e6, takes d6 and f6". */
export function plyPhrase(ply: PlyView): string {
  const piece = pieceParams(ply.role);
  if (ply.removal) return t('ply.removal', { context: ply.side, ...piece, square: ply.from });
  if (ply.captures.length === 0) return t('ply.move', { context: ply.side, ...piece, from: ply.from, to: ply.to });
  return t('ply.capture', { context: ply.side, ...piece, from: ply.from, to: ply.to, squares: squareList(ply.captures) });
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

/** "Bot (Casual) · your move · move 12". */
export function progressLine(game: GameView): string {
  const rules = readingNote(game.reading);
  const opponent = rules === null ? opponentName(game.opponent) : t('home.withRules', { opponent: opponentName(game.opponent), rules });
  const number = moveCount(game.plies.length + 1);
  const player = playerSide(game.opponent);
  if (player === undefined) return t('home.progressSideToMove', { context: game.board.turn, opponent, number });
  if (game.board.turn === player) return t('home.progressYourMove', { opponent, number });
  return game.opponent.kind === 'online' ? t('home.progressOpponentMove', { opponent, number }) : t('home.progressBotMove', { opponent, number });
}

/** The line under a board: what the move does or that it is none, the frozen pieces, how the
 * game stands. */
export function exampleCaption(example: ReadingExample, shown: ExampleBoard): string {
  const coordinates = example.coordinates ?? '';
  if (shown.state === 'impossible') return t('reading.example.impossible');
  if (shown.state === 'refused') return t('reading.example.refused', { coordinates });
  const parts: string[] = [];
  const move = shown.move;
  if (move) {
    if (move.from === move.to) parts.push(t('reading.example.removal', { coordinates, square: move.from }));
    else if (move.captures.length > 0) parts.push(t('reading.example.takes', { coordinates, squares: squareList(move.captures) }));
    else parts.push(t('reading.example.quiet', { coordinates }));
  } else {
    const frozen = shown.board?.frozen ?? [];
    if (frozen.length > 0) parts.push(t('reading.example.frozen', { squares: squareList(frozen) }));
  }
  if (shown.outcome) parts.push(t('reading.example.outcome', { result: resultSummary(shown.outcome) }));
  if (parts.length === 0) parts.push(t('reading.example.start'));
  return parts.join(' ');
}
