// The home screen's controller: the game to continue, the finished games page by page, and the
// ways out (continue, new game, review). Its view is home.ts.

import { api } from '../api';
import type { App } from '../app/app';
import type { FinishedSummary, GameView } from '../bindings';

export class HomeCtrl {
  constructor(readonly app: App) {}

  /** The game to continue, if one is unfinished. */
  get inProgress(): GameView | null {
    return this.app.hasGameInProgress() ? this.app.current : null;
  }

  /** Older games are being asked for. */
  loadingMore = false;

  get finished(): readonly FinishedSummary[] {
    return this.app.finished.games;
  }

  /** There are older games than those listed. */
  get hasMore(): boolean {
    return this.app.finished.next !== null;
  }

  /** The list shown at once is the one from start-up; this refreshes it in case games ended since. */
  async refresh(): Promise<void> {
    try {
      this.app.finished = await api.finishedGames(null);
      this.app.redraw();
    } catch (error) {
      this.app.showError(error);
    }
  }

  /** The next page of older games, under those listed. */
  async more(): Promise<void> {
    const next = this.app.finished.next;
    if (next === null || this.loadingMore) return;
    this.loadingMore = true;
    try {
      const page = await api.finishedGames(next);
      const listed = this.app.finished;
      this.app.finished = { games: [...listed.games, ...page.games], next: page.next, unreadable: listed.unreadable + page.unreadable };
    } catch (error) {
      this.app.showError(error);
    } finally {
      this.loadingMore = false;
      this.app.redraw();
    }
  }

  continueGame(): void {
    const game = this.inProgress;
    if (game) void this.app.go({ screen: 'play', gameId: game.id }, { game });
  }

  newGame(): void {
    void this.app.go({ screen: 'newGame' });
  }

  /** Play online: create a game or join one. */
  online(): void {
    void this.app.go({ screen: 'online' });
  }

  /** Opens online game `gameId`. */
  openOnline(gameId: string): void {
    void this.app.go({ screen: 'play', gameId });
  }

  /** The course is put first: the player has not finished it. */
  get learnFirst(): boolean {
    return !this.app.courseStatus.finished;
  }

  /** The task the course goes on with: the one under way, else the next unsolved one. */
  get courseTask(): string | null {
    const status = this.app.courseStatus;
    return status.current ?? status.next;
  }

  /** Opens the course where the player left off (a new player: the first chapter's introduction). */
  learn(): void {
    const task = this.courseTask;
    void this.app.go(task ? { screen: 'lesson', id: task } : { screen: 'learn' });
  }

  /** The puzzle trainer (the puzzle in progress, or a new one). */
  puzzles(): void {
    void this.app.go({ screen: 'puzzles' });
  }

  courseMap(): void {
    void this.app.go({ screen: 'learn' });
  }

  async review(summary: FinishedSummary): Promise<void> {
    try {
      const game = await api.finishedGame(summary.id);
      await this.app.go({ screen: 'play', gameId: game.id }, { game });
    } catch (error) {
      this.app.showError(error);
    }
  }
}
