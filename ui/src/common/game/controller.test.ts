import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api';
import type { GameView, MayAct, PlyView } from '../../bindings';
import { GameController, type GameBackend, type GameChange, type GameHost } from './controller';

const ply = (side: PlyView['side']): PlyView => ({
  from: 'a2',
  to: 'a3',
  captures: [],
  side,
  role: 'pawn',
  removal: false,
  mark: 'none',
});

const NOBODY: MayAct = { play: null, resign: null, offerDraw: null, answerDraw: null, takeBack: null, answerTakeBack: null };

/** A game against the bot (Black) after `plies` plies; White, the player, moves on even plies.
 * Its revision is its ply count unless told otherwise. */
function view(plies: number, extra: Partial<GameView> = {}): GameView {
  const turn = plies % 2 === 0 ? 'white' : 'black';
  return {
    id: 'g1',
    revision: plies,
    opponent: { kind: 'bot', level: 'casual', botSide: 'black' },
    board: { pieces: [], frozen: [], check: null, lastMove: null, turn, ply: plies },
    legalMoves: turn === 'white' ? [{ from: 'a2', to: 'a3', captures: [] }] : [],
    plies: Array.from({ length: plies }, (_, i) => ply(i % 2 === 0 ? 'white' : 'black')),
    result: null,
    botToMove: turn === 'black',
    clock: null,
    drawOffer: null,
    takeBackRequest: null,
    mayAct: { ...NOBODY, play: turn === 'white' ? 'white' : null, resign: 'white', takeBack: plies > 0 ? 'white' : null },
    ...extra,
  };
}

/** A game between friends after `plies` plies. */
function friends(plies: number, extra: Partial<GameView> = {}): GameView {
  const turn = plies % 2 === 0 ? 'white' : 'black';
  return view(plies, {
    opponent: { kind: 'friend', turnBoard: false },
    botToMove: false,
    mayAct: { ...NOBODY, play: turn, resign: turn, offerDraw: turn },
    ...extra,
  });
}

/** A promise with its resolve/reject at hand: the test decides when the Rust side answers. */
function deferred<T>(): { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface Recorded {
  changes: GameChange[];
  failures: unknown[];
  remembered: GameView[];
  redraws: number;
}

function host(): GameHost & Recorded {
  const recorded: Recorded = { changes: [], failures: [], remembered: [], redraws: 0 };
  return Object.assign(recorded, {
    redraw: () => void recorded.redraws++,
    changed: (change: GameChange) => void recorded.changes.push(change),
    failed: (error: unknown) => void recorded.failures.push(error),
    succeeded: () => undefined,
    remember: (game: GameView) => void recorded.remembered.push(game),
  });
}

function backend(overrides: Partial<GameBackend> = {}): GameBackend {
  const refuse = (): Promise<GameView> => Promise.reject(new Error('not expected in this test'));
  return { playMove: refuse, takeBack: refuse, resign: refuse, offerDraw: refuse, answerDraw: refuse, ...overrides };
}

describe('GameController', () => {
  it('takes the answer to the player’s move and reports the move played', async () => {
    const answer = view(1);
    const recorded = host();
    const game = new GameController(view(0), backend({ playMove: () => Promise.resolve(answer) }), recorded);
    await expect(game.play('a2', 'a3')).resolves.toBe(true);
    expect(game.game).toBe(answer);
    expect(game.thinking).toBe(true);
    expect(recorded.changes).toEqual([{ kind: 'moved', ply: answer.plies[0], ended: false }]);
    expect(recorded.remembered).toEqual([answer]);
  });

  it('refuses a second request while the first is on its way, and redraws to put the piece back', async () => {
    const first = deferred<GameView>();
    const playMove = vi.fn(() => first.promise);
    const recorded = host();
    const game = new GameController(view(0), backend({ playMove }), recorded);
    const one = game.play('a2', 'a3');
    expect(game.busy).toBe(true);
    const redrawsBefore = recorded.redraws;
    await expect(game.play('b2', 'b3')).resolves.toBe(false);
    expect(recorded.redraws).toBe(redrawsBefore + 1);
    expect(playMove).toHaveBeenCalledTimes(1);
    first.resolve(view(1));
    await expect(one).resolves.toBe(true);
    expect(game.busy).toBe(false);
  });

  it('reports a refusal and keeps the game as it was', async () => {
    const refusal = new ApiError({ kind: 'illegalMove', problem: { code: 'noPiece', square: 'a4' } });
    const recorded = host();
    const start = view(0);
    const game = new GameController(start, backend({ playMove: () => Promise.reject(refusal) }), recorded);
    await expect(game.play('a4', 'a5')).resolves.toBe(false);
    expect(recorded.failures).toEqual([refusal]);
    expect(game.game).toBe(start);
  });

  it('takes the bot’s move pushed at any time, even before the answer to the player’s move', async () => {
    const answer = deferred<GameView>();
    const recorded = host();
    const game = new GameController(view(0), backend({ playMove: () => answer.promise }), recorded);
    const played = game.play('a2', 'a3');
    // The bot was quick: its move arrives on the channel before play_move's answer.
    game.event({ kind: 'changed', game: view(2) });
    expect(game.game.plies).toHaveLength(2);
    answer.resolve(view(1));
    await played;
    expect(game.game.plies).toHaveLength(2);
    expect(game.thinking).toBe(false);
  });

  it('takes a view only when it is newer and of this game', () => {
    const recorded = host();
    const game = new GameController(view(1, { revision: 5 }), backend(), recorded);
    game.receive(view(2, { id: 'other', revision: 9 }));
    game.receive(view(0, { revision: 4 }));
    game.receive(view(1, { revision: 5 }));
    expect(game.game.revision).toBe(5);
    expect(recorded.changes).toEqual([]);
    // A take-back has fewer plies, and a higher revision: it is newer.
    const takenBack = view(0, { revision: 6 });
    game.receive(takenBack);
    expect(game.game).toBe(takenBack);
    expect(recorded.changes).toEqual([{ kind: 'other' }]);
  });

  it('reports the bot’s failed turn pushed by the Rust side', () => {
    const recorded = host();
    const game = new GameController(view(1), backend(), recorded);
    const error = { kind: 'badRequest', problem: { code: 'botFailed' } } as const;
    game.event({ kind: 'failed', gameId: 'other', error });
    expect(recorded.failures).toEqual([]);
    game.event({ kind: 'failed', gameId: 'g1', error });
    expect(recorded.failures).toEqual([error]);
  });

  it('opens a game still being played when shown (the Rust side resumes the bot), not a finished one', async () => {
    const openGame = vi.fn(() => Promise.resolve(view(1, { revision: 3 })));
    const game = new GameController(view(1), backend({ openGame }), host());
    await game.start();
    expect(openGame).toHaveBeenCalledWith('g1');
    expect(game.game.revision).toBe(3);
    const finished = new GameController(view(2, { result: { kind: 'draw', reason: 'agreement' } }), backend({ openGame }), host());
    await finished.start();
    expect(openGame).toHaveBeenCalledTimes(1);
  });

  it('after the screen closed, only remembers what still arrives', async () => {
    const answer = deferred<GameView>();
    const recorded = host();
    const game = new GameController(view(0), backend({ playMove: () => answer.promise }), recorded);
    const played = game.play('a2', 'a3');
    game.close();
    const late = view(1);
    answer.resolve(late);
    await played;
    game.event({ kind: 'changed', game: view(2) });
    expect(recorded.remembered.map((seen) => seen.revision)).toEqual([1, 2]);
    expect(recorded.changes).toEqual([]);
    expect(game.game.revision).toBe(0);
  });

  it('says when a request ended the game; the seats come from the Rust side', async () => {
    const resigned = view(0, { revision: 1, result: { kind: 'win', winner: 'black', reason: 'resignation' }, legalMoves: [], mayAct: NOBODY });
    const recorded = host();
    const game = new GameController(view(0), backend({ resign: () => Promise.resolve(resigned) }), recorded);
    expect(game.seat('resign')).toBe('white');
    await game.resign();
    expect(recorded.changes).toEqual([{ kind: 'ended' }]);
    expect(game.over).toBe(true);
    expect(game.seat('resign')).toBeNull();
  });

  it('agrees a draw between friends: the side to move offers, the other accepts', async () => {
    const calls: string[] = [];
    const drawn = friends(4, { revision: 6, result: { kind: 'draw', reason: 'agreement' }, mayAct: NOBODY });
    const game = new GameController(
      friends(4),
      backend({
        offerDraw: () => {
          calls.push('offer');
          return Promise.resolve(friends(4, { revision: 5, drawOffer: 'white', mayAct: { ...NOBODY, answerDraw: 'black' } }));
        },
        answerDraw: (_id, accept) => {
          calls.push(`answer ${accept}`);
          return Promise.resolve(drawn);
        },
      }),
      host(),
    );
    await expect(game.agreeDraw()).resolves.toBe(true);
    expect(calls).toEqual(['offer', 'answer true']);
    expect(game.game).toBe(drawn);
  });

  it('accepts an offer already open instead of making one, and declines only an open offer', async () => {
    const answerDraw = vi.fn((_id: string, accept: boolean) =>
      Promise.resolve(friends(4, { revision: 6, result: accept ? { kind: 'draw', reason: 'agreement' } : null })),
    );
    const open = friends(4, { revision: 5, drawOffer: 'white', mayAct: { ...NOBODY, answerDraw: 'black' } });
    const game = new GameController(open, backend({ answerDraw }), host());
    await game.agreeDraw();
    expect(answerDraw).toHaveBeenCalledWith('g1', true);

    const none = new GameController(friends(4), backend({ answerDraw }), host());
    await expect(none.declineDraw()).resolves.toBe(true);
    expect(answerDraw).toHaveBeenCalledTimes(1);
  });
});
