// The puzzle trainer, without the DOM: the opponent's mistake played on the board first, the
// player's moves on the same board panel as play (typed, dragged, tapped), the opponent's answer
// after a moment, a wrong move with its refutation on request and a retry, the hint's marked
// piece, the solution, the rating change and the streak, the difficulty and theme of the next
// puzzle, and the history of recent puzzles (each one can be played again). Every judgement is the
// Rust side's; the view is puzzles.ts.

import type { App } from '../app/app';
import type { BoardView, Color, MoveView, PlyView } from '../bindings';
import type { LessonMarks } from '../common/board/types';
import { BoardPanel, type BoardPanelState } from '../common/components/boardPanelCtrl';
import { sentences, t } from '../i18n';
import type { PuzzleBackend } from './api';
import type { Difficulty, PuzzleAttemptView, PuzzleChoice, PuzzleDashboard, PuzzleMode, PuzzleStatus, PuzzleView, RatingChange, ThemeCount } from './types';
import { soundFor } from '../common/sound';
import { Pause } from '../common/pause';
import { plyInWords, plyPhrase, sideName } from '../common/wording';

export type PuzzleHost = Pick<App, 'settings' | 'sounds' | 'redraw' | 'showError' | 'clearError' | 'announce' | 'rememberPuzzles' | 'puzzleChoice'>;

/** How many recent puzzles the history lists. */
export const HISTORY_LENGTH = 12;
/** The spans the dashboard looks back over, in days. */
export const DASHBOARD_DAYS = [7, 30, 90] as const;
export type DashboardDays = (typeof DASHBOARD_DAYS)[number];

const NO_MOVES: readonly MoveView[] = [];
/** How long a move stays on the board before the next one (the mistake, then the answer), by animation speed. */
const PAUSE_MS = { none: 0, fast: 300, normal: 600, slow: 1000 } as const;

/** The rating change as the player reads it: "+12", "−9", "±0". */
export function changeText(change: RatingChange): string {
  const delta = Math.round(change.after) - Math.round(change.before);
  if (delta > 0) return t('puzzle.changeUp', { delta });
  if (delta < 0) return t('puzzle.changeDown', { delta: -delta });
  return t('puzzle.changeNone');
}

export class PuzzlesCtrl {
  puzzle: PuzzleView | undefined;
  status: PuzzleStatus | undefined;
  history: PuzzleAttemptView[] = [];
  /** The dashboard by theme over `dashboardDays`. */
  dashboard: PuzzleDashboard | undefined;
  dashboardDays: DashboardDays = 7;
  /** The themes the collection has, with their counts: the theme choice offers these. */
  themes: ThemeCount[] | undefined;
  /** A board shown in place of the puzzle's while a move is animated (before the mistake, before the answer). */
  shown: BoardView | undefined;
  /** A move is being shown: the opponent's mistake, or the answer to the player's move. */
  phase: 'mistake' | 'reply' | undefined;
  /** After a wrong move: the opponent's answer to it is on the board. */
  refutationShown = false;
  /** The square the hint marks. */
  hint: string | undefined;
  /** The hint was taken while the first try still counted (it counts as a miss now). */
  hintCost = false;
  /** The last move was right and the puzzle goes on. */
  goodMove = false;
  /** The last move mated too, but more slowly than the solution (that move): the puzzle waits for the faster mate. */
  slowerMate: PlyView | undefined;
  busy = false;
  /** Where the focus goes once drawn (the outcome after a puzzle ends, the board's card after Next). */
  focus: 'card' | 'outcome' | undefined;
  readonly panel: BoardPanel;
  private closed = false;
  /** The choice's saves, one after another: the last choice made is the one saved. */
  private saving: Promise<void> = Promise.resolve();
  private readonly pause = new Pause();

  constructor(
    readonly app: PuzzleHost,
    private readonly backend: PuzzleBackend,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => this.pause.sleep(ms),
  ) {
    this.panel = new BoardPanel(app.settings, {
      play: (from, to) => this.play(from, to),
      redraw: () => app.redraw(),
      announce: (text) => app.announce(text),
    });
  }

  get choice(): PuzzleChoice {
    return this.app.puzzleChoice;
  }

  /** The puzzle in progress (after a relaunch), else a new one; the rating and history beside it,
   * and the choice of the next puzzle as the player last saved it. */
  async start(): Promise<void> {
    try {
      const [status, history, open, dashboard, themes] = await Promise.all([
        this.backend.status(),
        this.backend.history(null, HISTORY_LENGTH),
        this.backend.open(),
        this.backend.dashboard(this.dashboardDays),
        this.backend.themes(),
      ]);
      if (this.closed) return;
      this.takeStatus(status);
      this.app.puzzleChoice = status.choice;
      this.history = history.attempts;
      this.dashboard = dashboard;
      this.themes = themes;
      if (open) this.reopened(open);
      else await this.present(await this.fetchNext());
    } catch (error) {
      if (!this.closed) this.app.showError(error);
    }
    if (!this.closed) this.app.redraw();
  }

  /** The player moved to another screen: the app no longer reopens on the trainer. */
  leave(): void {
    this.closed = true;
    this.pause.cancel();
    // Quiet on failure: only where the next start opens is at stake.
    this.backend.leave().catch(() => undefined);
  }

  /** A puzzle reopened where it was: no mistake to play again once moves were made. A streak's
   * puzzle reopens the streak mode, saved so (the mode saved may be rated: a save from before the
   * choice was kept, or one whose choice did not read; Next must go on with the streak); another
   * puzzle leaves the mode chosen as it is (in the streak mode, a replay from the history left
   * open does not end it). */
  private reopened(puzzle: PuzzleView): void {
    if (puzzle.mode === 'streak' && this.choice.mode !== 'streak') void this.choose({ ...this.choice, mode: 'streak' });
    if (puzzle.plies.length === 0 && puzzle.state === 'playing') {
      void this.present(puzzle);
      return;
    }
    this.take(puzzle);
    this.app.announce(this.prompt());
  }

  /** A new puzzle: its board before the mistake, then the mistake played, then the player's turn. */
  private async present(puzzle: PuzzleView): Promise<void> {
    this.take(puzzle);
    this.shown = puzzle.start;
    this.phase = 'mistake';
    this.focus = 'card';
    this.app.redraw();
    await this.sleep(PAUSE_MS[this.app.settings.animation]);
    if (this.closed || this.puzzle !== puzzle) return;
    this.shown = undefined;
    this.phase = undefined;
    this.app.sounds.play(soundFor(puzzle.mistake, puzzle.board, null));
    this.app.announce(sentences([t('puzzle.opponentPlayed', { move: plyPhrase(puzzle.mistake) }), this.prompt()]));
    this.app.redraw();
  }

  private take(puzzle: PuzzleView): void {
    this.puzzle = puzzle;
    this.shown = undefined;
    this.phase = undefined;
    this.refutationShown = false;
    this.hint = undefined;
    this.hintCost = false;
    this.goodMove = false;
    this.slowerMate = undefined;
    this.panel.cleared();
  }

  private takeStatus(status: PuzzleStatus): void {
    this.status = status;
    this.app.rememberPuzzles(status);
  }

  /** After a puzzle's first try ended: the rating, streak and history as they are now. */
  private async refreshProgress(): Promise<void> {
    try {
      const [status, history, dashboard] = await Promise.all([
        this.backend.status(),
        this.backend.history(null, HISTORY_LENGTH),
        this.backend.dashboard(this.dashboardDays),
      ]);
      if (this.closed) return;
      this.takeStatus(status);
      this.history = history.attempts;
      this.dashboard = dashboard;
    } catch (error) {
      if (!this.closed) this.app.showError(error);
    }
  }

  orientation(): Color {
    return this.puzzle?.solver ?? 'white';
  }

  /** The player may move now. */
  get playing(): boolean {
    return this.puzzle?.state === 'playing' && this.phase === undefined;
  }

  boardState(): BoardPanelState | undefined {
    const puzzle = this.puzzle;
    if (!puzzle) return undefined;
    const playing = this.playing;
    let board = this.shown ?? puzzle.board;
    if (!this.shown && puzzle.state === 'wrong') board = (this.refutationShown ? puzzle.refutationBoard : null) ?? puzzle.wrongBoard ?? puzzle.board;
    return {
      board,
      // The moves stay while a request is out: dropping them would drop the selection.
      moves: playing ? puzzle.legalMoves : NO_MOVES,
      orientation: this.orientation(),
      canType: playing,
      over: puzzle.state !== 'playing',
    };
  }

  /** The hint's piece; once the puzzle is over, the solver's moves of the solution as arrows. */
  marks(): LessonMarks | undefined {
    const puzzle = this.puzzle;
    if (!puzzle) return undefined;
    const arrows: [string, string][] =
      puzzle.state === 'failed' && puzzle.solution ? puzzle.solution.filter((ply) => ply.side === puzzle.solver).map((ply) => [ply.from, ply.to]) : [];
    return { hint: this.hint, arrows };
  }

  /** What the player is asked to do. */
  prompt(): string {
    const puzzle = this.puzzle;
    if (!puzzle) return '';
    // A defensive puzzle says so: its answer wins nothing, and a player looking for a win misses it.
    return t(puzzle.themes.includes('defence') ? 'puzzle.findHold' : 'puzzle.findBest', { context: puzzle.solver });
  }

  /** The player's move (dragged, tapped, typed). A move the rules refuse comes back with its reason. */
  async play(from: string, to: string): Promise<boolean> {
    const puzzle = this.puzzle;
    if (!puzzle || this.busy || !this.playing) return false;
    this.busy = true;
    this.hint = undefined;
    try {
      const { step, puzzle: after } = await this.backend.move(puzzle.id, from, to);
      if (this.closed) return true;
      this.app.clearError();
      if (step.kind === 'continue') {
        // The player's move first; the answer after a moment.
        this.shown = step.afterPlayed;
        this.phase = 'reply';
        this.goodMove = true;
        this.panel.cleared();
        this.app.sounds.play(soundFor(step.played, step.afterPlayed, null));
        this.app.announce(plyInWords(step.played));
        this.app.redraw();
        await this.sleep(PAUSE_MS[this.app.settings.animation]);
        if (this.closed) return true;
        this.take(after);
        this.goodMove = true;
        this.app.sounds.play(soundFor(step.reply, after.board, null));
        this.app.announce(sentences([t('puzzle.bestMove'), t('puzzle.announceReply', { move: plyPhrase(step.reply) })]));
      } else if (step.kind === 'solved') {
        this.take(after);
        this.focus = 'outcome';
        this.app.sounds.play('end');
        await this.refreshProgress();
        this.app.announce(sentences([plyInWords(step.played), t('puzzle.solved'), this.changeSentence()]));
      } else if (step.kind === 'slowerMate') {
        // Not played and not a miss: the board goes back, and the card says why.
        // The focus stays where the move was made (the board, or the move box).
        this.take(after);
        this.slowerMate = step.played;
        this.app.announce(sentences([t('puzzle.slowerMate', { move: plyPhrase(step.played) }), this.prompt()]));
      } else if (step.kind === 'wrong') {
        this.take(after);
        this.focus = 'outcome';
        this.app.sounds.play(soundFor(step.played, after.wrongBoard ?? after.board, null));
        await this.refreshProgress();
        this.app.announce(sentences([plyInWords(step.played), t('puzzle.wrong'), this.changeSentence()]));
      } else {
        this.take(after);
      }
      return true;
    } catch (error) {
      if (this.closed) return false;
      if (!this.panel.refuse(error)) this.app.showError(error);
      return false;
    } finally {
      this.busy = false;
      if (!this.closed) this.app.redraw();
    }
  }

  /** The rating as shown: lichess marks a rating still uncertain with a question mark. */
  ratingText(): string {
    const status = this.status;
    if (!status) return '…';
    return t(status.provisional ? 'puzzle.ratingProvisional' : 'puzzle.ratingValue', { rating: Math.round(status.rating) });
  }

  /** The rating change of this puzzle in a sentence ("Your rating: 1512 (+12)."), if it counted; in the streak mode, the streak. */
  changeSentence(): string {
    const streak = this.puzzle?.mode === 'streak' ? this.puzzle.streakMode : undefined;
    if (streak && this.puzzle?.state !== 'playing') {
      return streak.active ? t('puzzle.streakGoesOn', { count: streak.solved }) : t('puzzle.streakOver', { count: streak.solved, best: streak.best });
    }
    const change = this.puzzle?.change;
    if (!change) return this.puzzle && !this.puzzle.rated && this.puzzle.state !== 'playing' ? t('puzzle.notRated') : '';
    return t('puzzle.ratingNow', { rating: Math.round(change.after), change: changeText(change) });
  }

  /** After a wrong move: the opponent's answer to it, on the board, or back to the wrong move. */
  toggleRefutation(): void {
    const puzzle = this.puzzle;
    if (puzzle?.state !== 'wrong' || !puzzle.refutation) return;
    this.refutationShown = !this.refutationShown;
    if (this.refutationShown) this.app.announce(t('puzzle.refutationIs', { move: plyPhrase(puzzle.refutation) }));
    this.app.redraw();
  }

  /** Back to the position before the wrong move (the rating counted the first try already). */
  async retry(): Promise<void> {
    const puzzle = this.puzzle;
    if (!puzzle) return;
    await this.request(async () => {
      this.take(await this.backend.retry(puzzle.id));
      this.focus = 'card';
      this.app.announce(sentences([t('puzzle.retrying'), this.prompt()]));
    });
  }

  /** Marks the piece to move. */
  async showHint(): Promise<void> {
    const puzzle = this.puzzle;
    if (!puzzle || !this.playing) return;
    await this.request(async () => {
      const square = await this.backend.hint(puzzle.id);
      if (this.closed || square === null) return;
      this.hint = square;
      this.hintCost = puzzle.rated;
      this.app.announce(sentences([t('puzzle.hintSays', { square }), puzzle.rated ? t('puzzle.hintCosts') : '']));
      if (puzzle.rated) {
        // The hint decided the first try (a miss): the puzzle's rating change and the rating as they are now.
        const after = await this.backend.open();
        if (this.closed) return;
        if (after?.id === puzzle.id && this.puzzle === puzzle) this.puzzle = after;
        await this.refreshProgress();
      }
    });
  }

  /** Gives up and shows the whole line (a loss, if the first try was still under way). */
  async viewSolution(): Promise<void> {
    const puzzle = this.puzzle;
    if (!puzzle) return;
    await this.request(async () => {
      const after = await this.backend.solution(puzzle.id);
      if (this.closed) return;
      this.take(after);
      this.focus = 'outcome';
      await this.refreshProgress();
      const line = (after.solution ?? []).map(plyPhrase).join(t('list.separator'));
      this.app.announce(sentences([t('puzzle.solutionIs', { line }), this.changeSentence()]));
    });
  }

  /** The next puzzle of the mode chosen: near the rating (the difficulty and theme asked for), or the streak's. */
  private fetchNext(): Promise<PuzzleView> {
    return this.choice.mode === 'streak' ? this.backend.streakNext() : this.backend.next(this.choice);
  }

  /** The next puzzle, chosen by the Rust side near the rating (with the difficulty and theme asked for), or the streak's next. */
  async next(): Promise<void> {
    await this.request(async () => {
      const puzzle = await this.fetchNext();
      if (this.closed) return;
      this.busy = false;
      await this.present(puzzle);
    });
  }

  /** A puzzle of the history again (not rated). */
  async replay(puzzleId: string): Promise<void> {
    await this.request(async () => {
      const puzzle = await this.backend.replay(puzzleId);
      if (this.closed) return;
      this.busy = false;
      await this.present(puzzle);
    });
  }

  /** Rated puzzles or the streak mode: at once, with the mode's next puzzle (the mode saved). */
  async setMode(mode: PuzzleMode): Promise<void> {
    if (mode === this.choice.mode || this.busy) return;
    const saved = this.choose({ ...this.choice, mode });
    await this.next();
    await saved;
  }

  /** The dashboard over another span of days. */
  async setDashboardDays(days: DashboardDays): Promise<void> {
    if (days === this.dashboardDays) return;
    this.dashboardDays = days;
    try {
      const dashboard = await this.backend.dashboard(days);
      if (this.closed || this.dashboardDays !== days) return;
      this.dashboard = dashboard;
    } catch (error) {
      if (!this.closed) this.app.showError(error);
    }
    if (!this.closed) this.app.redraw();
  }

  /** The streak of the streak mode, once its puzzle is decided: over (a miss) or going on. */
  streakOver(): boolean {
    const puzzle = this.puzzle;
    return puzzle?.mode === 'streak' && !puzzle.streakMode.active;
  }

  /** The next rated puzzle's difficulty (saved). */
  async setDifficulty(difficulty: Difficulty): Promise<void> {
    const saved = this.choose({ ...this.choice, difficulty });
    this.app.redraw();
    await saved;
  }

  /** The next rated puzzle's theme, `null` for any (saved). */
  async setTheme(theme: string | null): Promise<void> {
    const saved = this.choose({ ...this.choice, theme });
    this.app.redraw();
    await saved;
  }

  /** The choice of the next puzzle changed: it holds at once, and the Rust side saves it for the
   * next launch (after the saves before it). A save that fails is shown; the choice still holds
   * for this session. */
  private choose(choice: PuzzleChoice): Promise<void> {
    this.app.puzzleChoice = choice;
    const saved = this.saving.then(async () => {
      try {
        await this.backend.choose(choice);
      } catch (error) {
        if (!this.closed) this.app.showError(error);
      }
    });
    this.saving = saved;
    return saved;
  }

  /** One request at a time; any failure shown. */
  private async request(action: () => Promise<void>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      await action();
    } catch (error) {
      if (!this.closed) this.app.showError(error);
    } finally {
      this.busy = false;
      if (!this.closed) this.app.redraw();
    }
  }

  /** The side to move after the mistake, in words (the card's line). */
  solverName(): string {
    return sideName(this.orientation());
  }
}
