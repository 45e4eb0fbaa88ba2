// The one door to the Rust side. The generated bindings answer `{status, data | error}`; here
// that becomes a plain value or a thrown `ApiError`, so screens use try/catch and never forget
// to look at an error.

import {
  commands,
  type AppError,
  type BoardView,
  type ErrorKind,
  type FinishedSummary,
  type GameView,
  type NewGame,
  type Settings,
  type Side,
  type Startup,
} from './bindings';
import { t } from './i18n';
import { describeNotice, describeProblem, type Notice, type Problem } from './problems';

/** An error the Rust side reported: its kind, and the problem in codes for the catalogue. */
export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly problem: Problem | undefined;

  constructor(error: AppError) {
    const problem = problemOf(error);
    super(problem ? problem.code : legacyMessage(error));
    this.name = 'ApiError';
    this.kind = error.kind;
    this.problem = problem;
  }
}

/** Today's bindings still carry a sentence; the new ones a `problem`. Both are read. */
function problemOf(error: AppError): Problem | undefined {
  const problem: unknown = (error as { problem?: unknown }).problem;
  return isCoded(problem) ? (problem as Problem) : undefined;
}

function legacyMessage(error: AppError): string {
  const message: unknown = (error as { message?: unknown }).message;
  return typeof message === 'string' ? message : '';
}

function isCoded(value: unknown): value is { code: string } {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}

type Answer<T> = { status: 'ok'; data: T } | { status: 'error'; error: AppError };

/** A failure inside the IPC layer itself (a panic, a command missing from the build). */
export class IpcFailure extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'IpcFailure';
  }
}

export async function unwrap<T>(answer: Promise<Answer<T>>): Promise<T> {
  const settled = await answer;
  if (settled.status === 'ok') return settled.data;
  // The bindings type the error as AppError, but a failure inside the IPC layer arrives as a
  // bare string.
  const error: unknown = settled.error;
  if (isAppError(error)) throw new ApiError(error);
  throw new IpcFailure(typeof error === 'string' ? error : '');
}

function isAppError(value: unknown): value is AppError {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, message, problem } = value as { kind?: unknown; message?: unknown; problem?: unknown };
  return typeof kind === 'string' && (typeof message === 'string' || isCoded(problem));
}

export const api = {
  startUp: (): Promise<Startup> => unwrap(commands.startUp()),
  newGame: (request: NewGame): Promise<GameView> => unwrap(commands.newGame(request)),
  rematch: (gameId: string): Promise<GameView> => unwrap(commands.rematch(gameId)),
  playMove: (gameId: string, from: string, to: string): Promise<GameView> =>
    unwrap(commands.playMove(gameId, from, to)),
  /** Resolves once the bot has moved; throws an `ApiError` of kind `cancelled` if it was stopped. */
  botMove: (gameId: string): Promise<GameView> => unwrap(commands.botMove(gameId)),
  takeBack: (gameId: string): Promise<GameView> => unwrap(commands.takeBack(gameId)),
  resign: (gameId: string, side: Side): Promise<GameView> => unwrap(commands.resign(gameId, side)),
  agreeDraw: (gameId: string): Promise<GameView> => unwrap(commands.agreeDraw(gameId)),
  leaveGame: async (gameId: string): Promise<void> => {
    await commands.leaveGame(gameId);
  },
  boardAt: (gameId: string, ply: number): Promise<BoardView> => unwrap(commands.boardAt(gameId, ply)),
  finishedGame: (gameId: string): Promise<GameView> => unwrap(commands.finishedGame(gameId)),
  finishedGames: (): Promise<FinishedSummary[]> => unwrap(commands.finishedGames()),
  setSettings: (settings: Settings): Promise<Settings> => unwrap(commands.setSettings(settings)),
};

/** The bot's search was stopped on purpose (take-back, new game, leaving): nothing to show. */
export function isCancelled(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'cancelled';
}

/** Words for any failure: the problem in the catalogue's words, or what the webview said. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.problem ? describeProblem(error.problem) : error.message || t('failure.silent');
  if (error instanceof IpcFailure) return error.detail || t('failure.ipc');
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return t('failure.silent');
}

/** Words for a start-up notice: a code for the catalogue (today's bindings: still a sentence). */
export function noticeMessage(notice: Notice | string): string {
  return typeof notice === 'string' ? notice : describeNotice(notice);
}
