import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, errorMessage, IpcFailure } from './api';
import { en } from './i18n/en';
import { i18n } from './i18n';
import type { CheckBy } from './bindings';
import { describeNotice, describeProblem, type Notice, type Problem } from './problems';

// One of each code the Rust side sends, with parameters. A Record, so that a new code in the
// bindings fails this test's build until it is here (and in the catalogue).
const PROBLEM_OF: { [C in Problem['code']]: Extract<Problem, { code: C }> } = {
  malformed: { code: 'malformed', text: 'hello' },
  noPiece: { code: 'noPiece', square: 'e2' },
  notYourPiece: { code: 'notYourPiece', role: 'withdrawer', square: 'd8', owner: 'black' },
  frozen: { code: 'frozen', role: 'longLeaper', square: 'c6', by: [{ role: 'immobilizer', square: 'c7' }], removable: true },
  kingRemoval: { code: 'kingRemoval' },
  noRemoval: { code: 'noRemoval', role: 'pawn', square: 'd4', reading: 'cambridge', by: [{ role: 'immobilizer', square: 'd5' }] },
  kingTaken: { code: 'kingTaken', winner: 'black' },
  notFrozen: { code: 'notFrozen', role: 'pawn', square: 'a2' },
  removalNotInReading: { code: 'removalNotInReading', role: 'withdrawer', square: 'd4', reading: 'cambridge' },
  notThatWay: { code: 'notThatWay', role: 'king', from: 'e1', to: 'e3', movement: 'oneStep' },
  occupied: { code: 'occupied', role: 'pawn', from: 'a2', to: 'a4', occupant: 'pawn', occupantOwner: 'black' },
  pathBlocked: {
    code: 'pathBlocked',
    role: 'longLeaper',
    from: 'b1',
    to: 'b6',
    at: 'b4',
    blocker: 'pawn',
    blockerOwner: 'black',
    obstacle: 'twoInARow',
    behind: 'b5',
  },
  leavesKingInCheck: {
    code: 'leavesKingInCheck',
    role: 'pawn',
    from: 'd2',
    to: 'd4',
    king: 'e1',
    wasInCheck: false,
    checks: [{ role: 'withdrawer', square: 'e2', way: 'withdrawal', landing: 'e3', partner: null }],
  },
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
  noEngineOnline: { code: 'noEngineOnline' },
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
  noSuchTask: { code: 'noSuchTask', task: 'leaper-9' },
  notOpenTask: { code: 'notOpenTask', task: 'leaper-2' },
  courseUnavailable: { code: 'courseUnavailable' },
  noSuchPuzzle: { code: 'noSuchPuzzle', puzzle: '3f9a01c2' },
  notOpenPuzzle: { code: 'notOpenPuzzle', puzzle: '3f9a01c2' },
  noPuzzleLeft: { code: 'noPuzzleLeft' },
  unknownTheme: { code: 'unknownTheme', theme: 'fork' },
  puzzlesUnavailable: { code: 'puzzlesUnavailable' },
  badServerAddress: { code: 'badServerAddress', address: 'http://x' },
  noServer: { code: 'noServer' },
  serverUnreachable: { code: 'serverUnreachable', address: 'ws://10.0.0.2:7070' },
  serverCertificate: { code: 'serverCertificate', address: 'wss://club.example.org' },
  secureConnectionFailed: { code: 'secureConnectionFailed', address: 'wss://club.example.org' },
  serverVersion: { code: 'serverVersion', found: 2, expected: 1 },
  serverBroken: { code: 'serverBroken' },
  serverUnavailable: { code: 'serverUnavailable' },
  offline: { code: 'offline' },
  badInvite: { code: 'badInvite' },
  noSuchInvite: { code: 'noSuchInvite' },
  unknownOnlineGame: { code: 'unknownOnlineGame' },
  tooManyTries: { code: 'tooManyTries', retryAfterMs: 4500 },
  waitingForOpponent: { code: 'waitingForOpponent' },
  notClaimable: { code: 'notClaimable', inMs: 12_000 },
  noRematch: { code: 'noRematch' },
  noOnlineGame: { code: 'noOnlineGame' },
  hostFailed: { code: 'hostFailed', port: 7070 },
  hostNotHere: { code: 'hostNotHere' },
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
  { code: 'courseProgressUnreadable' },
  { code: 'courseProgressPartlyLost', tasks: ['leaper-2', 'gone-7'] },
  { code: 'courseProgressFromNewerVersion', version: 3 },
  { code: 'puzzleRatingUnreadable' },
  { code: 'puzzleRatingFromNewerVersion', version: 2 },
];

/** A sentence fit for the player: no parameter left unfilled, no key shown instead of words. */
function expectSentence(text: string): void {
  expect(text).not.toMatch(/\{\{|\}\}|undefined|problem\.|notice\./);
  expect(text).toMatch(/^[“A-Z0-9a-h].*[.)]$/);
}

describe('course notices', () => {
  it('names the tasks whose progress was lost by their titles, an unknown one by its id', () => {
    expect(describeNotice({ code: 'courseProgressPartlyLost', tasks: ['leaper-2', 'gone-7'] })).toBe(
      'Your progress in 2 tasks of the course (A chain and gone-7) could not be read: they count as not solved. The rest of your progress is kept.',
    );
  });
});

describe('describeProblem', () => {
  it.each(PROBLEMS.map((problem) => [problem.code, problem] as const))('words %s with its parameters', (_code, problem) => {
    expectSentence(describeProblem(problem));
  });

  it('has a message of its own for every code', () => {
    const texts = PROBLEMS.map(describeProblem);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('says why a piece cannot go there: its way of moving, what stands there or in the way', () => {
    expect(describeProblem({ code: 'notThatWay', role: 'pawn', from: 'a2', to: 'b3', movement: 'rankOrFile' })).toBe(
      'The pawn on a2 cannot reach b3: it moves only along ranks and files.',
    );
    expect(describeProblem({ code: 'occupied', role: 'withdrawer', from: 'd1', to: 'd2', occupant: 'pawn', occupantOwner: 'white' })).toBe(
      "The withdrawer on d1 cannot move to d2: White's pawn is there.",
    );
    const blocked = { code: 'pathBlocked', role: 'chameleon', from: 'c1', to: 'h6', at: 'e3', blocker: 'pawn', blockerOwner: 'black', behind: null } as const;
    expect(describeProblem({ ...blocked, obstacle: 'inTheWay' })).toBe("The chameleon on c1 cannot reach h6: Black's pawn on e3 is in the way.");
    expect(describeProblem({ ...blocked, obstacle: 'notALongLeaper' })).toMatch(/leaps only over long leapers, and the piece on e3 is a pawn/);
    expect(describeProblem({ ...blocked, obstacle: 'twoInARow' })).toMatch(/no empty square behind it/);
    expect(describeProblem({ ...blocked, obstacle: 'twoInARow', behind: 'f4' })).toMatch(/on e3 and f4, two in a row/);
    expect(describeProblem({ ...blocked, obstacle: 'secondLeap' })).toBe(
      'The chameleon on c1 cannot reach h6: in the 1962 rules it leaps one piece a move, and the pawn on e3 would be a second.',
    );
  });

  it('says which pieces freeze a piece, and which attack the king a move leaves in check', () => {
    expect(describeProblem({ code: 'frozen', role: 'pawn', square: 'd4', by: [{ role: 'immobilizer', square: 'd5' }], removable: true })).toBe(
      'The pawn on d4 is frozen by the immobilizer on d5 and cannot move (it can be removed instead: d4d4).',
    );
    // Not offered for removal when the removal is not legal (a king, or the king left in check).
    expect(describeProblem({ code: 'frozen', role: 'king', square: 'a1', by: [{ role: 'immobilizer', square: 'b2' }], removable: false })).toBe(
      'The king on a1 is frozen by the immobilizer on b2 and cannot move.',
    );
    const checks: CheckBy[] = [
      { role: 'withdrawer', square: 'e2', way: 'withdrawal', landing: 'e3', partner: null },
      { role: 'coordinator', square: 'h1', way: 'coordination', landing: 'h8', partner: 'e8' },
    ];
    const check = { code: 'leavesKingInCheck', role: 'pawn', from: 'd2', to: 'd4', king: 'e1', checks } as const;
    expect(describeProblem({ ...check, wasInCheck: false })).toBe(
      'd2d4 would put your king on e1 in check: the withdrawer on e2 could withdraw from it to e3 and the coordinator on h1 could move to h8 and take it with the king on e8.',
    );
    expect(describeProblem({ ...check, wasInCheck: true, checks: [] })).toBe('d2d4 would leave your king in check.');
    expect(describeProblem({ ...check, wasInCheck: true, checks: checks.slice(0, 1) })).toMatch(/^d2d4 does not answer the check on your king on e1: /);
  });

  it('names the reading whose rule refuses the move', () => {
    expect(describeProblem({ code: 'noRemoval', role: 'pawn', square: 'd4', reading: 'cambridge', by: [{ role: 'immobilizer', square: 'd5' }] })).toBe(
      'The pawn on d4 is frozen by the immobilizer on d5 and cannot move, and in the Cambridge rules a frozen piece cannot be removed.',
    );
    expect(describeProblem({ code: 'kingTaken', winner: 'black' })).toBe("Black has taken White's king: the game is over.");
    // A free piece named twice in a reading without removal: no suggestion that a frozen one could go.
    expect(describeProblem({ code: 'removalNotInReading', role: 'withdrawer', square: 'd4', reading: 'cambridge' })).toBe(
      'The withdrawer on d4 is not frozen, and in the Cambridge rules no piece is ever removed.',
    );
  });

  it('puts the parameters in their places', () => {
    expect(describeProblem({ code: 'noPiece', square: 'e2' })).toBe('There is no piece on e2.');
    expect(describeProblem({ code: 'notYourPiece', role: 'withdrawer', square: 'd8', owner: 'black' })).toBe(
      "The withdrawer on d8 is Black's, and it is White's move.",
    );
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

describe('in French', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('names each piece with the article its name takes, in whole sentences', async () => {
    await i18n.changeLanguage('fr');
    expect(describeProblem({ code: 'frozen', role: 'pawn', square: 'd4', by: [{ role: 'immobilizer', square: 'd5' }], removable: true })).toBe(
      'Le rabatteur en d4 est immobilisé par l’immobilisateur en d5 et ne peut pas bouger (il peut être retiré à la place\u202f: d4d4).',
    );
    expect(describeProblem({ code: 'frozen', role: 'king', square: 'a1', by: [{ role: 'immobilizer', square: 'b2' }], removable: false })).toBe(
      'Le roi en a1 est immobilisé par l’immobilisateur en b2 et ne peut pas bouger.',
    );
    expect(describeProblem({ code: 'frozen', role: 'pawn', square: 'b1', by: [], removable: false })).toBe('Le rabatteur en b1 est immobilisé et ne peut pas bouger.');
    expect(describeProblem({ code: 'noRemoval', role: 'pawn', square: 'd4', reading: 'cambridge', by: [{ role: 'immobilizer', square: 'd5' }] })).toBe(
      'Le rabatteur en d4 est immobilisé par l’immobilisateur en d5 et ne peut pas bouger, et dans les règles de Cambridge une pièce immobilisée ne peut pas être retirée.',
    );
    expect(describeProblem({ code: 'removalNotInReading', role: 'pawn', square: 'd4', reading: 'cambridge' })).toBe(
      'Le rabatteur en d4 n’est pas immobilisé, et dans les règles de Cambridge aucune pièce n’est jamais retirée.',
    );
    expect(describeProblem({ code: 'kingTaken', winner: 'white' })).toBe('Les Blancs ont pris le roi noir\u202f: la partie est terminée.');
    expect(describeProblem({ code: 'notFrozen', role: 'immobilizer', square: 'a1' })).toMatch(/^L’immobilisateur en a1 n’est pas immobilisé/);
    const blocked = { code: 'pathBlocked', role: 'longLeaper', from: 'a1', to: 'h8', at: 'c3', blocker: 'immobilizer', blockerOwner: 'black', behind: null } as const;
    expect(describeProblem({ ...blocked, obstacle: 'notALongLeaper' })).toMatch(/la pièce en c3 est un immobilisateur\.$/);
    expect(describeProblem({ ...blocked, obstacle: 'twoInARow' })).toMatch(/par-dessus l’immobilisateur en c3, sans case vide derrière\.$/);
    expect(describeProblem({ ...blocked, obstacle: 'secondLeap' })).toMatch(/dans les règles de 1962, il ne saute qu’une pièce par coup, et l’immobilisateur en c3 serait la deuxième\.$/);
    // English takes "an" before a vowel, from the same forms.
    await i18n.changeLanguage('en');
    expect(describeProblem({ ...blocked, obstacle: 'notALongLeaper' })).toMatch(/the piece on c3 is an immobilizer\.$/);
  });
});
