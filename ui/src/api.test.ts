import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorMessage, isCancelled } from './api';
import type { AppError, GameView, Settings } from './bindings';

const game: GameView = {
  id: 'g1',
  opponent: { kind: 'friend', turnBoard: false },
  board: { pieces: [], frozen: [], check: null, lastMove: null, turn: 'black', ply: 1 },
  legalMoves: [],
  plies: [],
  result: null,
  botToMove: false,
  canTakeBack: false,
};

const settings: Settings = {
  pieceSet: 'emblems',
  boardTheme: 'wood',
  sound: true,
  showLegalMoves: true,
  showCoordinates: true,
  animation: 'normal',
  defaultLevel: 'novice',
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

  it('throws an ApiError with the Rust side’s sentence and kind', async () => {
    const refusal: AppError = { kind: 'illegalMove', message: 'There is no piece on e2' };
    answer(() => {
      throw refusal;
    });
    const error = await api.playMove('g1', 'e2', 'e4').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('There is no piece on e2');
    expect((error as ApiError).kind).toBe('illegalMove');
    expect(errorMessage(error)).toBe('There is no piece on e2');
    expect(isCancelled(error)).toBe(false);
  });

  it('recognises a bot search that was stopped', async () => {
    answer(() => {
      throw { kind: 'cancelled', message: 'The game changed while the bot was thinking.' } satisfies AppError;
    });
    const error = await api.botMove('g1').catch((e: unknown) => e);
    expect(isCancelled(error)).toBe(true);
    expect(calls[0]).toEqual({ cmd: 'bot_move', args: { gameId: 'g1' } });
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
    answer(() => ({ settings, current: null, finished: [], notices: ['The save file was repaired.'] }));
    const startup = await api.startUp();
    expect(startup.settings.pieceSet).toBe('emblems');
    expect(startup.notices).toEqual(['The save file was repaired.']);
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
