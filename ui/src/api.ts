// The one door to the Rust side. The generated bindings answer `{status, data | error}`; here
// that becomes a plain value or a thrown `ApiError`, so screens use try/catch and never forget
// to look at an error. Pushed updates (the bot's moves) come through one channel: `watchGames`.

import { Channel } from '@tauri-apps/api/core';
import {
  commands,
  type AppError,
  type BoardView,
  type ErrorKind,
  type FinishedPage,
  type GameEvent,
  type GameView,
  type NewGame,
  type PageCursor,
  type Problem,
  type Reading,
  type ReadingExample,
  type Settings,
  type Startup,
} from './bindings';
import { t } from './i18n';
import { describeProblem } from './problems';

/** A refusal or failure the Rust side reported: its kind, and the problem as a code. */
export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly problem: Problem;

  constructor(error: AppError) {
    // The message is for logs and developers; the player reads `describeProblem(problem)`.
    super(error.problem.code);
    this.name = 'ApiError';
    this.kind = error.kind;
    this.problem = error.problem;
  }
}

/** A failure inside the IPC layer itself (a panic, a command missing from the build). */
export class IpcFailure extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'IpcFailure';
  }
}

type Answer<T> = { status: 'ok'; data: T } | { status: 'error'; error: AppError };

export async function unwrap<T>(answer: Promise<Answer<T>>): Promise<T> {
  const settled = await answer;
  if (settled.status === 'ok') return settled.data;
  // The bindings type the error as AppError, but a failure inside the IPC layer arrives as a
  // bare string.
  const error: unknown = settled.error;
  if (isAppError(error)) throw new ApiError(error);
  throw new IpcFailure(typeof error === 'string' ? error : '');
}

export function isAppError(value: unknown): value is AppError {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, problem } = value as { kind?: unknown; problem?: unknown };
  return typeof kind === 'string' && typeof problem === 'object' && problem !== null && typeof (problem as { code?: unknown }).code === 'string';
}

/** How many finished games the home screen asks for at a time. */
export const FINISHED_PAGE = 50;

export const api = {
  startUp: (): Promise<Startup> => unwrap(commands.startUp()),
  /** Registers the one channel the Rust side pushes game updates through; call once. */
  watchGames: async (onEvent: (event: GameEvent) => void): Promise<void> => {
    const channel = new Channel<GameEvent>();
    channel.onmessage = onEvent;
    await unwrap(commands.watchGames(channel));
  },
  newGame: (request: NewGame): Promise<GameView> => unwrap(commands.newGame(request)),
  rematch: (gameId: string): Promise<GameView> => unwrap(commands.rematch(gameId)),
  /** The play screen shows the game in progress: the Rust side resumes the bot if it is its move. */
  openGame: (gameId: string): Promise<GameView> => unwrap(commands.openGame(gameId)),
  playMove: (gameId: string, from: string, to: string): Promise<GameView> =>
    unwrap(commands.playMove(gameId, from, to)),
  takeBack: (gameId: string): Promise<GameView> => unwrap(commands.takeBack(gameId)),
  answerTakeBack: (gameId: string, accept: boolean): Promise<GameView> => unwrap(commands.answerTakeBack(gameId, accept)),
  /** The side the Rust side says may resign does (the player against the bot; the side to move between friends). */
  resign: (gameId: string): Promise<GameView> => unwrap(commands.resign(gameId)),
  offerDraw: (gameId: string): Promise<GameView> => unwrap(commands.offerDraw(gameId)),
  answerDraw: (gameId: string, accept: boolean): Promise<GameView> => unwrap(commands.answerDraw(gameId, accept)),
  leaveGame: async (gameId: string): Promise<void> => {
    await unwrap(commands.leaveGame(gameId));
  },
  boardAt: (gameId: string, ply: number): Promise<BoardView> => unwrap(commands.boardAt(gameId, ply)),
  finishedGame: (gameId: string): Promise<GameView> => unwrap(commands.finishedGame(gameId)),
  /** The game (in progress or finished) as text to copy and share: tag pairs, the moves, the result. */
  gameText: (gameId: string): Promise<string> => unwrap(commands.gameText(gameId)),
  /** Finished games, newest first, after `before` (the `next` of the page before). */
  finishedGames: (before: PageCursor | null, limit = FINISHED_PAGE): Promise<FinishedPage> =>
    unwrap(commands.finishedGames(before, limit)),
  setSettings: (settings: Settings): Promise<Settings> => unwrap(commands.setSettings(settings)),
  /** A reading's rules page's small boards: each difference from 1963, by it and by 1963. */
  readingExamples: (reading: Reading): Promise<ReadingExample[]> => unwrap(commands.readingExamples(reading)),
};

/** A search stopped on purpose is not a failure (the Rust side no longer sends these; kept so an
 * older one's answer is not shown). */
export function isCancelled(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'cancelled';
}

/** Words for any failure: the problem in the catalogue's words, or what the webview said. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return describeProblem(error.problem);
  if (isAppError(error)) return describeProblem(error.problem);
  if (error instanceof IpcFailure) return error.detail || t('failure.ipc');
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return t('failure.silent');
}
