import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorMessage, isCancelled } from './api';
import type { AppError, GameView, Settings } from './bindings';

const game: GameView = {
  id: 'g1',
  revision: 1,
  opponent: { kind: 'friend', turnBoard: false },
  board: { pieces: [], frozen: [], check: null, lastMove: null, turn: 'black', ply: 1 },
  legalMoves: [],
  plies: [],
  result: null,
  botToMove: false,
  clock: null,
  drawOffer: null,
  takeBackRequest: null,
  mayAct: { play: 'black', resign: 'black', offerDraw: 'black', answerDraw: null, takeBack: null, answerTakeBack: null },
};

const settings: Settings = {
  pieceSet: 'emblems',
  boardTheme: 'wood',
  sound: true,
  showLegalMoves: true,
  showCoordinates: true,
  animation: 'normal',
  defaultLevel: 'novice',
  showEvalBar: false,
  language: 'en',
};

let calls: { cmd: string; args: unknown }[] = [];

function answer(handler: (cmd: string, args: unknown) => unknown): void {
  mockIPC((cmd, args) => {
    calls.push({ cmd, args });
    return handler(cmd, args);
  });
}

beforeEach(() => {
  // The bindings talk to `window.__TAURI_INTERNALS__`; these tests run in Node.
  vi.stubGlobal('window', globalThis);
  calls = [];
});

afterEach(() => {
  clearMocks();
  vi.unstubAllGlobals();
});

describe('api', () => {
  it('calls the Rust command by its name with camelCase arguments and returns its data', async () => {
    answer(() => game);
    await expect(api.playMove('g1', 'e2', 'e5')).resolves.toEqual(game);
    expect(calls).toEqual([{ cmd: 'play_move', args: { gameId: 'g1', from: 'e2', to: 'e5' } }]);
  });

  it('throws an ApiError with the Rust side’s kind and problem, worded by the catalogue', async () => {
    const refusal: AppError = { kind: 'illegalMove', problem: { code: 'noPiece', square: 'e2' } };
    answer(() => {
      throw refusal;
    });
    const error = await api.playMove('g1', 'e2', 'e4').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).problem).toEqual({ code: 'noPiece', square: 'e2' });
    expect((error as ApiError).kind).toBe('illegalMove');
    expect(errorMessage(error)).toBe('There is no piece on e2.');
    expect(isCancelled(error)).toBe(false);
  });

  it('resigns and offers draws without naming a side: the Rust side says who may', async () => {
    answer(() => game);
    await api.resign('g1');
    await api.offerDraw('g1');
    await api.answerDraw('g1', true);
    expect(calls).toEqual([
      { cmd: 'resign', args: { gameId: 'g1' } },
      { cmd: 'offer_draw', args: { gameId: 'g1' } },
      { cmd: 'answer_draw', args: { gameId: 'g1', accept: true } },
    ]);
  });

  it('registers one channel for pushed updates and hands its messages over', async () => {
    let channel: { onmessage(event: unknown): void } | undefined;
    answer((_cmd, args) => {
      channel = (args as { channel: { onmessage(event: unknown): void } }).channel;
      return null;
    });
    const events: unknown[] = [];
    await api.watchGames((event) => events.push(event));
    expect(calls[0]?.cmd).toBe('watch_games');
    channel?.onmessage({ kind: 'botThinking', gameId: 'g1' });
    expect(events).toEqual([{ kind: 'botThinking', gameId: 'g1' }]);
  });

  it('asks for finished games a page at a time', async () => {
    answer(() => ({ games: [], next: null, unreadable: 0 }));
    await api.finishedGames({ endedAt: 5, id: 'g9' });
    expect(calls[0]).toEqual({ cmd: 'finished_games', args: { before: { endedAt: 5, id: 'g9' }, limit: 50 } });
  });

  it('turns a bare string from the IPC layer into an error that says it', async () => {
    answer(() => {
      throw 'command set_settings not found';
    });
    const error = await api.setSettings({ ...settings, sound: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(errorMessage(error)).toBe('command set_settings not found');
  });

  it('hands over the settings and the notices at start-up', async () => {
    answer(() => ({ settings, current: null, finished: { games: [], next: null, unreadable: 0 }, notices: [{ code: 'startedFresh' }], readOnly: false }));
    const startup = await api.startUp();
    expect(startup.settings.pieceSet).toBe('emblems');
    expect(startup.notices).toEqual([{ code: 'startedFresh' }]);
    expect(calls[0]?.cmd).toBe('start_up');
  });

  it('sends the new settings and answers with what was saved', async () => {
    answer((_cmd, args) => (args as { settings: Settings }).settings);
    const saved = await api.setSettings({ ...settings, pieceSet: 'chess' });
    expect(saved.pieceSet).toBe('chess');
    expect(calls[0]?.cmd).toBe('set_settings');
  });

  it('leaves the game without an answer to unwrap', async () => {
    answer(() => null);
    await expect(api.leaveGame("g1")).resolves.toBeUndefined();
    expect(calls[0]?.cmd).toBe('leave_game');
  });

  it('asks for a board by ply', async () => {
    answer(() => game.board);
    await expect(api.boardAt('g1', 3)).resolves.toEqual(game.board);
    expect(calls[0]).toEqual({ cmd: 'board_at', args: { gameId: 'g1', ply: 3 } });
  });
});
