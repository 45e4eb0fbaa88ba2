import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, IpcFailure } from './api';
import { en } from './i18n/en';
import { describeNotice, describeProblem, type Notice, type Problem } from './problems';

// One of each code the Rust side sends, with parameters. A Record, so that a new code in the
// bindings fails this test's build until it is here (and in the catalogue).
const PROBLEM_OF: { [C in Problem['code']]: Extract<Problem, { code: C }> } = {
  malformed: { code: 'malformed', text: 'hello' },
  noPiece: { code: 'noPiece', square: 'e2' },
  notYourPiece: { code: 'notYourPiece', role: 'withdrawer', square: 'd8', owner: 'black' },
  frozen: { code: 'frozen', role: 'longLeaper', square: 'c6' },
  kingRemoval: { code: 'kingRemoval' },
  notFrozen: { code: 'notFrozen', role: 'pawn', square: 'a2' },
  unreachable: { code: 'unreachable', role: 'chameleon', from: 'f1', to: 'f3' },
  leavesKingInCheck: { code: 'leavesKingInCheck', from: 'e1', to: 'e2' },
  wrongPiece: { code: 'wrongPiece', text: 'Ke2-e4', named: 'king', square: 'e2', actual: 'pawn' },
  wrongCaptures: { code: 'wrongCaptures', text: 'Pe2-e6xd6', actual: ['d6', 'f6'] },
  gameOver: { code: 'gameOver' },
  notYourTurn: { code: 'notYourTurn' },
  seatIsBot: { code: 'seatIsBot' },
  timeUp: { code: 'timeUp', side: 'white' },
  nothingToTakeBack: { code: 'nothingToTakeBack' },
  takeBackAlreadyRequested: { code: 'takeBackAlreadyRequested' },
  noTakeBackRequest: { code: 'noTakeBackRequest' },
  drawAlreadyOffered: { code: 'drawAlreadyOffered' },
  noDrawOffer: { code: 'noDrawOffer' },
  notAgainstBot: { code: 'notAgainstBot' },
  badSquare: { code: 'badSquare', text: 'z9' },
  noSuchPly: { code: 'noSuchPly', ply: 40 },
  noGame: { code: 'noGame' },
  notCurrentGame: { code: 'notCurrentGame' },
  notFinished: { code: 'notFinished' },
  noBot: { code: 'noBot' },
  botStopped: { code: 'botStopped' },
  gameChanged: { code: 'gameChanged' },
  botFailed: { code: 'botFailed' },
  storage: { code: 'storage', what: 'save' },
};
const PROBLEMS: Problem[] = [
  ...Object.values(PROBLEM_OF),
  ...(['dataFolder', 'saveFile', 'backup', 'prepare', 'history', 'stateDamaged'] as const).map((what): Problem => ({ code: 'storage', what })),
];

const NOTICES: Notice[] = [
  { code: 'restoredFromBackup' },
  { code: 'restoredMissingFromBackup' },
  { code: 'startedFresh' },
  { code: 'settingsPartlyReset', fields: ['pieceSet', 'sound'] },
  { code: 'gameCutShort', keptMoves: 12, totalMoves: 20 },
  { code: 'currentGameUnreadable' },
  { code: 'finishedGamesUnreadable', count: 3 },
  { code: 'saveFromNewerVersion', version: 4 },
  { code: 'historyMovedAside' },
  { code: 'historyUnavailable' },
];

/** A sentence fit for the player: no parameter left unfilled, no key shown instead of words. */
function expectSentence(text: string): void {
  expect(text).not.toMatch(/\{\{|\}\}|undefined|problem\.|notice\./);
  expect(text).toMatch(/^[“A-Z0-9a-h].*[.)]$/);
}

describe('describeProblem', () => {
  it.each(PROBLEMS.map((problem) => [problem.code, problem] as const))('words %s with its parameters', (_code, problem) => {
    expectSentence(describeProblem(problem));
  });

  it('has a message of its own for every code', () => {
    const texts = PROBLEMS.map(describeProblem);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('puts the parameters in their places', () => {
    expect(describeProblem({ code: 'noPiece', square: 'e2' })).toBe('There is no piece on e2.');
    expect(describeProblem({ code: 'notYourPiece', role: 'withdrawer', square: 'd8', owner: 'black' })).toBe(
      "The withdrawer on d8 is Black's, and it is White's move.",
    );
    expect(describeProblem({ code: 'unreachable', role: 'longLeaper', from: 'c6', to: 'c8' })).toBe('The long leaper on c6 cannot move to c8.');
  });

  it('says a code it does not know (a newer Rust side) as such, never nothing', () => {
    expect(describeProblem({ code: 'fromTheFuture' } as unknown as Problem)).toContain('fromTheFuture');
  });

  it('lists the captures a move in notation got wrong', () => {
    expect(describeProblem({ code: 'wrongCaptures', text: 'Pe2-e6xd6', actual: ['d6', 'f6'] })).toBe(
      '“Pe2-e6xd6” lists the wrong captures: that move takes d6 and f6.',
    );
    expect(describeProblem({ code: 'wrongCaptures', text: 'Pe2-e6xd6', actual: [] })).toBe('“Pe2-e6xd6” lists captures, but that move takes nothing.');
  });
});

describe('describeNotice', () => {
  it.each(NOTICES.map((notice) => [notice.code, notice] as const))('words %s with its parameters', (_code, notice) => {
    expectSentence(describeNotice(notice));
  });

  it('counts and names what it is about', () => {
    expect(describeNotice({ code: 'finishedGamesUnreadable', count: 1 })).toMatch(/^One finished game could not be read/);
    expect(describeNotice({ code: 'finishedGamesUnreadable', count: 3 })).toMatch(/^3 finished games could not be read/);
    expect(describeNotice({ code: 'settingsPartlyReset', fields: ['pieceSet', 'sound'] })).toContain('Pieces and Sound');
    expect(describeNotice({ code: 'gameCutShort', keptMoves: 12, totalMoves: 20 })).toContain('move 12 of 20');
  });

  it('tells of a damaged save in words the player understands, without a path', () => {
    const text = describeNotice({ code: 'restoredFromBackup' });
    expect(text).toMatch(/damaged/);
    expect(text).not.toMatch(/\//);
  });
});

describe('errorMessage', () => {
  it('words an error from its problem', () => {
    const error = new ApiError({ kind: 'illegalMove', problem: { code: 'kingRemoval' } });
    expect(error.problem).toEqual({ code: 'kingRemoval' });
    expect(errorMessage(error)).toBe('A king can never be removed.');
  });

  it('falls back to what the IPC layer said, or to a sentence of its own', () => {
    expect(errorMessage(new IpcFailure('command x not found'))).toBe('command x not found');
    expect(errorMessage(new IpcFailure(''))).toBe(en.failure.ipc);
    expect(errorMessage(undefined)).toBe(en.failure.silent);
  });

  it('words an error that arrived as a plain AppError (a pushed `failed` event)', () => {
    expect(errorMessage({ kind: 'badRequest', problem: { code: 'botFailed' } })).toBe(en.problem.botFailed);
  });
});

describe('the catalogue', () => {
  /** Every message with its dotted key. */
  function messages(tree: object, prefix = ''): [string, string][] {
    return Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[prefix + key, value] as [string, string]] : messages(value as object, `${prefix}${key}.`),
    );
  }
  const all = messages(en);

  it('has no empty message', () => {
    for (const [key, text] of all) expect(text.trim(), key).not.toBe('');
  });

  it('writes every variant out for both sides and both forms of a plural', () => {
    const keys = new Set(all.map(([key]) => key));
    for (const key of keys) {
      const pairs: [string, string][] = [
        ['_white', '_black'],
        ['_one', '_other'],
      ];
      for (const [a, b] of pairs) {
        if (key.endsWith(a)) expect(keys.has(key.slice(0, -a.length) + b), key).toBe(true);
        if (key.endsWith(b)) expect(keys.has(key.slice(0, -b.length) + a), key).toBe(true);
      }
    }
  });
});
