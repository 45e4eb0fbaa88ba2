// A game being played, without the DOM: the game as the Rust side last described it, one request
// at a time, the bot thinking, and which answers are stale. Views of the game may arrive at any
// time (`receive`): as the answer to the player's own request, or pushed by the Rust side (the
// bot's move, and later a remote opponent's). Used by the play screen; the course and puzzle
// screens drive their games through the same class with a backend of their own.

import type { Color, GameEvent, GameView, PlyView } from '../../bindings';
import { isCancelled } from '../../api';

/** What the controller asks of the Rust side; each request answers with the game as it is after it. */
export interface GameBackend {
  playMove(gameId: string, from: string, to: string): Promise<GameView>;
  takeBack(gameId: string): Promise<GameView>;
  /** The seat the Rust side says may resign does. */
  resign(gameId: string): Promise<GameView>;
  offerDraw(gameId: string): Promise<GameView>;
  answerDraw(gameId: string, accept: boolean): Promise<GameView>;
  /**
   * The game is shown (again): the Rust side resumes the bot if it is its move. Left out by a
   * backend with nothing to resume (a puzzle checked in the UI).
   */
  openGame?(gameId: string): Promise<GameView>;
}

/** What changed when a newer view of the game was taken. */
export type GameChange =
  /** A move was played (by anyone); `ended` when it ended the game. */
  | { kind: 'moved'; ply: PlyView; ended: boolean }
  /** The game ended without a move (resignation, agreement, time). */
  | { kind: 'ended' }
  /** Anything else: a take-back, an offer. */
  | { kind: 'other' };

export interface GameHost {
  /** Draw the page again: the controller's state changed. */
  redraw(): void;
  /** A newer view was taken (after the state changed, before the redraw). */
  changed(change: GameChange, game: GameView): void;
  /** A request failed, or the bot's turn did. */
  failed(error: unknown): void;
  /** A request of the player's succeeded (a shown error may go). */
  succeeded(): void;
  /** A newer view of this game, also after the screen closed: the Rust side has saved it, so the
   * app's game in progress must become it (Continue must show it, not the view before it). */
  remember(game: GameView): void;
}

/** Of two views of one game, the one with the higher revision is newer: a request's answer and a
 * pushed update may arrive in either order. */
export function isNewer(next: GameView, current: GameView): boolean {
  return next.revision > current.revision;
}

export class GameController {
  game: GameView;
  /** A request of the player's is on its way: a second one is refused until it is answered. */
  busy = false;

  private closed = false;

  constructor(
    initial: GameView,
    private readonly backend: GameBackend,
    private readonly host: GameHost,
  ) {
    this.game = initial;
  }

  /** The bot is thinking: it is its move, and the view with its move has not come yet. */
  get thinking(): boolean {
    return this.game.botToMove && this.game.result === null;
  }

  /** The game has ended. */
  get over(): boolean {
    return this.game.result !== null;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** The game is shown: a game still being played is opened on the Rust side (the bot resumes). */
  async start(): Promise<void> {
    const open = this.backend.openGame?.bind(this.backend);
    if (!open || this.over) return;
    try {
      this.receive(await open(this.game.id));
    } catch (error) {
      if (!this.closed) this.host.failed(error);
    }
  }

  /** The screen went away: views still arriving only update the app's game in progress. */
  close(): void {
    this.closed = true;
  }

  /** An update the Rust side pushed: the bot moved or is thinking, or its turn failed. */
  event(event: GameEvent): void {
    switch (event.kind) {
      case 'changed':
        this.receive(event.game);
        break;
      case 'botThinking':
        if (event.gameId === this.game.id && !this.closed) this.host.redraw();
        break;
      case 'failed':
        if (event.gameId === this.game.id && !this.closed) {
          this.host.failed(event.error);
          this.host.redraw();
        }
        break;
    }
  }

  /**
   * A view of the game from the Rust side, whenever it comes. A view of another game, or one
   * not newer than the shown one, is not taken.
   */
  receive(next: GameView): void {
    if (next.id !== this.game.id) return;
    if (this.closed) {
      this.host.remember(next);
      return;
    }
    if (!isNewer(next, this.game)) return;
    const before = this.game;
    this.game = next;
    this.host.remember(next);
    const played = next.plies.length > before.plies.length;
    const ended = next.result !== null && before.result === null;
    const last = next.plies[next.plies.length - 1];
    const change: GameChange = played && last ? { kind: 'moved', ply: last, ended } : ended ? { kind: 'ended' } : { kind: 'other' };
    this.host.changed(change, next);
    this.host.redraw();
  }

  play(from: string, to: string): Promise<boolean> {
    return this.act(() => this.backend.playMove(this.game.id, from, to));
  }

  takeBack(): Promise<boolean> {
    return this.act(() => this.backend.takeBack(this.game.id));
  }

  resign(): Promise<boolean> {
    return this.act(() => this.backend.resign(this.game.id));
  }

  /**
   * Both players at this device agreed to a draw: the side to move offers it and the other
   * accepts. An offer already open (the other side's) is accepted as it is.
   */
  agreeDraw(): Promise<boolean> {
    const id = this.game.id;
    return this.act(async () => {
      if (this.game.drawOffer !== null && this.game.mayAct.answerDraw !== null) return this.backend.answerDraw(id, true);
      const offered = await this.backend.offerDraw(id);
      // Offering when the other side's offer was open has already made the draw.
      if (offered.result !== null || offered.drawOffer === null) return offered;
      this.receive(offered);
      return this.backend.answerDraw(id, true);
    });
  }

  /** The side asked declines a draw offer that is open on the Rust side. */
  declineDraw(): Promise<boolean> {
    if (this.game.drawOffer === null || this.game.mayAct.answerDraw === null) return Promise.resolve(true);
    return this.act(() => this.backend.answerDraw(this.game.id, false));
  }

  /** The seat this device acts as for an action, or `null` when nobody here may. */
  seat(action: keyof GameView['mayAct']): Color | null {
    return this.over ? null : this.game.mayAct[action];
  }

  /** Runs one request that answers with the game, one at a time, and reports any failure. */
  private async act(request: () => Promise<GameView>): Promise<boolean> {
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
}
