import { describe, expect, it } from 'vitest';
import type { DrawReason, Opponent, Outcome, PlyView, WinReason } from '../bindings';
import { sentences } from '../i18n';
import { friendGame } from '../play/playFixtures';
import {
  BOT_LEVELS,
  levelBands,
  levelDescription,
  moveCount,
  opponentName,
  plyInWords,
  plyPhrase,
  progressLine,
  READINGS,
  readingDifferenceKeys,
  readingLine,
  readingName,
  readingNote,
  reasonText,
  resultHeadline,
  resultSummary,
  squareList,
} from './wording';

const bot: Opponent = { kind: 'bot', level: 'casual', botSide: 'black' };
const friend: Opponent = { kind: 'friend', turnBoard: true };

describe('result wording', () => {
  const cases: [Outcome, string][] = [
    [{ kind: 'win', winner: 'white', reason: 'checkmate' }, 'Checkmate: Black is in check and has no legal move.'],
    [{ kind: 'win', winner: 'black', reason: 'noLegalMove' }, 'White has no legal move (not in check), and loses.'],
    [{ kind: 'draw', reason: 'repetition' }, 'Draw by repetition: the same position came up a third time.'],
    [{ kind: 'draw', reason: 'fiftyMoves' }, 'Draw by the fifty-move rule: fifty moves each without a capture or a removal.'],
    [{ kind: 'draw', reason: 'bareKings' }, 'Draw: only the two kings are left.'],
    [{ kind: 'win', winner: 'white', reason: 'resignation' }, 'Black resigned.'],
    [{ kind: 'draw', reason: 'agreement' }, 'Draw by agreement.'],
    [{ kind: 'win', winner: 'black', reason: 'time' }, 'White ran out of time.'],
    [{ kind: 'draw', reason: 'timeoutBareKing' }, 'Draw: time ran out, but the other side had only its king left and could not win.'],
    [{ kind: 'win', winner: 'black', reason: 'kingCaptured' }, 'White’s king was taken.'],
    [{ kind: 'draw', reason: 'stalemate' }, 'Draw by stalemate: the side to move has no legal move and is not in check.'],
  ];

  it.each(cases)('says why the game ended: %j', (result, text) => {
    expect(reasonText(result)).toBe(text);
  });

  it('has a sentence for every end reason', () => {
    const reasons = new Set<WinReason | DrawReason>(cases.map(([result]) => result.reason));
    expect(reasons.size).toBe(11);
  });

  it('speaks to the player against a bot, and names the side between friends', () => {
    expect(resultHeadline({ kind: 'win', winner: 'white', reason: 'checkmate' }, bot)).toBe('You win');
    expect(resultHeadline({ kind: 'win', winner: 'black', reason: 'resignation' }, bot)).toBe('The bot wins');
    expect(resultHeadline({ kind: 'win', winner: 'black', reason: 'checkmate' }, friend)).toBe('Black wins');
    expect(resultHeadline({ kind: 'draw', reason: 'agreement' }, friend)).toBe('Draw');
  });

  it('sums a finished game up in a line', () => {
    expect(resultSummary({ kind: 'win', winner: 'white', reason: 'noLegalMove' })).toBe('White wins · no legal move');
    expect(resultSummary({ kind: 'draw', reason: 'bareKings' })).toBe('Draw · bare kings');
    expect(resultSummary({ kind: 'draw', reason: 'stalemate' })).toBe('Draw · stalemate');
    expect(resultSummary({ kind: 'win', winner: 'white', reason: 'kingCaptured' })).toBe('White wins · king taken');
  });
});

describe('move wording', () => {
  it('says a move with every square it takes', () => {
    expect(
      plyInWords({ from: 'd1', to: 'd4', captures: ['c4', 'd5', 'e4'], side: 'white', role: 'pawn', removal: false, mark: 'none' }),
    ).toBe('White pawn d1 to d4, takes c4, d5 and e4.');
    expect(plyInWords({ from: 'd7', to: 'd5', captures: [], side: 'black', role: 'longLeaper', removal: false, mark: 'none' })).toBe(
      'Black long leaper d7 to d5.',
    );
  });

  it('says a removal as such', () => {
    expect(plyInWords({ from: 'd4', to: 'd4', captures: [], side: 'white', role: 'withdrawer', removal: true, mark: 'none' })).toBe(
      'White removes its frozen withdrawer on d4.',
    );
  });

  it('joins squares as a list', () => {
    expect(squareList(['c3'])).toBe('c3');
    expect(squareList(['c3', 'a7'])).toBe('c3 and a7');
  });

  it('counts moves, not plies', () => {
    expect([0, 1, 2, 3, 40].map(moveCount)).toEqual([0, 1, 1, 2, 20]);
  });

  it('names the opponent', () => {
    expect(opponentName(bot)).toBe('Bot (Casual)');
    expect(opponentName(friend)).toBe('A friend on this device');
  });
});

describe('level descriptions', () => {
  it('describe each level in a sentence of its own', () => {
    const texts = BOT_LEVELS.map(levelDescription);
    expect(new Set(texts).size).toBe(BOT_LEVELS.length);
    for (const text of texts) expect(text).toMatch(/^[A-Z].{20,}\.$/);
    expect(levelDescription('novice')).toMatch(/first games/);
  });
});

describe('level groups', () => {
  it('list every level once, weakest first, in three groups with headings of their own', () => {
    const bands = levelBands();
    expect(bands.map((band) => band.heading)).toEqual(['First games', 'Fewer mistakes', 'No deliberate mistakes']);
    expect(bands.flatMap((band) => band.levels)).toEqual([...BOT_LEVELS]);
    expect(bands[0]?.levels[0]).toBe('novice');
    expect(bands[2]?.levels).toEqual(['sharp', 'intermediate', 'experienced', 'strong', 'club']);
  });
});

describe('the catalogue’s sentences and phrases', () => {
  it('says the catalogue’s sentences one after another, leaving the empty ones out', () => {
    expect(sentences([])).toBe('');
    expect(sentences(['Check.', '', 'White wins.'])).toBe('Check. White wins.');
  });

  it('has a move inside a sentence without the full stop it ends with on its own', () => {
    const ply: PlyView = { side: 'black', role: 'pawn', from: 'd7', to: 'd5', captures: ['c5', 'e5'], removal: false, mark: 'none' };
    expect(plyPhrase(ply)).toBe('Black pawn d7 to d5, takes c5 and e5');
    expect(plyInWords(ply)).toBe('Black pawn d7 to d5, takes c5 and e5.');
  });
});

describe('readings of the rules', () => {
  it('name each reading with a line of its own, and its differences from 1963', () => {
    expect(READINGS).toEqual(['1963', '1962', 'cambridge', 'boardspace', 'zillions']);
    const names = READINGS.map(readingName);
    const lines = READINGS.map(readingLine);
    expect(new Set(names).size).toBe(5);
    expect(new Set(lines).size).toBe(5);
    expect(names[2]).toBe('Cambridge rules');
    for (const reading of READINGS) expect(readingDifferenceKeys(reading).length).toBeGreaterThan(0);
    expect(readingDifferenceKeys('cambridge')).toContainEqual({ name: 'removal', sentence: 'There is no removal: a frozen piece stays where it is.' });
    expect(readingDifferenceKeys('zillions').map((d) => d.name)).toEqual(['check', 'king']);
  });

  it('say the rules of a game only when they are not 1963, on the home screen too', () => {
    expect(readingNote(undefined)).toBeNull();
    expect(readingNote('1963')).toBeNull();
    expect(readingNote('zillions')).toBe('Zillions rules');
    const game = friendGame(2, { reading: 'boardspace' });
    expect(progressLine(game)).toBe('A friend on this device · Boardspace rules · White to move · move 2');
    expect(progressLine(friendGame(2))).toBe('A friend on this device · White to move · move 2');
  });
});
