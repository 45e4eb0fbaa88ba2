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

/** An error the Rust side reported; `message` is a sentence for the player. */
export class ApiError extends Error {
  readonly kind: ErrorKind;

  constructor(error: AppError) {
    super(error.message);
    this.name = 'ApiError';
    this.kind = error.kind;
  }
}

type Answer<T> = { status: 'ok'; data: T } | { status: 'error'; error: AppError };

export async function unwrap<T>(answer: Promise<Answer<T>>): Promise<T> {
  const settled = await answer;
  if (settled.status === 'ok') return settled.data;
  // The bindings type the error as AppError, but a failure inside the IPC layer itself (a
  // panic, a command missing from the build) arrives as a bare string.
  const error: unknown = settled.error;
  if (isAppError(error)) throw new ApiError(error);
  throw new Error(typeof error === 'string' && error ? error : 'The app failed without saying why.');
}

function isAppError(value: unknown): value is AppError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string' &&
    typeof (value as { kind?: unknown }).kind === 'string'
  );
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

/** Words for any failure: the Rust side's sentence, or what the webview said. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Something went wrong, and the app was not told what.';
}
