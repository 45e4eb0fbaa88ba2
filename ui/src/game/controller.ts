// A game being played, without the DOM: the game as the Rust side last described it, one request
// at a time, the bot thinking, and which answers are stale. Views of the game may arrive at any
// time (`receive`): as the answer to the player's own request, or pushed by the Rust side (the
// bot's move, and later a remote opponent's). Used by the play screen; the course and puzzle
// screens drive their games through the same class with a backend of their own.

import type { GameView, PlyView, Side } from '../bindings';
import { isCancelled } from '../api';

/** The bot's answer is shown no sooner than this after the player's move: an instant reply feels abrupt. */
export const MIN_THINKING_MS = 400;

/** What the controller asks of the Rust side; each request answers with the game as it is after it. */
export interface GameBackend {
  playMove(gameId: string, from: string, to: string): Promise<GameView>;
  takeBack(gameId: string): Promise<GameView>;
  resign(gameId: string, side: Side): Promise<GameView>;
  agreeDraw(gameId: string): Promise<GameView>;
  /**
   * Asks the bot to move. Today's bindings need the UI to ask; once the Rust side starts the
   * bot's turn itself and pushes the result (`receive`), a backend leaves this out.
   */
  botMove?(gameId: string): Promise<GameView>;
}

/** What changed when a newer view of the game was taken. */
export type GameChange =
  /** A move was played (by anyone); `ended` when it ended the game. */
  | { kind: 'moved'; ply: PlyView; ended: boolean }
  /** The game ended without a move (resignation, agreement, time). */
  | { kind: 'ended' }
  /** Anything else: a take-back, the same position again. */
  | { kind: 'other' };

export interface GameHost {
  /** Draw the page again: the controller's state changed. */
  redraw(): void;
  /** A newer view was taken (after the state changed, before the redraw). */
  changed(change: GameChange, game: GameView): void;
  /** A request failed; `cancelled` bot searches are not reported. */
  failed(error: unknown): void;
  /** A request of the player's succeeded (a shown error may go). */
  succeeded(): void;
  /** A newer view of this game, also after the screen closed: the Rust side has saved it, so the
   * app's game in progress must become it (Continue must show it, not the view before it). */
  remember(game: GameView): void;
}

export interface GameControllerOptions {
  /** Milliseconds since some start; a clock of the test's own in tests. */
  now?: () => number;
}

/** Compares the Rust side's revision of two views of one game, when the views carry one. */
export function isNewer(next: GameView, current: GameView): boolean {
  const revision = (view: GameView): number | undefined => {
    const value: unknown = (view as { revision?: unknown }).revision;
    return typeof value === 'number' ? value : undefined;
  };
  const a = revision(next);
  const b = revision(current);
  return a === undefined || b === undefined || a > b;
}

export class GameController {
  game: GameView;
  /** A request of the player's is on its way: a second one is refused until it is answered. */
  busy = false;
  /** The bot is thinking (it is its move and its answer has not come). */
  thinking = false;
  /** Bumped by every view taken: an answer to a request made before is stale. */
  version = 0;

  private closed = false;
  private botRun = 0;
  /** When the player's last move was taken, to pace the bot's answer. */
  private ownMoveAt = Number.NEGATIVE_INFINITY;
  /** A bot's answer held back until MIN_THINKING_MS have passed. */
  private held: { view: GameView; timer: ReturnType<typeof setTimeout> } | undefined;
  private readonly now: () => number;

  constructor(
    initial: GameView,
    private readonly backend: GameBackend,
    private readonly host: GameHost,
    options: GameControllerOptions = {},
  ) {
    this.game = initial;
    this.now = options.now ?? (() => Date.now());
  }

  /** Starts what the game needs once shown: the bot's turn, when the UI must ask for it. */
  start(): void {
    if (this.game.botToMove && this.game.result === null) void this.runBot();
  }

  /** The screen went away: answers still arriving only update the app's game in progress. */
  close(): void {
    this.closed = true;
    this.botRun++;
    if (this.held) {
      clearTimeout(this.held.timer);
      this.host.remember(this.held.view);
      this.held = undefined;
    }
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** The game has ended. */
  get over(): boolean {
    return this.game.result !== null;
  }

  /**
   * A view of the game from the Rust side, whenever it comes. A view of another game, or one
   * older than the shown one, is not taken.
   */
  receive(next: GameView): void {
    if (next.id !== this.game.id) return;
    if (this.closed) {
      this.host.remember(next);
      return;
    }
    const shown = this.held?.view ?? this.game;
    if (!isNewer(next, shown) && !isNewer(next, this.game)) return;
    const wait = this.botAnswer(next) ? MIN_THINKING_MS - (this.now() - this.ownMoveAt) : 0;
    if (this.held) clearTimeout(this.held.timer);
    this.held = undefined;
    if (wait > 0) {
      const timer = setTimeout(() => {
        this.held = undefined;
        this.take(next);
      }, wait);
      this.held = { view: next, timer };
      return;
    }
    this.take(next);
  }

  /** The Rust side says the bot is thinking about this game (pushed updates). */
  botThinking(gameId: string): void {
    if (gameId !== this.game.id || this.closed) return;
    this.thinking = true;
    this.host.redraw();
  }

  /** The Rust side says the bot's turn failed (pushed updates). */
  botFailed(gameId: string, error: unknown): void {
    if (gameId !== this.game.id || this.closed) return;
    this.thinking = false;
    if (!isCancelled(error)) this.host.failed(error);
    this.host.redraw();
  }

  play(from: string, to: string): Promise<boolean> {
    return this.act(() => this.backend.playMove(this.game.id, from, to), true);
  }

  takeBack(): Promise<boolean> {
    return this.act(() => this.backend.takeBack(this.game.id));
  }

  resign(side: Side): Promise<boolean> {
    return this.act(() => this.backend.resign(this.game.id, side));
  }

  agreeDraw(): Promise<boolean> {
    return this.act(() => this.backend.agreeDraw(this.game.id));
  }

  /** Runs one request that answers with the game, one at a time, and reports any failure. */
  private async act(request: () => Promise<GameView>, ownMove = false): Promise<boolean> {
    if (this.busy) {
      this.host.redraw(); // a second move made on the board before the first was answered goes back
      return false;
    }
    this.busy = true;
    try {
      const next = await request();
      if (this.closed) {
        this.host.remember(next);
        return true;
      }
      if (ownMove) this.ownMoveAt = this.now();
      this.host.succeeded();
      this.receive(next);
      return true;
    } catch (error) {
      if (!this.closed) {
        if (!isCancelled(error)) this.host.failed(error);
        this.host.redraw(); // puts back a piece the board moved ahead of the refusal
      }
      return false;
    } finally {
      this.busy = false;
    }
  }

  /** A view in which the bot has just moved, in answer to the player. */
  private botAnswer(next: GameView): boolean {
    const last = next.plies[next.plies.length - 1];
    const opponent = next.opponent;
    return opponent.kind === 'bot' && next.plies.length > this.game.plies.length && last?.side === opponent.botSide;
  }

  private take(next: GameView): void {
    const before = this.game;
    this.game = next;
    this.version++;
    this.host.remember(next);
    const played = next.plies.length > before.plies.length;
    const ended = next.result !== null && before.result === null;
    const last = next.plies[next.plies.length - 1];
    if (!next.botToMove || next.result !== null) this.thinking = false;
    const change: GameChange = played && last ? { kind: 'moved', ply: last, ended } : ended ? { kind: 'ended' } : { kind: 'other' };
    this.host.changed(change, next);
    this.host.redraw();
    if (next.botToMove && next.result === null) void this.runBot();
  }

  /** Today's bindings: asks the bot to move and takes its answer, unless the game moved on. */
  private async runBot(): Promise<void> {
    const botMove = this.backend.botMove?.bind(this.backend);
    if (!botMove) return;
    const run = ++this.botRun;
    const startedAt = this.version;
    this.thinking = true;
    this.host.redraw();
    try {
      const next = await botMove(this.game.id);
      if (this.closed) {
        this.host.remember(next);
        return;
      }
      if (run !== this.botRun) return;
      // The game changed meanwhile (a take-back): that newer view stands.
      if (this.version !== startedAt) return;
      this.receive(next);
    } catch (error) {
      if (this.closed || run !== this.botRun) return;
      this.thinking = false;
      if (isCancelled(error)) {
        // Nothing changed here, so the stop came from outside: the `leaveGame` of the screen
        // before this one (a rematch) can reach the Rust side after this search began. Ask again.
        if (this.version === startedAt && this.game.botToMove) return this.runBot();
      } else {
        this.host.failed(error);
      }
      this.host.redraw();
    }
  }
}
